import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/adapters/http/app';
import { UpstreamMusicSource } from '../../server/adapters/music/upstreamMusicSource';
import { INLINE_SCRIPT_CSP_SOURCES } from '../../server/adapters/ssr/inlineScripts';
import { SiteService } from '../../server/domain/site/siteService';
import { inMemorySiteRepository } from '../fakes/siteRepository';

/**
 * The headers `@fastify/helmet` sent with our options, recorded before it was replaced by a header set
 * computed once at start: every answer must still carry exactly these.
 */
const policy = (upstream: string) =>
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
  `img-src 'self' data: blob:${upstream};object-src 'none';script-src 'self' ${INLINE_SCRIPT_CSP_SOURCES.join(' ')};` +
  `script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob:${upstream};connect-src 'self'`;

const helmetHeaders = (upstream: string) => ({
  'content-security-policy': policy(upstream),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const SECURITY_HEADER =
  /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport|x-)/;

function securityHeadersOf(headers: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => SECURITY_HEADER.test(name)));
}

describe.each([
  { music: 'the local library', upstream: '' },
  { music: 'a music upstream', upstream: ' https: http:' },
])('security headers with $music', ({ upstream }) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp(
      {
        site: new SiteService(inMemorySiteRepository()),
        healthCheck: async () => undefined,
        ...(upstream ? { music: { source: new UpstreamMusicSource('http://127.0.0.1:9') } } : {}),
      },
      { logLevel: 'silent' },
    );
  });
  afterAll(() => app?.close());

  it.each(['/healthz', '/api/config', '/api/no/such/route', '/not/a/page'])(
    "are exactly helmet's on %s",
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(securityHeadersOf(response.headers)).toEqual(helmetHeaders(upstream));
      // Listed in the order helmet set them.
      expect(Object.keys(response.headers).filter((name) => SECURITY_HEADER.test(name))).toEqual(
        Object.keys(helmetHeaders(upstream)),
      );
    },
  );
});
