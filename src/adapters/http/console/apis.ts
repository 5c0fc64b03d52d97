/** The console's HTTP adapters, one chunk fetched on the first console call (see consoleModule). */
export { createArticleConsoleApi } from './articlesApi';
export { createCommentsConsoleApi } from './commentsApi';
export { createModerationApi } from './moderationApi';
export { createOverviewConsoleApi } from './overviewApi';
export { createShowcaseConsoleApi } from './showcaseApi';
export { createSiteConsoleApi } from './siteApi';
export { createTransferConsoleApi } from './transferApi';
export { createUsersApi } from './usersApi';
export { createStatsApi } from './statsApi';
export { createMusicConsoleApi } from './musicApi';
export { createAuditApi } from './auditApi';
