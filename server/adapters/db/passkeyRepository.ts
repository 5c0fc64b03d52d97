import type { Kysely, Selectable } from 'kysely';
import {
  PasskeyTakenError,
  type ChallengePurpose,
  type NewPasskey,
  type PasskeyRepository,
  type StoredChallenge,
  type StoredPasskey,
} from '../../ports/passkeyRepository';
import type { Database, UserPasskeyTable } from './schema';
import { isUniqueViolation } from './uniqueViolation';

function passkeyOf(row: Selectable<UserPasskeyTable>): StoredPasskey {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports === '' ? [] : row.transports.split(','),
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

export class KyselyPasskeyRepository implements PasskeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(passkey: NewPasskey): Promise<StoredPasskey> {
    try {
      const row = await this.db
        .insertInto('user_passkey')
        .values({
          user_id: passkey.userId,
          credential_id: passkey.credentialId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports.join(','),
          name: passkey.name,
          created_at: passkey.createdAt.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return passkeyOf(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new PasskeyTakenError();
      throw error;
    }
  }

  async listForUser(userId: number): Promise<StoredPasskey[]> {
    const rows = await this.db.selectFrom('user_passkey').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    return rows.map(passkeyOf);
  }

  async findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
    const row = await this.db.selectFrom('user_passkey').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    return row && passkeyOf(row);
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_passkey')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async rename(userId: number, id: number, name: string): Promise<boolean> {
    const result = await this.db.updateTable('user_passkey').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(userId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('user_passkey').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async removeAllForUser(userId: number): Promise<number> {
    const result = await this.db.deleteFrom('user_passkey').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async recordUse(id: number, expected: number, counter: number, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('user_passkey')
      .set({ counter, last_used_at: at.toISOString() })
      .where('id', '=', id)
      .where('counter', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async putChallenge(purpose: ChallengePurpose, binding: string, challenge: StoredChallenge, expiresAt: Date): Promise<void> {
    const values = { challenge: challenge.challenge, user_id: challenge.userId, expires_at: expiresAt.toISOString() };
    await this.db
      .insertInto('webauthn_challenge')
      .values({ purpose, binding, ...values })
      .onConflict((conflict) => conflict.columns(['purpose', 'binding']).doUpdateSet(values))
      .execute();
  }

  async takeChallenge(purpose: ChallengePurpose, binding: string, now: Date): Promise<StoredChallenge | undefined> {
    const row = await this.db
      .selectFrom('webauthn_challenge')
      .select(['id', 'challenge', 'user_id', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('binding', '=', binding)
      .executeTakeFirst();
    if (!row) return undefined;
    // Deleted by its id and this very challenge: of two requests answering it, one deletes the row.
    const taken = await this.db
      .deleteFrom('webauthn_challenge')
      .where('id', '=', row.id)
      .where('challenge', '=', row.challenge)
      .executeTakeFirst();
    if (Number(taken.numDeletedRows) === 0 || row.expires_at <= now.toISOString()) return undefined;
    return { challenge: row.challenge, userId: row.user_id === null ? null : Number(row.user_id) };
  }

  async deleteExpiredChallenges(now: Date): Promise<void> {
    await this.db.deleteFrom('webauthn_challenge').where('expires_at', '<=', now.toISOString()).execute();
  }
}
