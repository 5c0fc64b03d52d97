import DOMPurify from 'dompurify';

/** What the server's comment Markdown makes: paragraphs, line breaks, emphasis, code and links. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'code', 'pre', 'a'];
const ALLOWED_ATTR = ['href', 'rel', 'target', 'title'];

/**
 * A comment's HTML as shown: the server renders and cleans it; DOMPurify here is the browser's own guard
 * (a `<script>` or an event handler a commenter wrote never becomes live).
 */
export function purifyComment(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
