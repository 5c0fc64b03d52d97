import DOMPurify from 'dompurify';

/**
 * Notice text may carry simple HTML (a link, emphasis). Whatever the server sends is cleaned here,
 * never judged by a list of forbidden words as the spec's original did.
 */
export function sanitizeNotice(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'br', 'span', 'code', 'p'],
    ALLOWED_ATTR: ['href', 'title'],
    ALLOW_DATA_ATTR: false,
  });
}
