import { mathAsText } from '../../../src/domain/content/math';

/** Callout (`!!! warning title`) and disclosure (`::: details title`) markers; their titles stay. */
export const BLOCK_MARKERS = /^\s{0,3}(?:!!!(?:[ \t]+\S+)?|:{3,}(?:[ \t]*details\b)?)/gm;

/**
 * Plain text of a Markdown body, for summaries, word counts and page descriptions. Not a renderer: it
 * drops syntax (fences, images, link targets, emphasis, table rules, HTML tags, math delimiters, callout and
 * disclosure markers) and keeps the words and each formula's TeX source.
 */
export function plainText(markdown: string): string {
  return mathAsText(markdown, (text) =>
    text
      .replace(/^```[^\n]*$/gm, '')
      .replace(/^~~~[^\n]*$/gm, '')
      .replace(BLOCK_MARKERS, '')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/^\s{0,3}(#{1,6}|>+|[-*+]|\d+\.)\s+/gm, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
      .replace(/\|/g, ' ')
      .replace(/(\*\*|__|\*|_|~~|`)/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Characters of text (whitespace excluded): how Chinese writing counts "字数". */
export function countWords(markdown: string): number {
  return Array.from(plainText(markdown).replace(/\s/g, '')).length;
}

/** The first `max` characters of the text, with an ellipsis when cut. */
export function summarize(markdown: string, max = 120): string {
  const chars = Array.from(plainText(markdown));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('')}…`;
}
