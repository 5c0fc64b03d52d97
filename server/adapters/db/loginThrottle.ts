import type { Kysely } from 'kysely';
import type { LoginThrottle } from '../../ports/loginThrottle';
import type { Database } from './schema';

/** Failed logins in the database, so every instance behind the load balancer sees the same counts. */
export class KyselyLoginThrottle implements LoginThrottle {
  constructor(private readonly db: Kysely<Database>) {}

  async recordFailure(keys: string[], at: Date): Promise<void> {
    if (keys.length === 0) return;
    const failedAt = at.toISOString();
    await this.db
      .insertInto('login_failure')
      .values(keys.map((key) => ({ throttle_key: key, failed_at: failedAt })))
      .execute();
  }

  async failuresSince(keys: string[], since: Date): Promise<Array<{ key: string; count: number; oldest: Date }>> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('login_failure')
      .select((eb) => ['throttle_key', eb.fn.countAll<number>().as('n'), eb.fn.min('failed_at').as('oldest')])
      .where('throttle_key', 'in', keys)
      .where('failed_at', '>', since.toISOString())
      .groupBy('throttle_key')
      .execute();
    return rows.map((row) => ({ key: row.throttle_key, count: Number(row.n), oldest: new Date(String(row.oldest)) }));
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('throttle_key', '=', key).execute();
  }

  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('login_failure').where('failed_at', '<=', before.toISOString()).execute();
  }
}
