import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { messages } from '../../../../domain/messages';
import { requireAdmin } from '../../auth';
import { failure } from '../../envelope';
import type { DirectoryConsoleService } from '../../../../domain/content/directoryConsoleService';
import type { TaxonomyConsoleService } from '../../../../domain/content/taxonomyConsoleService';
import type { SiteConsoleService } from '../../../../domain/site/siteConsoleService';
import { directoryConsoleRoutes, siteConsoleRoutes } from './site';
import { taxonomyConsoleRoutes } from './taxonomy';
import type { ShowcaseConsoleService } from '../../../../domain/content/showcaseConsoleService';
import { showcaseConsoleRoutes } from './showcase';
import type { SiteTransfer } from '../../../transfer/siteTransfer';
import { transferRoutes } from './transfer';
import type { OverviewService } from '../../../../domain/overview/overviewService';
import { overviewRoutes } from './overview';
import type { ArticleConsoleService } from '../../../../domain/content/articleConsoleService';
import { articleConsoleRoutes } from './articles';
import type { CommentConsoleService } from '../../../../domain/comments/commentConsoleService';
import { commentConsoleRoutes } from './comments';

import { moderationRoutes, type ModerationServices } from './moderation';
import { userConsoleRoutes, type UserConsoleServices } from './users';
import type { MusicConsoleService } from '../../../../domain/music/musicConsoleService';
import { musicConsoleRoutes } from './music';
import type { StatsService } from '../../../../domain/stats/statsService';
import { statsRoutes } from './stats';
import type { AuditLog } from '../../../../domain/audit/auditLog';
import { recordConsoleWrites } from '../../auditTrail';
import { auditRoutes } from './audit';

/** Where every console call lives; nothing outside this prefix serves the console. */
export const ADMIN_API_PREFIX = '/api/admin';

/** The services the console's calls act through; each area registers its routes when its service is given. */
export interface AdminServices {
  /** 文章: list, editor, revisions, publishing and the 回收站. */
  articles?: ArticleConsoleService;
  /** 网站设置: settings and page banners. */
  site?: SiteConsoleService;
  /** 分类与标签. */
  taxonomy?: TaxonomyConsoleService;
  /** 友链, 资源 and 网站导航. */
  directory?: DirectoryConsoleService;
  /** 说说, 相册 and 照片. */
  showcase?: ShowcaseConsoleService;
  /** 导入导出: the zip import, the Markdown export and the backup download. */
  transfer?: SiteTransfer;
  /** 概览: the landing page's counts. */
  overview?: OverviewService;
  /** 评论: the review queue and the comment settings. */
  comments?: CommentConsoleService;
  /** 聊天室 and 留言板: history, deletions, mutes, kicks; hidden and deleted posts and replies. */
  moderation?: ModerationServices;
  /** 用户 and 通知: roles, disabled accounts, password resets; the administrator's notices. */
  users?: UserConsoleServices;
  /** 音乐: playlists, songs, uploads, lyrics in MUSIC_DIR; 'upstream' when MUSIC_UPSTREAM serves the music (read-only). */
  music?: MusicConsoleService | 'upstream';
  /** 统计: the site's own statistics and their CSV downloads. */
  stats?: StatsService;
  /** 操作日志: every write here is recorded, and the log is read here. */
  audit?: AuditLog;
}

/**
 * The console's calls, one plugin under `/api/admin`. Its first hook refuses anyone but an administrator
 * (401 for a visitor, 403 for a user), so no route can forget the check; a path that does not exist answers
 * the same refusal before its 404, so the console's calls cannot be discovered from outside.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminServices> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  app.setNotFoundHandler(async (request, reply) => {
    requireAdmin(request);
    return reply.status(404).send(failure(404, messages.notFound));
  });
  if (options.articles) await app.register(articleConsoleRoutes, { articles: options.articles });
  if (options.site) await app.register(siteConsoleRoutes, { site: options.site });
  if (options.taxonomy) await app.register(taxonomyConsoleRoutes, { taxonomy: options.taxonomy });
  if (options.directory) await app.register(directoryConsoleRoutes, { directory: options.directory });
  if (options.showcase) await app.register(showcaseConsoleRoutes, { showcase: options.showcase });
  if (options.transfer) await app.register(transferRoutes, { transfer: options.transfer });
  if (options.overview) await app.register(overviewRoutes, { overview: options.overview });
  if (options.comments) await app.register(commentConsoleRoutes, { comments: options.comments });
  if (options.moderation) await app.register(moderationRoutes, options.moderation);
  if (options.users) await app.register(userConsoleRoutes, options.users);
  if (options.music) await app.register(musicConsoleRoutes, { music: options.music });
  if (options.stats) await app.register(statsRoutes, { stats: options.stats });
  if (options.audit) {
    recordConsoleWrites(app, options.audit, ADMIN_API_PREFIX);
    await app.register(auditRoutes, { audit: options.audit });
  }
};
