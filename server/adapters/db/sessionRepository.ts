import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../domain/accounts/currentUser';
import type { NewSession, SessionRepository, SessionSummary, StoredSession } from '../../ports/sessionRepository';
import type { Database } from './schema';

/** A longer header is cut: it is only shown, parsed, in the personal centre. */
const USER_AGENT_MAX = 512;

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: NewSession): Promise<number> {
    const row = await this.db
      .insertInto('user_session')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        persistent: session.persistent ? 1 : 0,
        created_at: session.createdAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        user_agent: (session.userAgent ?? '').slice(0, USER_AGENT_MAX),
        address: session.address ?? '',
        proved_at: session.createdAt.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async findActive(
    tokenHash: string,
    now: Date,
  ): Promise<{ session: StoredSession; user: CurrentUser; twoStepEnabled: boolean } | undefined> {
    const row = await this.db
      .selectFrom('user_session as s')
      .innerJoin('user_account as u', 'u.id', 's.user_id')
      .leftJoin('user_two_step as t', 't.user_id', 'u.id')
      .select([
        's.last_seen_at',
        's.proved_at',
        't.enabled as two_step_enabled',
        // A passkey is a second step too (ADMIN_TWO_STEP=required is satisfied by either).
        (eb) => eb.exists(eb.selectFrom('user_passkey as p').select('p.id').whereRef('p.user_id', '=', 'u.id')).as('has_passkey'),
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
        lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
        provedAt: new Date(row.proved_at ?? row.created_at),
      },
      twoStepEnabled: Number(row.two_step_enabled ?? 0) === 1 || row.has_passkey === true || Number(row.has_passkey) === 1,
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

  async markSeen(sessionId: number, at: Date): Promise<void> {
    await this.db.updateTable('user_session').set({ last_seen_at: at.toISOString() }).where('id', '=', sessionId).execute();
  }

  async markProved(sessionId: number, at: Date): Promise<void> {
    await this.db.updateTable('user_session').set({ proved_at: at.toISOString() }).where('id', '=', sessionId).execute();
  }

  async listForUser(userId: number, now: Date): Promise<SessionSummary[]> {
    const rows = await this.db
      .selectFrom('user_session')
      .select(['id', 'token_hash', 'user_agent', 'address', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now.toISOString())
      .execute();
    return rows
      .map((row) => ({
        id: Number(row.id),
        tokenHash: row.token_hash,
        userAgent: row.user_agent,
        address: row.address,
        createdAt: new Date(row.created_at),
        lastSeenAt: new Date(row.last_seen_at ?? row.created_at),
      }))
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.id - a.id);
  }

  async revokeById(userId: number, sessionId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('user_session').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
  }

  async revokeAllForUser(userId: number, keepTokenHash?: string): Promise<number[]> {
    let query = this.db.deleteFrom('user_session').where('user_id', '=', userId);
    if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
    const rows = await query.returning('id').execute();
    return rows.map((row) => Number(row.id));
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('user_session').where('expires_at', '<=', now.toISOString()).execute();
  }
}
