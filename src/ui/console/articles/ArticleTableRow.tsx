import { Pin } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ArticleRow } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';
import { formatCount, formatDateTime } from '../../features/content/format';
import { ArticleRowActions } from './ArticleRowActions';
import { StatusBadge } from './StatusBadge';

const text = zhCN.consoleArticles;

/** One article of the list; on a phone the row becomes a card (see articles.css). */
export function ArticleTableRow({ row, onChanged }: { row: ArticleRow; onChanged: () => void }) {
  const when = row.status === 'trash' ? row.deletedAt : row.updatedAt;
  return (
    <tr className="article-row">
      <td className="article-row__title">
        {row.status === 'trash' ? (
          <span>{row.title || text.untitled}</span>
        ) : (
          <Link to={`/admin/articles/${row.id}`}>{row.title || text.untitled}</Link>
        )}
        {row.pinned && (
          <span className="article-row__pin" title={text.pinned}>
            <Pin aria-hidden="true" />
            <span className="visually-hidden">{text.pinned}</span>
          </span>
        )}
        {row.tags.length > 0 && (
          <span className="article-row__tags">
            {row.tags.map((tag) => (
              <span key={tag.id} className="article-tag">
                {tag.name}
              </span>
            ))}
          </span>
        )}
      </td>
      <td data-label={text.columns.status}>
        <StatusBadge status={row.status} />
        {row.status === 'scheduled' && row.publishAt && (
          <span className="article-row__when">{text.scheduledFor(formatDateTime(row.publishAt))}</span>
        )}
      </td>
      <td data-label={text.columns.category}>{row.category?.name ?? text.noCategory}</td>
      <td data-label={text.columns.views} className="article-row__number">
        {formatCount(row.views)}
      </td>
      <td data-label={text.columns.likes} className="article-row__number">
        {formatCount(row.likes)}
      </td>
      <td data-label={text.columns.comments} className="article-row__number">
        {formatCount(row.comments)}
      </td>
      <td data-label={row.status === 'trash' ? text.columns.deletedAt : text.columns.updatedAt} className="article-row__time">
        {when && <time dateTime={when}>{formatDateTime(when)}</time>}
      </td>
      <td className="article-row__actions">
        <ArticleRowActions row={row} onChanged={onChanged} />
      </td>
    </tr>
  );
}
