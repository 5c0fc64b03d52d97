import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';

/** A raw request's client address, host and scheme, for answers given before Fastify. */
export interface RawRequestReader {
  ip(request: IncomingMessage): string;
  host(request: IncomingMessage): string;
  protocol(request: IncomingMessage): string;
}

/** A header given more than once: its last value, as Fastify takes it. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}

/**
 * Reads `ip`, `host` and `protocol` exactly as Fastify's request does with the same `trustProxy` (the list
 * app.ts gives it, or none; fastify/lib/request.js), so an answer given in front of Fastify counts the same
 * visitor and keys the same page as Fastify would.
 */
export function rawRequestReader(trustProxy: readonly string[] | false): RawRequestReader {
  const host = (request: IncomingMessage) => request.headers.host ?? '';
  const protocol = (request: IncomingMessage) => ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  if (!trustProxy || trustProxy.length === 0) return { ip: (request) => request.socket.remoteAddress ?? '', host, protocol };
  const trusted = proxyAddr.compile([...trustProxy]);
  /** A forwarded header, when the request came from a trusted proxy. */
  const forwarded = (request: IncomingMessage, name: string) => {
    const value = request.headers[name];
    const peer = request.socket.remoteAddress;
    return typeof value === 'string' && value !== '' && peer !== undefined && trusted(peer, 0) ? lastEntry(value) : undefined;
  };
  return {
    ip: (request) => proxyAddr.all(request, trusted).at(-1) ?? '',
    host: (request) => forwarded(request, 'x-forwarded-host') ?? host(request),
    protocol: (request) => forwarded(request, 'x-forwarded-proto') ?? protocol(request),
  };
}
