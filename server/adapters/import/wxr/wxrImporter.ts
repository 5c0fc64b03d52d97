import path from 'node:path';
import type { ArticleDraft, ArticleStatus } from '../../../domain/content/article';
import { normaliseBody, parseDate } from '../../../domain/content/frontMatter';
import { summarize } from '../../../domain/content/markdownText';
import { contentMessages } from '../../../domain/content/messages';
import { oldAddresses, wordpressIdAddress } from '../../../domain/content/oldAddress';
import type { ArticleRepository } from '../../../ports/articleRepository';
import type { MediaStore } from '../../../ports/mediaStore';
import type { OldAddressRepository } from '../../../ports/oldAddressRepository';
import type { ChangeNotifier } from '../../../ports/readCache';
import { readImportableImage } from '../importableImage';
import type { ImportOutcome, SourceFile } from '../markdownImporter';
import { rewriteTargets } from '../markdownLinks';
import { titleText, wordpressToMarkdown } from './wordpressHtml';
import { readWxrItems, type WxrItem } from './wxrReader';

const problem = contentMessages.importer;
const text = problem.wxr;
const UPLOADS = /^(?:[a-z]+:)?(?:\/\/[^/]+)?\/?(?:[^?#]*\/)?wp-content\/uploads\/([^?#]+)/i;
const NO_DATE = /^0000-00-00/;

export interface WxrImportResult {
  outcomes: ImportOutcome[];
  /** Items that are no posts or pages, by WordPress type. */
  skipped: Record<string, number>;
  comments: number;
  pingbacks: number;
}

/** A WordPress date: the GMT one when set, else the local one read as site time. */
function wordpressDate(gmt: string, local: string, field: string): string | undefined {
  if (gmt !== '' && !NO_DATE.test(gmt)) return parseDate(`${gmt} UTC`, field);
  if (local !== '' && !NO_DATE.test(local)) return parseDate(local, field);
  return undefined;
}

/**
 * Imports a WordPress export (WXR 1.0–1.2): posts and pages become articles with their state, taxonomy,
 * cover and old addresses; pictures under `wp-content/uploads` are copied from the uploads folder when it
 * is given. Read twice as a stream (first the attachments a cover or gallery names, then the posts), so
 * memory stays flat however large the export. `dryRun` reads and converts everything and writes nothing.
 */
export class WxrImporter {
  constructor(
    private readonly deps: {
      articles: ArticleRepository;
      media: MediaStore;
      oldAddresses: OldAddressRepository;
      changes?: ChangeNotifier;
    },
  ) {}

  async importFile(
    file: string,
    options: { uploads?: string | undefined; dryRun?: boolean } = {},
    onItem: (outcome: ImportOutcome) => void = () => undefined,
  ): Promise<WxrImportResult> {
    const attachments = new Map<string, string>();
    for await (const item of readWxrItems(file)) {
      if (item.postType === 'attachment' && item.attachmentUrl !== '') attachments.set(item.postId, item.attachmentUrl);
    }
    const result: WxrImportResult = { outcomes: [], skipped: {}, comments: 0, pingbacks: 0 };
    for await (const item of readWxrItems(file)) {
      if (item.postType !== 'post' && item.postType !== 'page') {
        result.skipped[item.postType || '?'] = (result.skipped[item.postType || '?'] ?? 0) + 1;
        continue;
      }
      if (item.status === 'auto-draft' || item.status === 'inherit') continue;
      for (const comment of item.comments) {
        result.comments++;
        if (comment.type === 'pingback' || comment.type === 'trackback') result.pingbacks++;
      }
      const outcome = await this.importItem(file, item, attachments, options);
      result.outcomes.push(outcome);
      onItem(outcome);
    }
    return result;
  }

  private async importItem(
    file: string,
    item: WxrItem,
    attachments: ReadonlyMap<string, string>,
    options: { uploads?: string | undefined; dryRun?: boolean },
  ): Promise<ImportOutcome> {
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
      let id = 0;
      let created = true;
      if (!options.dryRun) {
        const written = await this.deps.articles.upsert(draft);
        await this.deps.oldAddresses.remember(written.id, addresses);
        this.deps.changes?.changed(['articles']);
        id = written.id;
        created = written.created;
      }
      return { file: source, status: created ? 'created' : 'updated', id, title, warnings, unknownShortcodes: converted.unknown };
    } catch (error) {
      return { file: source, status: 'failed', error: problem.fileProblem(source.relative, error instanceof Error ? error.message : String(error)) };
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
  private async upload(target: string, options: { uploads?: string | undefined; dryRun?: boolean }, warnings: string[]): Promise<string | undefined> {
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
