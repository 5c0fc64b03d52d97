import * as zhCN from '../../../i18n/zh-CN';
import { sanitizeNotice } from '../../features/notifications/sanitize';
import '../../features/notifications/notifications.css';

const words = zhCN.consoleUsers.notices;

/**
 * The notice as a reader's drawer shows it: the server's cleaned HTML, cleaned again by the drawer's own
 * guard, in the drawer's own item styles.
 */
export function NoticePreview({ html, stale, problem }: { html: string | null; stale: boolean; problem: string | null }) {
  return (
    <section className="notices-preview" aria-label={words.previewTitle} aria-busy={stale}>
      <h2 className="mod-panel__title">{words.previewTitle}</h2>
      {problem !== null ? (
        <p className="mod-form__error" role="alert">
          {words.previewFailed(problem)}
        </p>
      ) : html === null ? (
        <p className="console-state">{words.previewEmpty}</p>
      ) : (
        <ul className="notify-list notices-preview__list" data-stale={stale}>
          <li className="notify-item" data-unread="true">
            <div className="notify-item__body">
              <span className="notify-item__new">{zhCN.notify.newMarker}</span>
              <span className="notify-item__message" dangerouslySetInnerHTML={{ __html: sanitizeNotice(html) }} />
            </div>
          </li>
        </ul>
      )}
      {stale && html !== null && <p className="notices-preview__stale">{words.previewStale}</p>}
    </section>
  );
}
