import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { AuditActor } from '../../domain/audit/auditEntry';
import type { AuditLog } from '../../domain/audit/auditLog';
import { MediaSweep, type MediaSweepOptions, type MediaSweepReport } from '../../domain/media/mediaSweep';
import { systemClock, type Clock } from '../../ports/clock';
import type { ObjectStore } from '../../ports/mediaStore';
import { slotOf, whileLocked } from '../db/advisoryLock';
import type { DatabaseHandle } from '../db/connect';
import { KyselyMediaReferences } from '../db/mediaReferenceRepository';
import type { Database } from '../db/schema';
import { mediaGcDeleted, mediaGcDeletedBytes, mediaGcRuns } from '../metrics/metrics';
import { LocalObjectStore } from '../storage/localObjectStore';
import type { SiteStores } from '../storage/siteStores';

/** The advisory lock every instance asks for before a scheduled clean-up (PostgreSQL): one runs at a time. */
const MEDIA_SWEEP_LOCK = 50_2027;

/** Where the site's variants are, as objects: the bucket's `variants/`, or the local variants folder. */
export function variantObjects(stores: Pick<SiteStores, 'variants'>): ObjectStore {
  return 'dir' in stores.variants ? new LocalObjectStore(stores.variants.dir) : stores.variants;
}

/** The clean-up over the site's database and stores. */
export function mediaSweepOf(database: DatabaseHandle, stores: Pick<SiteStores, 'media' | 'variants'>, clock: Clock = systemClock): MediaSweep {
  return new MediaSweep({ media: stores.media.objects, variants: variantObjects(stores), references: new KyselyMediaReferences(database.db), clock });
}

/** Runs a sweep, counting what it deletes in the metrics as it goes (a sweep cut short still counts its deletions). */
export function sweepCounted(sweep: MediaSweep, options: MediaSweepOptions): Promise<MediaSweepReport> {
  return sweep.run({
    ...options,
    onDelete: (object, kind) => {
      if (!options.dryRun) {
        mediaGcDeleted.inc({ kind });
        mediaGcDeletedBytes.inc({ kind }, object.size);
      }
      options.onDelete?.(object, kind);
    },
  });
}

/** The administrator's log entry of a sweep that deleted something; nothing is written for one that did not. */
export async function recordSweep(audit: AuditLog, report: MediaSweepReport, actor: AuditActor): Promise<void> {
  if (report.deleted + report.variantsDeleted === 0) return;
  const megabytes = ((report.deletedBytes + report.variantBytes) / 1024 / 1024).toFixed(1);
  const summary = zhCN.consoleAudit.mediaSwept(report.deleted, megabytes, report.variantsDeleted);
  await audit.record({ area: 'other', action: 'mediaCleanup', objectId: '', summary }, actor);
}

export interface ScheduledMediaSweepOptions {
  database: DatabaseHandle;
  sweep: MediaSweep;
  graceHours: number;
  audit: AuditLog;
  /** Told of a sweep that failed (logged); the failure is counted in the metrics whatever this does. */
  failed(error: unknown): void;
}

export type MediaSweepOutcome = { ran: false } | { ran: true; report: MediaSweepReport } | { ran: true; error: unknown };

/**
 * The clean-up at the times of a cron schedule (MEDIA_GC_SCHEDULE). With several instances every one ticks; the
 * first to claim the scheduled time (a row in `media_sweep_run`) runs it, and on PostgreSQL the run holds an
 * advisory lock, so two sweeps never overlap.
 */
export class ScheduledMediaSweeps {
  private job: Cron | undefined;
  private running: Promise<MediaSweepOutcome> | undefined;

  constructor(private readonly options: ScheduledMediaSweepOptions) {}

  start(schedule: string): void {
    // Unreferenced: a pending clean-up never keeps a stopping process alive.
    this.job = new Cron(schedule, { protect: true, timezone: 'UTC', unref: true }, (job: Cron) => {
      void this.run(job.currentRun() ?? new Date());
    });
  }

  /** Runs the clean-up scheduled for `at` unless another instance already claimed it. Never rejects. */
  run(at: Date): Promise<MediaSweepOutcome> {
    this.running = whileLocked(this.options.database, MEDIA_SWEEP_LOCK, (db) => this.runClaimed(db, at))
      .then(
        (outcome) => outcome ?? { ran: false as const },
        // The database away before the claim: nothing was listed or deleted.
        (error: unknown) => this.failed(error),
      )
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    this.job?.stop();
    await this.running;
  }

  private async runClaimed(db: Kysely<Database>, at: Date): Promise<MediaSweepOutcome> {
    const slot = slotOf(at);
    const claimed = await db
      .insertInto('media_sweep_run')
      .values({ slot, started_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('slot').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { ran: false };
    try {
      const report = await sweepCounted(this.options.sweep, { graceHours: this.options.graceHours });
      mediaGcRuns.inc({ result: 'ok' });
      await db
        .updateTable('media_sweep_run')
        .set({ finished_at: new Date().toISOString(), deleted: report.deleted, deleted_bytes: report.deletedBytes })
        .where('slot', '=', slot)
        .execute();
      await recordSweep(this.options.audit, report, { id: null, name: zhCN.consoleAudit.scheduledTask, address: '', userAgent: '' });
      return { ran: true, report };
    } catch (error) {
      const reason = (error as Error | undefined)?.message ?? String(error);
      await db.updateTable('media_sweep_run').set({ finished_at: new Date().toISOString(), error: reason }).where('slot', '=', slot).execute().catch(() => undefined);
      return this.failed(error);
    }
  }

  private failed(error: unknown): MediaSweepOutcome {
    mediaGcRuns.inc({ result: 'failed' });
    // Telling of the failure must not fail the run: it is counted whatever happens next.
    try {
      this.options.failed(error);
    } catch {
      // The logger itself failed: nothing more to do.
    }
    return { ran: true, error };
  }
}
