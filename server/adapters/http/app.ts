import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CLIENT_ROUTES } from '../../../src/protocol/routes';
import { messages } from '../../domain/messages';
import type { SiteService } from '../../domain/site/siteService';
import { MEDIA_URL_PREFIX } from '../media/localMediaStore';
import { failure } from './envelope';
import { installErrorHandler } from './errorHandler';
import { siteRoutes } from './routes/site';

export interface AppServices {
  site: SiteService;
  /** Resolves when the database answers; used by /healthz. */
  healthCheck(): Promise<void>;
}

export interface AppOptions {
  /** Built client (index.html + assets); the API still runs when it is missing. */
  clientDir?: string;
  /** Uploaded and imported media, served under /media/. */
  mediaDir?: string;
  logLevel?: string;
  trustProxy?: string[];
  /** Largest JSON body accepted, in bytes. */
  bodyLimit?: number;
}

const API_PREFIXES = ['/api/', '/wapi/', '/ws/', '/healthz', MEDIA_URL_PREFIX];
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/;

export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      // Credentials never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);
  const knownRoutes = trackRoutes(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the Markdown preview set style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  app.get('/healthz', async (_request, reply) => {
    await services.healthCheck();
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  await app.register(siteRoutes, { site: services.site });

  if (options.mediaDir) {
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      // Media names are content hashes: a name never points at other bytes.
      immutable: true,
      maxAge: '365d',
    });
  }

  const indexHtml = options.clientDir ? readIndex(options.clientDir) : undefined;
  if (options.clientDir && indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      decorateReply: false,
      index: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath.split(path.sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (indexHtml !== undefined && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname)) {
      return sendShell(reply, indexHtml, isClientRoute(pathname) ? 200 : 404);
    }
    if (knownRoutes.allowsOtherMethod(request.method, pathname)) {
      return reply.status(405).send(failure(405, messages.methodNotAllowed));
    }
    return reply.status(404).send(failure(404, messages.notFound));
  });

  return app;
}

function readIndex(clientDir: string): string | undefined {
  const file = path.join(clientDir, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

function isClientRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_ROUTES as readonly string[]).includes(normalised);
}

function sendShell(reply: FastifyReply, html: string, status: number) {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/** Mirrors every registered route so an unknown method on a known path can answer 405 instead of 404. */
function trackRoutes(app: FastifyInstance) {
  const router = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const method of methods) {
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
