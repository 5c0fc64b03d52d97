import fs from 'node:fs/promises';
import path from 'node:path';
import type { ArticleDraft, ArticleStatus } from '../../../domain/content/article';
import type { ImportedComment } from '../../../domain/comments/importedComments';
import { ImportProblem, normaliseBody } from '../../../domain/content/frontMatter';
import { summarize } from '../../../domain/content/markdownText';
import { contentMessages } from '../../../domain/content/messages';
import { oldAddresses } from '../../../domain/content/oldAddress';
import { copyUpload, writeArticle, type BlogBackupDeps, type BlogBackupOptions, type BlogBackupResult } from '../blogBackup';
import { commentOf, markdownOfHtml, str } from '../comments/record';
import type { ImportOutcome, SourceFile } from '../markdownImporter';
import { rewriteImageTargets } from '../markdownLinks';
import { wordpressToMarkdown } from '../wxr/wordpressHtml';
import { applyHaloPatch, readHaloExtensions, type HaloExtension } from './haloBackup';

const problem = contentMessages.importer;
const text = contentMessages.blogBackup;
const SYSTEM = 'Halo';
const DATA_FILE = 'extensions.data';
/** The extensions the import reads; snapshots are read in a second pass, only those the posts name. */
const FIRST_PASS = new Set(['posts', 'singlepages', 'categories', 'tags', 'comments', 'replies', 'attachments', 'counters']);
const LOCAL_PATH = 'storage.halo.run/local-relative-path';
const URI = 'storage.halo.run/uri';

type Spec = Record<string, unknown>;
const specOf = (extension: HaloExtension): Spec => extension.spec ?? {};
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(str).filter((item) => item !== '') : []);
const yes = (value: unknown) => value === true;
/** A URL's path without host, query or fragment, decoded. */
function pathOf(target: string): string {
  const bare = target.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/** Whether a folder is an unpacked Halo 2 backup: its `extensions.data` is there. */
export async function isHaloBackupFolder(folder: string): Promise<boolean> {
  return (await fs.stat(path.join(folder, DATA_FILE)).catch(() => undefined))?.isFile() ?? false;
}

interface Backup {
  posts: HaloExtension[];
  pages: HaloExtension[];
  names: Map<string, string>;
  comments: HaloExtension[];
  replies: HaloExtension[];
  /** An upload's addresses (its permalink and URI paths) → its path under `workdir/attachments`. */
  uploads: Map<string, string>;
  /** A counter's name (`posts.content.halo.run/<post>`) → its figures. */
  counters: Map<string, HaloExtension>;
  snapshots: Map<string, Spec>;
}

/**
 * Imports an unpacked Halo 2 backup: posts and single pages with their released content (Markdown as
 * written, HTML converted), categories, tags, cover, pinning, visibility, trash and old addresses;
 * pictures under `workdir/attachments` copied; comments and replies come back as a batch for CommentImport.
 * The data file is read twice as a stream (the posts, then the snapshots they name) and wholly before
 * anything is written: a broken one writes nothing.
 */
export class HaloImporter {
  constructor(private readonly deps: BlogBackupDeps) {}

  async importFolder(folder: string, options: BlogBackupOptions = {}, onItem: (outcome: ImportOutcome) => void = () => undefined): Promise<BlogBackupResult> {
    const file = path.join(folder, DATA_FILE);
    if (!(await isHaloBackupFolder(folder))) throw new ImportProblem(text.haloData(text.haloNoData));
    const backup = await this.read(file);
    const result: BlogBackupResult = { outcomes: [], skipped: [], comments: { system: 'halo', comments: [], counters: [] }, refusedComments: [] };
    /** Each imported post's first old address by `post:<name>` / `page:<name>`: comments and counters find it by it. */
    const pageOf = new Map<string, string>();
    const uploads = path.join(folder, 'workdir', 'attachments');
    for (const [kind, items] of [['post', backup.posts], ['page', backup.pages]] as const) {
      for (const item of items) {
        const spec = specOf(item);
        const slug = str(spec.slug);
        const addresses = oldAddresses([kind === 'post' ? `/archives/${slug}` : `/${slug}`, str(item.status?.permalink)]);
        if (addresses[0] !== undefined) pageOf.set(`${kind}:${item.metadata.name}`, addresses[0]);
        const outcome = await this.importItem(file, kind, item, backup, addresses, uploads, options);
        result.outcomes.push(outcome);
        onItem(outcome);
        const views = backup.counters.get(`${kind === 'post' ? 'posts' : 'singlepages'}.content.halo.run/${item.metadata.name}`)?.visit;
        if (typeof views === 'number' && views > 0 && addresses[0] !== undefined) result.comments.counters.push({ page: [addresses[0]], views });
      }
    }
    this.readComments(backup, pageOf, result);
    return result;
  }

  private async read(file: string): Promise<Backup> {
    const backup: Backup = { posts: [], pages: [], names: new Map(), comments: [], replies: [], uploads: new Map(), counters: new Map(), snapshots: new Map() };
    for await (const extension of readHaloExtensions(file, (plural) => FIRST_PASS.has(plural))) {
      const { kind, metadata } = extension;
      const spec = specOf(extension);
      if (kind === 'Post') backup.posts.push(extension);
      else if (kind === 'SinglePage') backup.pages.push(extension);
      else if (kind === 'Category' || kind === 'Tag') backup.names.set(`${kind}:${metadata.name}`, str(spec.displayName) || metadata.name);
      else if (kind === 'Comment') backup.comments.push(extension);
      else if (kind === 'Reply') backup.replies.push(extension);
      else if (kind === 'Counter') backup.counters.set(metadata.name, extension);
      else if (kind === 'Attachment') {
        const local = metadata.annotations?.[LOCAL_PATH]?.replace(/\\/g, '/');
        if (local === undefined) continue;
        for (const address of [str(extension.status?.permalink), metadata.annotations?.[URI] ?? '']) {
          if (address !== '') backup.uploads.set(pathOf(address), local);
        }
      }
    }
    const wanted = new Set<string>();
    for (const item of [...backup.posts, ...backup.pages]) {
      for (const key of ['baseSnapshot', 'releaseSnapshot', 'headSnapshot']) {
        const name = str(specOf(item)[key]);
        if (name !== '') wanted.add(name);
      }
    }
    for await (const snapshot of readHaloExtensions(file, (plural, name) => plural === 'snapshots' && wanted.has(name.slice(name.lastIndexOf('/') + 1)))) {
      backup.snapshots.set(snapshot.metadata.name, specOf(snapshot));
    }
    return backup;
  }

  /** The post's Markdown: the released snapshot (the head one for a draft), rebuilt from its base. */
  private contentOf(spec: Spec, snapshots: ReadonlyMap<string, Spec>): { markdown: string; unknown: Record<string, number> } {
    const name = str(yes(spec.publish) ? spec.releaseSnapshot || spec.headSnapshot : spec.headSnapshot || spec.releaseSnapshot);
    const snapshot = snapshots.get(name);
    if (!snapshot) throw new ImportProblem(text.missingSnapshot(name));
    const baseName = str(spec.baseSnapshot) || name;
    const base = snapshots.get(baseName);
    if (!base) throw new ImportProblem(text.missingSnapshot(baseName));
    const rebuild = (field: 'rawPatch' | 'contentPatch') =>
      baseName === name ? str(snapshot[field]) : applyHaloPatch(typeof base[field] === 'string' ? base[field] : '', typeof snapshot[field] === 'string' ? snapshot[field] : '[]');
    if (str(snapshot.rawType).toLowerCase() === 'markdown') {
      const raw = rebuild('rawPatch');
      if (raw === undefined) throw new ImportProblem(text.brokenSnapshot(name));
      return { markdown: raw, unknown: {} };
    }
    const html = rebuild('contentPatch');
    if (html === undefined) throw new ImportProblem(text.brokenSnapshot(name));
    return wordpressToMarkdown(html, { attachmentUrl: () => undefined });
  }

  private async importItem(
    file: string,
    kind: 'post' | 'page',
    item: HaloExtension,
    backup: Backup,
    addresses: string[],
    uploads: string,
    options: BlogBackupOptions,
  ): Promise<ImportOutcome> {
    const spec = specOf(item);
    const title = str(spec.title);
    const source: SourceFile = { path: file, relative: text.item(title, item.metadata.name), root: path.dirname(file) };
    try {
      if (title === '') throw new Error(problem.missingTitle);
      const warnings: string[] = [];
      const converted = this.contentOf(spec, backup.snapshots);
      const upload = (target: string) => {
        const at = pathOf(target);
        const relative = backup.uploads.get(at) ?? (at.startsWith('/upload/') ? at.slice(1) : undefined);
        return copyUpload(this.deps, target, relative, uploads, warnings, options.dryRun);
      };
      const content = await rewriteImageTargets(converted.markdown, upload);
      const cover = str(spec.cover);
      const draft = this.draftOf(kind, item, title, content, backup, warnings);
      draft.cover = cover === '' ? '' : ((await upload(cover)) ?? cover);
      const unknown = Object.entries(converted.unknown);
      if (unknown.length > 0) warnings.push(problem.unknownShortcodes(unknown.map(([name, count]) => problem.shortcodeCount(name, count)).join('、')));
      const { id, created } = await writeArticle(this.deps, draft, addresses, options.dryRun);
      return { file: source, status: created ? 'created' : 'updated', id, title, warnings, unknownShortcodes: converted.unknown };
    } catch (error) {
      return { file: source, status: 'failed', error: problem.fileProblem(source.relative, error instanceof Error ? error.message : String(error)) };
    }
  }

  private draftOf(kind: 'post' | 'page', item: HaloExtension, title: string, content: string, backup: Backup, warnings: string[]): ArticleDraft {
    const spec = specOf(item);
    const createdAt = new Date(str(spec.publishTime) || item.metadata.creationTimestamp || Date.now()).toISOString();
    const modified = str(item.status?.lastModifyTime);
    const updatedAt = modified === '' ? createdAt : new Date(modified).toISOString();
    const nameOf = (type: 'Category' | 'Tag') => (name: string) => backup.names.get(`${type}:${name}`) ?? name;
    const categories = list(spec.categories).map(nameOf('Category'));
    const [category = null, ...moreCategories] = kind === 'page' ? [problem.wxr.pagesCategory] : [...new Set(categories)];
    if (moreCategories.length > 0) warnings.push(contentMessages.frontMatter.categoriesAsTags(moreCategories.join('、')));
    if (kind === 'page') warnings.push(text.page(SYSTEM));
    let status: ArticleStatus = yes(spec.publish) ? 'public' : 'draft';
    if (status === 'public' && str(spec.visible) !== '' && str(spec.visible) !== 'PUBLIC') {
      status = 'draft';
      warnings.push(text.private);
    }
    let publishAt: string | undefined;
    if (status === 'public' && Date.parse(createdAt) > Date.now()) {
      status = 'draft';
      publishAt = createdAt;
      warnings.push(problem.wxr.scheduled(createdAt));
    }
    const trashed = yes(spec.deleted) || Boolean(item.metadata.deletionTimestamp);
    if (trashed) warnings.push(text.trashed(SYSTEM));
    const excerpt = spec.excerpt as { autoGenerate?: unknown; raw?: unknown } | undefined;
    const summary = excerpt?.autoGenerate === false ? str(excerpt.raw) : '';
    return {
      sourceKey: `halo-${kind}-${item.metadata.name}`,
      title,
      content: normaliseBody(content),
      summary: summary !== '' ? summary : summarize(content),
      cover: '',
      category,
      tags: [...new Set([...list(spec.tags).map(nameOf('Tag')), ...moreCategories])],
      pinned: yes(spec.pinned),
      pinOrder: yes(spec.pinned) ? 1 : 0,
      status,
      createdAt,
      updatedAt,
      commentsClosed: spec.allowComment === false,
      ...(publishAt === undefined ? {} : { publishAt }),
      ...(trashed ? { trashed } : {}),
    };
  }

  /**
   * Halo's comments and replies: a reply belongs to its comment and answers the reply it quotes; not
   * approved is waiting, hidden is kept from readers (waiting too), deleted ones stay out. A comment by the
   * account that owns a post or page is the blogger's; likes are their upvote counters.
   */
  private readComments(backup: Backup, pageOf: ReadonlyMap<string, string>, result: BlogBackupResult) {
    const owners = new Set([...backup.posts, ...backup.pages].map((item) => str(specOf(item).owner)).filter((owner) => owner !== ''));
    const commentPage = new Map<string, string>();
    const pageOfSubject = (subject: { kind?: unknown; name?: unknown } | undefined) => {
      const kind = str(subject?.kind);
      const key = `${kind === 'Post' ? 'post' : kind === 'SinglePage' ? 'page' : kind}:${str(subject?.name)}`;
      return pageOf.get(key) ?? `halo:${key}`;
    };
    const read = (extension: HaloExtension, plural: 'comments' | 'replies', parentId: string, page: string) => {
      const spec = specOf(extension);
      const owner = spec.owner as { kind?: unknown; name?: unknown; displayName?: unknown; annotations?: Record<string, unknown> } | undefined;
      const state: ImportedComment['state'] = extension.metadata.deletionTimestamp ? 'deleted' : !yes(spec.approved) || yes(spec.hidden) ? 'waiting' : 'approved';
      const comment = commentOf({
        sourceId: extension.metadata.name,
        parentId,
        page: [page],
        nickName: owner?.displayName,
        email: str(owner?.kind) === 'Email' ? owner?.name : '',
        site: owner?.annotations?.website,
        content: str(spec.raw) || markdownOfHtml(str(spec.content)),
        time: str(spec.creationTime) || extension.metadata.creationTimestamp,
        state,
        likes: backup.counters.get(`${plural}.content.halo.run/${extension.metadata.name}`)?.upvote ?? 0,
        owner: str(owner?.kind) === 'User' && owners.has(str(owner?.name)),
      });
      if (typeof comment === 'string') result.refusedComments.push(comment);
      else result.comments.comments.push(comment);
    };
    for (const comment of backup.comments) {
      const page = pageOfSubject(specOf(comment).subjectRef as { kind?: unknown; name?: unknown } | undefined);
      commentPage.set(comment.metadata.name, page);
      read(comment, 'comments', '', page);
    }
    for (const reply of backup.replies) {
      const spec = specOf(reply);
      const commentName = str(spec.commentName);
      read(reply, 'replies', str(spec.quoteReply) || commentName, commentPage.get(commentName) ?? `halo:comment:${commentName}`);
    }
  }
}
