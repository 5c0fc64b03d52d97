import { Clock3, Flame, MessageCircle, Newspaper, Tags } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { HotArticle, SiteFacts, Tag } from '../../../domain/content/content';
import { tagCloudLevel } from '../../../domain/content/facts';
import { circledNumber } from '../../../domain/search/circledNumber';
import * as zhCN from '../../../i18n/zh-CN';
import { articleHref } from './articleHref';
import { formatCount, formatDate } from './format';
import './content.css';

const text = zhCN.sideColumn;

/** The author's counts under the author card: articles, categories, tags, each leading to its page. */
export function AuthorCounts({ facts }: { facts: SiteFacts }) {
  const items = [
    { to: '/archives', label: text.articles, value: facts.articleCount },
    { to: '/category', label: text.categories, value: facts.categoryCount },
    { to: '/tag', label: text.tags, value: facts.tagCount },
  ];
  return (
    <nav className="card author-counts" aria-label={text.countsLabel}>
      {items.map((item) => (
        <Link key={item.to} to={item.to} className="author-counts__item">
          <span className="author-counts__value">{formatCount(item.value)}</span>
          <span className="author-counts__label">{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}

export function HotArticlesCard({ articles }: { articles: HotArticle[] }) {
  return (
    <section className="card side-card" aria-labelledby="side-hot">
      <h2 id="side-hot" className="side-card__title">
        <Flame aria-hidden="true" />
        {text.hot}
      </h2>
      {articles.length === 0 ? (
        <p className="side-card__empty">{zhCN.content.noArticles}</p>
      ) : (
        <ol className="hot-list">
          {articles.map((article, index) => (
            <li key={article.id}>
              <span className="hot-list__rank" data-rank={index + 1} aria-hidden="true">
                {circledNumber(index + 1)}
              </span>
              <Link to={articleHref(article.id)} className="hot-list__title">
                {article.article_title}
              </Link>
              <span className="hot-list__views">
                <span aria-hidden="true">
                  {formatCount(article.views)}
                  <span className="hot-list__comments">
                    <MessageCircle />
                    {formatCount(article.comment_count)}
                  </span>
                </span>
                <span className="visually-hidden">
                  {text.hotCounts(formatCount(article.views), formatCount(article.comment_count))}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function TagCloudCard({ tags }: { tags: Tag[] }) {
  const used = tags.filter((tag) => tag.articleCount > 0);
  const counts = used.map((tag) => tag.articleCount);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return (
    <section className="card side-card" aria-labelledby="side-tags">
      <h2 id="side-tags" className="side-card__title">
        <Tags aria-hidden="true" />
        {text.tagCloud}
      </h2>
      {used.length === 0 ? (
        <p className="side-card__empty">{zhCN.content.noTags}</p>
      ) : (
        <ul className="tag-cloud">
          {used.map((tag) => (
            <li key={tag.id}>
              <Link
                to={`/articleList?tagId=${tag.id}`}
                className="tag-cloud__tag"
                data-level={tagCloudLevel(tag.articleCount, min, max)}
                title={zhCN.content.articleCount(tag.articleCount)}
              >
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SiteFactsCard({ facts }: { facts: SiteFacts }) {
  return (
    <section className="card side-card" aria-labelledby="side-facts">
      <h2 id="side-facts" className="side-card__title">
        <Newspaper aria-hidden="true" />
        {text.facts}
      </h2>
      <dl className="facts-list">
        <div>
          <dt>
            <Newspaper aria-hidden="true" />
            {text.articleTotal}
          </dt>
          <dd>{facts.articleCount}</dd>
        </div>
        <div>
          <dt>
            <MessageCircle aria-hidden="true" />
            {text.talkTotal}
          </dt>
          <dd>{facts.talkCount}</dd>
        </div>
        <div>
          <dt>
            <Clock3 aria-hidden="true" />
            {text.lastUpdate}
          </dt>
          <dd>{facts.lastUpdate ? <time dateTime={facts.lastUpdate}>{formatDate(facts.lastUpdate)}</time> : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
