import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import { slotOf, whileLocked } from '../db/advisoryLock';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import type { ObjectStore } from '../../ports/mediaStore';
import { backups, lastBackup } from '../metrics/metrics';
import { createBackup } from './backup';

/** The advisory lock every instance asks for before a scheduled backup (PostgreSQL): one runs at a time. */
const BACKUP_LOCK = 50_2026;

const ARCHIVE = /^scheduled-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)\.tar$/;

/** Where scheduled archives are kept: a folder (BACKUP_DIR) or a bucket's prefix (BACKUP_TARGET=bucket). */
export interface BackupShelf {
  /** The scheduled archives' names, oldest first. */
  names(): Promise<string[]>;
  /** Writes the archive `name` as `make` streams it; resolves with where it is (a path or `s3://bucket/key`). */
  write(name: string, make: (out: string | Writable) => Promise<unknown>): Promise<string>;
  remove(name: string): Promise<void>;
}

export function folderShelf(dir: string): BackupShelf {
  return {
    names: async () => (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => ARCHIVE.test(name)).sort(),
    async write(name, make) {
      const file = path.join(dir, name);
      await fs.mkdir(dir, { recursive: true });
      try {
        await make(file);
      } catch (error) {
        await fs.rm(file, { force: true }).catch(() => undefined);
        throw error;
      }
      return file;
    },
    remove: (name) => fs.rm(path.join(dir, name), { force: true }),
  };
}

/**
 * Archives as objects of a store (the bucket under `backups/`), streamed up in parts as they are made: nothing
 * is written to the instance's disk. An upload cut by a failure is never completed, so no half archive is listed.
 */
export function storeShelf(store: ObjectStore, where: string): BackupShelf {
  return {
    names: async () => (await store.list('')).map((object) => object.key).filter((name) => ARCHIVE.test(name)).sort(),
    async write(name, make) {
      const out = new PassThrough();
      // Either side failing stops the other: a store that went away must not leave the archive waiting to be read.
      const cut = (error: unknown) => {
        out.destroy(error as Error);
        throw error;
      };
      await Promise.all([make(out).catch(cut), store.put(name, out, 'application/x-tar').catch(cut)]);
      return `${where}${name}`;
    },
    remove: (name) => store.delete(name),
  };
}

export interface ScheduledBackupOptions {
  database: DatabaseHandle;
  dataDir: string;
  musicDir: string;
  /** With media in a bucket: its media and music objects go into the archive. */
  bucket?: { media: ObjectStore; music: ObjectStore } | undefined;
  /** Where the archives go. */
  shelf: BackupShelf;
  /** How many archives are kept; the oldest go first. */
  keep: number;
  /** Told of a failure: logged and sent to the administrators as a notice. */
  failed(error: unknown): Promise<void> | void;
}

export type BackupOutcome = { ran: false } | { ran: true; file: string } | { ran: true; error: unknown };

/**
 * Backups at the times of a cron schedule. With several instances every one ticks; the first to claim the
 * scheduled time (a row in `backup_run`, inserted once) runs it, the others skip it; on PostgreSQL the run
 * also holds an advisory lock, so a backup still running when the next time comes is not overlapped.
 */
export class ScheduledBackups {
  private job: Cron | undefined;
  private running: Promise<BackupOutcome> | undefined;

  constructor(private readonly options: ScheduledBackupOptions) {}

  start(schedule: string): void {
    this.job = new Cron(schedule, { protect: true, timezone: 'UTC' }, (job: Cron) => {
      void this.run(job.currentRun() ?? new Date());
    });
  }

  /** Runs the backup scheduled for `at` unless another instance already claimed it. */
  run(at: Date): Promise<BackupOutcome> {
    this.running = this.claimAndRun(at).finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    this.job?.stop();
    await this.running;
  }

  private async claimAndRun(at: Date): Promise<BackupOutcome> {
    return (await whileLocked(this.options.database, BACKUP_LOCK, (db) => this.runClaimed(db, at))) ?? { ran: false };
  }

  private async runClaimed(db: Kysely<Database>, at: Date): Promise<BackupOutcome> {
    const slot = slotOf(at);
    const claimed = await db
      .insertInto('backup_run')
      .values({ slot, started_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('slot').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { ran: false };

    const name = `scheduled-${slot.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.tar`;
    try {
      const { database, dataDir, musicDir, bucket, shelf } = this.options;
      const file = await shelf.write(name, (out) => createBackup({ database, dataDir, musicDir, bucket, file: out, withMusicFiles: true }));
      await this.prune();
      await db.updateTable('backup_run').set({ finished_at: new Date().toISOString(), file }).where('slot', '=', slot).execute();
      backups.inc({ result: 'ok' });
      lastBackup.set(Date.now() / 1000);
      return { ran: true, file };
    } catch (error) {
      backups.inc({ result: 'failed' });
      const reason = (error as Error | undefined)?.message ?? String(error);
      await db.updateTable('backup_run').set({ finished_at: new Date().toISOString(), error: reason }).where('slot', '=', slot).execute().catch(() => undefined);
      // Telling of the failure must not fail the run: it is counted and logged whatever happens next.
      await Promise.resolve()
        .then(() => this.options.failed(error))
        .catch(() => undefined);
      return { ran: true, error };
    }
  }

  /** Keeps the newest `keep` scheduled archives; hand-made files beside them are left alone. */
  private async prune(): Promise<void> {
    const { shelf, keep } = this.options;
    const names = await shelf.names();
    for (const name of names.slice(0, Math.max(0, names.length - keep))) await shelf.remove(name);
  }
}

/** The newest scheduled archive in `dir`, if any (a restore drill starts from it). */
export async function newestScheduledBackup(dir: string): Promise<string | undefined> {
  const newest = (await folderShelf(dir).names()).at(-1);
  return newest && path.join(dir, newest);
}

/**
 * The newest scheduled archive of a store (BACKUP_TARGET=bucket), downloaded into a temporary file for a restore;
 * undefined when there is none. The caller removes the file's folder (`dispose`).
 */
export async function downloadNewestScheduledBackup(store: ObjectStore): Promise<{ file: string; dispose(): Promise<void> } | undefined> {
  const newest = (await storeShelf(store, '').names()).at(-1);
  const object = newest === undefined ? undefined : await store.get(newest);
  if (!newest || !object) return undefined;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'blog-restore-'));
  const file = path.join(folder, newest);
  await pipeline(object.body, createWriteStream(file));
  return { file, dispose: () => fs.rm(folder, { recursive: true, force: true }) };
}
