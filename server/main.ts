import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { DEFAULT_MEDIA_GC_GRACE_HOURS, DEFAULT_PAGE_CACHE_MB, SHUTDOWN_TIMEOUT_MS, type AppConfig } from './config';
import type { Database } from './adapters/db/schema';
import { KyselyUserRepository } from './adapters/db/userRepository';
import { KyselySessionRepository } from './adapters/db/sessionRepository';
import type { AccountService } from './domain/accounts/accountService';
import type { NotificationService } from './domain/notifications/notificationService';
import type { NotificationPublisher } from './ports/notificationPublisher';
import type { PasswordHasher } from './ports/passwordHasher';
import { loadSiteSecret } from './adapters/crypto/secretBox';
import { createAccountServices } from './accountServices';
import { openDatabase, type DatabaseEvents, type DatabaseHandle } from './adapters/db/connect';
import { dependencyFault } from './adapters/faults';
import { migrateToLatest } from './adapters/db/migrations';
import { KyselySiteRepository } from './adapters/db/siteRepository';
import { buildApp } from './adapters/http/app';
import { BUCKET_PREFIXES, bucketBackups, bucketOf, musicLibraryFiles, openSiteStores, type SiteStores } from './adapters/storage/siteStores';
import { seedDemoContent } from './adapters/seed/demoSite';
import { ensureSiteSettings } from './adapters/seed/siteDefaults';
import { KyselyArticleRepository } from './adapters/db/content/articleRepository';
import { KyselyContentRepository } from './adapters/db/content/contentRepository';
import { KyselyMessageRepository } from './adapters/db/content/messageRepository';
import type { DialectName } from './adapters/db/connect';
import type { ContentServices } from './adapters/http/routes/content';
import type { ArticleDetail } from './domain/content/article';
import { ArticleService } from './domain/content/articleService';
import { ARTICLE_TEXTS_KEPT, CHANGE_RELAY_PREFIX, COUNTER_LAG_MS, PAGE_TTL_MS, type ReadTopic } from './domain/hotReads';
import { BoardService } from './domain/content/boardService';
import { ShowcaseService } from './domain/content/showcaseService';
import { ArticleConsoleService } from './domain/content/articleConsoleService';
import { KyselyArticleEditorRepository } from './adapters/db/content/articleEditorRepository';
import { ShowcaseConsoleService } from './domain/content/showcaseConsoleService';
import { KyselyShowcaseRepository } from './adapters/db/content/showcaseRepository';
import { WebpPictureStore } from './adapters/media/webpPictureStore';
import { SiteService } from './domain/site/siteService';
import { SiteConsoleService } from './domain/site/siteConsoleService';
import { TaxonomyConsoleService } from './domain/content/taxonomyConsoleService';
import { DirectoryConsoleService } from './domain/content/directoryConsoleService';
import { KyselyTaxonomyRepository } from './adapters/db/content/taxonomyRepository';
import { KyselyDirectoryRepository } from './adapters/db/content/directoryRepository';
import { systemClock, type Clock } from './ports/clock';
import { SignInAlerts } from './domain/accounts/signInAlerts';
import { KyselySignInAlertRepository } from './adapters/db/signInAlertRepository';
import { randomSessionTokens } from './adapters/crypto/sessionTokens';
import { describeUserAgent } from './adapters/http/userAgent';
import { describeSecurityEvent } from './domain/audit/auditEntry';
import { SiteTransfer } from './adapters/transfer/siteTransfer';
import { KyselyOldAddressRepository } from './adapters/db/content/oldAddressRepository';
import { OldLinks } from './domain/content/oldLinks';
import { OverviewService } from './domain/overview/overviewService';
import { KyselyOverviewRepository } from './adapters/db/overviewRepository';
import { LocalLibrary, defaultCacheDir } from './adapters/music/localLibrary';
import { UpstreamMusicSource } from './adapters/music/upstreamMusicSource';
import { LibraryEditor } from './adapters/music/libraryEditor';
import { MusicConsoleService } from './domain/music/musicConsoleService';
import { ChatService } from './domain/chat/chatService';
import { KyselyChatRepository } from './adapters/db/chatRepository';
import { MemoryChatHub } from './adapters/ws/memoryChatHub';
import type { ChatHub } from './ports/chatHub';
import type { ChatLimits } from './ports/chatLimits';
import type { Redis } from 'ioredis';
import { MemoryReadCache } from './adapters/cache/memoryReadCache';
import { PageCache } from './adapters/ssr/pageCache';
import { ClusterChangeRelay, type ChangeRelay } from './adapters/cache/clusterChangeRelay';
import type { WorkerLink } from './adapters/cluster/workerLink';
import { ClusterChatHub } from './adapters/ws/clusterChatHub';
import { ignoreChanges, type ChangeNotifier, type ReadCache } from './ports/readCache';
import { installDrainGate } from './adapters/http/drain';
import { folderShelf, ScheduledBackups, storeShelf } from './adapters/backup/scheduledBackups';
import { mediaSweepOf, ScheduledMediaSweeps } from './adapters/media/mediaCleanup';
import { ADMIN_ROLE } from './domain/accounts/currentUser';
import { slowStatements, sumAcrossWorkers, watchPool } from './adapters/metrics/metrics';
import type { ModerationServices } from './adapters/http/routes/admin/moderation';
import type { UserConsoleServices } from './adapters/http/routes/admin/users';
import { KyselyBoardModerationRepository } from './adapters/db/moderation/boardModerationRepository';
import { KyselyUserDirectory } from './adapters/db/userDirectory';
import { BoardModerationService } from './domain/moderation/boardModerationService';
import { ChatModerationService } from './domain/moderation/chatModerationService';
import { UserConsoleService } from './domain/users/userConsoleService';
import * as zhCN from '../src/i18n/zh-CN';
import { CommentService, type CommentMail } from './domain/comments/commentService';
import { CommentConsoleService } from './domain/comments/commentConsoleService';
import { KyselyCommentRepository } from './adapters/db/commentRepository';
import { createCommentRenderer } from './adapters/markdown/commentRenderer';
import { hmacHash } from './adapters/crypto/hmacHash';
import { createSmtpMailer } from './adapters/mail/smtpMailer';
import type { CommentNotifier } from './ports/notificationPublisher';
import { KyselyStatsRepository } from './adapters/db/statsRepository';
import { StatsRecorder } from './domain/stats/statsRecorder';
import { StatsService } from './domain/stats/statsService';
import type { MusicSource } from './ports/musicSource';
import { KyselyAuditLogRepository } from './adapters/db/auditLogRepository';
import { AuditLog } from './domain/audit/auditLog';

/** The folder holding package.json above this module: server/ when run from source, dist-server/ when built. */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

export const PROJECT_ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const DEMO_CONTENT_DIR = path.join(PROJECT_ROOT, 'content', 'demo');
export const DEMO_MUSIC_DIR = path.join(DEMO_CONTENT_DIR, 'music');

export interface RunningServer extends CreatedServer {
  url: string;
}

/** Articles, showcase pages and the message board over one database; writes are told to `changes`. */
export function createContentServices(
  db: Kysely<Database>,
  dialect: DialectName,
  notifications: NotificationPublisher,
  changes: ChangeNotifier = ignoreChanges,
  articleTexts?: ReadCache<ArticleDetail>,
): ContentServices {
  const content = new KyselyContentRepository(db);
  const articles = new KyselyArticleRepository(db, dialect);
  return {
    articles: new ArticleService(
      articles,
      new KyselySiteRepository(db),
      () => content.talkCount(),
      changes,
      articleTexts,
    ),
    showcase: new ShowcaseService(content, notifications, systemClock, changes),
    board: new BoardService(new KyselyMessageRepository(db), notifications, systemClock, changes),
    oldLinks: new OldLinks(new KyselyOldAddressRepository(db), articles),
  };
}

/** The console's moderation (chat room, message board) and people (users, notices) over one database. */
export function createModerationServices(
  db: Kysely<Database>,
  dialect: DialectName,
  deps: { accounts: AccountService; notifications: NotificationService; chat: ChatService; changes?: ChangeNotifier },
): { moderation: ModerationServices; users: UserConsoleServices } {
  return {
    moderation: {
      chat: new ChatModerationService({ chat: deps.chat, messages: new KyselyChatRepository(db), clock: systemClock }),
      board: new BoardModerationService(new KyselyBoardModerationRepository(db), deps.changes),
    },
    users: {
      users: new UserConsoleService({
        directory: new KyselyUserDirectory(db, dialect),
        sessions: new KyselySessionRepository(db),
        accounts: deps.accounts,
        chat: deps.chat,
        clock: systemClock,
      }),
      notifications: deps.notifications,
    },
  };
}

/** Comments (readers' calls and the console's moderation) over one database; count changes are told to `changes`. */
export function createCommentServices(
  db: Kysely<Database>,
  dialect: DialectName,
  notifier: CommentNotifier,
  changes: ChangeNotifier = ignoreChanges,
  mail?: CommentMail,
): { service: CommentService; console: CommentConsoleService } {
  const repository = new KyselyCommentRepository(db, dialect);
  const service = new CommentService({
    comments: repository,
    renderer: createCommentRenderer(),
    hash: hmacHash,
    notifier,
    clock: systemClock,
    changes,
    mail,
  });
  return { service, console: new CommentConsoleService(repository, service, changes) };
}

export interface ServerOverrides {
  /** Tests pass a cheaper scrypt cost; production uses the default. */
  passwordHasher?: PasswordHasher;
  /** The accounts' clock: sessions, their proofs, new sign-ins (tests move it). */
  clock?: Clock;
  /** Where the first start's administrator password is printed (stdout by default). */
  announce?: (line: string) => void;
  /** Namespace of the chat's Redis keys and channel (REDIS_URL set); tests give each run its own. */
  chatRedisPrefix?: string;
  /** Chat timers (socket heartbeat, presence refresh), shortened by tests. */
  chatTimers?: { heartbeatMs?: number; presenceRefreshMs?: number };
  /** Namespace of the shared per-minute and chat limits' keys in Redis (REDIS_URL set); tests give each run its own. */
  limitsRedisPrefix?: string;
  /** Namespace of the hot reads' change channel in Redis (REDIS_URL set); tests give each run its own. */
  cacheRedisPrefix?: string;
  /** How long a hot read is kept (READ_CACHE_TTL_MS); tests that prove invalidation make it long. */
  readCacheTtlMs?: number;
  /** How long a visitor's page is kept (PAGE_TTL_MS); tests that prove invalidation make it long. */
  pageTtlMs?: number;
  /**
   * How often counted views are stored and how late lists show a changed count (COUNTER_LAG_MS); tests
   * that compare answers with the database make it long and call `settleCounters`.
   */
  counterLagMs?: number;
  /**
   * This process is a worker of a cluster (WEB_CONCURRENCY > 1, set by start.ts): without Redis its caches'
   * drops and the chat room go through the primary; its metrics are summed with the other workers'; only the
   * leader runs what happens once per site.
   */
  cluster?: WorkerLink | undefined;
}

export interface CreatedServer {
  app: FastifyInstance;
  /** How other areas (the content importer, message board) tell users something happened. */
  notifications: NotificationPublisher;
  /** How a write made beside the services (an import in this process) drops the hot reads it changes. */
  changes: ChangeNotifier;
  /** The scheduled backups (BACKUP_SCHEDULE set). */
  backups?: ScheduledBackups | undefined;
  /** The scheduled media clean-up (MEDIA_GC_SCHEDULE not `off`, in the process that runs the site's tasks). */
  mediaSweeps?: ScheduledMediaSweeps | undefined;
  /** The local music library (absent when MUSIC_UPSTREAM answers instead). */
  music?: LocalLibrary | undefined;
  /** Visitors' pages kept rendered (absent with PAGE_CACHE_MB=0): its counts are the metrics'. */
  pages?: PageCache | undefined;
  /** Stores the views counted so far and shows every changed count now, here and on other instances. */
  settleCounters(): Promise<void>;
  close(): Promise<void>;
  /**
   * A graceful stop (SIGTERM): new requests get 503 and `Connection: close`, requests in flight finish (for
   * up to `timeoutMs`, then their connections are cut), then everything closes, the database last.
   * Resolves whether every request in flight finished.
   */
  shutdown(timeoutMs?: number, handOver?: boolean): Promise<boolean>;
}

/** How often the statistics' raw events are rolled up into their daily totals (the dashboard also rolls up when read). */
export const STATS_ROLL_UP_MS = 60_000;
/** How often the administrator's log drops entries past AUDIT_KEEP_DAYS. */
const AUDIT_PURGE_MS = 6 * 3_600_000;

/**
 * The site's own statistics over one database: the recorder (absent with STATS=off) that the counting
 * points append to, and the service that rolls up and reports.
 */
export function createStatsServices(
  db: Kysely<Database>,
  counting: boolean,
  music: MusicSource,
): { recorder: StatsRecorder | undefined; service: StatsService } {
  const store = new KyselyStatsRepository(db);
  const recorder = counting
    ? new StatsRecorder({ store, hash: hmacHash, clock: systemClock, randomSalt: () => crypto.randomBytes(32).toString('hex') })
    : undefined;
  const songNames = async (ids: number[]) =>
    new Map((await music.songDetails(ids.filter((id) => Number.isSafeInteger(id)))).map((song) => [song.id, song.name]));
  return { recorder, service: new StatsService({ store, clock: systemClock, recorder, songNames }) };
}

export { SHUTDOWN_TIMEOUT_MS };

/**
 * Longest a hot read is kept: the bound on staleness for changes this instance is not told of (another
 * instance when REDIS_URL is unset, the command-line import, a message lost while Redis was away).
 */
export const READ_CACHE_TTL_MS = 5_000;

/** The server's composition root: configuration in, a listening server out. */
export async function createServer(config: AppConfig, overrides: ServerOverrides = {}): Promise<CreatedServer> {
  // The server's own events go to the app's logger once it exists, before that to one of the same form.
  let log: ServerLog = pino({ level: config.logLevel });
  const { cluster } = overrides;
  // The music scan and watcher, scheduled publishing, the statistics' roll-up, backups and the log's purge run
  // in one process of an instance: the lone server, or the cluster's leader. Across instances their claims hold.
  const siteTasks = cluster?.leader ?? true;
  if (cluster) sumAcrossWorkers(() => cluster.metrics());
  const database = openDatabase({
    ...config,
    limits: { statementTimeoutMs: config.statementTimeoutMs, slowQueryMs: config.slowQueryMs, events: databaseEvents(() => log) },
  });
  await waitForDatabase(database, log);
  if (database.poolUsage) watchPool(database.poolUsage);
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);

  // Read (or made) at start: an unreadable key stops the start rather than a later sign-in.
  const siteSecret = loadSiteSecret(config.secretKey, config.dataDir);
  const { accounts, notifications } = createAccountServices(database.db, {
    secret: () => siteSecret,
    ...(overrides.passwordHasher ? { hasher: overrides.passwordHasher } : {}),
    registrationsPerHour: config.registerLimitPerHour,
    adminTwoStep: config.adminTwoStep ?? 'optional',
    issuer: config.siteName,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
  });
  const administrator = await accounts.ensureAdministrator();
  if (administrator) {
    // Printed once, straight to stdout: it must stand out from the log and never enter it.
    (overrides.announce ?? ((line) => process.stdout.write(`${line}\n`)))(
      `管理员账号已创建：用户名 ${administrator.username}，初始密码 ${administrator.password}（只显示这一次，请登录后立即修改）`,
    );
  }

  const stores = await openSiteStores(config.dataDir, config.storage);
  const media = stores.media;
  await media.ping();
  const sites = new KyselySiteRepository(database.db);
  if (config.seedDemo) {
    await seedDemoContent({ db: database.db, dialect: database.dialect, contentDir: DEMO_CONTENT_DIR, media, clock: systemClock });
  }
  await ensureSiteSettings({ db: database.db, media, clock: systemClock, artworkDir: DEMO_CONTENT_DIR, siteName: config.siteName });

  // ioredis is loaded only by a site that names a Redis server.
  let chatHub: ChatHub;
  let counterRedis: Redis | undefined;
  let chatLimits: ChatLimits | undefined;
  const limitsPrefix = overrides.limitsRedisPrefix ?? 'blog:limits';
  if (config.redisUrl) {
    const counters = await import('./adapters/redis/counterRedis');
    const { RedisChatLimits } = await import('./adapters/redis/redisChatLimits');
    counterRedis = counters.openCounterRedis(config.redisUrl, everyTenSeconds(() => log, 'Redis 连接出错（限流计数）：其间各实例各自计数'));
    await counters.whenConnected(counterRedis);
    chatLimits = new RedisChatLimits(counterRedis, `${limitsPrefix}:chat`);
    const { RedisChatHub } = await import('./adapters/ws/redisChatHub');
    const redisHub = new RedisChatHub({
      url: config.redisUrl,
      prefix: overrides.chatRedisPrefix ?? 'blog:chat',
      onError: everyTenSeconds(() => log, 'Redis 连接出错（聊天室）：其间的聊天事件暂存，恢复后送达'),
    });
    await redisHub.whenReady();
    chatHub = redisHub;
  } else {
    chatHub = cluster ? new ClusterChatHub(cluster) : new MemoryChatHub();
  }
  const chat = new ChatService({
    messages: new KyselyChatRepository(database.db),
    hub: chatHub,
    users: new KyselyUserRepository(database.db),
    clock: systemClock,
    limits: chatLimits,
  });
  // A session ended from the personal centre or the console closes that session's chat sockets on every instance.
  accounts.whenSessionsEnd((userId, sessionIds) => chat.signOut(userId, sessionIds));

  // The music library answers at once from the stored catalogue; the folder is scanned in the background.
  const library = config.musicUpstream
    ? undefined
    : new LocalLibrary({
        db: database.db,
        files: musicLibraryFiles(stores, config.musicDir),
        cacheDir: defaultCacheDir(config.dataDir),
        clock: systemClock,
        demoDir: config.seedDemo ? DEMO_MUSIC_DIR : undefined,
        scans: siteTasks,
        log: config.logLevel === 'silent' ? undefined : (line) => process.stderr.write(`${line}\n`),
      });
  await library?.start();

  // Hot reads are kept serialised in memory; each write drops what it changes here and, through Redis,
  // on the other instances.
  let relay: ChangeRelay | undefined;
  let clusterRelay: ClusterChangeRelay | undefined;
  const counterLagMs = overrides.counterLagMs ?? COUNTER_LAG_MS;
  const ttlMs = overrides.readCacheTtlMs ?? READ_CACHE_TTL_MS;
  // Articles' text, kept apart from the answers as sent: it is dropped by the same changes.
  // While the database is away, readers get the last answers rather than errors.
  const staleOnError = (error: unknown) => dependencyFault(error) !== undefined;
  const articleTexts = new MemoryReadCache<ArticleDetail>({ ttlMs, maxEntries: ARTICLE_TEXTS_KEPT, staleOnError });
  const pageCacheMb = config.pageCacheMb ?? DEFAULT_PAGE_CACHE_MB;
  const pageTtlMs = overrides.pageTtlMs ?? PAGE_TTL_MS;
  const cachePrefix = overrides.cacheRedisPrefix ?? CHANGE_RELAY_PREFIX;
  const sharedPages =
    pageCacheMb > 0 && config.pageCacheRedis && config.redisUrl
      ? new (await import('./adapters/cache/redisPageStore')).RedisPageStore({
          url: config.redisUrl,
          prefix: cachePrefix,
          ttlMs: pageTtlMs,
          onError: everyTenSeconds(() => log, 'Redis 连接出错（共享页面）：各实例改为自己渲染页面'),
        })
      : undefined;
  const pages =
    pageCacheMb > 0 ? new PageCache({ maxBytes: pageCacheMb * 1024 * 1024, ttlMs: pageTtlMs, shared: sharedPages }) : undefined;
  const readCache = new MemoryReadCache<Buffer>({
    ttlMs,
    staleOnError,
    onChange: (topics) => {
      articleTexts.invalidate(topics);
      pages?.changed(topics);
      relay?.publish(topics);
    },
    lagMs: counterLagMs,
  });
  // Another instance scanned the library (a console edit, an upload): its catalogue is in the database.
  const reloadMusic = () => void library?.scanner.load().catch((error: unknown) => log.error(error, '音乐目录重新载入失败'));
  const dropRemote = (topics: ReadTopic[]) => {
    readCache.invalidate(topics);
    articleTexts.invalidate(topics);
    pages?.invalidate(topics);
    if (topics.includes('music')) reloadMusic();
  };
  if (library) library.scanner.onScanned = () => readCache.changed(['music']);
  if (config.redisUrl) {
    const { RedisChangeRelay } = await import('./adapters/cache/redisChangeRelay');
    const redisRelay = new RedisChangeRelay({
      url: config.redisUrl,
      prefix: cachePrefix,
      onError: everyTenSeconds(() => log, 'Redis 连接出错（缓存同步）：恢复后各实例清空内存中的热读'),
      ...(sharedPages ? { beforePublish: () => sharedPages.settled() } : {}),
      onRemoteChange: dropRemote,
      onResync: () => {
        readCache.clear();
        articleTexts.clear();
        pages?.clear();
        reloadMusic();
      },
    });
    await redisRelay.whenReady();
    relay = redisRelay;
  } else if (cluster) {
    // The workers of an instance without Redis: through the primary, each answer waiting for its drops.
    clusterRelay = new ClusterChangeRelay(cluster, dropRemote);
    relay = clusterRelay;
  }

  const content = createContentServices(database.db, database.dialect, notifications, readCache, articleTexts);
  const audit = new AuditLog(new KyselyAuditLogRepository(database.db), systemClock, config.auditKeepDays ?? 365);
  // Reply emails only with SMTP_URL (which needs SITE_URL): without it nothing is sent and nothing fails.
  const commentMail: CommentMail | undefined =
    config.smtpUrl && config.siteUrl
      ? {
          mailer: createSmtpMailer(config.smtpUrl, config.smtpFrom),
          siteUrl: config.siteUrl,
          siteName: async () => (await sites.getConfig())?.name ?? '',
          onError: (error) => log.warn({ reason: (error as Error | undefined)?.message ?? String(error) }, '回复提醒邮件发送失败'),
        }
      : undefined;
  const comments = createCommentServices(database.db, database.dialect, notifications, readCache, commentMail);
  const signInAlerts = createSignInAlerts(database.db, {
    accounts,
    notifications,
    clock: overrides.clock ?? systemClock,
    ...(commentMail ? { mail: { ...commentMail, addressOf: async (id: number) => {
      const settings = await comments.service.emailSettings(id);
      return settings.notify && settings.email !== '' ? settings.email : undefined;
    } } } : {}),
  });
  // Told before the sign-in answers: the notice is in the drawer when the new session first asks.
  accounts.whenSignedIn(async (signIn) => {
    const told = await signInAlerts.signedIn(signIn).catch((error: unknown) => {
      log.error({ reason: (error as Error | undefined)?.message ?? String(error) }, '新浏览器登录提醒失败');
      return false;
    });
    if (!told) return;
    const actor = { id: signIn.user.id, name: signIn.user.username, address: signIn.client.address, userAgent: (signIn.client.userAgent ?? '').slice(0, 200) };
    await audit.record(describeSecurityEvent('newDeviceSignIn', signIn.user.username), actor).catch((error: unknown) => log.error(error, 'audit log entry not written'));
  });
  content.comments = comments.service;
  const musicSource: MusicSource = library ? library.source : new UpstreamMusicSource(config.musicUpstream ?? '');
  const stats = createStatsServices(database.db, config.stats !== false, musicSource);
  const articleConsole = new ArticleConsoleService(
    new KyselyArticleEditorRepository(database.db, database.dialect),
    notifications,
    systemClock,
    readCache,
  );
  const app = await buildApp(
    {
      site: new SiteService(sites, readCache),
      accounts,
      signInAlerts,
      notifications,
      media,
      content,
      readCache,
      ...(pages ? { pages } : {}),
      chat: { chat, hub: chatHub, ...overrides.chatTimers },
      music: { source: musicSource, library },
      admin: {
        articles: articleConsole,
        site: new SiteConsoleService(sites, systemClock, readCache),
        taxonomy: new TaxonomyConsoleService(new KyselyTaxonomyRepository(database.db), systemClock, readCache),
        directory: new DirectoryConsoleService(new KyselyDirectoryRepository(database.db), systemClock, readCache),
        showcase: new ShowcaseConsoleService(
          new KyselyShowcaseRepository(database.db),
          content.showcase,
          new WebpPictureStore(media),
          systemClock,
          readCache,
        ),
        transfer: new SiteTransfer({
          database,
          articles: new KyselyArticleRepository(database.db, database.dialect),
          media,
          changes: readCache,
          dataDir: config.dataDir,
          musicDir: config.musicDir,
          bucket: bucketOf(stores),
          workDir: path.join(config.dataDir, 'tmp'),
        }),
        overview: new OverviewService(new KyselyOverviewRepository(database.db), systemClock),
        comments: comments.console,
        ...createModerationServices(database.db, database.dialect, { accounts, notifications, chat, changes: readCache }),
        stats: stats.service,
        audit,
        music: library ? new MusicConsoleService(new LibraryEditor(library)) : 'upstream',
      },
      stats: stats.recorder,
      healthCheck: async () => {
        await sql`select 1`.execute(database.db);
      },
      readiness: {
        media: () => media.ping(),
        ...(counterRedis ? { redis: () => counterRedis.ping() } : {}),
      },
    },
    {
      clientDir: config.clientDir,
      media: { store: media, variants: stores.variants, publicUrl: stores.publicUrl },
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      siteUrl: config.siteUrl,
      adminUrl: config.adminUrl,
      costlyRoutesPerMinute: config.rateLimitPerMinute,
      ...(counterRedis ? { sharedLimits: { redis: counterRedis, nameSpace: `${limitsPrefix}:minute:` } } : {}),
      offline: config.offline ?? true,
      metricsToken: config.metricsToken,
      ...(clusterRelay ? { changesDelivered: () => clusterRelay.delivered() } : {}),
    },
  );
  log = app.log;
  const gate = installDrainGate(app.server, zhCN.backup.shuttingDown);
  const logUnstored = (error: unknown) => app.log.error(error, 'views not stored');
  // Views that cannot be stored stay counted in memory and go with the next write that succeeds.
  let viewsHeld = false;
  const storeViews = () =>
    content.articles.storeViews().then(
      () => {
        if (viewsHeld) app.log.info('阅读量已补存');
        viewsHeld = false;
      },
      (error: unknown) => {
        if (!viewsHeld) logUnstored(error);
        viewsHeld = true;
      },
    );
  const viewTimer = setInterval(() => void storeViews(), counterLagMs).unref();
  const scheduledBackups = config.backupSchedule && siteTasks ? scheduleBackups(config, database, stores, notifications, () => log) : undefined;
  const mediaSweeps = config.mediaGcSchedule && siteTasks ? scheduleMediaSweeps(config, database, stores, audit, () => log) : undefined;
  // Scheduled articles go out from whichever instance polls first after their time: each is claimed once.
  let publishing: Promise<void> | undefined;
  const publishDue = () =>
    (publishing ??= articleConsole
      .publishDue()
      .then(
        () => undefined,
        (error: unknown) => app.log.error(error, '定时发布出错'),
      )
      .finally(() => (publishing = undefined)));
  const scheduleTimer = siteTasks ? setInterval(() => void publishDue(), config.schedulePollMs).unref() : undefined;
  // Counted events are written every second like article views, by every process; their roll-up runs on
  // every instance (in its leader).
  const logStats = everyTenSeconds(() => log, '统计数据暂未写入，稍后重试');
  const statsFlushTimer = setInterval(() => void stats.recorder?.flush().catch(logStats), 1_000).unref();
  const statsRollUpTimer = siteTasks ? setInterval(() => void stats.service.rollUp().catch(logStats), STATS_ROLL_UP_MS).unref() : undefined;
  // Deleting what is past its age is the same on every instance: whichever runs first leaves nothing to the
  // others.
  const purgeAudit = () => void audit.purge().catch((error: unknown) => app.log.error(error, '操作日志清理出错'));
  if (siteTasks) purgeAudit();
  const auditPurgeTimer = siteTasks ? setInterval(purgeAudit, AUDIT_PURGE_MS).unref() : undefined;
  const settleCounters = async () => {
    try {
      await content.articles.storeViews();
    } finally {
      readCache.applyHeldChanges();
    }
  };
  const close = async () => {
    await scheduledBackups?.stop();
    await mediaSweeps?.stop();
    clearInterval(viewTimer);
    clearInterval(scheduleTimer);
    clearInterval(statsFlushTimer);
    clearInterval(statsRollUpTimer);
    clearInterval(auditPurgeTimer);
    await publishing;
    await comments.service.whenMailSent();
    await signInAlerts.whenMailSent();
    await library?.close();
    await app.close();
    await settleCounters().catch(logUnstored);
    await stats.recorder?.flush().catch(logStats);
    await chatHub.close();
    await relay?.close();
    await sharedPages?.close();
    counterRedis?.disconnect();
    await database.close();
  };
  return {
    app,
    notifications,
    backups: scheduledBackups,
    mediaSweeps,
    changes: readCache,
    music: library,
    pages,
    settleCounters,
    close,
    shutdown: async (timeoutMs = SHUTDOWN_TIMEOUT_MS, handOver = false) => {
      const drained = await gate.drain(timeoutMs, handOver);
      if (!drained) app.server.closeAllConnections();
      await close();
      return drained;
    },
  };
}

type ServerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** New sign-ins told to their owner: a notice, and an email when SMTP is set up and the owner allows it. */
function createSignInAlerts(
  db: Kysely<Database>,
  deps: {
    accounts: AccountService;
    notifications: NotificationPublisher;
    clock: Clock;
    mail?: Omit<CommentMail, 'mailer'> & { mailer: CommentMail['mailer']; addressOf(userId: number): Promise<string | undefined> };
  },
): SignInAlerts {
  const { mail } = deps;
  return new SignInAlerts({
    alerts: new KyselySignInAlertRepository(db),
    tokens: randomSessionTokens,
    clock: deps.clock,
    notices: deps.notifications,
    describeClient: (userAgent) => Object.values(describeUserAgent(userAgent)).filter(Boolean).join(' · '),
    accounts: deps.accounts,
    ...(mail
      ? {
          mail: {
            mailer: mail.mailer,
            siteUrl: mail.siteUrl,
            siteName: mail.siteName,
            addressOf: mail.addressOf,
            formatTime: (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
            onError: mail.onError,
          },
        }
      : {}),
  });
}

/** BACKUP_SCHEDULE's backups; a failure is logged and every administrator is sent a notice (type 4). */
function scheduleBackups(
  config: AppConfig,
  database: DatabaseHandle,
  stores: SiteStores,
  notifications: NotificationPublisher,
  log: () => ServerLog,
): ScheduledBackups {
  const inBucket = config.backupTarget === 'bucket' ? bucketBackups(stores) : undefined;
  const bucketName = config.storage?.kind === 's3' ? config.storage.bucket : '';
  const backups = new ScheduledBackups({
    database,
    dataDir: config.dataDir,
    musicDir: config.musicDir,
    bucket: bucketOf(stores),
    shelf: inBucket
      ? storeShelf(inBucket, `s3://${bucketName}/${BUCKET_PREFIXES.backups}`)
      : folderShelf(config.backupDir ?? path.join(config.dataDir, 'backups')),
    keep: config.backupKeep ?? 7,
    failed: async (error) => {
      const reason = (error as Error | undefined)?.message ?? String(error);
      log().error({ reason }, '定时备份失败');
      const administrators = await database.db.selectFrom('user_account').select('id').where('role', '=', ADMIN_ROLE).execute();
      const message = zhCN.backup.scheduledFailed(reason);
      for (const { id } of administrators) await notifications.toUser(id, { type: 4, message, toId: null });
    },
  });
  backups.start(config.backupSchedule ?? '');
  return backups;
}

/** MEDIA_GC_SCHEDULE's clean-ups, once per site like the backups; a failure is logged (and counted). */
function scheduleMediaSweeps(config: AppConfig, database: DatabaseHandle, stores: SiteStores, audit: AuditLog, log: () => ServerLog): ScheduledMediaSweeps {
  const sweeps = new ScheduledMediaSweeps({
    database,
    sweep: mediaSweepOf(database, stores),
    graceHours: config.mediaGcGraceHours ?? DEFAULT_MEDIA_GC_GRACE_HOURS,
    audit,
    failed: (error) => log().error({ reason: (error as Error | undefined)?.message ?? String(error) }, '媒体文件清理失败'),
  });
  sweeps.start(config.mediaGcSchedule ?? '');
  return sweeps;
}

/** How the database's faults read in the log; `log` is asked each time, as it changes once the app exists. */
function databaseEvents(log: () => ServerLog): DatabaseEvents {
  const reason = (error: unknown) => (error as Error | undefined)?.message ?? String(error);
  return {
    slowQuery: (detail) => {
      slowStatements.inc();
      log().warn(detail, `慢查询：${detail.query}（${detail.ms} ms）`);
    },
    down: (error) => log().error({ reason: reason(error) }, '数据库不可用：需要它的请求将以 503 回答，数据库恢复后自动重连'),
    up: (ms) => log().info({ downForMs: Math.round(ms) }, `数据库已恢复（中断 ${(ms / 1000).toFixed(1)} 秒）`),
    connectionLost: (error) => log().warn({ reason: reason(error) }, '数据库连接已断开，连接池将建立新连接'),
  };
}

/** A warning for a repeated error, once in ten seconds at most: ioredis reports every reconnection attempt. */
function everyTenSeconds(log: () => ServerLog, message: string): (error: Error) => void {
  let last = -Infinity;
  return (error) => {
    if (performance.now() - last < 10_000) return;
    last = performance.now();
    log().warn({ reason: error.message }, message);
  };
}

/** Longest wait between two attempts to reach a database that is not there at start. */
const START_RETRY_MAX_MS = 10_000;

/**
 * A server started before its database (a reboot, a failover) waits for it, saying so, instead of exiting;
 * a database that answers with a refusal (a wrong password, a missing database) stops the start at once.
 */
async function waitForDatabase(database: DatabaseHandle, log: ServerLog): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(database.db);
      if (attempt > 1) log.info('数据库已连接');
      return;
    } catch (error) {
      if (dependencyFault(error) !== 'unavailable') throw error;
      const delayMs = Math.min(START_RETRY_MAX_MS, 500 * 2 ** (attempt - 1));
      log.warn({ reason: (error as Error).message, attempt }, `数据库暂不可用，${delayMs / 1000} 秒后重试（第 ${attempt} 次）`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

export async function startServer(config: AppConfig, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const server = await createServer(config, overrides);
  const address = await server.app.listen({ port: config.port, host: config.host });
  return { ...server, url: address.replace('0.0.0.0', '127.0.0.1') };
}
