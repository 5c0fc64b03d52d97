import { Eye, EyeOff, ExternalLink, Heart, Pin, PinOff, Trash2 } from 'lucide-react';
import type { ConsoleTalk } from '../../../domain/console/showcase/showcase';
import * as zhCN from '../../../i18n/zh-CN';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { useService } from '../../di';
import { formatDateTime } from '../../features/content/format';
import { ConfirmDialog } from '../ConfirmDialog';
import { TalkEditDialog } from './TalkEditDialog';
import { useAction } from './useAction';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase;

/** One talk of the console's list: its text, pictures, state and the blogger's actions on it. */
export function TalkRow({ talk, onChanged }: { talk: ConsoleTalk; onChanged: () => void }) {
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const act = useAction();
  const run = async (work: () => Promise<unknown>, done: string) => {
    if ((await act(work, done)) !== undefined) onChanged();
  };
  return (
    <li className="talk-row" data-hidden={talk.hidden}>
      <div className="talk-row__head">
        <time dateTime={talk.createdAt}>{formatDateTime(talk.createdAt)}</time>
        {talk.pinned && (
          <span className="console-badge" data-tone="primary">
            <Pin aria-hidden="true" />
            {text.talks.pinned}
          </span>
        )}
        {talk.hidden && (
          <span className="console-badge">
            <EyeOff aria-hidden="true" />
            {text.talks.hidden}
          </span>
        )}
        <span className="talk-row__likes">
          <Heart aria-hidden="true" />
          {text.talks.likes(talk.likes)}
        </span>
      </div>
      <p className="talk-row__content">{talk.content}</p>
      {talk.images.length > 0 && (
        <ol className="talk-row__images">
          {talk.images.map((url, index) => (
            <li key={`${url}-${index}`}>
              <LazyImage
                className="talk-row__image"
                src={url}
                alt={text.talks.picture(index + 1)}
                sizes={IMAGE_SIZES.thumbnail}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="talk-row__actions">
        <TalkEditDialog talk={talk} onSaved={onChanged} />
        <button
          type="button"
          className="console-action"
          onClick={() =>
            void run(
              () => api.pinTalk(talk.id, !talk.pinned),
              talk.pinned ? text.talks.unpinnedNotice : text.talks.pinnedNotice,
            )
          }
        >
          {talk.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
          {talk.pinned ? text.talks.unpin : text.talks.pin}
        </button>
        <button
          type="button"
          className="console-action"
          onClick={() =>
            void run(
              () => api.hideTalk(talk.id, !talk.hidden),
              talk.hidden ? text.talks.shownNotice : text.talks.hiddenNotice,
            )
          }
        >
          {talk.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {talk.hidden ? text.talks.unhide : text.talks.hide}
        </button>
        {!talk.hidden && (
          <a className="console-action" href={`/talk?id=${talk.id}`} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {text.talks.view}
          </a>
        )}
        <ConfirmDialog
          title={text.talks.deleteTitle}
          description={text.talks.deleteText}
          action={text.delete}
          onConfirm={() => run(() => api.deleteTalk(talk.id).then(() => true), text.talks.deleted)}
        >
          <button type="button" className="console-action console-action--danger">
            <Trash2 aria-hidden="true" />
            {text.delete}
          </button>
        </ConfirmDialog>
      </div>
    </li>
  );
}
