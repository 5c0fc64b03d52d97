import type { ImportLayoutDto } from '../../../src/protocol/console/transfer';

/*
 * The rules for a zip uploaded to the console's import: which names may be unpacked, which are left out,
 * and which folders of a blog's layout hold its posts. Names are the zip's own, '/'-separated.
 */

/**
 * Why an entry's name may not be unpacked, or undefined when it stays inside the folder it is unpacked
 * into: no absolute path (`/etc/x`, `C:\x`, `\\host\x`), no `..` segment, no NUL. A backslash counts as a
 * separator, as Windows tools write it.
 */
export function unsafeEntryName(name: string): boolean {
  if (name === '' || name.includes('\u0000')) return true;
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) return true;
  return slashed.split('/').some((segment) => segment === '..');
}

/** The entry's path as unpacked: backslashes as slashes, empty and `.` segments dropped. */
export function entryPath(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/** Folders no blog post lives in, whose files would only cost time and disk. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '__MACOSX']);
/** Files an operating system leaves beside others (macOS resource forks `._x`, Finder and Explorer caches). */
const SKIPPED_FILE = /^(\._.*|\.DS_Store|Thumbs\.db|desktop\.ini)$/i;

/** Whether an entry (by its unpacked path) is left out: a tool's folder or an operating system's droppings. */
export function isSkippedEntry(path: string): boolean {
  const segments = path.split('/');
  return segments.some((segment) => SKIPPED_FOLDERS.has(segment)) || SKIPPED_FILE.test(segments.at(-1) ?? '');
}

const MARKDOWN = /\.(md|markdown)$/i;

export interface PostFolders {
  layout: ImportLayoutDto;
  /** Where the posts are, relative to the zip's top ('' is the top itself). */
  folders: string[];
}

/**
 * Where a zip's posts are, from the paths of its files. A zip holding one folder is read inside that
 * folder. Hexo keeps posts in `source/_posts`, Jekyll in `_posts`, Hugo in `content/posts` (or `post`, or
 * the whole `content`); the drafts folders (`_drafts`) are left out, since a post there carries no
 * `draft: true` and would be published. Anything else is a folder of posts: every Markdown file in it.
 */
export function postFolders(files: readonly string[]): PostFolders {
  const top = singleTopFolder(files);
  const base = top === undefined ? '' : `${top}/`;
  const inside = (folder: string) => files.some((file) => file.startsWith(`${base}${folder}/`) && MARKDOWN.test(file));
  const at = (folder: string) => `${base}${folder}`;
  if (inside('source/_posts')) return { layout: 'hexo', folders: [at('source/_posts')] };
  if (inside('_posts')) return { layout: 'jekyll', folders: [at('_posts')] };
  const hugoConfig = files.some((file) => /^(hugo|config)\.(toml|ya?ml|json)$|^config\//.test(file.slice(base.length)));
  if (hugoConfig && inside('content')) {
    const posts = ['content/posts', 'content/post'].find(inside) ?? 'content';
    return { layout: 'hugo', folders: [at(posts)] };
  }
  return { layout: 'folder', folders: [top ?? ''] };
}

/** The one folder every file is in, when there is one (a zip of a folder, rather than of its contents). */
function singleTopFolder(files: readonly string[]): string | undefined {
  const first = files[0]?.split('/');
  if (!first || first.length < 2) return undefined;
  const top = first[0]!;
  return files.every((file) => file.startsWith(`${top}/`)) ? top : undefined;
}

/** A name as a refusal quotes it: at most 80 characters. */
export function quotedEntryName(name: string): string {
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}
