import {
  HOT_ARTICLE_COUNT,
  MAX_READING_DURATION_SECONDS,
  RELATED_ARTICLE_LIMIT,
  SEARCH_RESULT_LIMIT,
  type ArticleDetailDto,
  type ArticleLinkDto,
  type ArticleListItemDto,
  type ArticlePageDto,
  type CategoryDto,
  type FilteredArticlePageDto,
  type HotArticleDto,
  type RecommendDto,
  type SearchResultDto,
  type SiteFactsDto,
  type TagDto,
  type TimelinePageDto,
} from '../../../src/protocol/content';
import type { ArticleRepository } from '../../ports/articleRepository';
import { ignoreChanges, noReadCache, type ChangeNotifier, type ReadCache } from '../../ports/readCache';
import type { SiteRepository } from '../../ports/siteRepository';
import { AppError } from '../errors';
import { ARTICLE_TEXT_TOPICS } from '../hotReads';
import { readingMinutes, groupByYear, type ArticleDetail, type ArticleLink, type ArticleSummary } from './article';
import { offsetOf, parseId, type PageRequest } from './input';
import { contentMessages } from './messages';
import { fragmentOf, parseKeyword } from './search';
import { ViewTally } from './viewTally';

export function toListItem(article: ArticleSummary): ArticleListItemDto {
  return {
    id: article.id,
    article_title: article.title,
    summary: article.summary,
    cover: article.cover,
    category: article.category,
    tags: article.tags,
    pinned: article.pinned,
    views: article.views,
    likes: article.likes,
    comment_count: article.commentCount,
    wordCount: article.wordCount,
    readingMinutes: readingMinutes(article.wordCount),
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
  };
}

export function toDetail(article: ArticleDetail): ArticleDetailDto {
  return { ...toListItem(article), article_content: article.content, readingDuration: article.readingDuration };
}

const toLink = (link: ArticleLink): ArticleLinkDto => ({
  id: link.id,
  article_title: link.title,
  cover: link.cover,
  createdAt: link.createdAt,
});

/** The reading side of the blog: every article call of spec section 7 and the taxonomy pages. */
export class ArticleService {
  private readonly views: ViewTally;

  constructor(
    private readonly articles: ArticleRepository,
    private readonly sites: SiteRepository,
    private readonly talkCount: () => Promise<number>,
    /** Told when a view or a like changes the counts that lists show. */
    private readonly changes: ChangeNotifier = ignoreChanges,
    /** Articles' text kept for their readers (ARTICLE_TEXT_TOPICS); dropped by the writes `changes` hears of. */
    private readonly texts: ReadCache<ArticleDetail> = noReadCache(),
  ) {
    this.views = new ViewTally(articles, changes);
  }

  async home(page: PageRequest): Promise<ArticlePageDto> {
    const { items, total } = await this.articles.listPublic({ offset: offsetOf(page), limit: page.size, order: 'home' });
    return { list: items.map(toListItem), total, ...page };
  }

  async timeline(page: PageRequest): Promise<TimelinePageDto> {
    const { items, total } = await this.articles.listPublic({ offset: offsetOf(page), limit: page.size, order: 'newest' });
    const entries = items.map((a) => ({ id: a.id, article_title: a.title, cover: a.cover, createdAt: a.createdAt }));
    return { list: groupByYear(entries), total, ...page };
  }

  async byTag(tagId: number, page: PageRequest): Promise<FilteredArticlePageDto> {
    const tag = await this.articles.findTag(tagId);
    if (!tag) throw new AppError('notFound', contentMessages.tagNotFound);
    const { items, total } = await this.articles.listPublic({ offset: offsetOf(page), limit: page.size, order: 'newest', tagId });
    return { list: items.map(toListItem), total, ...page, name: tag.name };
  }

  async byCategory(categoryId: number, page: PageRequest): Promise<FilteredArticlePageDto> {
    const category = await this.articles.findCategory(categoryId);
    if (!category) throw new AppError('notFound', contentMessages.categoryNotFound);
    const { items, total } = await this.articles.listPublic({
      offset: offsetOf(page),
      limit: page.size,
      order: 'newest',
      categoryId,
    });
    return { list: items.map(toListItem), total, ...page, name: category.name };
  }

  /**
   * Reads a public article, counting the view when `counted` (stored with the others at the next `storeViews`);
   * an answer kept for many readers reads it uncounted and counts each reader with `countView`.
   */
  async read(rawId: string, { counted }: { counted: boolean }): Promise<ArticleDetailDto> {
    const id = parseId(rawId, contentMessages.article);
    // The text from memory, the counts (a single row's three numbers) from the database each time.
    const [article, counters] = await Promise.all([this.keptText(id), this.articles.countersOf(id)]);
    if (!counters) throw new AppError('notFound', contentMessages.articleNotFound);
    if (counted) this.views.count(id);
    return toDetail({ ...article, ...counters, views: counters.views + this.views.unstored(id) });
  }

  /** Counts a view of an article whose page was served from memory. */
  countView(id: number): void {
    this.views.count(id);
  }

  /** Stores the views counted since the last call, in one transaction; the server calls it every second. */
  storeViews(): Promise<void> {
    return this.views.flush();
  }

  /**
   * A public article without counting a view, for the page's metadata: its kept text, with the counts as
   * they were when the text was kept.
   */
  async peek(id: number): Promise<ArticleDetail | undefined> {
    return this.keptText(id).catch((error: unknown) => {
      if (error instanceof AppError && error.kind === 'notFound') return undefined;
      throw error;
    });
  }

  /** A public article's text, from memory while no write has changed it. */
  private keptText(id: number): Promise<ArticleDetail> {
    return this.texts.answer(`article:${id}`, ARTICLE_TEXT_TOPICS, async () => {
      const found = await this.articles.findPublic(id);
      if (!found) throw new AppError('notFound', contentMessages.articleNotFound);
      return found;
    });
  }

  /** The newest public articles, for the feed. */
  newest(limit: number): Promise<ArticleDetail[]> {
    return this.articles.newestPublic(limit);
  }

  sitemap(): Promise<{ id: number; updatedAt: string }[]> {
    return this.articles.publicIndex();
  }

  async recommend(rawId: string): Promise<RecommendDto> {
    const id = parseId(rawId, contentMessages.article);
    if (!(await this.articles.findPublic(id))) throw new AppError('notFound', contentMessages.articleNotFound);
    const [{ previous, next }, related] = await Promise.all([
      this.articles.neighbours(id),
      this.articles.related(id, RELATED_ARTICLE_LIMIT),
    ]);
    return { previous: previous && toLink(previous), next: next && toLink(next), related: related.map(toLink) };
  }

  async hot(): Promise<HotArticleDto[]> {
    const hottest = await this.articles.hottest(HOT_ARTICLE_COUNT);
    return hottest.map((a) => ({ id: a.id, article_title: a.title, views: a.views, comment_count: a.commentCount }));
  }

  async search(rawKeyword: string): Promise<SearchResultDto[]> {
    const keyword = parseKeyword(rawKeyword);
    const candidates = await this.articles.search(keyword, SEARCH_RESULT_LIMIT);
    return candidates.map((hit) => {
      const fragment = fragmentOf(hit.content, keyword);
      return {
        id: hit.id,
        article_title: hit.title,
        article_content: fragment.before + fragment.match + fragment.after,
        titleMatch: hit.titleMatch,
        ...fragment,
        views: hit.views,
      };
    });
  }

  async addReadingDuration(rawId: string, rawSeconds: string): Promise<{ readingDuration: number }> {
    const id = parseId(rawId, contentMessages.article);
    const seconds = /^[1-9]\d{0,6}$/.test(rawSeconds) ? Number(rawSeconds) : 0;
    if (seconds < 1 || seconds > MAX_READING_DURATION_SECONDS) {
      throw new AppError('invalid', contentMessages.invalidDuration(MAX_READING_DURATION_SECONDS));
    }
    const total = await this.articles.addReadingDuration(id, seconds);
    if (total === undefined) throw new AppError('notFound', contentMessages.articleNotFound);
    this.changes.changed(['articleCounters']);
    return { readingDuration: total };
  }

  async like(rawId: string): Promise<{ likes: number }> {
    const id = parseId(rawId, contentMessages.article);
    const likes = await this.articles.addLike(id);
    if (likes === undefined) throw new AppError('notFound', contentMessages.articleNotFound);
    this.changes.changed(['articleCounters']);
    return { likes };
  }

  categories(): Promise<CategoryDto[]> {
    return this.articles.categories();
  }

  tags(): Promise<TagDto[]> {
    return this.articles.tags();
  }

  async facts(): Promise<SiteFactsDto> {
    const [counts, config, talkCount] = await Promise.all([this.articles.facts(), this.sites.getConfig(), this.talkCount()]);
    return {
      ...counts,
      talkCount,
      viewCount: config?.viewCount ?? 0,
      since: config?.since ?? '',
    };
  }
}
