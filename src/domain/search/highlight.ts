export interface TextSegment {
  text: string;
  /** The segment is an occurrence of the keyword. */
  hit: boolean;
}

/**
 * Splits `text` around every occurrence of `keyword` (case-insensitive for Latin letters) so a view
 * can mark the hits. Joining the segments gives `text` back unchanged.
 */
export function highlightSegments(text: string, keyword: string): TextSegment[] {
  const needle = keyword.trim().toLowerCase();
  if (needle === '' || text === '') return text === '' ? [] : [{ text, hit: false }];
  const haystack = text.toLowerCase();
  // Lower-casing can change the length of some characters; then indices no longer line up, so only exact hits count.
  const search = haystack.length === text.length ? haystack : text;
  const target = haystack.length === text.length ? needle : keyword.trim();
  const segments: TextSegment[] = [];
  let from = 0;
  for (let at = search.indexOf(target); at !== -1; at = search.indexOf(target, at + target.length)) {
    if (at > from) segments.push({ text: text.slice(from, at), hit: false });
    segments.push({ text: text.slice(at, at + target.length), hit: true });
    from = at + target.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), hit: false });
  return segments;
}

// A module of its own: the home page's hot list numbers its items without loading the search's text code.
export { circledNumber } from './circledNumber';

/**
 * Makes a fragment of a Markdown body read as prose: heading and quote markers, emphasis, inline-code
 * ticks, link and image syntax and table pipes go; the words stay. Applied around a match, never to it.
 */
export function markdownToPlain(fragment: string): string {
  return fragment
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(^|\s)#{1,6}\s+/g, '$1')
    .replace(/(^|\s)>\s+/g, '$1')
    .replace(/(\*\*|__|~~|`{1,3})/g, '')
    .replace(/(^|\s)([-*+]|\d+\.)\s+/g, '$1')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s{2,}/g, ' ');
}
