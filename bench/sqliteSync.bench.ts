import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { median } from './benchArgs';

/**
 * What a write costs the server's one thread on this machine's disk, with SQLite's WAL synced at every commit
 * (`synchronous = FULL`, SQLite's default) and at checkpoints (`NORMAL`, what connect.ts sets): one-row
 * `UPDATE … RETURNING`, as a like makes, in a data folder on the project's own disk. Prints the ratio.
 *
 *   npx tsx bench/sqliteSync.bench.ts [--writes=3000]
 */
const WRITES = Number(/--writes=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 3000);
const ROUNDS = 3;

function perWriteUs(mode: 'FULL' | 'NORMAL'): number {
  const dir = fs.mkdtempSync(path.join(process.env.DATA_ROOT ?? os.tmpdir(), 'blog-bench-sync-'));
  const file = new SQLite(path.join(dir, 'blog.sqlite'));
  try {
    file.pragma('journal_mode = WAL');
    file.pragma(`synchronous = ${mode}`);
    file.exec('create table article (id integer primary key, likes integer not null)');
    file.prepare('insert into article values (1, 0)').run();
    const like = file.prepare('update article set likes = likes + 1 where id = ? returning likes');
    const start = performance.now();
    for (let i = 0; i < WRITES; i++) like.all(1);
    return ((performance.now() - start) / WRITES) * 1000;
  } finally {
    file.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const full: number[] = [];
const normal: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  full.push(perWriteUs('FULL'));
  normal.push(perWriteUs('NORMAL'));
  console.log(`round ${round}: FULL ${full.at(-1)!.toFixed(1)} µs a write, NORMAL ${normal.at(-1)!.toFixed(1)} µs`);
}
console.log(
  `median of ${ROUNDS}: FULL ${median(full).toFixed(1)} µs, NORMAL ${median(normal).toFixed(1)} µs → NORMAL / FULL ${(median(normal) / median(full)).toFixed(2)}`,
);
