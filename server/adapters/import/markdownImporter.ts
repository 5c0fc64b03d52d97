import fs from 'node:fs/promises';
import path from 'node:path';
import type { ArticleDraft } from '../../domain/content/article';
import { articleFromFrontMatter, ImportProblem } from '../../domain/content/frontMatter';
import { escapeHtml } from '../../domain/content/html';
import { contentMessages } from '../../domain/content/messages';
import type { ArticleRepository } from '../../ports/articleRepository';
import type { MediaStore } from '../../ports/mediaStore';
import type { NotificationPublisher } from '../../ports/notificationPublisher';
import type { ChangeNotifier } from '../../ports/readCache';
import { readFrontMatter } from './frontMatterFile';
import { readImportableImage } from './importableImage';
import { isImageTarget, rewriteImageTargets } from './markdownLinks';

const problem = contentMessages.importer;

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the folder given on the command line (the file name for a single file). */
  relative: string;
  /** The folder the import may read from: images outside it (after `..` and links) are refused. */
  root: string;
}

export type ImportOutcome =
  | { file: SourceFile; status: 'created' | 'updated'; id: number; warning?: string }
  | { file: SourceFile; status: 'failed'; error: string };

const MARKDOWN = /\.(md|markdown)$/i;

/**
 * Markdown files under the given folders and files, each with its path relative to what was named. Images
 * are read only from inside the named folder (a single file's own folder), or from `options.root` when
 * given (a blog's source folder whose posts refer to `../images/`).
 */
export async function findMarkdownFiles(targets: string[], options: { root?: string } = {}): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const target of targets) {
    const absolute = path.resolve(target);
    const explicitRoot = options.root === undefined ? undefined : path.resolve(options.root);
    if (explicitRoot && absolute !== explicitRoot && !absolute.startsWith(explicitRoot + path.sep)) {
      throw new ImportProblem(problem.outsideFolder(target));
    }
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (stat?.isDirectory()) {
      const entries = await fs.readdir(absolute, { recursive: true, withFileTypes: true });
      const found = entries
        .filter((entry) => entry.isFile() && MARKDOWN.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
      for (const file of found) {
        files.push({ path: file, relative: path.relative(absolute, file).split(path.sep).join('/'), root: explicitRoot ?? absolute });
      }
    } else if (stat?.isFile() && MARKDOWN.test(absolute)) {
      files.push({ path: absolute, relative: path.basename(absolute), root: explicitRoot ?? path.dirname(absolute) });
    } else {
      throw new ImportProblem(problem.noMarkdown(target));
    }
  }
  return files;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * Imports Markdown posts with Hexo, Hugo or Jekyll front matter. Each file is read, its local images are
 * copied into the media store and relinked, and the article is written in one transaction: a bad file is
 * reported and skipped, and never leaves part of itself behind.
 */
export class MarkdownImporter {
  constructor(
    private readonly deps: {
      articles: ArticleRepository;
      media: MediaStore;
      /** Told about newly public articles; seeding passes none. */
      notifications?: NotificationPublisher;
      /** Told of every article written: the home list, taxonomy and facts kept by running servers show them. */
      changes?: ChangeNotifier;
    },
  ) {}

  /** Reads one file into an article, copying its images; throws ImportProblem naming what is wrong. */
  async prepare(file: SourceFile): Promise<ArticleDraft> {
    let source: string;
    let modified: Date;
    try {
      source = await fs.readFile(file.path, 'utf8');
      modified = (await fs.stat(file.path)).mtime;
    } catch (error) {
      throw new ImportProblem(problem.unreadableFile((error as NodeJS.ErrnoException).code ?? String(error)));
    }
    const { data, body } = readFrontMatter(source);
    const draft = articleFromFrontMatter({ data, body, relativePath: file.relative, fallbackDate: modified.toISOString() });
    const folder = path.dirname(file.path);
    const localImage = async (target: string, required: boolean): Promise<string | undefined> => {
      if (EXTERNAL.test(target) || target.startsWith('/media/')) return undefined;
      const clean = safeDecode(target.split(/[?#]/)[0] ?? '');
      if (clean.startsWith('/')) return undefined; // a site-absolute path: served elsewhere, not ours to copy
      try {
        const image = await readImportableImage(file.root, folder, target, clean);
        return await this.deps.media.save(image.bytes, image.extension);
      } catch (error) {
        if (!required) return undefined;
        if (error instanceof ImportProblem) throw error;
        throw new ImportProblem(problem.unreadableImage(target, (error as NodeJS.ErrnoException).code ?? String(error)));
      }
    };
    const content = await rewriteImageTargets(draft.content, (target) => localImage(target, isImageTarget(target)));
    const cover = draft.cover === '' ? '' : ((await localImage(draft.cover, true)) ?? draft.cover);
    return { ...draft, content, cover };
  }

  /** Imports every file in turn; `onFile` hears each outcome as it happens. */
  async importFiles(files: SourceFile[], onFile: (outcome: ImportOutcome) => void = () => undefined): Promise<ImportOutcome[]> {
    const outcomes: ImportOutcome[] = [];
    for (const file of files) {
      const outcome = await this.importFile(file);
      outcomes.push(outcome);
      onFile(outcome);
    }
    return outcomes;
  }

  private async importFile(file: SourceFile): Promise<ImportOutcome> {
    let draft: ArticleDraft;
    let written: Awaited<ReturnType<ArticleRepository['upsert']>>;
    try {
      draft = await this.prepare(file);
      written = await this.deps.articles.upsert(draft);
    } catch (error) {
      return { file, status: 'failed', error: problem.fileProblem(file.relative, error instanceof Error ? error.message : String(error)) };
    }
    this.deps.changes?.changed(['articles']);
    const outcome = { file, status: written.created ? ('created' as const) : ('updated' as const), id: written.id };
    if (!written.becamePublic || !this.deps.notifications) return outcome;
    try {
      await this.deps.notifications.toAllUsers({
        type: 1,
        message: contentMessages.notify.articlePublished(escapeHtml(draft.title)),
        toId: written.id,
      });
      return outcome;
    } catch (error) {
      // The article is in; only the announcement failed.
      return { ...outcome, warning: problem.notifyFailed(error instanceof Error ? error.message : String(error)) };
    }
  }
}

function safeDecode(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}
