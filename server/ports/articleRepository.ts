import type {
  ArticleCounters,
  ArticleDetail,
  ArticleDraft,
  ArticleLink,
  ArticleRecord,
  ArticleSummary,
  CountedName,
  NamedRef,
  SearchCandidate,
} from '../domain/content/article';

export interface ArticleListQuery {
  offset: number;
  limit: number;
  /** `home`: pinned first (by pin order), then newest; `newest`: newest first. */
  order: 'home' | 'newest';
  tagId?: number;
  categoryId?: number;
}

export interface UpsertResult {
  id: number;
  created: boolean;
  /** True when the article is public now and was not before (new or moved out of draft/hidden). */
  becamePublic: boolean;
}

/** Articles, categories and tags. Every read except the exporter's sees public articles only. */
export interface ArticleRepository {
  listPublic(query: ArticleListQuery): Promise<{ items: ArticleSummary[]; total: number }>;
  findPublic(id: number): Promise<ArticleDetail | undefined>;
  /** A public article's counts alone: what changes on every read, like and minute read. */
  countersOf(id: number): Promise<ArticleCounters | undefined>;
  /** Adds views to articles, all in one transaction (an id with no article is passed over). */
  addViews(views: ReadonlyMap<number, number>): Promise<void>;
  addReadingDuration(id: number, seconds: number): Promise<number | undefined>;
  addLike(id: number): Promise<number | undefined>;
  /** The public articles just older and just newer than this one. */
  neighbours(id: number): Promise<{ previous: ArticleLink | null; next: ArticleLink | null }>;
  /** Other public articles sharing the most tags with this one (ties: newer first). */
  related(id: number, limit: number): Promise<ArticleLink[]>;
  hottest(limit: number): Promise<{ id: number; title: string; views: number; commentCount: number }[]>;
  /**
   * Public articles whose title or body contains the keyword (ASCII case folded), ranked: title hits
   * first, then by views, then newest id; at most `limit`.
   */
  search(keyword: string, limit: number): Promise<SearchCandidate[]>;
  newestPublic(limit: number): Promise<ArticleDetail[]>;
  /** Id and last update of every public article, for the sitemap. */
  publicIndex(): Promise<{ id: number; updatedAt: string }[]>;
  categories(): Promise<CountedName[]>;
  tags(): Promise<CountedName[]>;
  findCategory(id: number): Promise<NamedRef | undefined>;
  findTag(id: number): Promise<NamedRef | undefined>;
  facts(): Promise<{ articleCount: number; categoryCount: number; tagCount: number; lastUpdate: string }>;
  /** Creates or updates (by source key) in one transaction; counters of an existing article are kept. */
  upsert(draft: ArticleDraft): Promise<UpsertResult>;
  /** The article an import wrote from this source key, if any (a dry run tells new from updated by it). */
  idBySourceKey(sourceKey: string): Promise<number | undefined>;
  /** Every article whatever its status (except those in the console's 回收站), oldest first, for the exporter. */
  all(): Promise<ArticleRecord[]>;
}
