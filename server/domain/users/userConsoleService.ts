import type { ConsoleUserDto, ConsoleUserPageDto, PasswordResetDto, UserSearchQuery } from '../../../src/protocol/console/users';
import type { Clock } from '../../ports/clock';
import type { SessionRepository } from '../../ports/sessionRepository';
import type { UserDirectory } from '../../ports/userDirectory';
import type { AccountService } from '../accounts/accountService';
import type { CurrentUser } from '../accounts/currentUser';
import { accountMessages } from '../accounts/messages';
import type { ChatService } from '../chat/chatService';
import { AppError } from '../errors';
import { keepsAnAdministrator, type ConsoleUser, type UserChange } from './consoleUser';
import { usersMessages } from './messages';

export interface UserConsoleDeps {
  directory: UserDirectory;
  sessions: Pick<SessionRepository, 'revokeAllForUser'>;
  /** The password reset is the command line's own (`npm run user -- reset-password`). */
  accounts: Pick<AccountService, 'resetPassword' | 'endAllSessions'>;
  /** The chat room's sockets, which outlive a session: closed or told the new role on every instance. */
  chat: Pick<ChatService, 'signOut' | 'roleChanged'>;
  clock: Clock;
}

const toDto = (user: ConsoleUser): ConsoleUserDto => ({
  id: user.id,
  username: user.username,
  nickName: user.nickName,
  avatar: user.avatar,
  role: user.role,
  createdAt: user.createdAt,
  lastLoginAt: user.lastLoginAt,
  disabled: user.disabled,
  mustChangePassword: user.mustChangePassword,
});

/**
 * The users from the console: listed and searched, their role changed, disabled and enabled, their password
 * reset. No administrator does any of it to themselves here, and the site always keeps an enabled
 * administrator. Sessions live in the database, so ending them there ends them on every instance at once.
 */
export class UserConsoleService {
  constructor(private readonly deps: UserConsoleDeps) {}

  async list(query: UserSearchQuery): Promise<ConsoleUserPageDto> {
    const keyword = query.keyword?.trim();
    const { items, total } = await this.deps.directory.search({
      ...(keyword ? { keyword } : {}),
      ...(query.role !== undefined ? { role: query.role } : {}),
      ...(query.status ? { disabled: query.status === 'disabled' } : {}),
      sort: query.sort ?? 'created',
      offset: (query.current - 1) * query.size,
      limit: query.size,
    });
    return { list: items.map(toDto), total, current: query.current, size: query.size };
  }

  /** Its open chat sockets act with the new role at once (an administrator demoted there too). */
  async setRole(admin: CurrentUser, id: number, role: number): Promise<ConsoleUserDto> {
    const user = await this.change(admin, id, { role });
    await this.deps.chat.roleChanged(id, role);
    return user;
  }

  /** Disabled: every session ends and its chat sockets close, here and on every instance; its content stays. */
  async setDisabled(admin: CurrentUser, id: number, disabled: boolean): Promise<ConsoleUserDto> {
    const user = await this.change(admin, id, { disabledAt: disabled ? this.deps.clock.now().toISOString() : null });
    if (disabled) {
      await this.deps.sessions.revokeAllForUser(id);
      await this.deps.chat.signOut(id);
    }
    return user;
  }

  /** A generated password, answered once: every session ends and it must be changed at the next sign-in. */
  async resetPassword(admin: CurrentUser, id: number): Promise<PasswordResetDto> {
    this.notSelf(admin, id);
    const before = await this.existing(id);
    const password = await this.deps.accounts.resetPassword(before.username);
    await this.deps.chat.signOut(id);
    return { password, user: toDto(await this.existing(id)) };
  }

  /** 退出全部登录: every session of the user ends, with its chat sockets, on every instance; answers how many. */
  async endSessions(id: number): Promise<number> {
    await this.existing(id);
    return this.deps.accounts.endAllSessions(id);
  }

  private async change(admin: CurrentUser, id: number, change: UserChange): Promise<ConsoleUserDto> {
    this.notSelf(admin, id);
    const outcome = await this.deps.directory.apply(id, change, (before, administrators) =>
      keepsAnAdministrator(before, change, administrators),
    );
    if (outcome === 'missing') throw new AppError('notFound', accountMessages.userNotFound);
    if (outcome === 'refused') throw new AppError('conflict', usersMessages.lastAdministrator);
    return toDto(await this.existing(id));
  }

  private notSelf(admin: CurrentUser, id: number): void {
    if (admin.id === id) throw new AppError('invalid', usersMessages.notYourself);
  }

  private async existing(id: number): Promise<ConsoleUser> {
    const user = await this.deps.directory.find(id);
    if (!user) throw new AppError('notFound', accountMessages.userNotFound);
    return user;
  }
}
