import {
  KEPT_REVISIONS,
  MAX_CONSOLE_KEYWORD_LENGTH,
  type ArticleBinEmptiedDto,
  type ArticleCreateBody,
  type ArticlePublishBody,
  type ArticleRevisionDto,
  type ArticleRevisionSummaryDto,
  type ArticleSaveBody,
  type ConsoleArticleDto,
  type ConsoleArticleListQuery,
  type ConsoleArticleOptionsDto,
  type ConsoleArticlePageDto,
  type ConsoleArticleRowDto,
} from '../../../src/protocol/console/articles';
import type { ArticleEditorRepository, ConsoleArticleRow } from '../../ports/articleEditorRepository';
import type { Clock } from '../../ports/clock';
import type { NotificationPublisher } from '../../ports/notificationPublisher';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import { AppError } from '../errors';
import { announceArticle } from './announce';
import {
  consoleStatusOf,
  editingMessages,
  nextState,
  parseArticleInput,
  parsePublishAt,
  publishedOnSchedule,
  sameText,
  type ArticleInput,
  type EditableArticle,
  type StateAction,
  type StoredState,
} from './articleEditing';
import { offsetOf, parseId, parsePage } from './input';
import { countWords, summarize } from './markdownText';
import { contentMessages } from './messages';

const text = editingMessages;

/** Scheduled articles published per poll; the rest wait for the next one. */
const DUE_PER_POLL = 50;
/** Tries of a state change that keeps meeting another writer's change before it answers 409. */
const STATE_CHANGE_TRIES = 3;

/**
 * A request that does not fit the article as the server has it (an older version, a state change that
 * does not apply): a 409 whose envelope carries the server's article, so the editor can show both.
 */
export class ArticleConflict extends AppError {
  constructor(
    message: string,
    readonly current: ConsoleArticleDto,
  ) {
    super('conflict', message);
    this.name = 'ArticleConflict';
  }
}

function toRowDto(row: ConsoleArticleRow): ConsoleArticleRowDto {
  return {
    id: row.id,
    title: row.title,
    status: consoleStatusOf(row),
    category: row.category,
    tags: row.tags,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    pinned: row.pinned,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishAt: row.publishAt,
    deletedAt: row.deletedAt,
  };
}

export function toConsoleArticle(article: EditableArticle): ConsoleArticleDto {
  return {
    id: article.id,
    title: article.title,
    content: article.content,
    summary: article.summary,
    cover: article.cover,
    category: article.category,
    tags: article.tags,
    pinned: article.pinned,
    commentsClosed: article.commentsClosed,
    status: consoleStatusOf(article),
    publishAt: article.publishAt,
    version: article.version,
    views: article.views,
    likes: article.likes,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    deletedAt: article.deletedAt,
  };
}

/** What the editor's fields of an existing article are, as a save would send them. */
function inputOf(article: EditableArticle): ArticleInput {
  return {
    title: article.title,
    content: article.content,
    summary: article.summary,
    cover: article.cover,
    category: article.category && { id: article.category.id },
    tags: article.tags.map((tag) => tag.name),
    pinned: article.pinned,
    commentsClosed: article.commentsClosed,
  };
}

const wentPublic = (before: StoredState, after: StoredState) => before.status !== 'public' && after.status === 'public';
/** Whether readers see a difference: the article was public, or is now. */
const seenByReaders = (before: StoredState, after: StoredState) =>
  before.status === 'public' || after.status === 'public';

/** The console's articles (issue 21): list, editor with versions and revisions, publishing, the 回收站. */
export class ArticleConsoleService {
  constructor(
    private readonly articles: ArticleEditorRepository,
    private readonly notifications: NotificationPublisher,
    private readonly clock: Clock,
    /** Told when a write changes what readers see (lists, search, feeds, the article's kept text). */
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async list(query: ConsoleArticleListQuery): Promise<ConsoleArticlePageDto> {
    const page = parsePage(query.current ?? 1, query.size ?? 10);
    const keyword = query.keyword?.trim() ?? '';
    if (Array.from(keyword).length > MAX_CONSOLE_KEYWORD_LENGTH) {
      throw new AppError('invalid', text.tooLong(text.field.keyword, MAX_CONSOLE_KEYWORD_LENGTH));
    }
    const { rows, total, counts } = await this.articles.list({
      offset: offsetOf(page),
      limit: page.size,
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(keyword === '' ? {} : { keyword }),
      ...(query.categoryId === undefined ? {} : { categoryId: parseId(query.categoryId, contentMessages.category) }),
      ...(query.tagId === undefined ? {} : { tagId: parseId(query.tagId, contentMessages.tag) }),
    });
    const all = counts.draft + counts.published + counts.scheduled + counts.hidden;
    return { list: rows.map(toRowDto), total, ...page, counts: { all, ...counts } };
  }

  options(): Promise<ConsoleArticleOptionsDto> {
    return this.articles.options();
  }

  async read(rawId: string): Promise<ConsoleArticleDto> {
    return toConsoleArticle(await this.found(parseId(rawId, contentMessages.article)));
  }

  async create(body: ArticleCreateBody): Promise<ConsoleArticleDto> {
    const input = await this.input(body);
    return toConsoleArticle(await this.articles.create(this.textWrite(input)));
  }

  async save(rawId: string, body: ArticleSaveBody): Promise<ConsoleArticleDto> {
    const id = parseId(rawId, contentMessages.article);
    const baseVersion = parseVersion(body.version);
    return this.saveInput(id, baseVersion, await this.input(body), body.supersede === true);
  }

  async revisions(rawId: string): Promise<ArticleRevisionSummaryDto[]> {
    const id = parseId(rawId, contentMessages.article);
    await this.found(id);
    return this.articles.revisions(id);
  }

  async revision(rawId: string, rawVersion: string): Promise<ArticleRevisionDto> {
    const id = parseId(rawId, contentMessages.article);
    const version = parseId(rawVersion, text.revision);
    await this.found(id);
    const revision = await this.articles.revision(id, version);
    if (!revision) throw new AppError('notFound', text.revisionNotFound);
    return revision;
  }

  /** Restoring a revision is a new save of its title, body and summary (the rest stays as it is). */
  async restoreRevision(rawId: string, rawVersion: string, baseVersion: number): Promise<ConsoleArticleDto> {
    const revision = await this.revision(rawId, rawVersion);
    const id = parseId(rawId, contentMessages.article);
    const base = parseVersion(baseVersion);
    const current = await this.found(id);
    return this.saveInput(id, base, {
      ...inputOf(current),
      title: revision.title,
      content: revision.content,
      summary: revision.summary,
    });
  }

  async publish(rawId: string, body: ArticlePublishBody): Promise<ConsoleArticleDto> {
    const id = parseId(rawId, contentMessages.article);
    const action: StateAction =
      body.publishAt === null
        ? { kind: 'publish' }
        : { kind: 'schedule', at: parsePublishAt(body.publishAt, this.clock.now()) };
    return this.change(id, action);
  }

  unpublish(rawId: string): Promise<ConsoleArticleDto> {
    return this.change(parseId(rawId, contentMessages.article), { kind: 'unpublish' });
  }

  hide(rawId: string): Promise<ConsoleArticleDto> {
    return this.change(parseId(rawId, contentMessages.article), { kind: 'hide' });
  }

  unhide(rawId: string): Promise<ConsoleArticleDto> {
    return this.change(parseId(rawId, contentMessages.article), { kind: 'unhide' });
  }

  trash(rawId: string): Promise<ConsoleArticleDto> {
    return this.change(parseId(rawId, contentMessages.article), { kind: 'trash' });
  }

  restore(rawId: string): Promise<ConsoleArticleDto> {
    return this.change(parseId(rawId, contentMessages.article), { kind: 'restore' });
  }

  /** Deletes one article of the 回收站 for good. */
  async deleteForGood(rawId: string): Promise<null> {
    const article = await this.found(parseId(rawId, contentMessages.article));
    if (article.deletedAt === null) throw new ArticleConflict(text.deleteNotInTrash, toConsoleArticle(article));
    // Restored in between: nothing is deleted, and the article as it is now says why.
    if ((await this.articles.deleteTrashed([article.id])) === 0) {
      throw new ArticleConflict(text.deleteNotInTrash, toConsoleArticle(await this.found(article.id)));
    }
    return null;
  }

  async emptyBin(): Promise<ArticleBinEmptiedDto> {
    return { removed: await this.articles.deleteTrashed('all') };
  }

  /**
   * Publishes the scheduled articles whose time has come. Each is claimed with one conditional update, so
   * when several instances poll at once exactly one publishes it and sends the notification. Returns how
   * many this call published.
   */
  async publishDue(): Promise<number> {
    const now = this.clock.now().toISOString();
    const failures: unknown[] = [];
    let published = 0;
    for (const article of await this.articles.due(now, DUE_PER_POLL)) {
      if (!(await this.articles.changeState(article.id, article, publishedOnSchedule(article), now))) continue;
      published += 1;
      this.changes.changed(['articles']);
      // One failed announcement must not hold back the others: the articles are public either way.
      await announceArticle(this.notifications, article).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw new AggregateError(failures, text.scheduledNotifyFailed);
    return published;
  }

  private async found(id: number): Promise<EditableArticle> {
    const article = await this.articles.find(id);
    if (!article) throw new AppError('notFound', contentMessages.articleNotFound);
    return article;
  }

  private async input(body: ArticleCreateBody): Promise<ArticleInput> {
    const input = parseArticleInput(body, (raw) => parseId(raw, contentMessages.category));
    if (input.category !== null && 'id' in input.category && !(await this.articles.categoryExists(input.category.id))) {
      throw new AppError('invalid', contentMessages.categoryNotFound);
    }
    return input;
  }

  private textWrite(input: ArticleInput) {
    return {
      input,
      shownSummary: input.summary === '' ? summarize(input.content) : input.summary,
      wordCount: countWords(input.content),
      now: this.clock.now().toISOString(),
    };
  }

  /**
   * Saves the text over `baseVersion`. Text equal to the server's answers the article as it is (a retried
   * save, or two tabs that typed the same), unless `supersede` asks for a new version to fence off a late save
   * on `baseVersion`; otherwise an older base is refused with the server's copy.
   */
  private async saveInput(
    id: number,
    baseVersion: number,
    input: ArticleInput,
    supersede = false,
  ): Promise<ConsoleArticleDto> {
    const current = await this.found(id);
    if (current.deletedAt !== null) throw new ArticleConflict(text.inTrash, toConsoleArticle(current));
    const fence = supersede && current.version === baseVersion;
    if (sameText(current, input) && !fence) return toConsoleArticle(current);
    if (current.version !== baseVersion) throw new ArticleConflict(text.versionConflict, toConsoleArticle(current));
    const saved = await this.articles.saveText(id, baseVersion, this.textWrite(input), KEPT_REVISIONS);
    const after = await this.found(id);
    if (!saved)
      throw new ArticleConflict(
        after.deletedAt !== null ? text.inTrash : text.versionConflict,
        toConsoleArticle(after),
      );
    if (after.status === 'public') this.changes.changed(['articles']);
    return toConsoleArticle(after);
  }

  /** Applies a state change to the article as it is, again if another writer changed it in between. */
  private async change(id: number, action: StateAction): Promise<ConsoleArticleDto> {
    for (let attempt = 0; attempt < STATE_CHANGE_TRIES; attempt++) {
      const current = await this.found(id);
      if (
        (action.kind === 'publish' || action.kind === 'schedule') &&
        current.content.trim() === '' &&
        current.deletedAt === null
      ) {
        throw new AppError('invalid', text.emptyBody);
      }
      const now = this.clock.now().toISOString();
      const outcome = nextState(current, action, now);
      if ('refused' in outcome) throw new ArticleConflict(outcome.refused, toConsoleArticle(current));
      if ('unchanged' in outcome) return toConsoleArticle(current);
      if (!(await this.articles.changeState(id, current, outcome.next, now))) continue;
      if (seenByReaders(current, outcome.next)) this.changes.changed(['articles']);
      // Publishing announces; giving back a public article from the 回收站 does not.
      if (action.kind !== 'restore' && wentPublic(current, outcome.next))
        await announceArticle(this.notifications, current);
      return toConsoleArticle(await this.found(id));
    }
    throw new ArticleConflict(text.stateChanged, toConsoleArticle(await this.found(id)));
  }
}

function parseVersion(raw: number): number {
  if (!Number.isInteger(raw) || raw < 1) throw new AppError('invalid', text.invalidVersion);
  return raw;
}
