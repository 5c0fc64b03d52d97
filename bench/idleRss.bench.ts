import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../server/cli/serverBuild';

/*
 * The idle memory of one instance: a fresh demo site (SQLite, demo content and album) started the way it is
 * run, its first page fetched, then the resident memory (RSS) of its processes read 15 s later.
 *   npm run bench:rss            both ways, one after the other
 *   npm run bench:rss -- built   only `node <SERVER_NODE_FLAGS> dist-server/start.js` (after `npm run build`)
 *   npm run bench:rss -- bare    the same without the V8 flags
 *   npm run bench:rss -- built workers=2   WEB_CONCURRENCY=2: the primary and its two workers (all listed)
 */

const WAYS = {
  /** What `npm start` ran before issue 50: tsx compiling the server as it loads. */
  tsx: ['npx', ['tsx', 'server/cli/start.ts']],
  /** The server built ahead, run by node itself (the image, the systemd unit). */
  built: ['node', [...SERVER_NODE_FLAGS, 'dist-server/start.js']],
  /** The same without the V8 flags, to see what they bring. */
  bare: ['node', ['dist-server/start.js']],
} as const satisfies Record<string, readonly [string, readonly string[]]>;

const SETTLE_MS = 15_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The process and all its descendants, with their command lines. */
function tree(pid: number): { pid: number; command: string; rssMb: number }[] {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 60);
  return [{ pid, command, rssMb: Math.round(rssKb(pid) / 1024) }, ...children.flatMap(tree)];
}

async function measure(way: keyof typeof WAYS, workers: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-rss-'));
  const port = await freePort();
  const [command, args] = WAYS[way];
  const child = spawn(command, [...args], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(workers),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npx and tsx leave their child behind when only they are stopped.
    detached: true,
  });
  try {
    const started = performance.now();
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (answered) break;
      if (performance.now() - started > 600_000) throw new Error('the server did not start within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Every worker serves its first page (the round robin gives each new connection to the next worker).
    for (let i = 0; i < workers; i++) {
      await new Promise((resolve, reject) =>
        http.get(`http://127.0.0.1:${port}/home`, { agent: false }, (page) => page.resume().on('end', resolve)).on('error', reject),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const processes = tree(child.pid!);
    const server = processes.reduce((largest, p) => (p.rssMb > largest.rssMb ? p : largest));
    const total = processes.reduce((sum, p) => sum + p.rssMb, 0);
    console.log(`${way}, WEB_CONCURRENCY=${workers}: largest process ${server.rssMb} MB, all ${processes.length} processes ${total} MB`);
    for (const p of processes) console.log(`  ${p.rssMb} MB  ${p.command}`);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const chosen = process.argv.slice(2).filter((arg): arg is keyof typeof WAYS => arg in WAYS);
const workers = Number(/^workers=(\d+)$/.exec(process.argv.slice(2).find((arg) => arg.startsWith('workers=')) ?? '')?.[1] ?? 1);
for (const way of chosen.length > 0 ? chosen : (Object.keys(WAYS) as (keyof typeof WAYS)[])) await measure(way, workers);
