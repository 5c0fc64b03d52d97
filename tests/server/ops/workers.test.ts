import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { rawGet } from '../cache/support';
import { writeRenderingClient } from '../cache/pageSupport';
import { freePort, startRedis } from '../faults/support';
import { POSTGRES_URL, adminQuery, postgresAndRedisUnreachable } from '../support/databases';
import { httpGet, readBody, runScript, takeOverAdministrator } from '../support/serverProcess';
import { temporaryFolder } from '../support/siteServer';
import { cid, isMessage, join } from '../chat/support';

/*
 * WEB_CONCURRENCY=2: real processes (`server/cli/start.ts`, a primary and two workers sharing one port), on
 * SQLite without Redis (drops and metrics through the primary) and on PostgreSQL with a Redis of the test's own.
 * Every request opens a connection of its own, so the primary's round robin hands consecutive requests to
 * alternate workers; the tests never rely on which worker answers one request, only on the counts summed over all.
 */

const WORKERS = 2;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A client with a large file (a download kept in flight) and the test renderer of the page-cache tests. */
function clientWithBigFile(): { dir: string; big: Buffer } {
  const dir = writeRenderingClient();
  const big = crypto.randomBytes(48 * 1024 * 1024);
  fs.writeFileSync(path.join(dir, 'big.bin'), big);
  // Newer than any client source, so the start does not rebuild the client.
  const future = new Date(Date.now() + 24 * 3600_000);
  fs.utimesSync(path.join(dir, 'index.html'), future, future);
  folders.push(dir);
  return { dir, big };
}

async function startCluster(env: NodeJS.ProcessEnv) {
  const site = runScript('server/cli/start.ts', [], {
    ...process.env,
    // Not 0: each worker would listen on a port of its own.
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: String(WORKERS),
    SEED_DEMO: 'false',
    MUSIC_UPSTREAM: 'http://127.0.0.1:9',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const [, url] = await site.waitFor(/博客已启动：(http:\/\/[\d.:]+)/, 120_000);
  await site.waitFor(new RegExp(`全部 ${WORKERS} 个工作进程已启动`), 120_000);
  const password = /初始密码 (\S+)（/.exec(site.output())![1]!;
  return { ...site, url: url!, token: await takeOverAdministrator(url!, 'admin', password) };
}
type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Each worker's start, in order: its number and pid. */
function workersStarted(output: string): { worker: number; pid: number }[] {
  return [...output.matchAll(/工作进程 (\d+) 已启动（pid (\d+)）/g)].map((m) => ({ worker: Number(m[1]), pid: Number(m[2]) }));
}

/** Waits for the worker `pid` to end as `how`, then for the worker that replaces it to listen. */
async function expectReplaced(site: Cluster, pid: number, how: string) {
  await site.waitFor(new RegExp(`pid ${pid}）已结束（${how}）`), 30_000);
  const known = workersStarted(site.output()).length;
  await vi.waitFor(() => expect(workersStarted(site.output()).length).toBe(known + 1), { timeout: 120_000, interval: 200 });
}

/** One counter of /metrics (summed over the workers by the primary), read with a Prometheus text parser. */
async function metric(url: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const answer = await rawGet(`${url}/metrics`);
  expect(answer.status).toBe(200);
  const family = parsePrometheusTextFormat(answer.body).find((f) => f.name === name);
  const samples = (family?.metrics ?? []) as { labels?: Record<string, string>; value?: string }[];
  const sample = samples.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v));
  return Number(sample?.value ?? 0);
}

/**
 * The request histogram's count for /healthz. The text parser keeps no labelled histogram's count (it folds
 * the buckets of every label set into one), so the `_count` sample is read from the text itself.
 */
async function healthzCount(url: string): Promise<number> {
  const answer = await rawGet(`${url}/metrics`);
  const line = /^blog_http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm;
  for (const [, labels, value] of answer.body.matchAll(line)) {
    if (labels!.includes('route="/healthz"') && labels!.includes('status="200"')) return Number(value);
  }
  return 0;
}

async function addTalk(site: Cluster, content: string) {
  const response = await fetch(`${site.url}/api/talk/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${site.token}` },
    body: JSON.stringify({ content, images: [], pinned: false }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

/**
 * A talk added through one worker is on `/talk` and in the facts at the very next request, whichever worker
 * answers: after warming both workers' copies, the four requests after the write make exactly one render per
 * worker (both dropped their page; both answered) and every answer shows the talk. Through Redis (`eventual`)
 * the other worker hears of the write a moment later: the answers are awaited, the renders still counted.
 */
async function expectWriteSeenByBoth(site: Cluster, eventual = false) {
  // The same address several times in a row: the round robin gives it to each worker in turn.
  for (let i = 0; i < 2 * WORKERS; i++) expect((await rawGet(`${site.url}/talk`)).status).toBe(200);
  for (let i = 0; i < 2 * WORKERS; i++) expect((await rawGet(`${site.url}/api/statistic/facts`)).status).toBe(200);
  const rendered = await metric(site.url, 'blog_page_cache_total', { result: 'miss' });
  const kept = await metric(site.url, 'blog_page_cache_total', { result: 'hit' });
  const facts = JSON.parse((await rawGet(`${site.url}/api/statistic/facts`)).body) as { result: Record<string, number> };
  const content = `两个工作进程都看得到的说说 ${crypto.randomUUID()}`;
  await addTalk(site, content);
  const fresh = async () => {
    for (let i = 0; i < 2 * WORKERS; i++) expect((await rawGet(`${site.url}/talk`)).body).toContain(content);
    for (let i = 0; i < 2 * WORKERS; i++) {
      const after = JSON.parse((await rawGet(`${site.url}/api/statistic/facts`)).body) as { result: Record<string, number> };
      expect(after.result).not.toEqual(facts.result);
    }
  };
  if (eventual) await vi.waitFor(fresh, { timeout: 10_000, interval: 50 });
  else await fresh();
  expect(await metric(site.url, 'blog_page_cache_total', { result: 'miss' })).toBe(rendered + WORKERS);
  if (!eventual) expect(await metric(site.url, 'blog_page_cache_total', { result: 'hit' })).toBe(kept + WORKERS);
}

/** Requests sent one after another on fresh connections until `stop()`, counting answers by status and errors. */
function requestStream(url: string) {
  const counts = { ok: 0, other: 0, errors: [] as string[] };
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        const answer = await rawGet(url);
        if (answer.status === 200) counts.ok++;
        else counts.other++;
      } catch (error) {
        counts.errors.push((error as Error).message);
      }
    }
  })();
  return {
    counts,
    async stop() {
      running = false;
      await done;
      return counts;
    },
  };
}

describe('two workers on SQLite without Redis', () => {
  const { dir: clientDir, big } = clientWithBigFile();
  const dataDir = temporaryFolder('blog-workers-');
  folders.push(dataDir);
  let site: Cluster;

  beforeAll(async () => {
    site = await startCluster({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      BACKUP_SCHEDULE: '*/2 * * * * *',
      BACKUP_KEEP: '1000',
    });
  }, 240_000);

  afterAll(() => {
    if (site?.child.exitCode === null) site.child.kill('SIGKILL');
  });

  it('starts the leader alone first: the administrator and the site are made once, then the other worker starts', () => {
    const output = site.output();
    expect(output.match(/管理员账号已创建/g)).toHaveLength(1);
    const started = workersStarted(output);
    expect(started.map((s) => s.worker)).toEqual([1, 2]);
    // The follower's first line comes after the leader said it listens.
    const followerFirstLine = output.indexOf(`"pid":${started[1]!.pid},`);
    expect(followerFirstLine).toBeGreaterThan(output.indexOf('工作进程 1 已启动'));
  });

  it('a write through one worker is seen through the other at the next request (page cache and hot reads)', async () => {
    await expectWriteSeenByBoth(site);
  }, 60_000);

  it('the chat room spans both workers: a message sent on one reaches a socket on the other, in order, once', async () => {
    // Consecutive connections go to alternate workers (the primary's round robin): one socket on each.
    const sockets = [await join(site.url, { token: site.token }), await join(site.url, { token: site.token })].map((j) => j.client);
    try {
      const sent = [cid('workers'), cid('workers')];
      for (const clientId of sent) sockets[0]!.send({ type: 'message', content: `两个工作进程 ${clientId}`, content_type: 'text', client_id: clientId });
      for (const socket of sockets) {
        await socket.waitFor(isMessage((m) => m.client_id === sent[1]), 'the second message on both workers');
        const heard = socket.frames.flatMap((f) => (f.type === 'message' && sent.includes(f.client_id ?? '') ? [f.client_id] : []));
        expect(heard).toEqual(sent);
      }
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  }, 60_000);

  it('/metrics sums every worker: the request count equals the requests sent', async () => {
    const before = await healthzCount(site.url);
    for (let i = 0; i < 7; i++) expect((await rawGet(`${site.url}/healthz`)).status).toBe(200);
    expect(await healthzCount(site.url)).toBe(before + 7);
  }, 60_000);

  it('runs each scheduled backup once: one archive per claimed time, counted once', async () => {
    const archives = () => fs.readdirSync(path.join(dataDir, 'backups')).filter((name) => name.endsWith('.tar'));
    await vi.waitFor(() => expect(archives().length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 200 });
    const ran = await metric(site.url, 'blog_backups_total', { result: 'ok' });
    const files = archives().length;
    // A backup may finish between the two reads, never two for one time.
    expect(files - ran).toBeGreaterThanOrEqual(0);
    expect(files - ran).toBeLessThanOrEqual(1);
    expect(site.output()).not.toMatch(/定时备份失败/);
  }, 60_000);

  it('a worker stopped alone with SIGTERM under a stream of requests drains with none failed, and is replaced', async () => {
    const [, follower] = workersStarted(site.output()).slice(-WORKERS);
    const streams = [0, 1, 2].map(() => requestStream(`${site.url}/healthz`));
    await vi.waitFor(() => expect(streams.every((s) => s.counts.ok > 0)).toBe(true), { timeout: 30_000 });
    process.kill(follower!.pid, 'SIGTERM');
    await expectReplaced(site, follower!.pid, '代码 0');
    const counts = await Promise.all(streams.map((s) => s.stop()));
    for (const c of counts) expect({ other: c.other, errors: c.errors }).toEqual({ other: 0, errors: [] });
    await expectWriteSeenByBoth(site);
  }, 240_000);

  it('a killed worker is replaced, and the pair answers as before', async () => {
    const [leader] = workersStarted(site.output()).filter((s) => s.worker === 1);
    process.kill(leader!.pid, 'SIGKILL');
    await expectReplaced(site, leader!.pid, 'SIGKILL');
    await expectWriteSeenByBoth(site);
  }, 240_000);

  it('SIGTERM on the primary drains every worker: a download in flight finishes, new requests get 503, exit 0', async () => {
    // Two downloads opened one after the other: one on each worker (round robin), each kept in flight.
    const slow = [await httpGet(`${site.url}/big.bin`), await httpGet(`${site.url}/big.bin`)];
    for (const download of slow) {
      expect(download.statusCode).toBe(200);
      download.pause();
    }
    site.child.kill('SIGTERM');
    // The downloads hold the workers (and so the port) open: each stream ends at its first 503, never an error.
    const streams = [0, 1, 2].map(() => {
      const counts = { ok: 0, errors: [] as string[], refused: undefined as unknown };
      const done = (async () => {
        for (;;) {
          const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
            http.get(`${site.url}/healthz`, { agent: false }, resolve).on('error', reject),
          ).catch((error: Error) => error);
          if (answer instanceof Error) return counts.errors.push(answer.message);
          const body = (await readBody(answer)).toString('utf8');
          if (answer.statusCode !== 503) {
            counts.ok++;
            continue;
          }
          counts.refused = JSON.parse(body);
          return;
        }
      })();
      return { counts, done };
    });
    await Promise.all(streams.map((s) => s.done));
    for (const { counts } of streams) {
      expect(counts.errors).toEqual([]);
      expect(counts.refused).toEqual({ code: 503, result: null, message: zhCN.backup.shuttingDown });
    }
    // Both read at once: each must end within the drain's bound, counted from the signal.
    const received = await Promise.all(slow.map((download) => readBody(download.resume())));
    for (const body of received) expect(body.equals(big)).toBe(true);
    expect(await site.exit).toBe(0);
  }, 120_000);
});

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

describe.skipIf(skipReason !== undefined)('two workers on PostgreSQL with Redis', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = temporaryFolder('blog-workers-pg-');
  folders.push(dataDir);
  let redis: ChildProcess;
  let site: Cluster;

  beforeAll(async () => {
    // A Redis of the test's own: the workers' channels and keys use the site's default names.
    const port = await freePort();
    redis = await startRedis(port);
    await adminQuery(`create schema ${schema}`);
    site = await startCluster({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientWithBigFile().dir,
      DATABASE_URL: `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
  }, 240_000);

  afterAll(async () => {
    if (site?.child.exitCode === null) {
      site.child.kill('SIGTERM');
      await site.exit;
    }
    redis?.kill();
    await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  it('a write through one worker is seen through the other (drops through Redis), and /metrics sums both', async () => {
    await expectWriteSeenByBoth(site, true);
    const before = await healthzCount(site.url);
    for (let i = 0; i < 5; i++) expect((await rawGet(`${site.url}/healthz`)).status).toBe(200);
    expect(await healthzCount(site.url)).toBe(before + 5);
  }, 60_000);
});
