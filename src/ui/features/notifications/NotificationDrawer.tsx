import { useSelector } from '../../hooks/useSelector';
import { ArrowUpRight, Trash2, X } from 'lucide-react';
import { Dialog, Popover } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { linkTarget, type NotificationItem } from '../../../domain/notifications/notification';
import { relativeTime } from '../../../domain/shared/relativeTime';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useLoadedActor } from '../../hooks/useActorLoader';
import * as zhCN from '../../../i18n/zh-CN';
import { sanitizeNotice } from './sanitize';
import './notifications.css';

const text = zhCN.notify;

function formatTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const unit = relativeTime(now - at);
  return zhCN.relativeTime[unit.unit](unit.value);
}

interface ItemProps {
  item: NotificationItem;
  /** A notice is being opened or deleted: nothing else starts meanwhile. */
  acting: boolean;
  /** Any request is under way, a reload included: a delete waits for it (it reloads the list itself). */
  busy: boolean;
  now: number;
}

function Item({ item, acting, busy, now }: ItemProps) {
  const notifications = useLoadedActor(useService(TOKENS.notifications));
  const [confirming, setConfirming] = useState(false);
  const open = () => notifications.send({ type: 'item.open', id: item.id });
  return (
    <li className="notify-item" data-unread={item.unread}>
      {/* Not a button: the links a notice may hold must stay links. The 跳转 button is the keyboard's way in. */}
      <div
        className="notify-item__body"
        onClick={(event) => {
          const link = (event.target as Element).closest('a');
          if (!link) {
            open();
            return;
          }
          // A link inside the notice leads where it says, not to the notice's own destination.
          if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          const target = linkTarget(link.getAttribute('href') ?? '', window.location.origin);
          if (!target) return;
          event.preventDefault();
          notifications.send({ type: 'item.follow', id: item.id, target });
        }}
      >
        {item.unread && <span className="notify-item__new">{text.newMarker}</span>}
        <span className="notify-item__message" dangerouslySetInnerHTML={{ __html: sanitizeNotice(item.message) }} />
        <time className="notify-item__time" dateTime={item.createdAt}>
          {formatTime(item.createdAt, now)}
        </time>
      </div>
      <div className="notify-item__actions">
        <button type="button" className="icon-button" aria-label={text.jump} title={text.jump} disabled={acting} onClick={open}>
          <ArrowUpRight aria-hidden="true" />
        </button>
        <Popover.Root open={confirming} onOpenChange={setConfirming}>
          <Popover.Trigger asChild>
            <button type="button" className="icon-button" aria-label={text.delete} title={text.delete} disabled={busy}>
              <Trash2 aria-hidden="true" />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className="notify-confirm" side="left" sideOffset={6} role="alertdialog">
              <p className="notify-confirm__text">{text.confirmDelete}</p>
              <div className="notify-confirm__actions">
                <button type="button" className="button" onClick={() => setConfirming(false)}>
                  {text.cancel}
                </button>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    setConfirming(false);
                    notifications.send({ type: 'item.delete', id: item.id });
                  }}
                >
                  {text.confirm}
                </button>
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
    </li>
  );
}

/** "我的消息": the side sheet of spec section 2, driven by the notifications machine. Loaded on first open. */
export default function NotificationDrawer() {
  const notifications = useLoadedActor(useService(TOKENS.notifications));
  const clock = useService(TOKENS.clock);
  const navigate = useNavigate();
  const open = useSelector(notifications, (s) => s.context.drawerOpen);
  const items = useSelector(notifications, (s) => s.context.items);
  const exhausted = useSelector(notifications, (s) => s.context.exhausted);
  const busy = useSelector(notifications, (s) => s.hasTag('busy'));
  const acting = useSelector(notifications, (s) => s.hasTag('acting'));
  const loadingMore = useSelector(notifications, (s) => s.matches({ active: 'loadingMore' }));
  const now = clock.now();

  useEffect(() => {
    const subscription = notifications.on('navigate', ({ target }) => {
      if (target?.kind === 'route') navigate(target.path);
      else if (target?.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    });
    return () => subscription.unsubscribe();
  }, [notifications, navigate]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && notifications.send({ type: 'drawer.close' })}>
      <Dialog.Portal>
        <Dialog.Overlay className="notify-overlay" />
        <Dialog.Content className="notify-drawer" aria-describedby={undefined}>
          <header className="notify-drawer__header">
            <Dialog.Title className="notify-drawer__title">{text.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={text.close}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </header>
          {items.length === 0 && !busy ? (
            <p className="notify-drawer__empty">{text.empty}</p>
          ) : (
            <ul className="notify-list">
              {items.map((item) => (
                <Item key={item.id} item={item} acting={acting} busy={busy} now={now} />
              ))}
            </ul>
          )}
          {items.length > 0 &&
            (exhausted ? (
              <p className="notify-drawer__footer">{text.noMore}</p>
            ) : (
              <button
                type="button"
                className="notify-drawer__footer notify-drawer__more"
                disabled={busy}
                onClick={() => notifications.send({ type: 'page.next' })}
              >
                {loadingMore ? text.loading : text.loadMore}
              </button>
            ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
