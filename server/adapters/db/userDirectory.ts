import { sql, type Kysely, type Selectable } from 'kysely';
import { ADMIN_ROLE } from '../../domain/accounts/currentUser';
import type { ConsoleUser, UserChange, UserQuery } from '../../domain/users/consoleUser';
import type { UserDirectory } from '../../ports/userDirectory';
import type { DialectName } from './connect';
import { containsText } from './containsText';
import type { Database, UserAccountTable } from './schema';

const COLUMNS = [
  'id',
  'username',
  'nick_name',
  'avatar',
  'role',
  'must_change_password',
  'created_at',
  'last_login_at',
  'disabled_at',
] as const;

type Row = Pick<Selectable<UserAccountTable>, (typeof COLUMNS)[number]>;

function toUser(row: Row): ConsoleUser {
  return {
    id: Number(row.id),
    username: row.username,
    nickName: row.nick_name,
    avatar: row.avatar,
    role: Number(row.role),
    mustChangePassword: Number(row.must_change_password) === 1,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    disabled: row.disabled_at !== null,
  };
}

/** The accounts for the console, on SQLite or PostgreSQL. */
export class KyselyUserDirectory implements UserDirectory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async search(query: UserQuery): Promise<{ items: ConsoleUser[]; total: number }> {
    let matching = this.db.selectFrom('user_account');
    const keyword = query.keyword;
    if (keyword) matching = matching.where((eb) => eb.or([containsText('username', keyword), containsText('nick_name', keyword)]));
    if (query.role !== undefined) matching = matching.where('role', '=', query.role);
    if (query.disabled !== undefined) matching = matching.where('disabled_at', query.disabled ? 'is not' : 'is', null);
    let rows = matching.select(COLUMNS);
    // Never signed in sorts last on both databases (their NULLs sort at opposite ends).
    if (query.sort === 'lastLogin') rows = rows.orderBy(sql`last_login_at is null`).orderBy('last_login_at', 'desc');
    else rows = rows.orderBy('created_at', 'desc');
    const [items, count] = await Promise.all([
      rows.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: items.map(toUser), total: Number(count.n) };
  }

  async find(id: number): Promise<ConsoleUser | undefined> {
    const row = await this.db.selectFrom('user_account').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  apply(
    id: number,
    change: UserChange,
    allowed: (before: ConsoleUser, administrators: readonly number[]) => boolean,
  ): Promise<'done' | 'refused' | 'missing'> {
    return this.db.transaction().execute(async (trx) => {
      // PostgreSQL: the administrators' rows stay locked until this commits, so a second change waits and
      // then sees this one (SQLite runs one transaction at a time anyway). Locked in id order: no deadlock.
      let administrators = trx
        .selectFrom('user_account')
        .select('id')
        .where('role', '=', ADMIN_ROLE)
        .where('disabled_at', 'is', null)
        .orderBy('id');
      if (this.dialect === 'postgres') administrators = administrators.forUpdate();
      const ids = (await administrators.execute()).map((row) => Number(row.id));
      const row = await trx.selectFrom('user_account').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      if (!row) return 'missing';
      if (!allowed(toUser(row), ids)) return 'refused';
      await trx
        .updateTable('user_account')
        .set({
          ...(change.role !== undefined ? { role: change.role } : {}),
          ...(change.disabledAt !== undefined ? { disabled_at: change.disabledAt } : {}),
          updated_at: this.now().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return 'done';
    });
  }
}
