/**
 * Rewrites the targets of images (and of links to image files) in a Markdown body, leaving code blocks
 * and inline code alone: `![alt](target "title")`, `[text](target)`, `[id]: target` and `<img src="target">`.
 * `map` returns the new target, or undefined to keep the old one.
 */
export async function rewriteImageTargets(
  markdown: string,
  map: (target: string) => Promise<string | undefined>,
): Promise<string> {
  const pieces = splitCode(markdown);
  const out: string[] = [];
  for (const piece of pieces) out.push(piece.code ? piece.text : await rewriteProse(piece.text, map));
  return out.join('');
}

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg|bmp|ico)$/i;

/** Whether a link target points at an image file (query and fragment ignored). */
export function isImageTarget(target: string): boolean {
  return IMAGE_FILE.test(target.split(/[?#]/)[0] ?? '');
}

async function rewriteProse(text: string, map: (target: string) => Promise<string | undefined>): Promise<string> {
  const patterns: { regex: RegExp; imagesOnly: boolean }[] = [
    // ![alt](<target> "title") or ![alt](target "title"); [text](target) only for image files.
    { regex: /(!?\[(?:[^\]\\]|\\.)*\]\(\s*)(<[^>\n]+>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\))/g, imagesOnly: false },
    { regex: /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>\n]+>|\S+)()/gm, imagesOnly: true },
    { regex: /(<img\b[^>]*?\bsrc\s*=\s*["'])([^"']+)(["'])/gi, imagesOnly: false },
  ];
  let result = text;
  for (const { regex, imagesOnly } of patterns) {
    const replacements: { start: number; end: number; value: string }[] = [];
    for (const match of result.matchAll(regex)) {
      const [whole, opening = '', rawTarget = '', closing = ''] = match;
      const isImage = whole.startsWith('!') || whole.toLowerCase().startsWith('<img');
      const bracketed = rawTarget.startsWith('<') && rawTarget.endsWith('>');
      const target = bracketed ? rawTarget.slice(1, -1) : rawTarget;
      if ((imagesOnly || !isImage) && !isImageTarget(target)) continue;
      const mapped = await map(target);
      if (mapped === undefined || mapped === target) continue;
      const written = bracketed || /\s/.test(mapped) ? `<${mapped}>` : mapped;
      replacements.push({ start: match.index, end: match.index + whole.length, value: `${opening}${written}${closing}` });
    }
    for (const r of replacements.reverse()) result = result.slice(0, r.start) + r.value + result.slice(r.end);
  }
  return result;
}

interface Piece {
  text: string;
  code: boolean;
}

/** Splits Markdown into prose and code (fenced blocks and inline code spans). */
export function splitCode(markdown: string): Piece[] {
  const pieces: Piece[] = [];
  const lines = markdown.split(/(?<=\n)/);
  let prose = '';
  let fence: string | null = null;
  let block = '';
  for (const line of lines) {
    if (fence === null) {
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (open) {
        if (prose) pieces.push(...splitInline(prose));
        prose = '';
        fence = open[1]!;
        block = line;
      } else prose += line;
    } else {
      block += line;
      if (new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(line)) {
        pieces.push({ text: block, code: true });
        fence = null;
        block = '';
      }
    }
  }
  if (fence !== null) pieces.push({ text: block, code: true });
  if (prose) pieces.push(...splitInline(prose));
  return pieces;
}

function splitInline(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(/(`+)[^`]*?\1/g)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), code: false });
    pieces.push({ text: match[0], code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), code: false });
  return pieces;
}
