import type { Kysely } from 'kysely';
import type { RegistrationThrottle } from '../../ports/registrationThrottle';
import type { Database } from './schema';

/** Registration attempts in the database, so every instance behind the load balancer sees the same counts. */
export class KyselyRegistrationThrottle implements RegistrationThrottle {
  constructor(private readonly db: Kysely<Database>) {}

  async recordAttempt(address: string, at: Date): Promise<void> {
    await this.db.insertInto('registration_attempt').values({ address, attempted_at: at.toISOString() }).execute();
  }

  async attemptsSince(address: string, since: Date): Promise<{ count: number; oldest: Date | undefined }> {
    const row = await this.db
      .selectFrom('registration_attempt')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('attempted_at').as('oldest')])
      .where('address', '=', address)
      .where('attempted_at', '>', since.toISOString())
      .executeTakeFirst();
    const count = Number(row?.n ?? 0);
    return { count, oldest: count > 0 && row?.oldest ? new Date(String(row.oldest)) : undefined };
  }

  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('registration_attempt').where('attempted_at', '<=', before.toISOString()).execute();
  }
}
