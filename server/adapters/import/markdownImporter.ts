import fs from 'node:fs/promises';
import path from 'node:path';
import { articlePath } from '../../../src/protocol/routes';
import type { ArticleDraft } from '../../domain/content/article';
import { articleFromFrontMatter, ImportProblem } from '../../domain/content/frontMatter';
import { contentMessages } from '../../domain/content/messages';
import type { ArticleRepository } from '../../ports/articleRepository';
import { markdownOldAddresses } from '../../domain/content/postAddresses';
import type { MediaStore } from '../../ports/mediaStore';
import type { OldAddressRepository } from '../../ports/oldAddressRepository';
import type { ChangeNotifier } from '../../ports/readCache';
import { readFrontMatter } from './frontMatterFile';
import { readImportableImage } from './importableImage';
import { isImageTarget, rewriteTargets } from './markdownLinks';
import { PostIndex } from './postIndex';
import { convertShortcodes } from './shortcodes';

const problem = contentMessages.importer;

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the folder given on the command line (the file name for a single file). */
  relative: string;
  /** The folder the import may read from: images outside it (after `..` and links) are refused. */
  root: string;
  /** The Hexo blog's `permalink` setting (its `_config.yml`), when the import was given the blog or found it. */
  permalink?: string;
}

export type ImportOutcome =
  | {
      file: SourceFile;
      status: 'created' | 'updated';
      id: number;
      title: string;
      /** What the blogger should look at: missing pictures, links to posts not imported, shortcodes kept as text. */
      warnings: string[];
      /** Shortcodes and tag plugins kept as text, by name, with how often. */
      unknownShortcodes: Record<string, number>;
    }
  | { file: SourceFile; status: 'failed'; error: string };

type Imported = Extract<ImportOutcome, { status: 'created' | 'updated' }>;

/** A post read and converted, ready to be written. */
interface PreparedPost {
  draft: ArticleDraft;
  warnings: string[];
  unknownShortcodes: Record<string, number>;
  /** Whether it links to other imported posts: those links name articles only once every post has one. */
  linksPosts: boolean;
  /** Where the post was on the old blog (normalised). */
  oldAddresses: string[];
}

const MARKDOWN = /\.(md|markdown)$/i;

/**
 * Markdown files under the given folders and files, each with its path relative to what was named. Images
 * are read only from inside the named folder (a single file's own folder), or from `options.root` when
 * given (a blog's source folder whose posts refer to `../images/`).
 */
export async function findMarkdownFiles(
  targets: string[],
  options: { root?: string; permalink?: string } = {},
): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const target of targets) {
    const absolute = path.resolve(target);
    const permalink = options.permalink ?? (await hexoPermalinkNear(absolute));
    const withPermalink = permalink === undefined ? {} : { permalink };
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
        files.push({
          path: file,
          relative: path.relative(absolute, file).split(path.sep).join('/'),
          root: explicitRoot ?? absolute,
          ...withPermalink,
        });
      }
    } else if (stat?.isFile() && MARKDOWN.test(absolute)) {
      files.push({ path: absolute, relative: path.basename(absolute), root: explicitRoot ?? path.dirname(absolute), ...withPermalink });
    } else {
      throw new ImportProblem(problem.noMarkdown(target));
    }
  }
  return files;
}

/**
 * The `permalink` of a Hexo blog's `_config.yml` in the named folder or up to two folders above it (the blog,
 * its `source`, its `source/_posts`); none when there is no such file or it does not say.
 */
async function hexoPermalinkNear(target: string): Promise<string | undefined> {
  let folder = target;
  for (let level = 0; level < 3; level++) {
    const config = await fs.readFile(path.join(folder, '_config.yml'), 'utf8').catch(() => undefined);
    if (config !== undefined) {
      try {
        const permalink = readFrontMatter(`---\n${config}\n---\n`).data.permalink;
        return typeof permalink === 'string' && permalink.trim() !== '' ? permalink.trim() : undefined;
      } catch {
        return undefined; // a broken site configuration costs only the pattern: Hexo's default stands in
      }
    }
    folder = path.dirname(folder);
  }
  return undefined;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** A link to another post's Markdown file, relative to the post (`../b/index.md#part`): the path, decoded, and the fragment. */
function postLink(target: string): { path: string; fragment: string } | undefined {
  const [file = '', fragment = ''] = target.split('#');
  const clean = safeDecode(file.split('?')[0] ?? '');
  if (EXTERNAL.test(target) || clean.startsWith('/') || !MARKDOWN.test(clean)) return undefined;
  return { path: clean, fragment };
}

/**
 * Imports Markdown posts with Hexo, Hugo or Jekyll front matter. Each file is read, its shortcodes and tag
 * plugins converted, its local images copied into the media store and relinked, and the article written in
 * one transaction: a bad file is reported and skipped, and never leaves part of itself behind. Links between
 * the posts are pointed at their articles in a second pass, once every post has one.
 */
export class MarkdownImporter {
  constructor(
    private readonly deps: {
      articles: ArticleRepository;
      media: MediaStore;
      /** Where old addresses are remembered; none (the demo seed) remembers none. */
      oldAddresses?: OldAddressRepository;
      /** Told of every article written: the home list, taxonomy and facts kept by running servers show them. */
      changes?: ChangeNotifier;
    },
  ) {}

  /** Reads one file into an article, copying its images; throws ImportProblem naming what is wrong. */
  async prepare(file: SourceFile): Promise<ArticleDraft> {
    return (await this.read(file, new PostIndex([file]))).draft;
  }

  private async read(file: SourceFile, posts: PostIndex, dryRun = false): Promise<PreparedPost> {
    let source: string;
    let modified: Date;
    try {
      source = await fs.readFile(file.path, 'utf8');
      modified = (await fs.stat(file.path)).mtime;
    } catch (error) {
      throw new ImportProblem(problem.unreadableFile((error as NodeJS.ErrnoException).code ?? String(error)));
    }
    const { data, body } = readFrontMatter(source);
    const converted = await convertShortcodes(body, {
      assetFolder: path.basename(file.path).replace(MARKDOWN, ''),
      findPost: async (reference) => {
        const target = posts.named(file, reference);
        return target && { target: posts.linkFrom(file, target), title: (await posts.title(target)) ?? reference };
      },
    });
    const warnings = converted.missingPosts.map(problem.missingPost);
    const draft = articleFromFrontMatter({
      data,
      body: converted.markdown,
      ...(converted.excerpt === undefined ? {} : { excerpt: converted.excerpt }),
      relativePath: file.relative,
      fallbackDate: modified.toISOString(),
      onNote: (note) => warnings.push(note),
    });
    const folder = path.dirname(file.path);
    const localImage = async (target: string, required: boolean): Promise<string | undefined> => {
      if (EXTERNAL.test(target) || target.startsWith('/media/')) return undefined;
      const clean = safeDecode(target.split(/[?#]/)[0] ?? '');
      if (clean.startsWith('/')) return undefined; // a site-absolute path: served elsewhere, not ours to copy
      try {
        const image = await readImportableImage(file.root, folder, target, clean);
        // A dry run finds the picture and copies nothing.
        if (image) return dryRun ? undefined : await this.deps.media.save(image.bytes, image.extension);
        if (!required) return undefined;
        // A missing picture costs the post only that picture.
        warnings.push(problem.missingImage(target));
        return '';
      } catch (error) {
        if (!required) return undefined;
        if (error instanceof ImportProblem) throw error;
        throw new ImportProblem(problem.unreadableImage(target, (error as NodeJS.ErrnoException).code ?? String(error)));
      }
    };
    let linksPosts = false;
    const content = await rewriteTargets(draft.content, async (target, kind) => {
      const link = kind === 'link' ? postLink(target) : undefined;
      if (link) {
        if (posts.atPath(file, link.path)) linksPosts = true;
        else warnings.push(problem.missingPost(target));
        return undefined;
      }
      return kind === 'image' || isImageTarget(target) ? localImage(target, isImageTarget(target)) : undefined;
    });
    const cover = draft.cover === '' ? '' : ((await localImage(draft.cover, true)) ?? draft.cover);
    const unknown = Object.entries(converted.unknown);
    if (unknown.length > 0) {
      warnings.push(problem.unknownShortcodes(unknown.map(([name, count]) => problem.shortcodeCount(name, count)).join('、')));
    }
    const oldAddresses = markdownOldAddresses({ data, relativePath: file.relative, createdAt: draft.createdAt, permalink: file.permalink });
    return { draft: { ...draft, content, cover }, warnings, unknownShortcodes: converted.unknown, linksPosts, oldAddresses };
  }

  /**
   * Imports every file in turn; `onFile` hears each outcome as it happens. Warnings met while linking the
   * posts to each other are added to the outcomes afterwards. `dryRun` reads and converts every file and
   * writes nothing: the outcomes say what the import would do (an article's id is that of the one it would update).
   */
  async importFiles(
    files: SourceFile[],
    onFile: (outcome: ImportOutcome) => void = () => undefined,
    options: { dryRun?: boolean } = {},
  ): Promise<ImportOutcome[]> {
    const posts = new PostIndex(files);
    const outcomes: ImportOutcome[] = [];
    const linking: { outcome: Imported; draft: ArticleDraft }[] = [];
    for (const file of files) {
      const { outcome, prepared } = await this.importFile(file, posts, options.dryRun ?? false);
      outcomes.push(outcome);
      onFile(outcome);
      if (outcome.status !== 'failed' && prepared?.linksPosts && !options.dryRun) linking.push({ outcome, draft: prepared.draft });
    }
    const ids = new Map(outcomes.flatMap((o) => (o.status === 'failed' ? [] : [[o.file.path, o.id] as const])));
    for (const { outcome, draft } of linking) await this.linkPosts(outcome, draft, posts, ids);
    return outcomes;
  }

  /** Points the links to other posts' files at their articles (`/article?id=…`). */
  private async linkPosts(outcome: Imported, draft: ArticleDraft, posts: PostIndex, ids: ReadonlyMap<string, number>): Promise<void> {
    const content = await rewriteTargets(draft.content, async (target, kind) => {
      const link = kind === 'link' ? postLink(target) : undefined;
      if (!link) return undefined;
      const id = ids.get(posts.atPath(outcome.file, link.path)?.path ?? '');
      if (id !== undefined) return `${articlePath(id)}${link.fragment ? `#${link.fragment}` : ''}`;
      outcome.warnings.push(problem.missingPost(target));
      return undefined;
    });
    if (content === draft.content) return;
    try {
      await this.deps.articles.upsert({ ...draft, content });
      this.deps.changes?.changed(['articles']);
    } catch (error) {
      outcome.warnings.push(problem.linkingFailed(error instanceof Error ? error.message : String(error)));
    }
  }

  private async importFile(file: SourceFile, posts: PostIndex, dryRun: boolean): Promise<{ outcome: ImportOutcome; prepared?: PreparedPost }> {
    let prepared: PreparedPost;
    let written: Awaited<ReturnType<ArticleRepository['upsert']>>;
    try {
      prepared = await this.read(file, posts, dryRun);
      if (dryRun) {
        const id = await this.deps.articles.idBySourceKey(prepared.draft.sourceKey);
        written = { id: id ?? 0, created: id === undefined, becamePublic: false };
      } else {
        written = await this.deps.articles.upsert(prepared.draft);
        await this.deps.oldAddresses?.remember(written.id, prepared.oldAddresses);
      }
    } catch (error) {
      return { outcome: { file, status: 'failed', error: problem.fileProblem(file.relative, error instanceof Error ? error.message : String(error)) } };
    }
    if (!dryRun) this.deps.changes?.changed(['articles']);
    const outcome: Imported = {
      file,
      status: written.created ? 'created' : 'updated',
      id: written.id,
      title: prepared.draft.title,
      warnings: prepared.warnings,
      unknownShortcodes: prepared.unknownShortcodes,
    };
    // An import announces nothing: a blog moving in must not send each user a notice per old article.
    return { outcome, prepared };
  }
}

function safeDecode(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}
