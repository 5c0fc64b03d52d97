import type { Kysely } from 'kysely';
import type { LoginChallenge, StoredTwoStep, TwoStepRepository } from '../../ports/twoStepRepository';
import type { Database } from './schema';

export class KyselyTwoStepRepository implements TwoStepRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number): Promise<StoredTwoStep | undefined> {
    const row = await this.db
      .selectFrom('user_two_step')
      .select(['secret', 'enabled', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { sealedSecret: row.secret, enabled: Number(row.enabled) === 1, lastStep: Number(row.last_step) };
  }

  async startSetUp(userId: number, sealedSecret: string, now: Date): Promise<boolean> {
    // An unconfirmed secret is replaced; an enabled one is never touched (the `where` of the upsert).
    const result = await this.db
      .insertInto('user_two_step')
      .values({ user_id: userId, secret: sealedSecret, enabled: 0, last_step: 0, created_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ secret: sealedSecret, created_at: now.toISOString(), last_step: 0 })
          .where('user_two_step.enabled', '=', 0),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async enable(userId: number, step: number, codeHashes: string[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('user_two_step')
        .set({ enabled: 1, last_step: step })
        .where('user_id', '=', userId)
        .where('enabled', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
      await trx.insertInto('user_recovery_code').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
      return true;
    });
  }

  async acceptStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_two_step')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('enabled', '=', 1)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    // One statement: of two requests spending the same code, only one deletes its row.
    const used = await this.db
      .deleteFrom('user_recovery_code')
      .where('id', '=', (eb) =>
        eb
          .selectFrom('user_recovery_code')
          .select('id')
          .where('user_id', '=', userId)
          .where('code_hash', '=', codeHash)
          .limit(1),
      )
      .executeTakeFirst();
    return Number(used.numDeletedRows) > 0;
  }

  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
      await trx.insertInto('user_recovery_code').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
    });
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_recovery_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async remove(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
      await trx.deleteFrom('user_two_step').where('user_id', '=', userId).execute();
    });
  }

  async createChallenge(tokenHash: string, challenge: LoginChallenge): Promise<void> {
    await this.db
      .insertInto('login_challenge')
      .values({
        token_hash: tokenHash,
        user_id: challenge.userId,
        persistent: challenge.persistent ? 1 : 0,
        expires_at: challenge.expiresAt.toISOString(),
      })
      .execute();
  }

  async findChallenge(tokenHash: string, now: Date): Promise<LoginChallenge | undefined> {
    const row = await this.db
      .selectFrom('login_challenge')
      .select(['user_id', 'persistent', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row && { userId: Number(row.user_id), persistent: Number(row.persistent) === 1, expiresAt: new Date(row.expires_at) };
  }

  async takeChallenge(tokenHash: string): Promise<boolean> {
    const result = await this.db.deleteFrom('login_challenge').where('token_hash', '=', tokenHash).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteExpiredChallenges(now: Date): Promise<void> {
    await this.db.deleteFrom('login_challenge').where('expires_at', '<=', now.toISOString()).execute();
  }
}
