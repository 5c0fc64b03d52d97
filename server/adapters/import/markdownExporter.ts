import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { frontMatterOf } from '../../domain/content/frontMatter';
import type { ArticleRepository } from '../../ports/articleRepository';
import type { ObjectStore } from '../../ports/mediaStore';
import { rewriteImageTargets } from './markdownLinks';

const MEDIA_URL = /^\/media\/([A-Za-z0-9._-]+)$/;

export interface ExportReport {
  files: string[];
  /** Media the articles point at but the media folder lacks (their links are kept as they were). */
  missingMedia: string[];
}

/**
 * Writes every article (whatever its status) as `posts/<slug>.md` with front matter the importer reads
 * back to the same article, and copies the media it uses into `images/`, linked as `../images/<name>`.
 */
export async function exportArticles(
  deps: { articles: ArticleRepository; media: ObjectStore },
  folder: string,
): Promise<ExportReport> {
  const postsDir = path.join(folder, 'posts');
  const imagesDir = path.join(folder, 'images');
  await fs.mkdir(postsDir, { recursive: true });
  const report: ExportReport = { files: [], missingMedia: [] };
  const copied = new Set<string>();

  const relink = async (target: string): Promise<string | undefined> => {
    const name = MEDIA_URL.exec(target)?.[1];
    if (!name) return undefined;
    if (!copied.has(name)) {
      try {
        const found = await deps.media.get(name);
        if (!found) throw new Error(`no media ${name}`);
        await fs.mkdir(imagesDir, { recursive: true });
        await pipeline(found.body, createWriteStream(path.join(imagesDir, name)));
        copied.add(name);
      } catch {
        report.missingMedia.push(target);
        return undefined;
      }
    }
    return `../images/${name}`;
  };

  const used = new Set<string>();
  for (const article of await deps.articles.all()) {
    const content = await rewriteImageTargets(article.content, relink);
    const cover = article.cover === '' ? '' : ((await relink(article.cover)) ?? article.cover);
    const data = frontMatterOf({ ...article, cover });
    // An object, not the text: given text, gray-matter would read a leading `---` of the body as front matter.
    const file = uniqueName(article.sourceKey, used);
    await fs.writeFile(path.join(postsDir, file), matter.stringify({ content }, data), 'utf8');
    report.files.push(path.join('posts', file));
  }
  return report;
}

function uniqueName(sourceKey: string, used: Set<string>): string {
  const base =
    sourceKey
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'article';
  let name = `${base}.md`;
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base}-${n}.md`;
  used.add(name.toLowerCase());
  return name;
}
