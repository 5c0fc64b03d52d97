import DOMPurify from 'dompurify';
import { NOTICE_ATTRIBUTES, NOTICE_TAGS } from '../../../domain/notifications/notification';

const ALLOWED_ATTR = [...new Set(Object.values(NOTICE_ATTRIBUTES).flat())];

/**
 * Notice text may carry simple HTML (a link, emphasis). The server sends it cleaned (only these tags
 * kept); DOMPurify here is the browser's own guard, never a list of forbidden words as the spec's
 * original had.
 */
export function sanitizeNotice(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...NOTICE_TAGS],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
  });
}
