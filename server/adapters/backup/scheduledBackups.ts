import fs from 'node:fs/promises';
import path from 'node:path';
import { Cron } from 'croner';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { backups, lastBackup } from '../metrics/metrics';
import { createBackup } from './backup';

/** The advisory lock every instance asks for before a scheduled backup (PostgreSQL): one runs at a time. */
const BACKUP_LOCK = 50_2026;

const ARCHIVE = /^scheduled-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)\.tar$/;

export interface ScheduledBackupOptions {
  database: DatabaseHandle;
  dataDir: string;
  musicDir: string;
  /** Where the archives go. */
  dir: string;
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
    const { database } = this.options;
    if (database.dialect !== 'postgres') return this.runClaimed(database.db, at);
    return database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${BACKUP_LOCK}) as locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false };
      try {
        return await this.runClaimed(connection, at);
      } finally {
        await sql`select pg_advisory_unlock(${BACKUP_LOCK})`.execute(connection);
      }
    });
  }

  private async runClaimed(db: Kysely<Database>, at: Date): Promise<BackupOutcome> {
    // Whole seconds: every instance computes the same scheduled time from the same expression.
    const slot = new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();
    const claimed = await db
      .insertInto('backup_run')
      .values({ slot, started_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('slot').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { ran: false };

    const file = path.join(this.options.dir, `scheduled-${slot.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.tar`);
    try {
      await fs.mkdir(this.options.dir, { recursive: true });
      const { database, dataDir, musicDir } = this.options;
      await createBackup({ database, dataDir, musicDir, file, withMusicFiles: true });
      await this.prune();
      await db.updateTable('backup_run').set({ finished_at: new Date().toISOString(), file }).where('slot', '=', slot).execute();
      backups.inc({ result: 'ok' });
      lastBackup.set(Date.now() / 1000);
      return { ran: true, file };
    } catch (error) {
      backups.inc({ result: 'failed' });
      await fs.rm(file, { force: true }).catch(() => undefined);
      const reason = (error as Error | undefined)?.message ?? String(error);
      await db.updateTable('backup_run').set({ finished_at: new Date().toISOString(), error: reason }).where('slot', '=', slot).execute().catch(() => undefined);
      // Telling of the failure must not fail the run: it is counted and logged whatever happens next.
      await Promise.resolve()
        .then(() => this.options.failed(error))
        .catch(() => undefined);
      return { ran: true, error };
    }
  }

  /** Keeps the newest `keep` scheduled archives of the folder; hand-made files beside them are left alone. */
  private async prune(): Promise<void> {
    const names = (await fs.readdir(this.options.dir)).filter((name) => ARCHIVE.test(name)).sort();
    for (const name of names.slice(0, Math.max(0, names.length - this.options.keep))) {
      await fs.rm(path.join(this.options.dir, name), { force: true });
    }
  }
}

/** The newest scheduled archive in `dir`, if any (a restore drill starts from it). */
export async function newestScheduledBackup(dir: string): Promise<string | undefined> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => ARCHIVE.test(name)).sort();
  const newest = names.at(-1);
  return newest && path.join(dir, newest);
}
