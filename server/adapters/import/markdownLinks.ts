export type TargetKind = 'image' | 'link';

/**
 * Rewrites the targets of images and links in a Markdown body, leaving code blocks and inline code alone:
 * `![alt](target "title")` and `<img src="target">` are images, `[text](target)` and `[id]: target` links.
 * `map` returns the new target ('' for none: the image shows its alt text), or undefined to keep the old one.
 */
export async function rewriteTargets(
  markdown: string,
  map: (target: string, kind: TargetKind) => Promise<string | undefined>,
): Promise<string> {
  const pieces = splitCode(markdown);
  const out: string[] = [];
  for (const piece of pieces) out.push(piece.code ? piece.text : await rewriteProse(piece.text, map));
  return out.join('');
}

/** Rewrites the targets of images and of links to image files (see rewriteTargets). */
export function rewriteImageTargets(markdown: string, map: (target: string) => Promise<string | undefined>): Promise<string> {
  return rewriteTargets(markdown, async (target, kind) => (kind === 'image' || isImageTarget(target) ? map(target) : undefined));
}

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg|bmp|ico)$/i;

/** Whether a link target points at an image file (query and fragment ignored). */
export function isImageTarget(target: string): boolean {
  return IMAGE_FILE.test(target.split(/[?#]/)[0] ?? '');
}

async function rewriteProse(text: string, map: (target: string, kind: TargetKind) => Promise<string | undefined>): Promise<string> {
  const patterns = [
    // ![alt](<target> "title"), ![alt](target "title") and [text](target)
    /(!?\[(?:[^\]\\]|\\.)*\]\(\s*)(<[^>\n]+>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\))/g,
    /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>\n]+>|\S+)()/gm,
    /(<img\b[^>]*?\bsrc\s*=\s*["'])([^"']+)(["'])/gi,
  ];
  let result = text;
  for (const regex of patterns) {
    const replacements: { start: number; end: number; value: string }[] = [];
    for (const match of result.matchAll(regex)) {
      const [whole, opening = '', rawTarget = '', closing = ''] = match;
      const kind = whole.startsWith('!') || whole.toLowerCase().startsWith('<img') ? 'image' : 'link';
      const bracketed = rawTarget.startsWith('<') && rawTarget.endsWith('>');
      const target = bracketed ? rawTarget.slice(1, -1) : rawTarget;
      const mapped = await map(target, kind);
      if (mapped === undefined || mapped === target) continue;
      // A definition (`[id]: target`, no closing part) needs `<>` to stay one when its target is empty.
      const written = bracketed || /\s/.test(mapped) || (mapped === '' && closing === '') ? `<${mapped}>` : mapped;
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
  return splitFences(markdown).flatMap((piece) => (piece.code ? [piece] : splitInline(piece.text)));
}

/** Splits Markdown into prose and fenced code blocks. */
export function splitFences(markdown: string): Piece[] {
  const pieces: Piece[] = [];
  const lines = markdown.split(/(?<=\n)/);
  let prose = '';
  let fence: string | null = null;
  let block = '';
  for (const line of lines) {
    if (fence === null) {
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (open) {
        if (prose) pieces.push({ text: prose, code: false });
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
  if (prose) pieces.push({ text: prose, code: false });
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
