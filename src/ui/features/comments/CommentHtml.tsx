import { usePageData, useHydrated } from '../../app/pageData';
import { purifyComment } from './commentHtml';

/**
 * A comment's text. While the server-rendered section hydrates, its markup stays as the server sent it
 * (cleaned there); from then on, and for every comment loaded later, DOMPurify cleans it again.
 */
export function CommentHtml({ html }: { html: string }) {
  const hydrated = useHydrated();
  const { sanitizeHtml } = usePageData();
  const safe = hydrated ? purifyComment(html) : sanitizeHtml ? sanitizeHtml(html) : html;
  return <div className="comment__text" dangerouslySetInnerHTML={{ __html: safe }} />;
}
