import type { Clock } from '../../ports/clock';
import type { KeyedHash } from '../../ports/keyedHash';
import type { StatsStore } from '../../ports/statsStore';
import { DailySalts } from './dailySalt';
import type { StatEvent, StatKind } from './statEvent';
import { browserName, counted, deviceClass, localDay, type Visit } from './visitorRules';

/** A request as a counting point hands it over. */
export interface Hit extends Visit {
  /** The client's address: hashed with the day's salt when stored, never stored itself. */
  address: string;
  kind: StatKind;
  item: string;
  landing?: boolean;
  /** The referring site's host ('' for none). */
  referrer?: string;
}

/** More events than this waiting for a write (the database away under a flood) are dropped, not queued. */
export const MAX_PENDING_EVENTS = 50_000;

interface PendingEvent extends Omit<StatEvent, 'visitor'> {
  identity: string;
}

/**
 * The counting point's only work is `record`: it decides whether the hit counts and appends it to memory.
 * `flush` (every second, like article views) hashes the visitors with the day's salt and writes the events
 * in one statement; a failed write keeps them for the next one.
 */
export class StatsRecorder {
  private pending: PendingEvent[] = [];
  private flushing: Promise<void> | undefined;
  readonly salts: DailySalts;

  constructor(
    private readonly deps: {
      store: Pick<StatsStore, 'addEvents' | 'claimSalt'>;
      hash: KeyedHash;
      clock: Clock;
      randomSalt: () => string;
      maxPending?: number;
    },
  ) {
    this.salts = new DailySalts(deps.store, deps.randomSalt);
  }

  /** True when the hit was counted. */
  record(hit: Hit): boolean {
    if (!counted(hit) || hit.item === '') return false;
    if (this.pending.length >= (this.deps.maxPending ?? MAX_PENDING_EVENTS)) return false;
    this.pending.push({
      day: localDay(this.deps.clock.now()),
      kind: hit.kind,
      item: hit.item,
      landing: hit.landing ?? false,
      referrer: hit.referrer ?? '',
      device: deviceClass(hit.userAgent),
      browser: browserName(hit.userAgent),
      identity: `${hit.address}\n${hit.userAgent}`,
    });
    return true;
  }

  /** Writes what was recorded so far; one write at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.write(batch);
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async write(batch: PendingEvent[]): Promise<void> {
    try {
      const events: StatEvent[] = [];
      for (const { identity, ...event } of batch) {
        const salt = await this.salts.saltFor(event.day);
        events.push({ ...event, visitor: this.deps.hash.digest(salt, identity).slice(0, 32) });
      }
      await this.deps.store.addEvents(events);
    } catch (error) {
      this.pending = [...batch, ...this.pending].slice(0, this.deps.maxPending ?? MAX_PENDING_EVENTS);
      throw error;
    }
  }
}
