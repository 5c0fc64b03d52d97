/**
 * `npx tsx bench/musicScan.bench.ts [--songs=20000]`: the music library at the size of a real collection.
 * Generates a folder of 200 playlists of short tagged MP3s (each file's tags differ, so every fingerprint does),
 * then measures, on a fresh SQLite catalogue:
 * 1. the first scan: time, and the heap and RSS it took (sampled every 100 ms);
 * 2. a rescan with nothing changed (only size and modification time are compared), and one after 100 files
 *    changed, against the first scan in the same run;
 * 3. `/wapi/toplist/detail` (the playlists) answered while the first scan runs in a server's background, against the same
 *    request once the scan is done (median of each).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import NodeID3 from 'node-id3';
import { openDatabase } from '../server/adapters/db/connect';
import { migrateToLatest } from '../server/adapters/db/migrations';
import { FolderLibraryFiles } from '../server/adapters/music/libraryFiles';
import { LocalLibrary, defaultCacheDir } from '../server/adapters/music/localLibrary';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';
import { systemClock } from '../server/ports/clock';
import { toneMp3 } from '../tests/server/music/testLibrary';
import { median } from './benchArgs';

const SONGS = Number(/^--songs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--songs=')) ?? '')?.[1] ?? 20_000);
const PLAYLISTS = 200;
const CHANGED = 100;
const MB = 1024 * 1024;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-scan-'));
const musicDir = path.join(root, 'music');

function generate(): void {
  const tone = toneMp3(0.5, 440);
  for (let i = 0; i < SONGS; i++) {
    const folder = path.join(musicDir, `${String((i % PLAYLISTS) + 1).padStart(3, '0')} 歌单`);
    if (i < PLAYLISTS) fs.mkdirSync(folder, { recursive: true });
    const tags = { title: `第 ${i + 1} 首歌`, artist: `歌手${i % 997}`, album: `专辑${i % 1999}` };
    fs.writeFileSync(path.join(folder, `${String(Math.floor(i / PLAYLISTS) + 1).padStart(3, '0')} 歌 ${i + 1}.mp3`), NodeID3.write(tags, tone));
  }
}

/** Runs `work` while sampling the process's heap and RSS; gives the time and the peaks above the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; heapMb: number; rssMb: number }> {
  const start = process.memoryUsage();
  let heap = start.heapUsed;
  let rss = start.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 100);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, heapMb: (heap - start.heapUsed) / MB, rssMb: (rss - start.rss) / MB };
  } finally {
    clearInterval(sampler);
  }
}

try {
  const generatedIn = await measured(async () => generate());
  console.log(`generated ${SONGS} songs in ${PLAYLISTS} playlists in ${generatedIn.seconds.toFixed(1)} s`);

  // 1 and 2: the scanner alone, as `npm run music:scan` runs it.
  const dataDir = path.join(root, 'data');
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
  const library = new LocalLibrary({ db: database.db, files: new FolderLibraryFiles(musicDir), cacheDir: defaultCacheDir(dataDir), clock: systemClock });
  const first = await measured(() => library.rescan());
  const unchanged = await measured(() => library.rescan());
  const files = fs.readdirSync(musicDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mp3'));
  for (const name of files.slice(0, CHANGED)) {
    const file = path.join(musicDir, name);
    NodeID3.update({ comment: { language: 'chi', text: '改过' } }, file);
  }
  const changed = await measured(() => library.rescan());
  await library.close();
  await database.close();

  // 3: a server whose first scan of the same folder runs in the background.
  const serverData = path.join(root, 'server-data');
  const server = await createServer({ ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, serverData), dataDir: serverData, musicDir, clientDir: '' }, { announce: () => undefined });
  const during: number[] = [];
  const ask = async () => {
    const started = performance.now();
    const answer = await server.app.inject({ method: 'GET', url: '/wapi/toplist/detail' });
    if (answer.statusCode !== 200) throw new Error(`/wapi answered ${answer.statusCode}`);
    return performance.now() - started;
  };
  let scanning = true;
  const scan = server.music!.ready().then(() => (scanning = false));
  while (scanning) {
    during.push(await ask());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await scan;
  const after: number[] = [];
  for (let i = 0; i < 50; i++) after.push(await ask());
  await server.close();

  console.log(`first scan: ${first.result.songs} songs in ${first.seconds.toFixed(1)} s (${(SONGS / first.seconds).toFixed(0)} songs/s), heap +${first.heapMb.toFixed(0)} MB, RSS +${first.rssMb.toFixed(0)} MB`);
  console.log(`rescan, nothing changed: ${unchanged.seconds.toFixed(2)} s → ${(unchanged.seconds / first.seconds).toFixed(3)} of the first scan`);
  console.log(`rescan, ${CHANGED} files changed: ${changed.seconds.toFixed(2)} s → ${(changed.seconds / first.seconds).toFixed(3)} of the first scan`);
  console.log(
    `/wapi/toplist/detail during the first scan: median ${median(during).toFixed(1)} ms over ${during.length} requests; ` +
      `after it: ${median(after).toFixed(1)} ms → ratio ${(median(during) / median(after)).toFixed(2)}`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
