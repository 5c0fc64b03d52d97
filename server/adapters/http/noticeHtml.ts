import sanitizeHtml from 'sanitize-html';
import { NOTICE_ATTRIBUTES, NOTICE_LINK_SCHEMES, NOTICE_TAGS } from '../../../src/domain/notifications/notification';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTICE_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(NOTICE_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...NOTICE_LINK_SCHEMES],
  allowProtocolRelative: false,
};

/**
 * A notice as the drawer shows it: only the notice markup kept. Cleaned here, before it reaches the
 * browser: the browser's own sanitiser (DOMPurify) parses what it is given, and parsing an `onerror=`
 * attribute already makes the page's CSP (`script-src-attr 'none'`) block it with an error in the
 * console, though nothing would have run.
 */
export function noticeHtml(message: string): string {
  return sanitizeHtml(message, OPTIONS);
}
