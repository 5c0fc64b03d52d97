/**
 * The one catalogue of user-facing text, one module per area so each page loads only the words it shows.
 * Import it whole as a namespace (`import * as zhCN from …/i18n/zh-CN`): the build keeps each area with
 * the code that reads it. The server imports it too (plain data), so a message reads the same in the
 * dialog and in an API refusal.
 */
export { site } from './zh-CN/site';
export { backup } from './zh-CN/backup';
export { contentServer } from './zh-CN/contentServer';
export { server } from './zh-CN/server';
export { musicServer } from './zh-CN/musicServer';
export { chat } from './zh-CN/chat';
export { chatButton } from './zh-CN/chatButton';
export { http } from './zh-CN/http';
export { greeting } from './zh-CN/greeting';
export { relativeTime } from './zh-CN/relativeTime';
export { nav } from './zh-CN/nav';
export { theme } from './zh-CN/theme';
export { language } from './zh-CN/language';
export { footer } from './zh-CN/footer';
export { shell } from './zh-CN/shell';
export { contextMenu } from './zh-CN/contextMenu';
export { copy } from './zh-CN/copy';
export { notFound } from './zh-CN/notFound';
export { empty } from './zh-CN/empty';
export { notices } from './zh-CN/notices';
export { home } from './zh-CN/home';
export { validation } from './zh-CN/validation';
export { account } from './zh-CN/account';
export { twoStep } from './zh-CN/twoStep';
export { signIn } from './zh-CN/signIn';
export { session } from './zh-CN/session';
export { notify } from './zh-CN/notify';
export { content } from './zh-CN/content';
export { firstArticle } from './zh-CN/firstArticle';
export { sideColumn } from './zh-CN/sideColumn';
export { archives } from './zh-CN/archives';
export { articleList } from './zh-CN/articleList';
export { gallery } from './zh-CN/gallery';
export { talks } from './zh-CN/talks';
export { links } from './zh-CN/links';
export { search } from './zh-CN/search';
export { music } from './zh-CN/music';
export { disc } from './zh-CN/disc';
export { article } from './zh-CN/article';
export { messages } from './zh-CN/messages';
export { console } from './zh-CN/console';
export { consoleModeration } from './zh-CN/consoleModeration';
export { consoleUsers } from './zh-CN/consoleUsers';
export { consoleSite } from './zh-CN/consoleSite';
export { consoleShowcase } from './zh-CN/consoleShowcase';
export { consoleArticlesServer } from './zh-CN/consoleArticlesServer';
export { consoleTransfer } from './zh-CN/consoleTransfer';
export { consoleOverview } from './zh-CN/consoleOverview';
export { consoleArticles } from './zh-CN/consoleArticles';
export { commentsServer } from './zh-CN/commentsServer';
export { comments } from './zh-CN/comments';
export { consoleComments } from './zh-CN/consoleComments';
export { consoleStats } from './zh-CN/consoleStats';
export { consoleLyricTap } from './zh-CN/consoleLyricTap';
export { consoleMusic } from './zh-CN/consoleMusic';
export { pwa } from './zh-CN/pwa';
export { consoleAudit } from './zh-CN/consoleAudit';
