/*
 * Where TeX math sits in Markdown, by the rules blogs are written with: `$$…$$` and `\[…\]` are display
 * math, `$…$` and `\(…\)` inline math. As in Pandoc, a `$` opens math only before a non-space, and the next
 * `$` closes it only after a non-space and not before a digit, so dollars in prose (「价格 $5 到 $10」) stay text.
 * A backslash escapes the next character (`\$` is a dollar sign), and math never crosses a blank line.
 * The article renderer (a markdown-it rule) and the server's plain text (summaries, search fragments, the
 * feed) both follow these rules.
 */

export interface MathSpan {
  /** The TeX source between the delimiters, as written. */
  tex: string;
  /** Display math (`$$…$$`, `\[…\]`): typeset on a line of its own. */
  display: boolean;
  /** The index just past the closing delimiter. */
  end: number;
}

interface Delimiter {
  open: string;
  close: string;
  display: boolean;
}

/** `$$` before `$`, so a display formula is never read as an empty inline one. */
const DELIMITERS: readonly Delimiter[] = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
  { open: '$', close: '$', display: false },
];

const SPACE = /\s/;
const DIGIT = /\d/;
const BLANK_LINE = /\n[ \t]*\n/y;

/** Where the formula whose TeX starts at `from` is closed, or -1. */
function closingAt(src: string, from: number, { open, close }: Delimiter): number {
  for (let at = from; at < src.length; at += 1) {
    // The first closing delimiter is the one: after a space or before a digit, a `$` was no math.
    if (src.startsWith(close, at)) return open !== '$' || (!SPACE.test(src[at - 1]!) && !DIGIT.test(src[at + 1] ?? '')) ? at : -1;
    if (src[at] === '\\') {
      at += 1;
    } else if (src[at] === '\n') {
      BLANK_LINE.lastIndex = at;
      if (BLANK_LINE.test(src)) return -1;
    }
  }
  return -1;
}

/** The formula that opens at `pos` of `src`, if one does. */
export function mathAt(src: string, pos: number): MathSpan | undefined {
  const delimiter = DELIMITERS.find(({ open }) => src.startsWith(open, pos));
  if (!delimiter) return undefined;
  const from = pos + delimiter.open.length;
  if (delimiter.open === '$' && SPACE.test(src[from] ?? ' ')) return undefined;
  const at = closingAt(src, from, delimiter);
  if (at < 0 || src.slice(from, at).trim() === '') return undefined;
  return { tex: src.slice(from, at), display: delimiter.display, end: at + delimiter.close.length };
}

/** A code fence opening a line: up to three spaces, then three or more backticks or tildes. */
const FENCE = /[ \t]{0,3}(`{3,}|~{3,})/y;

/** Where the code that starts at `at` ends (a fenced block from a line start, or an inline code span), or -1. */
function codeEnd(markdown: string, at: number): number {
  if (at === 0 || markdown[at - 1] === '\n') {
    FENCE.lastIndex = at;
    const fence = FENCE.exec(markdown)?.[1];
    if (fence) {
      const closing = new RegExp(`\\n[ \\t]{0,3}${fence}${fence[0]}*[ \\t]*(?=\\n|$)`, 'g');
      closing.lastIndex = at + fence.length;
      return closing.exec(markdown) ? closing.lastIndex : markdown.length;
    }
  }
  if (markdown[at] !== '`') return -1;
  let run = 1;
  while (markdown[at + run] === '`') run += 1;
  const ticks = '`'.repeat(run);
  for (let close = markdown.indexOf(ticks, at + run); close >= 0; close = markdown.indexOf(ticks, close + 1)) {
    if (markdown[close - 1] !== '`' && markdown[close + run] !== '`') return close + run;
  }
  // An unmatched run of backticks is text.
  return at + run;
}

/** Markdown with each formula outside code replaced by what `replace` makes of it. */
export function replaceMath(markdown: string, replace: (span: MathSpan) => string): string {
  let out = '';
  let copied = 0;
  for (let at = 0; at < markdown.length; ) {
    const code = codeEnd(markdown, at);
    if (code >= 0) {
      at = code;
      continue;
    }
    const char = markdown[at];
    const span = char === '$' || char === '\\' ? mathAt(markdown, at) : undefined;
    if (span) {
      out += markdown.slice(copied, at) + replace(span);
      at = copied = span.end;
    } else {
      at += char === '\\' ? 2 : 1;
    }
  }
  return out + markdown.slice(copied);
}

/** Private-use characters around a formula's number while the text around it is made plain. */
const MASK = /\ue000(\d+)\ue001/g;

/**
 * Plain text of Markdown with math: `prose` makes the text around the formulas plain, and each formula
 * comes back as its TeX source on one line without delimiters (`g(d) = \lfloor \frac{x}{d} \rfloor`),
 * untouched by what `prose` strips (pipes, angle brackets, emphasis markers).
 */
export function mathAsText(markdown: string, prose: (text: string) => string = (text) => text): string {
  const formulas: string[] = [];
  const masked = replaceMath(markdown, ({ tex }) => `\ue000${formulas.push(tex.replace(/\s+/g, ' ').trim()) - 1}\ue001`);
  return prose(masked).replace(MASK, (whole, index: string) => formulas[Number(index)] ?? whole);
}
