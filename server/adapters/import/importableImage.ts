import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { ImportProblem } from '../../domain/content/frontMatter';
import { contentMessages } from '../../domain/content/messages';

const problem = contentMessages.importer;
/** No post needs a bigger picture; a bigger file is not read at all. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The raster types published, by file-type's name of them, with the extension they are kept under. */
const RASTER: Record<string, string> = { jpg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };

/** An SVG document with nothing active in it: no script, event handler, foreign HTML, entity or outside reference. */
function isInertSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>[]*>\s*)?<svg[\s>]/i.test(text)) return false;
  if (/<!ENTITY|<script|<foreignObject|<iframe|<embed|<object|<handler|<listener|<set\b|<animate|javascript:|data:text/i.test(text)) return false;
  if (/\son[a-z]+\s*=/i.test(text)) return false;
  // References only inside the document (#id) or to embedded raster images.
  for (const match of text.matchAll(/(?:href|src)\s*=\s*["']([^"']*)["']/gi)) {
    const target = match[1] ?? '';
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg|gif|webp);/i.test(target)) return false;
  }
  return !/url\(\s*["']?(?!#)/i.test(text);
}

/**
 * The file's image type judged by its bytes (never its name), or undefined when it is no image we publish. By
 * their signatures (file-type), not by decoding: a fresh site's start imports the demo's pictures without
 * loading libvips (about 20 MB of resident memory); their variants are made from the bytes later, when asked for.
 */
async function imageExtension(bytes: Buffer): Promise<string | undefined> {
  // A text document is never a raster picture: an SVG is judged by its text.
  if (/^\s*</.test(bytes.subarray(0, 256).toString('utf8'))) return isInertSvg(bytes) ? 'svg' : undefined;
  const type = await fileTypeFromBuffer(bytes);
  return type && RASTER[type.ext];
}

/**
 * Reads an image a post refers to, for the media folder, or undefined when there is no such file. The
 * reference must stay inside `root` (the folder being imported) once every `..` and symbolic link is
 * resolved, and the bytes must be an image we can verify (JPEG, PNG, WebP, GIF, AVIF, or an SVG without
 * active content). Throws ImportProblem otherwise.
 */
export async function readImportableImage(
  root: string,
  folder: string,
  reference: string,
  clean: string,
): Promise<{ bytes: Buffer; extension: string } | undefined> {
  if (clean.includes('\u0000') || path.isAbsolute(clean)) throw new ImportProblem(problem.outsideFolder(reference));
  let real: string;
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
    real = await fs.realpath(path.resolve(folder, clean));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ImportProblem(problem.unreadableImage(reference, code ?? String(error)));
  }
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new ImportProblem(problem.outsideFolder(reference));
  const stat = await fs.stat(real);
  if (!stat.isFile() || stat.size > MAX_IMAGE_BYTES) throw new ImportProblem(problem.notAnImage(reference));
  const bytes = await fs.readFile(real);
  const extension = await imageExtension(bytes);
  if (!extension) throw new ImportProblem(problem.notAnImage(reference));
  return { bytes, extension };
}
