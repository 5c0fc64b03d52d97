import { sql, type Kysely } from 'kysely';
import type { AttemptCount, LoginThrottle } from '../../ports/loginThrottle';
import type { Database } from './schema';

/**
 * Login attempts in the database, so every instance behind the load balancer sees the same counts. Each
 * count is one upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`): SQLite runs it under its write lock
 * and PostgreSQL under the row's lock, so two concurrent attempts never read the same count.
 */
export class KyselyLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Kysely<Database>) {}

  async count(keys: string[], now: Date, windowMs: number): Promise<AttemptCount[]> {
    if (keys.length === 0) return [];
    const started = now.toISOString();
    const expired = new Date(now.getTime() - windowMs).toISOString();
    const rows = await this.db
      .insertInto('login_attempt')
      .values([...new Set(keys)].map((key) => ({ throttle_key: key, window_start: started, attempts: 1 })))
      .onConflict((conflict) =>
        conflict.column('throttle_key').doUpdateSet({
          attempts: sql<number>`case when login_attempt.window_start <= ${expired} then 1 else login_attempt.attempts + 1 end`,
          window_start: sql<string>`case when login_attempt.window_start <= ${expired} then excluded.window_start else login_attempt.window_start end`,
        }),
      )
      .returning(['throttle_key', 'attempts', 'window_start'])
      .execute();
    return rows.map((row) => ({
      key: row.throttle_key,
      count: Number(row.attempts),
      windowEndsAt: new Date(new Date(row.window_start).getTime() + windowMs),
    }));
  }

  async refund(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .updateTable('login_attempt')
      .set({ attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end` })
      .where('throttle_key', 'in', keys)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('throttle_key', '=', key).execute();
  }

  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('login_attempt').where('window_start', '<', before.toISOString()).execute();
  }
}
