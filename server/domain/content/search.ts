import { mathAsText } from '../../../src/domain/content/math';
import { BLOCK_MARKERS } from './markdownText';
import { MAX_SEARCH_KEYWORD_LENGTH } from '../../../src/protocol/content';
import { AppError } from '../errors';
import { contentMessages } from './messages';

/*
 * Search semantics, the same on every store: a keyword matches when it occurs as a substring of the title
 * or of the Markdown body, ignoring the case of ASCII letters only (every other character, Chinese
 * included, must be equal). Wildcards and quotes in the keyword are ordinary characters.
 */

/** Lower-cases ASCII letters and nothing else, so lengths and positions never change. */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export function matches(text: string, keyword: string): boolean {
  return foldAscii(text).includes(foldAscii(keyword));
}

// Control characters cannot be typed into the search box and confuse full-text query parsers.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Validates a keyword from the path: trimmed, 1 to 50 characters, no control characters. */
export function parseKeyword(raw: string): string {
  const keyword = raw.trim();
  if (keyword === '') throw new AppError('invalid', contentMessages.keywordEmpty);
  if (Array.from(keyword).length > MAX_SEARCH_KEYWORD_LENGTH) {
    throw new AppError('invalid', contentMessages.keywordTooLong(MAX_SEARCH_KEYWORD_LENGTH));
  }
  if (CONTROL.test(keyword)) throw new AppError('invalid', contentMessages.keywordInvalid);
  return keyword;
}

/** Characters a keyword needs before the trigram index can answer it. */
export const TRIGRAM_MIN_LENGTH = 3;

export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** A LIKE pattern (with `ESCAPE '\'`) that matches the keyword literally anywhere. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase that matches the keyword literally: quoted, inner quotes doubled. */
export function ftsPhrase(keyword: string): string {
  return `"${keyword.replace(/"/g, '""')}"`;
}

export interface Fragment {
  before: string;
  match: string;
  after: string;
}

const CONTEXT_BEFORE = 24;
const CONTEXT_AFTER = 120;

/**
 * Context text for reading, on one line, without the Markdown markers that open lines (headings, quotes,
 * list bullets, code fences). A slice that starts mid-line keeps its first partial line as written.
 */
function oneLine(text: string, startsLine: boolean): string {
  const cut = startsLine ? 0 : text.indexOf('\n') + 1 || text.length;
  const rest = text
    .slice(cut)
    .replace(/^[ \t]*(```|~~~)[^\n]*$/gm, ' ')
    .replace(/^[ \t]{0,3}(#{1,6}|>+|[-*+]|\d+\.)[ \t]+/gm, '');
  return (text.slice(0, cut) + rest).replace(/\s+/g, ' ');
}
const startsLine = (content: string, at: number) => at === 0 || content[at - 1] === '\n';
/** Drops a lone surrogate a cut may leave at either end. */
const wholeCharacters = (text: string) => text.replace(/^[\udc00-\udfff]|[\ud800-\udbff]$/g, '');

/**
 * The body as a reader sees it, on one line: images become their alt text, links their text, formulas their
 * TeX source; emphasis, inline code, HTML tags, code fences, reference definitions and the markers that open
 * lines are dropped.
 */
export function plainText(markdown: string): string {
  return mathAsText(markdown, (text) =>
    text
      .replace(/^[ \t]*(```|~~~)[^\n]*$/gm, ' ')
      .replace(BLOCK_MARKERS, ' ')
      .replace(/^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S+[^\n]*$/gm, ' ')
      .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, ' $1 ')
      .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      .replace(/\[([^\]\n]*)\]\[[^\]\n]*\]/g, '$1')
      .replace(/<\/?[a-zA-Z][^>\n]*>/g, '')
      .replace(/`+([^`\n]+?)`+/g, '$1')
      .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1$2')
      .replace(/^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/gm, ' ')
      .replace(/^[ \t]{0,3}(#{1,6}|>+|[-*+]|\d+\.)[ \t]+/gm, '')
      .replace(/\|/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Where a sentence (or a clause a reader would start from) ends. */
const SENTENCE_END = /[。！？；!?;…]/;
/** Characters a fragment should not start with. */
const LEADING_PUNCTUATION = /^[\s。！？；，、：,.!?;:…）)」』”’]+/;

/** The text before a match, started after the last sentence end in it, never with punctuation. */
function leadIn(text: string, atStart: boolean): string {
  let from = 0;
  for (let i = text.length - 1; i >= 0; i -= 1) {
    if (SENTENCE_END.test(text[i] ?? '')) {
      from = i + 1;
      break;
    }
  }
  const cut = text.slice(from);
  return atStart && from === 0 ? cut : cut.replace(LEADING_PUNCTUATION, '');
}

/** The text after a match, ended at its last sentence end when that leaves most of it. */
function tail(text: string, complete: boolean): string {
  if (complete) return text;
  for (let i = text.length - 1; i >= text.length / 2; i -= 1) {
    if (SENTENCE_END.test(text[i] ?? '')) return text.slice(0, i + 1);
  }
  return text;
}

/**
 * The part of the body around the first match, as plain text (see plainText): the sentence the match is
 * in from its start (at most CONTEXT_BEFORE characters back), the match as written, and the rest after it.
 * Without a match in the body (a title hit) it is the start of the body as `after`. A keyword that only
 * occurs in the Markdown itself (a URL, a marker) is shown from the raw body instead.
 */
export function fragmentOf(content: string, keyword: string): Fragment {
  const plain = plainText(content);
  const found = foldAscii(plain).indexOf(foldAscii(keyword));
  if (found >= 0) {
    const end = found + keyword.length;
    const from = Math.max(0, found - CONTEXT_BEFORE);
    const before = wholeCharacters(leadIn(plain.slice(from, found), from === 0)).trimStart();
    const rest = plain.slice(end, end + CONTEXT_AFTER);
    const after = wholeCharacters(tail(rest, end + CONTEXT_AFTER >= plain.length)).trimEnd();
    return { before, match: plain.slice(found, end), after };
  }
  const at = foldAscii(content).indexOf(foldAscii(keyword));
  if (at < 0) return { before: '', match: '', after: wholeCharacters(tail(plain.slice(0, CONTEXT_AFTER), plain.length <= CONTEXT_AFTER)) };
  const end = at + keyword.length;
  const from = Math.max(0, at - CONTEXT_BEFORE);
  const before = wholeCharacters(oneLine(content.slice(from, at), startsLine(content, from))).trimStart();
  const after = wholeCharacters(oneLine(content.slice(end, end + CONTEXT_AFTER), startsLine(content, end))).trimEnd();
  return { before, match: content.slice(at, end), after };
}
