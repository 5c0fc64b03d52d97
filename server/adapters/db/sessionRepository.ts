import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../domain/accounts/currentUser';
import type { NewSession, SessionRepository, StoredSession } from '../../ports/sessionRepository';
import type { Database } from './schema';

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: NewSession): Promise<void> {
    await this.db
      .insertInto('user_session')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        persistent: session.persistent ? 1 : 0,
        created_at: session.createdAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
      })
      .execute();
  }

  async findActive(tokenHash: string, now: Date): Promise<{ session: StoredSession; user: CurrentUser } | undefined> {
    const row = await this.db
      .selectFrom('user_session as s')
      .innerJoin('user_account as u', 'u.id', 's.user_id')
      .select([
        's.id as session_id',
        's.persistent',
        's.created_at',
        's.expires_at',
        'u.id as user_id',
        'u.username',
        'u.nick_name',
        'u.avatar',
        'u.role',
        'u.must_change_password',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now.toISOString())
      // A disabled account's sessions are deleted; one issued while it was being disabled is refused here.
      .where('u.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      session: {
        id: Number(row.session_id),
        userId: Number(row.user_id),
        persistent: Number(row.persistent) === 1,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
      },
      user: {
        id: Number(row.user_id),
        username: row.username,
        nickName: row.nick_name,
        avatar: row.avatar,
        role: Number(row.role),
        mustChangePassword: Number(row.must_change_password) === 1,
      },
    };
  }

  async extend(sessionId: number, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('user_session')
      .set({ expires_at: expiresAt.toISOString() })
      .where('id', '=', sessionId)
      .execute();
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
  }

  async revokeAllForUser(userId: number, keepTokenHash?: string): Promise<void> {
    let query = this.db.deleteFrom('user_session').where('user_id', '=', userId);
    if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
    await query.execute();
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('user_session').where('expires_at', '<=', now.toISOString()).execute();
  }
}
