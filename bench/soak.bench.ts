/**
 * Long soak: an hour of a busy personal blog's mixed traffic compressed into a benchmark, to show that the
 * server's memory and open handles stay flat once warm. The server runs alone in a child process
 * (bench/soakServer.ts) and is sampled every 5 s, the traffic held for that moment (nothing in flight) and
 * after two full garbage collections; the first 20% of the run is warm-up, and the end is compared with the
 * first sample after it (the baseline of this run).
 *
 *   npx tsx bench/soak.bench.ts [--quick]        (SOAK_SECONDS=60 sets the length; --quick is 20 s)
 *
 * Traffic: 100 HTTP requests per second on 10 paced loops, cycling through pages (/home, an article,
 * /archives, /talk: 30%), API reads (home list, article, search, config: 55%), a counted view (PUT, 5%) and
 * two 64 KiB byte ranges of a demo song (start and middle: 10%); and a chat session every 500 ms, a signed-in
 * member (connect, join, send, ack, close) and a visitor (connect, join, close) in turn. The default 120 s
 * makes 12 000 requests and 240 chat sessions: about an hour of a busy personal blog (some 1 000 visits
 * of a page and a dozen calls each, a few hundred chat visits), 30 times faster.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { PlaylistTracksResponse, SongUrlResponse, ToplistResponse } from '../src/protocol/music';
import { PROJECT_ROOT } from '../server/main';
import { cid, join } from '../tests/server/chat/support';
import { builtClientDir, firstHomeArticle, signIn } from './benchSite';
import type { ServerSample, SoakServerMessage } from './soakServer';

const DEFAULT_S = 120;
const QUICK_S = 20;
const REQUESTS_PER_S = 100;
const LOOPS = 10;
const CHAT_EVERY_MS = 500;
const SAMPLE_EVERY_S = 5;
const WARM_UP_SHARE = 0.2;
const RANGE_BYTES = 65_536;
const REQUEST_TIMEOUT_MS = 10_000;
/** After the traffic is held: time for the server to see the last closes of sockets (chat) and free them. */
const SETTLE_MS = 100;
const WRITE_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
const MB = 1024 * 1024;

interface Call {
  name: string;
  path: string;
  method: 'GET' | 'PUT';
  headers: Record<string, string>;
  status: number;
}

export interface SoakSample extends ServerSample {
  /** Seconds since the traffic started. */
  t: number;
}

export interface SoakReport {
  seconds: number;
  samples: SoakSample[];
  /** Index in `samples` of the first sample after warm-up, the baseline; -1 when the run ended before it. */
  baseline: number;
  requests: number;
  chatSessions: number;
  /** Failed requests and chat sessions, by what failed and how. */
  errors: Map<string, number>;
  /** Why the server process ended early, if it did. */
  crashed: string | undefined;
}

export function soakSeconds(): number {
  if (process.argv.includes('--quick')) return QUICK_S;
  const seconds = Number(process.env.SOAK_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_S;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The 20 calls each loop cycles through: pages 6, API reads 11, a counted view 1, song byte ranges 2. */
function mix(articleId: number, song: { path: string; size: number }): Call[] {
  const get = (name: string, path: string, headers: Record<string, string> = {}, status = 200): Call => ({
    name,
    path,
    method: 'GET',
    headers,
    status,
  });
  const range = (name: string, from: number) =>
    get(name, song.path, { range: `bytes=${from}-${from + RANGE_BYTES - 1}` }, 206);
  const home = get('page /home', '/home');
  const articlePage = get('page /article', `/article?id=${articleId}`);
  const archives = get('page /archives', '/archives');
  const talk = get('page /talk', '/talk');
  const list = get('api home list', '/api/article/blogHomeGetArticleList/1/10');
  const article = get('api article', `/api/article/getArticleById/${articleId}`);
  const search = get('api search', `/api/article/getArticleListByContent/${encodeURIComponent('春天')}`);
  const config = get('api config', '/api/config');
  const view: Call = { ...get('api addView', '/api/config/addView', WRITE_HEADERS), method: 'PUT' };
  const start = range('music range start', 0);
  const middle = range('music range middle', Math.max(0, Math.floor(song.size / 2) - RANGE_BYTES));
  // Interleaved, so that the loops, each at its own place in the cycle, all send a bit of everything.
  return [
    ...[home, list, config, article, start],
    ...[articlePage, article, search, list, config],
    ...[archives, list, config, article, middle],
    ...[talk, search, view, home, articlePage],
  ];
}

/** A demo song's media path and size, found as the player finds it: top lists, then tracks, then its URL. */
async function demoSong(baseUrl: string): Promise<{ path: string; size: number }> {
  const json = async <T>(route: string) => (await (await fetch(baseUrl + route)).json()) as T;
  const playlist = (await json<ToplistResponse>('/wapi/toplist/detail')).list[0];
  if (!playlist) throw new Error('the demo site has no playlist');
  const track = (await json<PlaylistTracksResponse>(`/wapi/playlist/track/all?id=${playlist.id}&limit=1`)).songs[0];
  if (!track) throw new Error(`playlist ${playlist.id} has no song`);
  const song = (await json<SongUrlResponse>(`/wapi/song/url/v1?id=${track.id}`)).data[0];
  if (!song?.url) throw new Error(`song ${track.id} has no URL`);
  const url = new URL(song.url, baseUrl);
  return { path: url.pathname + url.search, size: song.size };
}

/**
 * Lets the traffic be held while the server is sampled, so that a sample counts what lasts (sockets kept
 * alive, timers, watchers) rather than whichever requests happen to be in flight.
 */
class Traffic {
  private held: Promise<void> | undefined;
  private release = () => {};
  private busy = 0;
  private idle = () => {};

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.held) await this.held;
    this.busy++;
    try {
      return await work();
    } finally {
      if (--this.busy === 0) this.idle();
    }
  }

  /** Resolves once nothing is in flight; nothing starts until `resume`. */
  async hold(): Promise<void> {
    this.held = new Promise((resolve) => (this.release = resolve));
    if (this.busy > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    this.idle = () => {};
  }

  resume(): void {
    this.held = undefined;
    this.release();
  }
}

function countError(errors: Map<string, number>, what: string, error: unknown): void {
  const key = `${what}: ${error instanceof Error ? error.message : String(error)}`;
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

/** One paced request loop: REQUESTS_PER_S / LOOPS requests a second, walking the mix from `offset`. */
async function requestLoop(
  baseUrl: string,
  calls: Call[],
  offset: number,
  traffic: Traffic,
  signal: AbortSignal,
  report: SoakReport,
): Promise<void> {
  const intervalMs = (1000 * LOOPS) / REQUESTS_PER_S;
  let next = performance.now() + (offset * intervalMs) / LOOPS; // staggered, so the loops do not fire together
  for (let i = offset; !signal.aborted; i++) {
    await sleep(next - performance.now());
    next += intervalMs;
    if (signal.aborted) break;
    const call = calls[i % calls.length]!;
    try {
      await traffic.run(async () => {
        report.requests++;
        const response = await fetch(baseUrl + call.path, {
          method: call.method,
          headers: call.headers,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer(); // read to the end, so the connection is reused
        if (response.status !== call.status) throw new Error(`status ${response.status}`);
      });
    } catch (error) {
      countError(report.errors, call.name, error);
    }
  }
}

/** A member sends one message and leaves; a visitor only joins and leaves. */
async function chatSession(baseUrl: string, cookie: string | undefined): Promise<void> {
  const { client } = await join(baseUrl, cookie ? { cookie } : {});
  try {
    if (!cookie) return;
    const id = cid('soak');
    client.send({ type: 'message', content: `soak ${id}`, content_type: 'text', client_id: id });
    const answer = await client.waitFor((f) => (f.type === 'ack' || f.type === 'tips') && f.client_id === id, 'ack');
    if (answer.type === 'tips') throw new Error(`refused (${answer.message})`);
  } finally {
    await client.close();
  }
}

/** Members and visitors in turn; each member sends every 2 s, well under the room's 5 messages per 5 s. */
async function chatLoop(baseUrl: string, members: string[], traffic: Traffic, signal: AbortSignal, report: SoakReport) {
  const open = new Set<Promise<void>>();
  for (let n = 0; !signal.aborted; n++) {
    const cookie = n % 2 === 0 ? members[(n / 2) % members.length] : undefined;
    const who = cookie ? 'member' : 'visitor';
    const session = traffic.run(() => chatSession(baseUrl, cookie)).then(
      () => void report.chatSessions++,
      (error: unknown) => countError(report.errors, `chat ${who}`, error),
    );
    open.add(session);
    void session.finally(() => open.delete(session));
    await sleep(CHAT_EVERY_MS);
  }
  await Promise.all(open);
}

/** The next message of `type` from the server process; rejects if the process fails or ends first. */
function nextMessage<T extends SoakServerMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<SoakServerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    if (!child.connected) {
      reject(new Error(`the server process has exited (${child.signalCode ?? child.exitCode})`));
      return;
    }
    const onMessage = (message: SoakServerMessage) => {
      if (message.type !== type) return;
      done();
      resolve(message as Extract<SoakServerMessage, { type: T }>);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new Error(`the server process exited (${signal ?? code})`));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const done = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
  });
}

/** The server at rest: the traffic held until nothing is in flight and the sockets just closed are gone. */
async function sampleAtRest(child: ChildProcess, traffic: Traffic): Promise<ServerSample> {
  await traffic.hold();
  try {
    await sleep(SETTLE_MS);
    const answer = nextMessage(child, 'sample');
    // A channel closed by the server's end is reported by `answer`; the callback keeps it from being thrown.
    child.send('sample', () => undefined);
    const { type: _type, ...sample } = await answer;
    return sample;
  } finally {
    traffic.resume();
  }
}

export async function measureSoak(seconds = soakSeconds()): Promise<SoakReport> {
  const clientDir = await builtClientDir();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-soak-'));
  const child = fork(path.join(PROJECT_ROOT, 'bench', 'soakServer.ts'), [dataDir, clientDir], {
    cwd: PROJECT_ROOT,
    execArgv: ['--expose-gc', '--import', 'tsx'],
  });
  const report: SoakReport = {
    seconds,
    samples: [],
    baseline: -1,
    requests: 0,
    chatSessions: 0,
    errors: new Map(),
    crashed: undefined,
  };
  const traffic = new Traffic();
  const stop = new AbortController();
  const running: Promise<void>[] = [];
  try {
    const baseUrl = (await nextMessage(child, 'ready')).url;
    const articleId = await firstHomeArticle(baseUrl);
    const calls = mix(articleId, await demoSong(baseUrl));
    const members = [await signIn(baseUrl, 'soakbench1'), await signIn(baseUrl, 'soakbench2')];
    if (members.some((cookie) => !cookie)) throw new Error('could not sign in the chat members');

    report.samples.push({ t: 0, ...(await sampleAtRest(child, traffic)) });
    const start = performance.now();
    for (let offset = 0; offset < LOOPS; offset++) {
      running.push(requestLoop(baseUrl, calls, offset, traffic, stop.signal, report));
    }
    running.push(chatLoop(baseUrl, members, traffic, stop.signal, report));
    for (let next = SAMPLE_EVERY_S; ; next += SAMPLE_EVERY_S) {
      const t = Math.min(next, seconds);
      await sleep(start + t * 1000 - performance.now());
      report.samples.push({ t, ...(await sampleAtRest(child, traffic)) });
      if (report.baseline < 0 && t >= WARM_UP_SHARE * seconds) report.baseline = report.samples.length - 1;
      if (t === seconds) break;
    }
  } catch (error) {
    // Only the server's end is a finding; anything else (a demo site without content…) is the bench's fault.
    if (child.connected) throw error;
    report.crashed = error instanceof Error ? error.message : String(error);
  } finally {
    stop.abort();
    await Promise.all(running);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;
const byType = (resources: Record<string, number>) =>
  Object.entries(resources)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');

export function printSoak(report: SoakReport): void {
  const { samples, baseline } = report;
  console.log(
    `Soak: ${report.seconds} s of mixed traffic (${REQUESTS_PER_S} requests/s on ${LOOPS} loops, a chat session ` +
      `every ${CHAT_EVERY_MS} ms); server alone in a child process, sampled every ${SAMPLE_EVERY_S} s at rest after two GCs:`,
  );
  console.log('      t  phase    heap MB  rss MB  ext MB abuf MB  handles  by type');
  samples.forEach((s, index) => {
    const phase = index < baseline || baseline < 0 ? 'warm-up' : index === baseline ? 'baseline' : '';
    const columns = [s.heapUsed, s.rss, s.external, s.arrayBuffers].map((bytes) => mb(bytes).padStart(8)).join('');
    console.log(
      `  ${String(s.t).padStart(5)}  ${phase.padEnd(8)}${columns} ${String(s.handles).padStart(8)}  ${byType(s.resources)}`,
    );
  });
  const errors = [...report.errors.values()].reduce((sum, n) => sum + n, 0);
  for (const [what, count] of report.errors) console.log(`  error × ${count}: ${what}`);
  if (report.crashed) console.log(`  the server crashed: ${report.crashed}`);
  const warm = samples[baseline];
  const end = samples.at(-1);
  const counts = `${report.requests} requests, ${report.chatSessions} chat sessions, ${errors} errors`;
  if (!warm || !end || warm === end) {
    console.log(`soak: no sample after warm-up to compare (${counts})`);
    return;
  }
  const heapRatio = (end.heapUsed / warm.heapUsed).toFixed(2);
  const rssRatio = (end.rss / warm.rss).toFixed(2);
  const handles = signed(end.handles - warm.handles);
  const types = new Set([...Object.keys(warm.resources), ...Object.keys(end.resources)]);
  const changed = [...types]
    .map((type) => [type, (end.resources[type] ?? 0) - (warm.resources[type] ?? 0)] as const)
    .filter(([, delta]) => delta !== 0)
    .map(([type, delta]) => `${type} ${signed(delta)}`);
  console.log(`  heap    ${mb(warm.heapUsed)} MB at ${warm.t} s → ${mb(end.heapUsed)} MB at ${end.t} s: ratio ${heapRatio}`);
  console.log(`  rss     ${mb(warm.rss)} MB → ${mb(end.rss)} MB: ratio ${rssRatio}`);
  console.log(`  handles ${warm.handles} → ${end.handles}: ${handles}${changed.length ? ` (${changed.join(', ')})` : ''}`);
  console.log(`soak: heap end/warm ${heapRatio}, rss end/warm ${rssRatio}, handles ${handles} (${counts})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await measureSoak();
  printSoak(report);
  process.exitCode = report.crashed ? 1 : 0;
}
