import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics, in one registry, read by /metrics. A scrape sees one instance: its one
 * process, or its workers summed (WEB_CONCURRENCY > 1); Prometheus sums instances with `sum by (…)`, as the
 * dashboard in docs/ does.
 * Each area increments its own metric here rather than keeping counts of its own.
 */
export const registry = new Registry();

// Event-loop delay (nodejs_eventloop_lag_*), memory, handles, garbage collection: prom-client's defaults.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpDuration = new Histogram({
  name: 'blog_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const slowStatements = new Counter({
  name: 'blog_db_slow_statements_total',
  help: 'Database statements that took SLOW_QUERY_MS or longer',
  registers: [registry],
});

export interface PoolUsage {
  inUse: number;
  idle: number;
  waiting: number;
}

let readPool: (() => PoolUsage | undefined) | undefined;

/** Where the scrape reads the PostgreSQL pool (SQLite has none, and the metric is then absent). */
export function watchPool(read: () => PoolUsage | undefined): void {
  readPool = read;
}

export const databasePool = new Gauge({
  name: 'blog_db_pool_connections',
  help: 'PostgreSQL pool connections in use, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const usage = readPool?.();
    if (!usage) return;
    this.set({ state: 'in_use' }, usage.inUse);
    this.set({ state: 'idle' }, usage.idle);
    this.set({ state: 'waiting' }, usage.waiting);
  },
});

export const hotReads = new Counter({
  name: 'blog_hot_reads_total',
  help: 'Hot reads answered from memory (hit) or from the database (miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const pageCache = new Counter({
  name: 'blog_page_cache_total',
  help: 'Rendered pages answered from the page cache (hit), rendered (miss) or taken from another instance (shared)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const chatSockets = new Gauge({
  name: 'blog_chat_sockets',
  help: 'Chat sockets open on this instance',
  registers: [registry],
});

export const chatMessages = new Counter({
  name: 'blog_chat_messages_total',
  help: 'Chat messages stored through this instance',
  registers: [registry],
});

export const backups = new Counter({
  name: 'blog_backups_total',
  help: 'Scheduled backups run by this instance, by result',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const lastBackup = new Gauge({
  name: 'blog_backup_last_success_timestamp_seconds',
  help: 'When this instance last finished a scheduled backup (Unix time)',
  registers: [registry],
});

export const mediaGcDeleted = new Counter({
  name: 'blog_media_gc_deleted_objects_total',
  help: 'Objects the media clean-up deleted, by kind (original or variant)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const mediaGcDeletedBytes = new Counter({
  name: 'blog_media_gc_deleted_bytes_total',
  help: 'Bytes of the objects the media clean-up deleted, by kind (original or variant)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const mediaGcRuns = new Counter({
  name: 'blog_media_gc_runs_total',
  help: 'Media clean-ups run by this instance, by result (ok or failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

let readMetrics = (): Promise<string> => registry.metrics();

/** What /metrics sends: this process's metrics, or every worker's summed (a cluster worker). */
export function metricsText(): Promise<string> {
  return readMetrics();
}

/**
 * In a cluster worker: /metrics answers with `summed` (the primary's sum of every worker's metrics, counters
 * and histograms added, gauges by prom-client's rule for each), and this worker answers the primary with its own.
 */
export function sumAcrossWorkers(summed: () => Promise<string>): void {
  AggregatorRegistry.setRegistries([registry]);
  // prom-client's worker side listens for the primary's requests once an AggregatorRegistry exists.
  new AggregatorRegistry();
  readMetrics = summed;
}

/**
 * The one place a page cache tells of a lookup: kept here (`hit`), rendered or waiting for the render (`miss`),
 * or answered by the copy another instance rendered (`shared`, PAGE_CACHE_REDIS).
 */
export function countPageCache(result: 'hit' | 'miss' | 'shared'): void {
  pageCache.inc({ result });
}

/** The one place a hot read tells of a lookup. */
export function countHotRead(hit: boolean): void {
  hotReads.inc({ result: hit ? 'hit' : 'miss' });
}
