import fs from 'node:fs';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createServer, type CreatedServer } from '../../../server/main';
import { countPageCache, registry } from '../../../server/adapters/metrics/metrics';
import { testHasher } from '../accounts/support';
import { temporaryFolder } from '../support/siteServer';

/* /metrics read with a Prometheus text parser: who may read it, and that the values move with the traffic. */

const TOKEN = 'metrics-token-for-tests';

describe('/metrics', () => {
  const dataDir = temporaryFolder('blog-metrics-');
  let server: CreatedServer;

  beforeAll(async () => {
    server = await createServer(
      {
        ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', METRICS_TOKEN: TOKEN }),
        dataDir,
        musicUpstream: 'http://127.0.0.1:9',
        clientDir: '',
      },
      { passwordHasher: testHasher, announce: () => undefined },
    );
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const scrape = async (headers: Record<string, string> = {}, remoteAddress?: string) =>
    server.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

  async function families(): Promise<Map<string, MetricFamily>> {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    return new Map(parsePrometheusTextFormat(response.body).map((family) => [family.name, family]));
  }

  /** The histogram's counts by route, method and status, read from prom-client's own registry. */
  async function requestCounts(): Promise<Map<string, number>> {
    const metric = await registry.getSingleMetric('blog_http_request_duration_seconds')!.get();
    const counts = metric.values.filter((sample) => (sample as { metricName?: string }).metricName?.endsWith('_count'));
    return new Map(counts.map(({ labels, value }) => [`${labels.route} ${labels.method} ${labels.status}`, value]));
  }

  function value(all: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}): number {
    const sample = all.get(name)?.metrics.find((metric) => Object.entries(labels).every(([k, v]) => metric.labels?.[k] === v));
    return Number(sample?.count ?? sample?.value ?? 0);
  }

  it('opens to loopback requests that no proxy forwarded, or to the bearer token', async () => {
    expect((await scrape()).statusCode).toBe(200);
    const forwarded = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toMatchObject({ code: 403, message: '无权读取监控指标：请带上正确的 Authorization: Bearer 令牌' });
    expect((await scrape({}, '203.0.113.9')).statusCode).toBe(403);
    expect((await scrape({ authorization: 'Bearer wrong' }, '203.0.113.9')).statusCode).toBe(403);
    expect((await scrape({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' }, '203.0.113.9')).statusCode).toBe(200);
  });

  it('counts requests by route and status, hot reads, the page cache, and the event loop', async () => {
    const before = await families();
    const countsBefore = await requestCounts();
    for (let i = 0; i < 3; i++) expect((await server.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/no-such-call' })).statusCode).toBe(404);
    countPageCache('hit');
    const after = await families();
    const countsAfter = await requestCounts();

    const duration = 'blog_http_request_duration_seconds';
    expect(after.get(duration)?.type).toBe('HISTOGRAM');
    const moved = (key: string) => (countsAfter.get(key) ?? 0) - (countsBefore.get(key) ?? 0);
    expect(moved('/api/config GET 200')).toBe(3);
    expect(moved('unknown GET 404')).toBe(1);
    // The first read may have been made by the start; the later ones come from memory.
    const hits = value(after, 'blog_hot_reads_total', { result: 'hit' }) - value(before, 'blog_hot_reads_total', { result: 'hit' });
    expect(hits).toBeGreaterThanOrEqual(2);
    expect(value(after, 'blog_page_cache_total', { result: 'hit' }) - value(before, 'blog_page_cache_total', { result: 'hit' })).toBe(1);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('GAUGE');
    expect(after.has('blog_chat_sockets')).toBe(true);
    expect(after.has('blog_backups_total')).toBe(true);
  });
});

describe('the Grafana dashboard', () => {
  it('reads only metrics the server exports', async () => {
    const dashboard = JSON.parse(fs.readFileSync('docs/grafana-dashboard.json', 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const exported = new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
    const used = dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\b(blog|nodejs|process)_\w+/g) ?? []));
    expect(used.length).toBeGreaterThan(5);
    for (const name of used) expect(exported.has(name.replace(/_(bucket|count|sum)$/, '')), name).toBe(true);
  });
});
