import type { SaveAnswer, SaveRequest } from '../../domain/console/articles/articleDraft';
import type {
  ArticleListPage,
  ArticleListQuery,
  ArticleOptions,
  ConsoleArticle,
  Revision,
  RevisionSummary,
  StatusChange,
} from '../../domain/console/articles/articles';

/**
 * The console's articles: the list, the editor's saves, revisions, publishing and the 回收站. Every call
 * but `saveDraft` rejects with the server's Chinese message; one the HTTP client already showed (401, 403,
 * 500…) rejects with a ReportedError.
 */
export interface ArticleConsoleApi {
  list(query: ArticleListQuery): Promise<ArticleListPage>;
  options(): Promise<ArticleOptions>;
  read(id: number): Promise<ConsoleArticle>;
  /**
   * Creates the article (id null) or saves it on `baseVersion`. A newer version on the server answers the
   * conflict with the server's article, no answer at all (network down, timeout) answers offline; a refusal
   * (invalid input, the article in the 回收站) rejects with its message.
   */
  saveDraft(request: SaveRequest): Promise<SaveAnswer>;
  /** Newest first. */
  revisions(id: number): Promise<RevisionSummary[]>;
  revision(id: number, version: number): Promise<Revision>;
  /** publishAt null: now; else a future instant (ISO-8601): 定时发布. */
  publish(id: number, publishAt: string | null): Promise<ConsoleArticle>;
  changeStatus(id: number, change: StatusChange): Promise<ConsoleArticle>;
  /** Deletes an article in the 回收站 for good. */
  remove(id: number): Promise<void>;
  /** Empties the 回收站; answers how many articles went. */
  emptyBin(): Promise<number>;
  /** Uploads a picture, telling its progress (0–1) as it goes; answers its /media/… address. */
  uploadImage(file: Blob, fileName: string, onProgress: (fraction: number) => void): Promise<string>;
}
