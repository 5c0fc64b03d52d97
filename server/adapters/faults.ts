/**
 * What a failure of something the server depends on means for the request that met it, whichever driver
 * reported it: the database cannot be reached (`unavailable`), it took too long and the statement was
 * cancelled (`timeout`), or the disk is full (`diskFull`). Anything else is a bug, not a fault.
 */
export type DependencyFault = 'unavailable' | 'timeout' | 'diskFull';

/** PostgreSQL's SQLSTATE codes for a connection that is gone or refused. */
const POSTGRES_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: the server is restarting, or the connection was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
/** Network errors of a socket to the database. */
const SOCKET_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg reports a lost or refused connection by message only. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout)/;

export function dependencyFault(error: unknown): DependencyFault | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') return 'diskFull';
    // 57014: query_canceled, which statement_timeout raises; SQLITE_BUSY: another writer held the file past busy_timeout.
    if (code === '57014' || code === 'SQLITE_BUSY' || message === 'Query read timeout') return 'timeout';
    if (typeof code === 'string' && (POSTGRES_UNAVAILABLE.has(code) || code.startsWith('08') || SOCKET_FAILURES.has(code))) {
      return 'unavailable';
    }
    if (cause instanceof DatabaseUnavailable) return 'unavailable';
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return 'unavailable';
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Thrown at once, without trying, while the database is known to be down and another request probes it. */
export class DatabaseUnavailable extends Error {
  constructor(readonly lastError: unknown) {
    super(`database unavailable: ${(lastError as Error | undefined)?.message ?? 'unknown'}`);
    this.name = 'DatabaseUnavailable';
  }
}
