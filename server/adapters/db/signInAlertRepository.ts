import type { Kysely } from 'kysely';
import type { SignInAlert, SignInAlertRepository } from '../../ports/signInAlertRepository';
import type { Database } from './schema';

export class KyselySignInAlertRepository implements SignInAlertRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async rememberDevice(userId: number, deviceHash: string, now: Date): Promise<'known' | 'first' | 'new'> {
    const at = now.toISOString();
    const seen = await this.db
      .updateTable('user_device')
      .set({ last_seen_at: at })
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    if (Number(seen.numUpdatedRows) > 0) return 'known';
    const others = await this.db
      .selectFrom('user_device')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // Two first sign-ins of one browser at once: the second finds the row there and inserts nothing.
    await this.db
      .insertInto('user_device')
      .values({ user_id: userId, device_hash: deviceHash, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
      .execute();
    return Number(others.count) === 0 ? 'first' : 'new';
  }

  async createAlert(alert: { userId: number; sessionId: number; tokenHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.db
      .insertInto('sign_in_alert')
      .values({
        user_id: alert.userId,
        session_id: alert.sessionId,
        token_hash: alert.tokenHash,
        created_at: alert.createdAt.toISOString(),
        expires_at: alert.expiresAt.toISOString(),
      })
      .execute();
  }

  async useAlert(tokenHash: string, now: Date, grant: { resetHash: string; resetExpiresAt: Date }): Promise<SignInAlert | undefined> {
    // One statement: of two requests with the same link, only one finds it unused.
    const row = await this.db
      .updateTable('sign_in_alert')
      .set({ used_at: now.toISOString(), reset_hash: grant.resetHash, reset_expires_at: grant.resetExpiresAt.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(['id', 'user_id', 'session_id'])
      .executeTakeFirst();
    return row && { id: Number(row.id), userId: Number(row.user_id), sessionId: Number(row.session_id) };
  }

  async takeGrant(resetHash: string, now: Date): Promise<number | undefined> {
    const row = await this.db
      .updateTable('sign_in_alert')
      .set({ reset_hash: null, reset_expires_at: null })
      .where('reset_hash', '=', resetHash)
      .where('reset_expires_at', '>', now.toISOString())
      .returning('user_id')
      .executeTakeFirst();
    return row && Number(row.user_id);
  }

  async deleteExpired(now: Date): Promise<void> {
    const at = now.toISOString();
    await this.db
      .deleteFrom('sign_in_alert')
      .where('expires_at', '<=', at)
      .where((eb) => eb.or([eb('reset_expires_at', 'is', null), eb('reset_expires_at', '<=', at)]))
      .execute();
  }
}
