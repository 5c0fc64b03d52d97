import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { NoticeLevel } from '../../ports/notifier';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import * as zhCN from '../../i18n/zh-CN';
import { nextNoticeSlots, type NoticeSlot } from './noticeSlots';
import './notices.css';

const ICONS = { info: Info, success: CircleCheck, warning: TriangleExclamationPoint, error: CircleX } as const;

// Problems interrupt screen readers; everything else waits its turn.
const ROLE: Record<NoticeLevel, 'alert' | 'status'> = {
  info: 'status',
  success: 'status',
  warning: 'alert',
  error: 'alert',
};

const NONE: readonly never[] = [];
const noNotices = () => NONE;

/** The notices of the Notifier port, stacked at the top centre of the window. */
export function NoticeToaster() {
  const feed = useService(TOKENS.noticeFeed);
  const subscribe = useCallback((listener: () => void) => feed.subscribe(listener), [feed]);
  // No notice is ever rendered on the server: they answer what the reader does in the browser.
  const notices = useSyncExternalStore(subscribe, () => feed.current(), noNotices);
  // The stack follows the feed within the same render, so a leaving notice's place is never empty for a frame.
  // Heights are written when a notice mounts and read when it leaves: nothing renders because of them.
  const [heights] = useState(() => new Map<number, number>());
  const [seen, setSeen] = useState(notices);
  const [slots, setSlots] = useState<NoticeSlot[]>(() => nextNoticeSlots([], notices, heights));
  if (seen !== notices) {
    setSeen(notices);
    setSlots(nextNoticeSlots(slots, notices, heights));
  }

  return (
    <div className="notices">
      {slots.map(({ id, notice, height }) => {
        if (!notice) return <div key={id} className="notice-gap" style={{ height }} aria-hidden="true" />;
        const Icon = ICONS[notice.level];
        return (
          <div
            key={id}
            ref={(element) => {
              if (!element) return;
              heights.set(id, element.offsetHeight);
              // Its empty place, if it gets one, has taken the height along.
              return () => {
                heights.delete(id);
              };
            }}
            className={`notice notice--${notice.level}`}
            role={ROLE[notice.level]}
          >
            <Icon className="notice__icon" aria-hidden="true" />
            <div className="notice__body">
              {notice.title && <p className="notice__title">{notice.title}</p>}
              <p className="notice__message">{notice.message}</p>
            </div>
            <button
              type="button"
              className="notice__close"
              aria-label={zhCN.notices.close}
              onClick={() => feed.dismiss(notice.id)}
            >
              <X aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
