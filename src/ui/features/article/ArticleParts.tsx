import { CalendarDays, Clock3, Eye, FilePenLine, FileText, FolderOpen, MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ArticleDetail } from '../../../domain/content/content';
import * as zhCN from '../../../i18n/zh-CN';
import { formatCount, formatDate } from '../content/format';
import './article.css';

const text = zhCN.article;

/** Dates, category, views, length and reading time, under the title in the banner. */
export function ArticleMeta({ article }: { article: ArticleDetail }) {
  const updated = formatDate(article.updatedAt);
  return (
    <ul className="article-meta">
      <li>
        <CalendarDays aria-hidden="true" />
        {text.published}
        <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
      </li>
      {updated && updated !== formatDate(article.createdAt) && (
        <li>
          <FilePenLine aria-hidden="true" />
          {text.updated}
          <time dateTime={article.updatedAt}>{updated}</time>
        </li>
      )}
      {article.category && (
        <li>
          <FolderOpen aria-hidden="true" />
          <Link to={`/articleList?categoryId=${article.category.id}`}>{article.category.name}</Link>
        </li>
      )}
      <li>
        <Eye aria-hidden="true" />
        {text.views}
        <span>{formatCount(article.views)}</span>
      </li>
      <li>
        <FileText aria-hidden="true" />
        {text.words}
        <span>{formatCount(article.wordCount)}</span>
      </li>
      <li>
        <Clock3 aria-hidden="true" />
        {text.readingTime}
        <span>{text.minutes(article.readingMinutes)}</span>
      </li>
      <li>
        <MessageCircle aria-hidden="true" />
        {zhCN.content.comments.title}
        <a href="#comments">{formatCount(article.comment_count)}</a>
      </li>
    </ul>
  );
}
