import type { Generated, Kysely } from 'kysely';
import type { DailyRow, StatDimension, StatEvent, StatKind } from '../../domain/stats/statEvent';
import type { StatsStore } from '../../ports/statsStore';
import type { Database } from './schema';

/** The statistics' tables (migration 0020), known to this repository only. */
type StatsTables = {
  stat_event: {
    id: Generated<number>;
    day: string;
    kind: string;
    item: string;
    landing: number;
    referrer: string;
    device: string;
    browser: string;
    visitor: string;
  };
  stat_daily: { day: string; dimension: string; item: string; views: number; visitors: number };
  stat_salt: { day: string; salt: string };
};

/** Rows per insert: well under SQLite's limit of bound values per statement. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

export class KyselyStatsRepository implements StatsStore {
  private readonly db: Kysely<Database & StatsTables>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<StatsTables>();
  }

  async addEvents(events: readonly StatEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(events)) {
        await trx
          .insertInto('stat_event')
          .values(part.map((event) => ({ ...event, landing: event.landing ? 1 : 0 })))
          .execute();
      }
    });
  }

  async claimSalt(day: string, candidate: string): Promise<string> {
    await this.db
      .insertInto('stat_salt')
      .values({ day, salt: candidate })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db.selectFrom('stat_salt').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    return row.salt;
  }

  async discardSaltsBefore(day: string): Promise<void> {
    await this.db.deleteFrom('stat_salt').where('day', '<', day).execute();
  }

  async eventDays(): Promise<string[]> {
    const rows = await this.db.selectFrom('stat_event').select('day').distinct().orderBy('day').execute();
    return rows.map((row) => row.day);
  }

  async eventsOf(day: string): Promise<StatEvent[]> {
    const rows = await this.db
      .selectFrom('stat_event')
      .select(['day', 'kind', 'item', 'landing', 'referrer', 'device', 'browser', 'visitor'])
      .where('day', '=', day)
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind as StatKind, landing: Number(row.landing) === 1 }));
  }

  async putDaily(_day: string, rows: readonly DailyRow[]): Promise<void> {
    // Replaces each key's totals (never adds): a roll-up run twice, or on two instances, writes the same.
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(rows)) {
        await trx
          .insertInto('stat_daily')
          .values(part.map((row) => ({ ...row })))
          .onConflict((oc) =>
            oc.columns(['dimension', 'day', 'item']).doUpdateSet((eb) => ({
              views: eb.ref('excluded.views'),
              visitors: eb.ref('excluded.visitors'),
            })),
          )
          .execute();
      }
    });
  }

  async pruneEventsBefore(day: string): Promise<void> {
    await this.db.deleteFrom('stat_event').where('day', '<', day).execute();
  }

  async daily(dimension: StatDimension, from: string, to: string): Promise<DailyRow[]> {
    const rows = await this.db
      .selectFrom('stat_daily')
      .select(['day', 'dimension', 'item', 'views', 'visitors'])
      .where('dimension', '=', dimension)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({ ...row, dimension, views: Number(row.views), visitors: Number(row.visitors) }));
  }

  async chatMessageTimes(since: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('chat_message')
      .select('created_at')
      .where('created_at', '>=', since.toISOString())
      .where('reverted_at', 'is', null)
      .execute();
    return rows.map((row) => row.created_at);
  }

  async articleTitles(ids: readonly number[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('article').select(['id', 'title']).where('id', 'in', wanted).execute();
    return new Map(rows.map((row) => [Number(row.id), row.title]));
  }
}
