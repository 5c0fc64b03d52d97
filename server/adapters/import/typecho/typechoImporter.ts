import path from 'node:path';
import type { ArticleDraft, ArticleStatus } from '../../../domain/content/article';
import type { ImportedComment } from '../../../domain/comments/importedComments';
import { normaliseBody } from '../../../domain/content/frontMatter';
import { plainText, summarize } from '../../../domain/content/markdownText';
import { contentMessages } from '../../../domain/content/messages';
import { oldAddresses } from '../../../domain/content/oldAddress';
import { copyUpload, writeArticle, type BlogBackupDeps, type BlogBackupOptions, type BlogBackupResult } from '../blogBackup';
import { commentOf, markdownOfHtml } from '../comments/record';
import type { ImportOutcome, SourceFile } from '../markdownImporter';
import { rewriteImageTargets } from '../markdownLinks';
import { wordpressToMarkdown } from '../wxr/wordpressHtml';
import { readTypechoBackup, type TypechoBackup, type TypechoRow } from './typechoBackup';

const problem = contentMessages.importer;
const text = contentMessages.blogBackup;
const SYSTEM = 'Typecho';
/** What Typecho writes before a body written in Markdown; without it the body is HTML. */
const MARKDOWN_PREFIX = '<!--markdown-->';
const MORE = /<!--\s*more\s*-->/;
/** A picture under Typecho's upload folder, on the old site or relative to it. */
const UPLOADS = /^(?:[a-z]+:)?(?:\/\/[^/]+)?\/?(?:[^?#]*\/)?usr\/uploads\/([^?#]+)/i;
/** Custom fields themes use for a post's cover picture (Typecho itself has none). */
const COVER_FIELDS = ['cover', 'thumb', 'thumbnail', 'banner', 'img'];
/** Typecho's default time zone (GMT+8): the date in its dated addresses. */
const SITE_OFFSET_MS = 8 * 60 * 60 * 1000;

const field = (row: TypechoRow, name: string) => (row[name] ?? '').trim();
const isoOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();

/** The old addresses Typecho may have given a post or page: every permalink style its settings offer, with and without `index.php`. */
function addressesOf(row: TypechoRow, category: string | undefined): string[] {
  const cid = field(row, 'cid');
  const slug = field(row, 'slug');
  const isPage = field(row, 'type').startsWith('page');
  const paths: string[] = [];
  if (isPage) paths.push(`/${slug}`, `/${slug}.html`);
  else {
    paths.push(`/archives/${cid}`, `/archives/${cid}.html`);
    // A numeric slug would be another post's id.
    if (slug !== '' && !/^\d+$/.test(slug)) paths.push(`/archives/${slug}.html`, `/archives/${slug}`);
    const created = Number(field(row, 'created')) * 1000;
    for (const at of new Set([created + SITE_OFFSET_MS, created])) {
      const date = new Date(at).toISOString();
      paths.push(`/${date.slice(0, 4)}/${date.slice(5, 7)}/${date.slice(8, 10)}/${slug}.html`);
    }
    if (category !== undefined) paths.push(`/${category}/${slug}.html`);
  }
  return oldAddresses(paths.flatMap((address) => [address, `/index.php${address}`]));
}

/**
 * Imports a Typecho backup (`.dat`): posts and pages become articles with their state, categories, tags,
 * cover and old addresses; Markdown bodies stay Markdown, HTML ones are converted like WordPress's; pictures
 * under `usr/uploads` are copied from the uploads folder when it is given. The comments come back as a batch
 * for CommentImport, once the articles are written. The whole file is checked first: a damaged one writes nothing.
 */
export class TypechoImporter {
  constructor(private readonly deps: BlogBackupDeps) {}

  async importFile(file: string, options: BlogBackupOptions = {}, onItem: (outcome: ImportOutcome) => void = () => undefined): Promise<BlogBackupResult> {
    const backup = await readTypechoBackup(file);
    const metas = new Map(backup.tables.metas.map((meta) => [field(meta, 'mid'), meta]));
    const termsOf = new Map<string, TypechoRow[]>();
    for (const relation of backup.tables.relationships) {
      const meta = metas.get(field(relation, 'mid'));
      if (!meta) continue;
      const cid = field(relation, 'cid');
      termsOf.set(cid, [...(termsOf.get(cid) ?? []), meta]);
    }
    const fields = new Map<string, Map<string, string>>();
    for (const row of backup.tables.fields) {
      const cid = field(row, 'cid');
      fields.set(cid, (fields.get(cid) ?? new Map()).set(field(row, 'name'), field(row, 'str_value')));
    }
    const result: BlogBackupResult = { outcomes: [], skipped: [], comments: { system: 'typecho', comments: [], counters: [] }, refusedComments: [] };
    const skipped = new Map<string, number>();
    const skip = (kind: string) => skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
    /** Each imported post's first old address: its comments find the article by it. */
    const pageOf = new Map<string, string>();
    for (const row of backup.tables.contents) {
      const type = field(row, 'type');
      const isDraft = type === 'post_draft' || type === 'page_draft';
      if (type === 'attachment') skip('attachment');
      // A draft with a parent is the unpublished edit of a published post: the post is imported.
      else if (isDraft && !['', '0'].includes(field(row, 'parent'))) skip('revision');
      else if (type === 'post' || type === 'page' || isDraft) {
        const terms = termsOf.get(field(row, 'cid')) ?? [];
        const category = terms.find((meta) => field(meta, 'type') === 'category');
        const addresses = addressesOf(row, category && field(category, 'slug'));
        pageOf.set(field(row, 'cid'), addresses[0]!);
        const outcome = await this.importRow(file, row, terms, addresses, fields.get(field(row, 'cid')) ?? new Map(), options);
        result.outcomes.push(outcome);
        onItem(outcome);
      } else skip('other');
    }
    for (let i = 0; i < backup.pluginRecords; i++) skip('plugin');
    this.readComments(backup, pageOf, result, skip);
    result.skipped = [...skipped].map(([kind, count]) => text.skipped(text.kinds[kind] ?? kind, count));
    return result;
  }

  private async importRow(
    file: string,
    row: TypechoRow,
    terms: TypechoRow[],
    addresses: string[],
    fields: Map<string, string>,
    options: BlogBackupOptions,
  ): Promise<ImportOutcome> {
    const title = field(row, 'title');
    const source: SourceFile = { path: file, relative: text.item(title, `cid ${field(row, 'cid')}`), root: path.dirname(file) };
    try {
      if (title === '') throw new Error(problem.missingTitle);
      const warnings: string[] = [];
      const body = row.text ?? '';
      const converted = body.startsWith(MARKDOWN_PREFIX)
        ? { markdown: body.slice(MARKDOWN_PREFIX.length), unknown: {} }
        : wordpressToMarkdown(body, { attachmentUrl: () => undefined });
      const upload = (target: string) => copyUpload(this.deps, target, UPLOADS.exec(target)?.[1], options.uploads, warnings, options.dryRun);
      const content = await rewriteImageTargets(converted.markdown, upload);
      const coverField = COVER_FIELDS.map((name) => fields.get(name)).find((value) => value !== undefined && value !== '');
      const cover = coverField === undefined ? '' : ((await upload(coverField)) ?? coverField);
      const draft = this.draftOf(row, title, content, cover, terms, warnings);
      const unknown = Object.entries(converted.unknown);
      if (unknown.length > 0) warnings.push(problem.unknownShortcodes(unknown.map(([name, count]) => problem.shortcodeCount(name, count)).join('、')));
      const { id, created } = await writeArticle(this.deps, draft, addresses, options.dryRun);
      return { file: source, status: created ? 'created' : 'updated', id, title, warnings, unknownShortcodes: converted.unknown };
    } catch (error) {
      return { file: source, status: 'failed', error: problem.fileProblem(source.relative, error instanceof Error ? error.message : String(error)) };
    }
  }

  private draftOf(row: TypechoRow, title: string, content: string, cover: string, terms: TypechoRow[], warnings: string[]): ArticleDraft {
    const type = field(row, 'type');
    const isPage = type.startsWith('page');
    const createdAt = isoOf(field(row, 'created'));
    const modified = field(row, 'modified');
    const updatedAt = modified === '' || modified === '0' ? createdAt : isoOf(modified);
    const categories = terms.filter((meta) => field(meta, 'type') === 'category').map((meta) => field(meta, 'name'));
    const [category = null, ...moreCategories] = isPage ? [problem.wxr.pagesCategory] : [...new Set(categories)];
    if (moreCategories.length > 0) warnings.push(contentMessages.frontMatter.categoriesAsTags(moreCategories.join('、')));
    if (isPage) warnings.push(text.page(SYSTEM));
    const tags = terms.filter((meta) => field(meta, 'type') === 'tag').map((meta) => field(meta, 'name'));
    const state = field(row, 'status');
    let status: ArticleStatus = type.endsWith('_draft') ? 'draft' : state === 'publish' ? 'public' : state === 'hidden' ? 'hidden' : 'draft';
    if (state === 'private') warnings.push(text.private);
    let publishAt: string | undefined;
    // Typecho shows a published post only from its date on: a later date is a scheduled post.
    if (status === 'public' && Date.parse(createdAt) > Date.now()) {
      status = 'draft';
      publishAt = createdAt;
      warnings.push(problem.wxr.scheduled(createdAt));
    }
    if (field(row, 'password') !== '') {
      status = 'hidden';
      warnings.push(problem.wxr.passwordProtected);
    }
    const [excerpt] = content.split(MORE);
    return {
      sourceKey: `typecho-${field(row, 'cid')}`,
      title,
      content: normaliseBody(content.replace(MORE, '')),
      summary: excerpt !== undefined && excerpt.length < content.length ? plainText(excerpt) : summarize(content),
      cover,
      category,
      tags: [...new Set([...tags, ...moreCategories])].filter((tag) => tag !== ''),
      pinned: false,
      pinOrder: 0,
      status,
      createdAt,
      updatedAt,
      commentsClosed: field(row, 'allowComment') === '0',
      ...(publishAt === undefined ? {} : { publishAt }),
    };
  }

  /**
   * Typecho's comments: threads by `parent`, `status` approved / waiting / spam, pingbacks left out. A
   * comment by an administrator, or by the post's author on their own post, is the blogger's.
   */
  private readComments(backup: TypechoBackup, pageOf: ReadonlyMap<string, string>, result: BlogBackupResult, skip: (kind: string) => void) {
    const administrators = new Set(backup.tables.users.filter((user) => field(user, 'group') === 'administrator').map((user) => field(user, 'uid')));
    const states: Record<string, ImportedComment['state']> = { approved: 'approved', waiting: 'waiting', spam: 'spam' };
    for (const row of backup.tables.comments) {
      if (field(row, 'type') === 'pingback' || field(row, 'type') === 'trackback') {
        skip('pingback');
        continue;
      }
      const author = field(row, 'authorId');
      const cid = field(row, 'cid');
      const comment = commentOf({
        sourceId: field(row, 'coid'),
        parentId: field(row, 'parent'),
        page: [pageOf.get(cid) ?? `/archives/${cid}`],
        nickName: row.author,
        email: row.mail,
        site: row.url,
        content: markdownOfHtml(row.text ?? ''),
        time: Number(field(row, 'created')),
        state: states[field(row, 'status')] ?? 'waiting',
        likes: 0,
        owner: author !== '' && author !== '0' && (administrators.has(author) || author === field(row, 'ownerId')),
      });
      if (typeof comment === 'string') result.refusedComments.push(comment);
      else result.comments.comments.push(comment);
    }
  }
}
