import { Link } from 'react-router-dom';
import type { RecentArticle } from '../../../domain/console/overview/overview';
import { relativeTime } from '../../../domain/shared/relativeTime';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleOverview;

/** 最近编辑的文章: the five articles updated last, each a link to its editor. */
export function RecentArticles({ articles, now }: { articles: RecentArticle[]; now: number }) {
  return (
    <section className="console-card overview-recent" aria-labelledby="overview-recent">
      <header className="overview-recent__head">
        <h2 id="overview-recent">{text.recent}</h2>
        <Link to="/admin/articles">{text.allArticles}</Link>
      </header>
      {articles.length === 0 ? (
        <p className="overview-recent__empty">{text.noArticles}</p>
      ) : (
        <ul className="overview-recent__list">
          {articles.map((article) => {
            const ago = relativeTime(now - Date.parse(article.updatedAt));
            return (
              <li key={article.id}>
                <Link to={`/admin/articles/${article.id}`} className="overview-recent__title">
                  {article.title}
                </Link>
                <span className="overview-status" data-status={article.status}>
                  {text.articleStatus[article.status]}
                </span>
                <time className="overview-recent__time" dateTime={article.updatedAt}>
                  {text.updatedAt(zhCN.relativeTime[ago.unit](ago.value))}
                </time>
                <Link
                  to={`/admin/articles/${article.id}`}
                  className="overview-recent__edit"
                  aria-label={`${text.edit}《${article.title}》`}
                >
                  {text.edit}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
