import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request that took longer than this to answer (until its response was handed over) is logged as slow. */
export const SLOW_REQUEST_MS = 1000;

export interface RequestCounts {
  /** Answers since start, then by status class. */
  total: number;
  ok: number;
  redirected: number;
  refused: number;
  failed: number;
  /** Answers that took longer than `slowThresholdMs`. */
  slow: number;
  slowThresholdMs: number;
  /** Of the answers, those given from memory before Fastify (see hotPath.ts); all of them `ok`. */
  hotPath: number;
}

/**
 * Fastify's own per-request lines ("incoming request", "request completed", "Route … not found"), kept
 * only when debugging: at info level two lines per request cost more than answering from memory. Its
 * error lines (a failed stream, a failed serialiser, a request that errored) stay at every level.
 */
export class QuietRequestLog extends LogController {
  constructor(private readonly everyRequest: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.everyRequest) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (this.everyRequest || error) super.requestCompleted(error, request, reply, metadata);
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.everyRequest) super.routeNotFound(request, reply, metadata);
  }
}

/** Every request line at debug and trace; from info up, errors and slow requests only. */
export function requestLogController(level: string): QuietRequestLog {
  return new QuietRequestLog(level === 'debug' || level === 'trace');
}

/**
 * Counts every answer by status class and logs the ones worth reading: server errors (5xx) at error level
 * and slow answers at warn. The time is taken when the response is handed over (onSend), so a reader
 * slowly downloading a song does not make a slow server. The counts are shown by /healthz.
 */
export function installRequestLog(
  app: FastifyInstance,
  slowMs = SLOW_REQUEST_MS,
): { snapshot(): RequestCounts; countHotPath(status?: number): void } {
  const counts: RequestCounts = {
    total: 0,
    ok: 0,
    redirected: 0,
    refused: 0,
    failed: 0,
    slow: 0,
    slowThresholdMs: slowMs,
    hotPath: 0,
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    counts.total++;
    if (status < 300) counts.ok++;
    else if (status < 400) counts.redirected++;
    else if (status < 500) counts.refused++;
    else counts.failed++;
    if (ms > slowMs) counts.slow++;
    if (status >= 500 || ms > slowMs) {
      const line = { req: request, res: reply, responseTime: Math.round(ms) };
      if (status >= 500) request.log.error(line, 'request failed');
      else request.log.warn(line, 'slow request');
    }
    done(null, payload);
  });
  return {
    snapshot: () => ({ ...counts }),
    countHotPath: (status = 200) => {
      counts.total++;
      if (status < 300) counts.ok++;
      else counts.redirected++;
      counts.hotPath++;
    },
  };
}
