import type { FastifyInstance } from 'fastify';
import { INLINE_SCRIPT_CSP_SOURCES } from '../ssr/inlineScripts';

export interface SecurityHeaderOptions {
  /**
   * Songs and covers of a music upstream come from its own hosts, which cannot be known in advance:
   * images and media may then come from any http(s) origin.
   */
  upstreamMedia: boolean;
  /** The origin of MEDIA_PUBLIC_URL, where /media/ redirects pictures and files to. */
  mediaOrigin?: string | undefined;
}

/**
 * The content security policy, directive by directive, in the order it is sent. These are helmet's
 * defaults (`base-uri`, `form-action`, `script-src-attr`) with ours over them, as `@fastify/helmet`
 * sent them; `upgrade-insecure-requests` is left out, so a site served over plain HTTP still loads.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const upstream = options.upstreamMedia ? ['https:', 'http:'] : options.mediaOrigin ? [options.mediaOrigin] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'data:']],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...upstream]],
    ['object-src', ["'none'"]],
    // Same-origin scripts, and the inline scripts that run before the first paint (theme, full layout).
    ['script-src', ["'self'", ...INLINE_SCRIPT_CSP_SOURCES]],
    ['script-src-attr', ["'none'"]],
    // React and the Markdown preview set style attributes; scripts stay strictly same-origin.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['media-src', ["'self'", 'blob:', ...upstream]],
    // 'self' covers the chat socket on this same host (ws: and wss:), and nothing else.
    ['connect-src', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join(';');
}

/**
 * Every security header of every answer, computed once: helmet's defaults except
 * Cross-Origin-Embedder-Policy (covers of a music upstream are cross-origin images without CORP).
 */
export function securityHeaders(options: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  return [
    ['content-security-policy', contentSecurityPolicy(options)],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

/**
 * Sets the security headers on every answer (API, pages, assets, media, errors) in one hook, as
 * `@fastify/helmet` did, without building them again for each request: helmet made the policy anew on every
 * request, about 80–100 µs of CPU each. A route may still override one with `reply.header()`. Returns the
 * headers, for answers given before Fastify.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): ReadonlyArray<readonly [string, string]> {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
  return headers;
}
