import type { IncomingMessage } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { Redis } from 'ioredis';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CLIENT_ROUTES } from '../../../src/protocol/routes';
import { OFFLINE_COPY_HEADER } from '../../../src/protocol/offline';
import { AppError } from '../../domain/errors';
import { messages } from '../../domain/messages';
import { accountMessages } from '../../domain/accounts/messages';
import type { SiteService } from '../../domain/site/siteService';
import type { AccountService } from '../../domain/accounts/accountService';
import type { NotificationService } from '../../domain/notifications/notificationService';
import type { MediaStore, ObjectStore } from '../../ports/mediaStore';
import { MEDIA_URL_PREFIX } from '../media/localMediaStore';
import { MediaVariants } from '../media/mediaVariants';
import { ObjectStoreCache } from '../media/objectStoreCache';
import { ResizedImageCache } from '../media/resizedImageCache';
import { failure } from './envelope';
import { installAuth, isConsolePath, SESSION_COOKIE } from './auth';
import { createPageRenderer, PAGE_VARY, type PageRenderer } from '../ssr/pageRenderer';
import { IncompletePage, keptPage, type KeptPage, type PageCache } from '../ssr/pageCache';
import { keptPageAnswer, VISITOR_PAGE_CACHING, visitorPageAnswerer } from './pageHotPath';
import { rawRequestReader } from './rawRequest';
import { installErrorHandler } from './errorHandler';
import { installSecurityHeaders } from './securityHeaders';
import { installRequestLog, requestLogController } from './requestLog';
import type { HotAnswerCache } from './hotAnswers';
import { installHotPath } from './hotPath';
import { readinessRoute, type ReadinessChecks } from './readiness';
import { installMetrics } from './metricsRoute';
import { countHotRead } from '../metrics/metrics';
import { siteRoutes } from './routes/site';
import { notifyRoutes } from './routes/notify';
import { uploadRoutes } from './routes/upload';
import { mediaRoutes } from './routes/media';
import { twoStepRoutes } from './routes/twoStep';
import { passkeyRoutes } from './routes/passkeys';
import { userRoutes } from './routes/user';
import { signInRoutes } from './routes/signIn';
import type { SignInAlerts } from '../../domain/accounts/signInAlerts';
import { contentRoutes, type ContentServices } from './routes/content';
import { countHotArticleRead } from './routes/article';
import { pageHtmlProvider } from './routes/feed';
import { musicMediaRoutes, musicRoutes } from './routes/music';
import type { MusicSource } from '../../ports/musicSource';
import type { LocalLibrary } from '../music/localLibrary';
import { chatRoutes } from './routes/chat';
import { ADMIN_API_PREFIX, adminRoutes, type AdminServices } from './routes/admin/adminRoutes';
import { recordSecurityEvents } from './auditTrail';
import { ADMIN_ROLE } from '../../domain/accounts/currentUser';
import { chatSocketRoutes, type ChatSocketOptions } from '../ws/chatSocket';
import { CHAT_MAX_FRAME_BYTES } from '../../../src/protocol/chat';
import { inputProblem, type InputProblem } from '../../domain/inputProblem';
import type { StatsRecorder } from '../../domain/stats/statsRecorder';
import { countHotAnswer, countPage, countVisitorPage, installStatsCounting, statsBeaconRoutes } from './statsCounting';

export interface AppServices {
  site: SiteService;
  /** Optional so the site shell can be built (and tested) alone; the account routes come with them. */
  accounts?: AccountService;
  /** New sign-ins told to their owner, and the 「不是我」 link's calls. */
  signInAlerts?: SignInAlerts | undefined;
  notifications?: NotificationService;
  media?: MediaStore;
  /** Articles, showcase pages, message board and feeds; the article page's HTML carries its metadata. */
  content?: ContentServices;
  /** The chat room: its rules and the hub its instances share; the socket at /ws/ and /api/chat/ come with it. */
  chat?: Pick<ChatSocketOptions, 'chat' | 'hub' | 'heartbeatMs' | 'presenceRefreshMs'>;
  /** The six /wapi calls; with a local library also its audio and covers. */
  music?: { source: MusicSource; library?: LocalLibrary | undefined };
  /** The console's calls under /api/admin (the gate stands even when no area is given). */
  admin?: AdminServices;
  /** Resolves when the database answers; used by /healthz. */
  healthCheck(): Promise<void>;
  /** What /readyz asks besides the database (Redis, the media store); the database is `healthCheck`. */
  readiness?: ReadinessChecks;
  /**
   * Where the hot reads (configuration, page headers, first home pages, hottest, taxonomy, facts) are
   * kept serialised; the services must tell it of their writes. None: every read goes to the database.
   */
  readCache?: HotAnswerCache;
  /** The site's own statistics: pages, in-app navigations, searches and songs are told to it. None: nothing is counted. */
  stats?: StatsRecorder | undefined;
  /**
   * Where visitors' pages are kept rendered and compressed; the services' writes must drop them (as they
   * drop the hot reads). None: every page is rendered for its request.
   */
  pages?: PageCache;
}

export interface AppOptions {
  /** Built client (index.html + assets); the API still runs when it is missing. */
  clientDir?: string;
  /**
   * Uploaded and imported media, served under /media/ from `store`, and where the width variants of its raster
   * pictures are kept: a local folder and its bound in bytes, or an object store (the bucket). `publicUrl`: a
   * CDN or public bucket address the originals are redirected to.
   */
  media?: { store: ObjectStore; variants: { dir: string; maxBytes: number } | ObjectStore; publicUrl?: string | undefined };
  logLevel?: string;
  /** Where log lines go (stdout by default); tests read it to prove no secret is logged. */
  logStream?: { write(line: string): void };
  trustProxy?: string[];
  /** Public origin (SITE_URL): state-changing calls from it count as same-site. */
  siteUrl?: string | undefined;
  /** Where an administrator's notice (type 4) leads. */
  adminUrl?: string;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit?: number;
  /** Requests per client address and minute to each of COSTLY_ROUTES (RATE_LIMIT_PER_MINUTE). */
  costlyRoutesPerMinute?: number;
  /** Where those requests are counted so that every instance counts the same ones (REDIS_URL set). */
  sharedLimits?: { redis: Redis; nameSpace: string };
  /** A bearer token that opens /metrics from anywhere (METRICS_TOKEN); without it, loopback only. */
  metricsToken?: string | undefined;
  /**
   * Resolves once the other processes have been handed this one's cache drops so far (the workers of an
   * instance without Redis): every answer waits for it, so a write's answer leaves after its drops.
   */
  changesDelivered?: () => Promise<void>;
  /** Answers slower than this are logged (SLOW_REQUEST_MS by default). */
  slowRequestMs?: number;
  /**
   * The installable, offline-readable site (OFFLINE, on by default): off, the pages link no manifest, so no
   * browser registers the offline worker and one registered before removes itself.
   */
  offline?: boolean;
}

/**
 * Routes that cost a password hash or an image decode: limited per client address and minute, counted
 * before the body is even read. Login attempts are throttled further by the account service.
 */
export const COSTLY_ROUTES: ReadonlySet<string> = new Set([
  '/api/user/login',
  '/api/user/register',
  '/api/user/updatePassword',
  '/api/user/loginSecondStep',
  '/api/user/passkeyLogin',
  '/api/user/passkeys/remove',
  '/api/user/twoStep/enable',
  '/api/user/twoStep/disable',
  '/api/user/twoStep/recoveryCodes',
  '/api/upload/img',
]);

const API_PREFIXES = ['/api/', '/wapi/', '/ws/', '/healthz', '/readyz', '/metrics', MEDIA_URL_PREFIX];
/** Answers from this size up are compressed for a client that accepts it. */
const COMPRESS_THRESHOLD = 1024;
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/;

export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const logLevel = options.logLevel ?? 'info';
  const trustProxy = options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false;
  const app = Fastify({
    // One line per request only when debugging; otherwise errors and slow requests (installRequestLog).
    logController: requestLogController(logLevel),
    logger: {
      level: logLevel,
      // Credentials never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy,
    // A path that cannot be decoded (`%FF`, `%ED%A0%80`) is refused before routing: in the envelope too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply).status(400).send(failure(400, messages.invalidRequest));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);
  if (options.changesDelivered) {
    const delivered = options.changesDelivered;
    app.addHook('onSend', async () => {
      await delivered();
    });
  }
  const requests = installRequestLog(app, options.slowRequestMs);
  await installAuth(app, {
    sessions: services.accounts ?? { resolveSession: async () => undefined },
    siteUrl: options.siteUrl,
  });
  const knownRoutes = trackRoutes(app);
  if (services.stats) installStatsCounting(app, services.stats);
  refuseBadInput(app);
  strictBodies(app);
  // Marks the costly routes before @fastify/rate-limit's own onRoute hook reads the mark.
  const perMinute = options.costlyRoutesPerMinute ?? 20;
  app.addHook('onRoute', (route) => {
    if (COSTLY_ROUTES.has(route.url))
      route.config = { ...route.config, rateLimit: { max: perMinute, timeWindow: 60_000 } };
  });
  await app.register(rateLimit, {
    global: false,
    // While Redis is away each request passes uncounted rather than failing: the limits are a guard, not a gate.
    ...(options.sharedLimits ? { redis: options.sharedLimits.redis, nameSpace: options.sharedLimits.nameSpace, skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError('rateLimited', accountMessages.tooManyRequests),
  });

  // Songs and covers of a music upstream come from its own hosts, which cannot be known in advance.
  const headers = installSecurityHeaders(app, {
    upstreamMedia: services.music !== undefined && !services.music.library,
    mediaOrigin: options.media?.publicUrl && new URL(options.media.publicUrl).origin,
  });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD });
  app.get('/healthz', async (_request, reply) => {
    await services.healthCheck();
    return reply.header('cache-control', 'no-store').send({ status: 'ok', requests: requests.snapshot() });
  });
  readinessRoute(app, { database: services.healthCheck, ...services.readiness });
  installMetrics(app, options.metricsToken);
  const cache = services.readCache ? { cache: services.readCache } : {};
  await app.register(siteRoutes, { site: services.site, ...cache });
  if (services.admin?.audit) recordSecurityEvents(app, services.admin.audit);
  if (services.accounts) {
    await app.register(userRoutes, { accounts: services.accounts, email: services.content?.comments, siteUrl: options.siteUrl });
    await app.register(twoStepRoutes, { accounts: services.accounts });
    await app.register(signInRoutes, { accounts: services.accounts, alerts: services.signInAlerts });
    await app.register(passkeyRoutes, { accounts: services.accounts, siteUrl: options.siteUrl });
  }
  if (services.notifications) {
    await app.register(notifyRoutes, {
      notifications: services.notifications,
      adminUrl: options.adminUrl ?? '/admin',
    });
  }
  if (services.media) await app.register(uploadRoutes, { media: services.media });
  if (services.content) {
    await app.register(contentRoutes, {
      content: services.content,
      site: services.site,
      siteUrl: options.siteUrl,
      serveRobots: !(options.clientDir && fs.existsSync(path.join(options.clientDir, 'robots.txt'))),
      ...cache,
    });
  }
  if (services.chat) {
    // A frame above the limit closes the socket (1009) before it is even parsed.
    await app.register(websocket, { options: { maxPayload: CHAT_MAX_FRAME_BYTES } });
    await app.register(chatSocketRoutes, { ...services.chat, siteUrl: options.siteUrl });
    await app.register(chatRoutes, { chat: services.chat.chat });
  }
  if (services.music) {
    await app.register(musicRoutes, { source: services.music.source });
    if (services.music.library) await app.register(musicMediaRoutes, { library: services.music.library });
  }
  await app.register(adminRoutes, { prefix: ADMIN_API_PREFIX, ...services.admin });
  await app.register(statsBeaconRoutes, { recorder: services.stats });
  const htmlFor = services.content && pageHtmlProvider(services.content.articles, services.site, options.siteUrl);

  if (options.media) {
    const { store, variants: kept, publicUrl } = options.media;
    const cache = 'dir' in kept ? new ResizedImageCache(kept) : new ObjectStoreCache(kept);
    await app.register(mediaRoutes, { store, variants: new MediaVariants({ media: store, cache }), publicUrl });
  }

  const indexHtml = options.clientDir ? readIndex(options.clientDir, options.offline ?? true) : undefined;
  const renderer =
    options.clientDir && indexHtml !== undefined && services.content
      ? createPageRenderer({
          clientDir: options.clientDir,
          site: services.site,
          content: services.content,
          authenticate: async (token) => (await services.accounts?.authenticate(token)) ?? undefined,
          siteUrl: options.siteUrl,
        })
      : undefined;
  const visitorPages =
    renderer && services.pages && indexHtml !== undefined
      ? visitorPageAnswerer({
          pages: services.pages,
          variantOf: (request) => renderer.visitorVariant(request),
          parseCookie: (header) => app.parseCookie(header),
          reader: rawRequestReader(trustProxy),
          isPage: isClientRoute,
          headers,
          countView: (id) => services.content?.articles.countView(id),
          ...(services.stats ? { countArrival: countVisitorPage(services.stats) } : {}),
          answered: (status) => requests.countHotPath(status),
        })
      : undefined;
  if (services.readCache || visitorPages) {
    installHotPath(app.server, {
      cache: services.readCache,
      pages: visitorPages,
      headers,
      compressThreshold: COMPRESS_THRESHOLD,
      answered: () => {
        requests.countHotPath();
        countHotRead(true);
      },
      seen: seenBeforeFastify([
        services.content && countHotArticleRead(services.content.articles),
        services.stats && countHotAnswer(services.stats),
      ]),
    });
  }
  if (options.clientDir && indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      decorateReply: false,
      index: false,
      // The build manifest and the server renderer (.vite, .ssr) stay on the server.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath.split(path.sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The front door is the home page: answered here rather than by the app, which would have to start first.
  // The query goes along (`/?showSpecial` opens the player there).
  // WordPress's `/?p=ID` and `/?page_id=ID` are old links to an article (issue 49): 301 there.
  app.get('/', async (request, reply) => {
    const query = request.url.indexOf('?');
    const search = query === -1 ? '' : request.url.slice(query);
    const oldLink = WORDPRESS_QUERY.test(search) ? await services.content?.oldLinks?.redirectFor('/', search.slice(1)) : undefined;
    if (oldLink) return reply.redirect(oldLink, 301);
    return reply.redirect(`/home${search}`, 302);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // What would be a 404 may be an address of the blog this one moved from: only then is it looked up.
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !isClientRoute(pathname)) {
      const query = request.url.indexOf('?');
      const oldLink = await services.content?.oldLinks?.redirectFor(pathname, query === -1 ? '' : request.url.slice(query + 1));
      if (oldLink) return reply.redirect(oldLink, 301);
    }
    if (indexHtml !== undefined && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname)) {
      // The console is the browser's own app (no server rendering), and for anyone but an administrator
      // its address is an ordinary unknown page.
      // The shell alone, in the reader's language (the browser renders the page).
      const shell = () => renderer?.shell(request, indexHtml) ?? indexHtml;
      if (isConsolePath(pathname) && request.user?.role === ADMIN_ROLE) return sendShell(request, reply, shell(), 200);
      const status = isClientRoute(pathname) ? 200 : 404;
      // A page the reader arrives on is counted here; the app counts its own navigations after it.
      const countArrival = () => {
        if (services.stats && status === 200 && request.method === 'GET' && request.headers[OFFLINE_COPY_HEADER] === undefined) {
          countPage(services.stats, request, async (token) => (await services.accounts?.authenticate(token)) ?? undefined);
        }
      };
      // A visitor (no session) gets the copy kept for every visitor of the same variant.
      if (renderer && services.pages && status === 200 && request.cookies[SESSION_COOKIE] === undefined) {
        const visitor = await visitorPage(services.pages, renderer, request, indexHtml, (html) =>
          htmlFor ? htmlFor(request, pathname, html) : Promise.resolve(html),
        );
        if (visitor) {
          // Counted as a render counts it: the page's arrival and the view of the article it shows.
          if (request.method === 'GET') for (const id of visitor.page.articles) services.content?.articles.countView(id);
          countArrival();
          return sendKept(request, reply, visitor.page, visitor.kept ? VISITOR_PAGE_CACHING : 'no-cache');
        }
      }
      const rendered = renderer
        ? await renderer.render(request, indexHtml).catch((error: unknown) => {
            // The shell still works: the browser renders the page itself.
            request.log.error({ err: error }, 'server rendering failed');
            return undefined;
          })
        : undefined;
      const page = rendered?.html ?? shell();
      const html = htmlFor ? await htmlFor(request, pathname, page) : page;
      countArrival();
      return sendShell(request, reply, html, status);
    }
    if (knownRoutes.allowsOtherMethod(request.method, pathname)) {
      return reply.status(405).send(failure(405, messages.methodNotAllowed));
    }
    return reply.status(404).send(failure(404, messages.notFound));
  });

  return app;
}

function readIndex(clientDir: string, offline: boolean): string | undefined {
  const file = path.join(clientDir, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file, 'utf8');
  // The page registers the offline worker only when it links the manifest (src/serviceWorker/whenIdle.ts).
  return offline ? html : html.replace(/\s*<link rel="manifest"[^>]*>/, '');
}

const WORDPRESS_QUERY = /[?&](p|page_id)=\d+(&|$)/;

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

function isClientRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_ROUTES as readonly string[]).includes(normalised);
}

const gzip = promisify(zlib.gzip);

/**
 * The visitor's page from the cache (rendered now on a miss); `kept` false for a page rendered without
 * all its data, sent to this visitor only. Undefined when the render failed.
 */
async function visitorPage(
  pages: PageCache,
  renderer: PageRenderer,
  request: FastifyRequest,
  shell: string,
  withMetadata: (html: string) => Promise<string>,
): Promise<{ page: KeptPage; kept: boolean } | undefined> {
  try {
    const page = await pages.page(renderer.visitorVariant(request), async () => {
      const rendered = await renderer.render(request, shell, { shared: true });
      const page = await keptPage(await withMetadata(rendered.html), rendered.articles);
      if (!rendered.complete) throw new IncompletePage(page);
      return page;
    });
    return { page, kept: true };
  } catch (error) {
    if (error instanceof IncompletePage) return { page: error.page, kept: false };
    request.log.error({ err: error }, 'server rendering failed');
    return undefined;
  }
}

function sendKept(request: FastifyRequest, reply: FastifyReply, page: KeptPage, caching: string) {
  const answer = keptPageAnswer(page, request.headers, caching);
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}

async function sendShell(request: FastifyRequest, reply: FastifyReply, html: string, status: number) {
  // A rendered page may carry the signed-in reader's name: never kept by a shared cache.
  reply
    .status(status)
    .header('cache-control', 'private, no-cache')
    .header('vary', PAGE_VARY)
    .type('text/html; charset=utf-8');
  // @fastify/compress hooks routes only, and pages are answered by the not-found handler: gzip them here.
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(await gzip(html));
}

const INPUT_MESSAGES: Record<InputProblem, string> = {
  nul: messages.invalidCharacters,
  illFormed: messages.illFormedText,
  depth: messages.nestedTooDeep,
};

/**
 * One gate for every body, query and path parameter: PostgreSQL cannot store a NUL character, a lone
 * surrogate would be stored lossily, and deep nesting only costs. Each is refused up front with its message.
 */
function refuseBadInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw new AppError('invalid', INPUT_MESSAGES[problem]);
  });
}

/**
 * Bodies are checked as they are, before Ajv (which coerces "1" and true to numbers for path and query
 * parameters, where everything arrives as text): a JSON body that says "1" where a number belongs is wrong.
 */
function strictBodies(app: FastifyInstance) {
  const validators = new WeakMap<object, Validator>();
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as TSchema | undefined;
    if (!schema || typeof schema !== 'object' || request.body === undefined) return;
    let validator = validators.get(schema);
    if (!validator) {
      validator = Compile(schema);
      validators.set(schema, validator);
    }
    if (validator.Check(request.body)) return;
    const [issue] = validator.Errors(request.body);
    const required = (issue?.params as { requiredProperties?: unknown[] } | undefined)?.requiredProperties?.[0];
    const field = (typeof required === 'string' ? required : '') || issue?.instancePath.replace(/^\//, '') || '';
    throw new AppError('invalid', field ? `${messages.invalidRequest}：${field}` : messages.invalidRequest);
  });
}

export interface RouteEntry {
  method: string;
  url: string;
  /** A WebSocket route (GET upgrade). */
  websocket: boolean;
  /** Top-level fields of the route's JSON body schema, if it has one. */
  bodyKeys: string[];
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route the app registered, as its own route table holds them (the fuzzing suite covers each). */
export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}

/** Mirrors every registered route so an unknown method on a known path can answer 405 instead of 404. */
function trackRoutes(app: FastifyInstance) {
  const router = FindMyWay();
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const method of methods) {
      const body = route.schema?.body as { properties?: Record<string, unknown> } | undefined;
      table.push({
        method,
        url: route.url,
        websocket: (route as { websocket?: boolean }).websocket === true,
        bodyKeys: Object.keys(body?.properties ?? {}),
      });
      if (method === 'HEAD' || router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined);
    }
  });
  return {
    allowsOtherMethod(method: string, pathname: string): boolean {
      return (['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const).some(
        (other) => other !== method && router.find(other, pathname) !== null,
      );
    },
  };
}

/** Everything told of a request the hot path answered: an article read's view, a search for the statistics. */
function seenBeforeFastify(listeners: (((request: IncomingMessage) => void) | undefined)[]): (request: IncomingMessage) => void {
  const present = listeners.filter((listener) => listener !== undefined);
  return (request) => {
    for (const listener of present) listener(request);
  };
}
