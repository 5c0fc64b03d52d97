import type { AuditItem } from '../../../domain/console/audit/audit';
import * as zhCN from '../../../i18n/zh-CN';
import { formatTime } from '../moderation/time';

const words = zhCN.consoleAudit;
const columns = words.columns;

/** One entry: when, who, which kind, what was done, and from where (the browser in its title). */
export function AuditRow({ entry }: { entry: AuditItem }) {
  return (
    <tr className="audit-row" data-id={entry.id} data-action={entry.action}>
      <td data-label={columns.at} className="audit-row__time">
        <time dateTime={entry.at}>{formatTime(entry.at)}</time>
      </td>
      <td data-label={columns.actor}>{entry.actorName || words.commandLine}</td>
      <td data-label={columns.area}>
        <span className="console-badge" data-tone={entry.action === 'signInFailed' ? 'error' : undefined}>
          {words.areas[entry.area]}
        </span>
      </td>
      <td data-label={columns.summary} className="audit-row__summary">
        {entry.summary}
        {entry.times > 1 && words.times(entry.times)}
      </td>
      <td data-label={columns.address} className="audit-row__address" title={entry.userAgent}>
        {entry.address}
      </td>
    </tr>
  );
}
