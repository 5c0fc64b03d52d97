import { contentMessages } from '../../domain/content/messages';

const text = contentMessages.importer.toml;
const fail = (line: number, problem: string) => new Error(text.atLine(line, problem));

/**
 * The part of TOML that Hugo front matter uses: `key = value` lines, `[table]` headers, strings,
 * numbers, booleans, dates (kept as text for the date parser) and arrays, which may span lines.
 * Anything else is reported as an error rather than guessed at.
 */
export function parseToml(source: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let table = root;
  const lines = source.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    let line = stripComment(lines[index]!).trim();
    if (line === '') continue;
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      table = root;
      for (const part of header[1]!.split('.')) {
        const next = (table[part] ??= {}) as Record<string, unknown>;
        if (typeof next !== 'object' || Array.isArray(next)) throw fail(index + 1, text.tableConflict(header[1]!));
        table = next;
      }
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+|"[^"]*")\s*=\s*(.*)$/.exec(line);
    if (!pair) throw fail(index + 1, text.unparsable(line));
    let value = pair[2]!;
    // An array may continue over the following lines until its brackets balance.
    while (value.startsWith('[') && depth(value) > 0 && index + 1 < lines.length) {
      index += 1;
      line = stripComment(lines[index]!).trim();
      value += ` ${line}`;
    }
    const key = pair[1]!.replace(/^"|"$/g, '');
    const reader = { text: value.trim(), at: 0 };
    table[key] = readValue(reader, index + 1);
    skipSpace(reader);
    if (reader.at < reader.text.length) throw fail(index + 1, text.trailing);
  }
  return root;
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function depth(text: string): number {
  let level = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') level += 1;
    else if (c === ']') level -= 1;
  }
  return level;
}

interface Reader {
  text: string;
  at: number;
}

function skipSpace(reader: Reader): void {
  while (reader.at < reader.text.length && /\s/.test(reader.text[reader.at]!)) reader.at += 1;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', b: '\b', f: '\f' };

function readValue(reader: Reader, line: number): unknown {
  skipSpace(reader);
  const rest = reader.text.slice(reader.at);
  if (rest.startsWith('"""') || rest.startsWith("'''")) throw fail(line, text.multiline);
  if (rest.startsWith('"')) {
    let result = '';
    reader.at += 1;
    while (reader.at < reader.text.length) {
      const c = reader.text[reader.at]!;
      reader.at += 1;
      if (c === '"') return result;
      if (c !== '\\') {
        result += c;
        continue;
      }
      const escape = reader.text[reader.at]!;
      reader.at += 1;
      if (escape === 'u' || escape === 'U') {
        const size = escape === 'u' ? 4 : 8;
        result += String.fromCodePoint(parseInt(reader.text.slice(reader.at, reader.at + size), 16));
        reader.at += size;
      } else if (ESCAPES[escape] !== undefined) result += ESCAPES[escape];
      else throw fail(line, text.badEscape(escape));
    }
    throw fail(line, text.unterminated);
  }
  if (rest.startsWith("'")) {
    const end = reader.text.indexOf("'", reader.at + 1);
    if (end < 0) throw fail(line, text.unterminated);
    const result = reader.text.slice(reader.at + 1, end);
    reader.at = end + 1;
    return result;
  }
  if (rest.startsWith('[')) {
    reader.at += 1;
    const items: unknown[] = [];
    for (;;) {
      skipSpace(reader);
      if (reader.text[reader.at] === ']') {
        reader.at += 1;
        return items;
      }
      items.push(readValue(reader, line));
      skipSpace(reader);
      if (reader.text[reader.at] === ',') reader.at += 1;
      else if (reader.text[reader.at] !== ']') throw fail(line, text.badArray);
    }
  }
  const token = /^[^,\]\s][^,\]]*/.exec(rest)?.[0]?.trim() ?? '';
  reader.at += rest.indexOf(token) + token.length;
  if (token === 'true') return true;
  if (token === 'false') return false;
  if (/^[+-]?\d[\d_]*$/.test(token)) return Number(token.replace(/_/g, ''));
  if (/^[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?$/.test(token)) return Number(token.replace(/_/g, ''));
  if (/^\d{4}-\d{2}-\d{2}/.test(token)) return token;
  throw fail(line, text.unknownValue(token || rest));
}
