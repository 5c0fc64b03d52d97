/** Words whose presence makes tag text unsafe to render as markup. */
export const FORBIDDEN_TAG_TEXT_WORDS = [
  'script',
  'alert',
  'window',
  'prompt',
  'location',
  'href',
  'iframe',
  'onload',
  'onerror',
] as const;

// Named and numeric (decimal or hex, optional leading zeros) forms of < and >.
const ESCAPED_ANGLE_BRACKET = /&(?:lt|gt|#0*6[02]|#x0*3[ce]);/gi;
const ESCAPED_LESS_THAN = /^&(?:lt|#0*60|#x0*3c);$/i;

// An opening, closing or self-closing tag such as <b>, </p>, <br/>, <span class="x">.
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

// Substring match on purpose: "javascript:" or "onerror=" must be caught as well.
const FORBIDDEN = new RegExp(FORBIDDEN_TAG_TEXT_WORDS.join('|'), 'i');

/** Decodes escaped angle brackets in a single pass (no double decoding). */
export function decodeAngleBrackets(text: string): string {
  return text.replace(ESCAPED_ANGLE_BRACKET, (entity) => (ESCAPED_LESS_THAN.test(entity) ? '<' : '>'));
}

export function hasTag(text: string): boolean {
  return TAG.test(text);
}

export function containsForbiddenWord(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * True only when the decoded text contains at least one tag and none of the
 * forbidden words (case-insensitive).
 */
export function isSafeTagText(text: string): boolean {
  const decoded = decodeAngleBrackets(text);
  return hasTag(decoded) && !containsForbiddenWord(decoded);
}
