import { splitFences } from './markdownLinks';

/**
 * Reads the shortcodes of Hugo (`{{< name args >}}`, `{{% name args %}}`, closed by `{{< /name >}}`) and the
 * tag plugins of Hexo (`{% name args %}`, closed by `{% endname %}`, with `<!-- tab -->` inside `{% tabs %}`)
 * into a tree, leaving fenced code and inline code as text: Hexo never expands tags there, and what Hugo
 * would is what the blogger wrote to show (only Hugo's shown-shortcode form is unwrapped there, as Hugo does).
 */

export type TagSyntax = 'hugo' | 'hexo' | 'hexoTab';

export interface TagArguments {
  positional: string[];
  /** `key="value"` (Hugo's named parameters). */
  named: Record<string, string>;
  /** Everything after the name, as written: some Hexo tags split it on commas themselves. */
  text: string;
}

export interface Tag {
  syntax: TagSyntax;
  name: string;
  closing: boolean;
  args: TagArguments;
  /** The tag as written. */
  raw: string;
  /** Where it starts and ends in the body. */
  start: number;
  end: number;
}

export type ShortcodeNode =
  | { type: 'text'; text: string }
  | { type: 'more' }
  | {
      type: 'tag';
      tag: Tag;
      /** What lies between the tag and its closing tag, when it has one (a closing tag of its own is text). */
      body?: { nodes: ShortcodeNode[]; source: string; closeRaw: string };
    };

type Token = { type: 'text'; text: string } | { type: 'more' } | { type: 'tag'; tag: Tag };

const HUGO_ARGS = String.raw`((?:"(?:[^"\\]|\\.)*"|\x60[^\x60]*\x60|[^"\x60])*?)`;
const HUGO_TAG = (open: string, close: string) =>
  new RegExp(String.raw`\{\{${open}\s*(\/)?\s*([A-Za-z][\w.-]*)${HUGO_ARGS}\s*\/?\s*${close}\}\}`, 'y');
// Groups: closing slash (Hugo only: the others' `()` keeps the numbering), name, arguments.
const SYNTAXES: { syntax: TagSyntax; regex: RegExp }[] = [
  { syntax: 'hugo', regex: HUGO_TAG('<', '>') },
  { syntax: 'hugo', regex: HUGO_TAG('%', '%') },
  { syntax: 'hexo', regex: /\{%-?\s*()([A-Za-z_][\w-]*)((?:"[^"]*"|'[^']*'|[^"'%]|%(?!\}))*?)\s*-?%\}/y },
  { syntax: 'hexoTab', regex: /<!--\s*()(endtab|tab)\b([\s\S]*?)-->/y },
];
const MORE = /<!--\s*more\s*-->/y;
// Hugo's way of writing a shortcode that is shown, not run: {{</* name */>}}.
const HUGO_SHOWN = /\{\{([<%])\/\*([\s\S]*?)\*\/([>%])\}\}/g;

export function unescapeHugo(text: string): string {
  return text.replace(HUGO_SHOWN, '{{$1$2$3}}');
}

const ARGUMENT = /([A-Za-z_][\w-]*)=(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`|(\S+))|"((?:[^"\\]|\\.)*)"|'([^']*)'|`([^`]*)`|(\S+)/g;

function parseArguments(text: string): TagArguments {
  const args: TagArguments = { positional: [], named: {}, text: text.trim() };
  for (const m of text.matchAll(ARGUMENT)) {
    if (m[1] !== undefined) args.named[m[1].toLowerCase()] = (m[2] ?? '').replace(/\\(.)/g, '$1') || m[3] || m[4] || '';
    else args.positional.push(m[5] !== undefined ? m[5].replace(/\\(.)/g, '$1') : (m[6] ?? m[7] ?? m[8] ?? ''));
  }
  return args;
}

/** The tag (or `<!--more-->`) that starts at `at` in a piece of prose, with its length. */
function readTag(prose: string, at: number, offset: number): { token: Token; length: number } | undefined {
  MORE.lastIndex = at;
  const more = MORE.exec(prose);
  if (more) return { token: { type: 'more' }, length: more[0].length };
  for (const { syntax, regex } of SYNTAXES) {
    regex.lastIndex = at;
    const m = regex.exec(prose);
    if (!m) continue;
    const [raw, slash, rawName = '', rawArgs = ''] = m;
    const endTag = syntax !== 'hugo' && /^end./.test(rawName);
    const tag: Tag = {
      syntax,
      name: endTag ? rawName.slice(3) : rawName,
      closing: slash === '/' || endTag,
      args: parseArguments(rawArgs),
      raw,
      start: offset + at,
      end: offset + at + raw.length,
    };
    return { token: { type: 'tag', tag }, length: raw.length };
  }
  return undefined;
}

/** Where a tag, a comment or a run of backticks (inline code) may start. */
const SCAN = /\{\{[<%]|\{%|<!--|`+/g;

/** The end of the inline code span opened by the backticks at `at`, or undefined when they open none. */
function inlineCodeEnd(prose: string, at: number, ticks: string): number | undefined {
  const close = new RegExp(`(?<!\`)${ticks}(?!\`)`, 'g');
  close.lastIndex = at + ticks.length;
  const found = close.exec(prose);
  if (!found || /\n[ \t]*\n/.test(prose.slice(at, found.index))) return undefined; // a span stays in its paragraph
  return found.index + ticks.length;
}

/**
 * Tags and text, read left to right so that whichever starts first wins: inline code holding a tag is code,
 * and a tag whose arguments hold backticks is a tag.
 */
function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  const text = (value: string) => {
    const last = tokens.at(-1);
    if (last?.type === 'text') last.text += value;
    else if (value) tokens.push({ type: 'text', text: value });
  };
  let offset = 0;
  for (const piece of splitFences(body)) {
    const prose = piece.text;
    if (piece.code) text(unescapeHugo(prose));
    else {
      let last = 0;
      const scan = new RegExp(SCAN);
      for (let m = scan.exec(prose); m; m = scan.exec(prose)) {
        if (m[0].startsWith('`')) {
          scan.lastIndex = inlineCodeEnd(prose, m.index, m[0]) ?? scan.lastIndex;
          continue;
        }
        const found = readTag(prose, m.index, offset);
        if (!found) continue;
        text(unescapeHugo(prose.slice(last, m.index)));
        tokens.push(found.token);
        last = scan.lastIndex = m.index + found.length;
      }
      text(unescapeHugo(prose.slice(last)));
    }
    offset += prose.length;
  }
  return tokens;
}

/** For each opening tag with a closing tag, the index of that closing tag (innermost pairs first). */
function pairs(tokens: Token[]): Map<number, number> {
  const open = new Map<string, number[]>();
  const pairOf = new Map<number, number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'tag') return;
    const key = `${token.tag.syntax}:${token.tag.name}`;
    if (!token.tag.closing) open.set(key, [...(open.get(key) ?? []), index]);
    else {
      const opener = open.get(key)?.pop();
      if (opener !== undefined) pairOf.set(opener, index);
    }
  });
  return pairOf;
}

/** The body as a tree: a tag with a closing tag holds what lies between; anything unmatched stays a leaf. */
export function parseShortcodes(body: string): ShortcodeNode[] {
  const tokens = tokenize(body);
  const pairOf = pairs(tokens);
  const build = (from: number, to: number): ShortcodeNode[] => {
    const nodes: ShortcodeNode[] = [];
    for (let i = from; i < to; i += 1) {
      const token = tokens[i]!;
      const close = pairOf.get(i);
      if (token.type !== 'tag' || close === undefined || close >= to) {
        nodes.push(token);
        continue;
      }
      const closeTag = (tokens[close] as { tag: Tag }).tag;
      nodes.push({
        type: 'tag',
        tag: token.tag,
        body: { nodes: build(i + 1, close), source: body.slice(token.tag.end, closeTag.start), closeRaw: closeTag.raw },
      });
      i = close;
    }
    return nodes;
  };
  return build(0, tokens.length);
}
