import path from 'node:path';
import type { ArticleDraft, ArticleStatus } from '../../../domain/content/article';
import { normaliseBody, parseDate } from '../../../domain/content/frontMatter';
import { summarize } from '../../../domain/content/markdownText';
import { contentMessages } from '../../../domain/content/messages';
import { oldAddresses, wordpressIdAddress } from '../../../domain/content/oldAddress';
import { addCommentReports, emptyCommentReport, type CommentImport, type CommentImportOptions, type CommentImportReport } from '../../../domain/comments/commentImport';
import type { ImportedComment } from '../../../domain/comments/importedComments';
import type { ArticleRepository } from '../../../ports/articleRepository';
import type { MediaStore } from '../../../ports/mediaStore';
import type { OldAddressRepository } from '../../../ports/oldAddressRepository';
import type { ChangeNotifier } from '../../../ports/readCache';
import { readImportableImage } from '../importableImage';
import type { ImportOutcome, SourceFile } from '../markdownImporter';
import { rewriteTargets } from '../markdownLinks';
import { titleText, wordpressToMarkdown } from './wordpressHtml';
import { wxrItemComments } from './wxrComments';
import { readWxrItems, type WxrItem } from './wxrReader';

const problem = contentMessages.importer;
const text = problem.wxr;
const UPLOADS = /^(?:[a-z]+:)?(?:\/\/[^/]+)?\/?(?:[^?#]*\/)?wp-content\/uploads\/([^?#]+)/i;
const NO_DATE = /^0000-00-00/;

/** The stores one batch writes through: bound to that batch's transaction. */
export interface WxrStores {
  articles: ArticleRepository;
  oldAddresses: OldAddressRepository;
  comments: CommentImport;
}

/** Runs one batch of writes in one transaction (see wxrBatches.ts). */
export type WxrBatch = <T>(work: (stores: WxrStores) => Promise<T>) => Promise<T>;

export interface WxrImportOptions {
  /** The `wp-content/uploads` folder: pictures under it are copied by their bytes. */
  uploads?: string | undefined;
  /** Read, convert and match everything; write nothing. */
  dryRun?: boolean;
  /** Who the owner's comments go to, and the old guestbook's address (as for comment exports). */
  comments?: Pick<CommentImportOptions, 'as' | 'guestbook'>;
}

export interface WxrImportResult {
  outcomes: ImportOutcome[];
  /** Items that are no posts or pages, by WordPress type. */
  skipped: Record<string, number>;
  /** Comments in the export, pingbacks and trackbacks included. */
  comments: number;
  pingbacks: number;
  /** What the comments' import did (or would do). */
  commentReport: CommentImportReport;
  /** Comments that could not be read, each with its reason. */
  refusedComments: string[];
}

/** Posts written per transaction: one commit per post is what made a large export slow. */
const POSTS_PER_BATCH = 200;

/** A post converted outside the transaction, ready to be written. */
type Prepared =
  | { item: WxrItem; source: SourceFile; title: string; draft: ArticleDraft; addresses: string[]; warnings: string[]; unknown: Record<string, number> }
  | { item: WxrItem; failed: ImportOutcome };

/** A WordPress date: the GMT one when set, else the local one read as site time. */
function wordpressDate(gmt: string, local: string, field: string): string | undefined {
  if (gmt !== '' && !NO_DATE.test(gmt)) return parseDate(`${gmt} UTC`, field);
  if (local !== '' && !NO_DATE.test(local)) return parseDate(local, field);
  return undefined;
}

/**
 * Imports a WordPress export (WXR 1.0–1.2): posts and pages become articles with their state, taxonomy,
 * cover and old addresses, their comments our threads (through the comment import); pictures under
 * `wp-content/uploads` are copied from the uploads folder when it is given. Read twice as a stream (first
 * the attachments a cover or gallery names, then the posts), so memory stays flat however large the
 * export; posts are converted outside the database and written 200 to a transaction with their comments.
 * `dryRun` reads, converts and matches everything and writes nothing.
 */
export class WxrImporter {
  constructor(
    private readonly deps: {
      batch: WxrBatch;
      media: MediaStore;
      changes?: ChangeNotifier;
    },
  ) {}

  async importFile(file: string, options: WxrImportOptions = {}, onItem: (outcome: ImportOutcome) => void = () => undefined): Promise<WxrImportResult> {
    const attachments = new Map<string, string>();
    for await (const item of readWxrItems(file)) {
      if (item.postType === 'attachment' && item.attachmentUrl !== '') attachments.set(item.postId, item.attachmentUrl);
    }
    const result: WxrImportResult = { outcomes: [], skipped: {}, comments: 0, pingbacks: 0, commentReport: emptyCommentReport(), refusedComments: [] };
    let batch: Prepared[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const written = await this.write(batch, options, result);
      batch = [];
      written.forEach(onItem);
    };
    for await (const item of readWxrItems(file)) {
      if (item.postType !== 'post' && item.postType !== 'page') {
        result.skipped[item.postType || '?'] = (result.skipped[item.postType || '?'] ?? 0) + 1;
        continue;
      }
      if (item.status === 'auto-draft' || item.status === 'inherit') continue;
      result.comments += item.comments.length;
      batch.push(await this.prepare(file, item, attachments, options));
      if (batch.length >= POSTS_PER_BATCH) await flush();
    }
    await flush();
    return result;
  }

  /** Writes a batch of posts, then their comments, in one transaction; the outcomes in the export's order. */
  private async write(batch: readonly Prepared[], options: WxrImportOptions, result: WxrImportResult): Promise<ImportOutcome[]> {
    const { outcomes, report } = await this.deps.batch(async (stores) => {
      const outcomes: ImportOutcome[] = [];
      const articles = new Map<string, number>();
      const comments: ImportedComment[] = [];
      for (const post of batch) {
        const idAddress = wordpressIdAddress(post.item.postId, post.item.postType === 'page' ? 'page' : 'post');
        const page = [post.item.link, idAddress];
        const read = wxrItemComments(post.item, page);
        result.pingbacks += read.pingbacks;
        result.refusedComments.push(...read.refused);
        comments.push(...read.comments);
        if ('failed' in post) {
          outcomes.push(post.failed);
          continue;
        }
        let id = 0;
        let created = true;
        if (options.dryRun) {
          id = (await stores.articles.idBySourceKey(post.draft.sourceKey)) ?? 0;
          created = id === 0;
        } else {
          const written = await stores.articles.upsert(post.draft);
          await stores.oldAddresses.remember(written.id, post.addresses);
          id = written.id;
          created = written.created;
        }
        articles.set(idAddress, id);
        outcomes.push({ file: post.source, status: created ? 'created' : 'updated', id, title: post.title, warnings: post.warnings, unknownShortcodes: post.unknown });
      }
      const report = comments.length === 0 ? emptyCommentReport() : await stores.comments.run({ system: 'wordpress', comments, counters: [] }, { ...options.comments, dryRun: options.dryRun ?? false, articles });
      return { outcomes, report };
    });
    result.outcomes.push(...outcomes);
    result.commentReport = addCommentReports(result.commentReport, report);
    if (!options.dryRun) this.deps.changes?.changed(report.added + report.board > 0 ? ['articles', 'articleCounters', 'comments'] : ['articles']);
    return outcomes;
  }

  /** Converts a post (and copies its pictures) before any transaction: only the writes hold the database. */
  private async prepare(file: string, item: WxrItem, attachments: ReadonlyMap<string, string>, options: WxrImportOptions): Promise<Prepared> {
    const title = titleText(item.title);
    const source: SourceFile = { path: file, relative: text.item(title, item.postId), root: path.dirname(file) };
    try {
      const warnings: string[] = [];
      const converted = wordpressToMarkdown(item.content, { attachmentUrl: (id) => attachments.get(id) });
      const upload = (target: string) => this.upload(target, options, warnings);
      const content = await rewriteTargets(converted.markdown, async (target, kind) => (kind === 'image' ? upload(target) : undefined));
      const thumbnail = attachments.get(item.meta.get('_thumbnail_id') ?? '');
      const draft = this.draftOf(item, title, content, warnings);
      draft.cover = thumbnail === undefined ? '' : ((await upload(thumbnail)) ?? thumbnail);
      const unknown = Object.entries(converted.unknown);
      if (unknown.length > 0) warnings.push(problem.unknownShortcodes(unknown.map(([name, count]) => problem.shortcodeCount(name, count)).join('、')));
      const addresses = oldAddresses([item.link, wordpressIdAddress(item.postId, item.postType === 'page' ? 'page' : 'post'), `/archives/${item.postId}.html`, `/archives/${item.postId}`]);
      return { item, source, title, draft, addresses, warnings, unknown: converted.unknown };
    } catch (error) {
      return { item, failed: { file: source, status: 'failed', error: problem.fileProblem(source.relative, error instanceof Error ? error.message : String(error)) } };
    }
  }

  private draftOf(item: WxrItem, title: string, content: string, warnings: string[]): ArticleDraft {
    if (title === '') throw new Error(problem.missingTitle);
    const createdAt = wordpressDate(item.postDateGmt, item.postDate, 'wp:post_date') ?? new Date().toISOString();
    const updatedAt = wordpressDate(item.modifiedGmt, item.modified, 'wp:post_modified') ?? createdAt;
    const categories = item.terms.filter((term) => term.domain === 'category').map((term) => titleText(term.name));
    const [category = null, ...moreCategories] = item.postType === 'page' ? [text.pagesCategory] : [...new Set(categories)];
    if (moreCategories.length > 0) warnings.push(contentMessages.frontMatter.categoriesAsTags(moreCategories.join('、')));
    if (item.postType === 'page') warnings.push(text.page);
    const tags = item.terms.filter((term) => term.domain === 'post_tag' || term.domain === 'tag').map((term) => titleText(term.name));
    let status: ArticleStatus = item.status === 'publish' ? 'public' : 'draft';
    let publishAt: string | undefined;
    if (item.status === 'future') {
      publishAt = createdAt;
      warnings.push(text.scheduled(createdAt));
    }
    if (item.password !== '') {
      status = 'hidden';
      warnings.push(text.passwordProtected);
    }
    const trashed = item.status === 'trash';
    if (trashed) {
      // WordPress remembers the state a trashed post had; restoring it from our bin gives it back.
      if (item.meta.get('_wp_trash_meta_status') === 'publish' && item.password === '') status = 'public';
      warnings.push(text.trashed);
    }
    const excerpt = item.excerpt.trim() === '' ? '' : titleText(item.excerpt);
    return {
      sourceKey: `wordpress-${item.postType}-${item.postId}`,
      title,
      content: normaliseBody(content),
      summary: excerpt !== '' ? excerpt : summarize(content),
      cover: '',
      category,
      tags: [...new Set([...tags, ...moreCategories])].filter((tag) => tag !== ''),
      pinned: item.sticky,
      pinOrder: item.sticky ? 1 : 0,
      status,
      createdAt,
      updatedAt,
      commentsClosed: item.commentStatus === 'closed',
      ...(publishAt === undefined ? {} : { publishAt }),
      ...(trashed ? { trashed } : {}),
    };
  }

  /** A picture under `wp-content/uploads`: copied from the uploads folder by its bytes, else left as it is and listed. */
  private async upload(target: string, options: WxrImportOptions, warnings: string[]): Promise<string | undefined> {
    const match = UPLOADS.exec(target);
    if (!match) return undefined;
    if (options.uploads === undefined) {
      warnings.push(text.remoteImage(target));
      return undefined;
    }
    let relative: string;
    try {
      relative = decodeURI(match[1]!);
    } catch {
      relative = match[1]!;
    }
    const image = await readImportableImage(options.uploads, options.uploads, target, relative);
    if (!image) {
      warnings.push(text.missingUpload(target));
      return undefined;
    }
    return options.dryRun ? undefined : this.deps.media.save(image.bytes, image.extension);
  }
}
