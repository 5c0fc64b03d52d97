import fs from 'node:fs/promises';
import path from 'node:path';
import { readFrontMatter } from './frontMatterFile';
import type { SourceFile } from './markdownImporter';

/** A path's parts, lower-cased, without `.md`, a page bundle's `index.md` or empty parts: `posts/x/index.md` → posts, x. */
function keyOf(file: string): string[] {
  const parts = file
    .replace(/\\/g, '/')
    .replace(/\/+$/, '')
    .replace(/\.(md|markdown)$/i, '')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  if (parts.length > 1 && /^_?index$/i.test(parts.at(-1)!)) parts.pop();
  return parts.map((part) => part.toLowerCase());
}

/** The files of one import, found by the ways posts refer to each other. */
export class PostIndex {
  private readonly keyed: { file: SourceFile; key: string[] }[];
  private readonly titles = new Map<string, Promise<string | undefined>>();

  constructor(files: SourceFile[]) {
    this.keyed = files.map((file) => ({ file, key: keyOf(file.path) }));
  }

  /** The imported file a relative link from `from` points at (`../b/index.md`, `b.md`). */
  atPath(from: SourceFile, target: string): SourceFile | undefined {
    if (path.isAbsolute(target)) return undefined;
    const key = keyOf(path.resolve(path.dirname(from.path), target)).join('/');
    return this.keyed.find((entry) => entry.key.join('/') === key)?.file;
  }

  /**
   * The imported file a Hugo ref/relref path or a Hexo post_link slug names: relative to the post first (as
   * Hugo tries), else the one file whose path ends with it (`posts/x/index.md`, `x`, `/posts/x/`).
   */
  named(from: SourceFile, reference: string): SourceFile | undefined {
    const near = reference.startsWith('/') ? undefined : this.atPath(from, reference);
    if (near) return near;
    const wanted = keyOf(reference);
    if (wanted.length === 0) return undefined;
    const found = this.keyed.filter(({ key }) => key.length >= wanted.length && wanted.every((part, i) => key[key.length - wanted.length + i] === part));
    return found.length === 1 ? found[0]!.file : undefined;
  }

  /** How `from` links to `to`: the relative path a blogger would write. */
  linkFrom(from: SourceFile, to: SourceFile): string {
    return path.relative(path.dirname(from.path), to.path).split(path.sep).join('/');
  }

  /** The post's title from its front matter (read once), or undefined when it cannot be read. */
  title(file: SourceFile): Promise<string | undefined> {
    let title = this.titles.get(file.path);
    if (!title) {
      title = fs
        .readFile(file.path, 'utf8')
        .then((source) => {
          const value = readFrontMatter(source).data.title;
          return typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined;
        })
        .catch(() => undefined);
      this.titles.set(file.path, title);
    }
    return title;
  }
}
