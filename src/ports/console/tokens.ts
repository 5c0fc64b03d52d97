import type { CommentsConsoleApi } from './commentsApi';
import type { SiteConsoleApi } from './siteApi';
import type { ShowcaseConsoleApi } from './showcaseApi';
import type { ArticleConsoleApi } from './articlesApi';
import type { TransferConsoleApi } from './transferApi';
import type { OverviewConsoleApi } from './overviewApi';
import type { ModerationApi } from './moderationApi';
import type { UsersApi } from './usersApi';
import type { StatsApi } from './statsApi';
import type { MusicConsoleApi } from './musicApi';
import type { AuditApi } from './auditApi';

/**
 * The console's ports: their tokens live apart from the app's (`../tokens.ts`) so that a reader's first
 * load carries none of them; `/admin` binds them when it opens (see `ConsoleLoader`).
 */
const commentsConsoleApi = Symbol('commentsConsoleApi');
const siteConsoleApi = Symbol('siteConsoleApi');
const showcaseConsoleApi = Symbol('showcaseConsoleApi');
const articleConsoleApi = Symbol('articleConsoleApi');
const transferConsoleApi = Symbol('transferConsoleApi');
const overviewConsoleApi = Symbol('overviewConsoleApi');
const moderationApi = Symbol('moderationApi');
const usersApi = Symbol('usersApi');
const statsApi = Symbol('statsApi');
const musicConsoleApi = Symbol('musicConsoleApi');
const auditApi = Symbol('auditApi');

export const CONSOLE_TOKENS = {
  commentsConsoleApi,
  siteConsoleApi,
  showcaseConsoleApi,
  articleConsoleApi,
  transferConsoleApi,
  overviewConsoleApi,
  moderationApi,
  usersApi,
  statsApi,
  musicConsoleApi,
  auditApi,
} as const;

export interface ConsoleServices {
  /** The console's review queue and comment settings (loaded on first call). */
  commentsConsoleApi: CommentsConsoleApi;
  /** The console's site settings, taxonomy, links, resources and site list (loaded on first call). */
  siteConsoleApi: SiteConsoleApi;
  /** The console's talks, albums and photos (loaded on first call). */
  showcaseConsoleApi: ShowcaseConsoleApi;
  /** The console's articles: list, editor saves, revisions, publishing, 回收站 (loaded on first call). */
  articleConsoleApi: ArticleConsoleApi;
  /** The console's zip import, Markdown export and backup download (loaded on first call). */
  transferConsoleApi: TransferConsoleApi;
  /** The console's 概览 (loaded on first call). */
  overviewConsoleApi: OverviewConsoleApi;
  /** The console's chat room and message board moderation (loaded on first call). */
  moderationApi: ModerationApi;
  /** The console's users and the administrator's notices (loaded on first call). */
  usersApi: UsersApi;
  /** The console's 统计 (loaded on first call). */
  statsApi: StatsApi;
  /** The console's music library (loaded on first call). */
  musicConsoleApi: MusicConsoleApi;
  /** The console's 操作日志 (loaded on first call). */
  auditApi: AuditApi;
}

/** Binds the console's ports into the app's container, once; the console waits for it before rendering. */
export interface ConsoleLoader {
  load(): Promise<void>;
}
