import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages';
import { httpDuration, metricsText, registry } from '../metrics/metrics';
import { failure } from './envelope';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: a request bearing METRICS_TOKEN, or, without a token, one made on this machine that
 * no proxy forwarded (the socket's own address, whatever TRUST_PROXY says, and no X-Forwarded-For).
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (bearer !== undefined) {
    if (!token) return false;
    const given = crypto.createHash('sha256').update(bearer).digest();
    return crypto.timingSafeEqual(given, crypto.createHash('sha256').update(token).digest());
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

/** Times every answer by its route pattern (pages, answered by the not-found handler, are `pages`) and serves /metrics. */
export function installMetrics(app: FastifyInstance, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'unknown' : 'pages');
    httpDuration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, token)) return reply.status(403).send(failure(403, messages.metricsForbidden));
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await metricsText());
  });
}
