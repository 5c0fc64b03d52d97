import type { Kysely, Selectable } from 'kysely';
import type { CurrentUser } from '../../domain/accounts/currentUser';
import { UsernameTakenError, type NewUser, type StoredUser, type UserRepository } from '../../ports/userRepository';
import type { Database, UserAccountTable } from './schema';
import { isUniqueViolation } from './uniqueViolation';
import { usernameSkeleton } from '../../domain/accounts/usernameSkeleton';

const usernameKey = (username: string) => username.toLowerCase();

function toUser(
  row: Pick<Selectable<UserAccountTable>, 'id' | 'username' | 'nick_name' | 'avatar' | 'role' | 'must_change_password'>,
): CurrentUser {
  return {
    id: Number(row.id),
    username: row.username,
    nickName: row.nick_name,
    avatar: row.avatar,
    role: Number(row.role),
    mustChangePassword: Number(row.must_change_password) === 1,
  };
}

const PUBLIC_COLUMNS = ['id', 'username', 'nick_name', 'avatar', 'role', 'must_change_password'] as const;

export class KyselyUserRepository implements UserRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(user: NewUser): Promise<CurrentUser> {
    const at = this.now().toISOString();
    try {
      const row = await this.db
        .insertInto('user_account')
        .values({
          username: user.username,
          username_key: usernameKey(user.username),
          username_skeleton: usernameSkeleton(user.username),
          nick_name: user.nickName,
          avatar: user.avatar,
          role: user.role,
          password_hash: user.passwordHash,
          must_change_password: user.mustChangePassword ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returning(PUBLIC_COLUMNS)
        .executeTakeFirstOrThrow();
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new UsernameTakenError();
      throw error;
    }
  }

  async findById(id: number): Promise<CurrentUser | undefined> {
    const row = await this.db.selectFrom('user_account').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  async findByUsername(username: string): Promise<StoredUser | undefined> {
    const row = await this.db
      .selectFrom('user_account')
      .select([...PUBLIC_COLUMNS, 'password_hash', 'disabled_at'])
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    return row && { ...toUser(row), passwordHash: row.password_hash, disabled: row.disabled_at !== null };
  }

  async findLookAlike(username: string): Promise<CurrentUser | undefined> {
    const row = await this.db
      .selectFrom('user_account')
      .select(PUBLIC_COLUMNS)
      .where('username_skeleton', '=', usernameSkeleton(username))
      .executeTakeFirst();
    return row && toUser(row);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('user_account')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async updateProfile(id: number, changes: { nickName?: string; avatar?: string }): Promise<CurrentUser | undefined> {
    const row = await this.db
      .updateTable('user_account')
      .set({
        ...(changes.nickName !== undefined ? { nick_name: changes.nickName } : {}),
        ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
        updated_at: this.now().toISOString(),
      })
      .where('id', '=', id)
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirst();
    return row && toUser(row);
  }

  async updatePasswordHash(id: number, passwordHash: string, mustChange = false): Promise<void> {
    await this.db
      .updateTable('user_account')
      .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async updateRole(id: number, role: number): Promise<void> {
    await this.db
      .updateTable('user_account')
      .set({ role, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async recordLogin(id: number, at: Date): Promise<void> {
    await this.db.updateTable('user_account').set({ last_login_at: at.toISOString() }).where('id', '=', id).execute();
  }
}
