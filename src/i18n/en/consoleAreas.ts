/** The console's English areas, loaded with the console (see src/i18n/english/console.ts). */
export { console } from './console';
export { consoleModeration } from './consoleModeration';
export { consoleUsers } from './consoleUsers';
export { consoleSite } from './consoleSite';
export { consoleShowcase } from './consoleShowcase';
export { consoleArticlesServer } from './consoleArticlesServer';
export { consoleTransfer } from './consoleTransfer';
export { consoleOverview } from './consoleOverview';
export { consoleArticles } from './consoleArticles';
export { consoleComments } from './consoleComments';
export { consoleStats } from './consoleStats';
export { consoleLyricTap } from './consoleLyricTap';
export { consoleMusic } from './consoleMusic';
export { consoleAudit } from './consoleAudit';
