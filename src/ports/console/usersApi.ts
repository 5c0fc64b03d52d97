import type { ListPage } from '../../domain/console/moderation/moderation';
import type { ConsoleUserItem, UserQuery } from '../../domain/console/users/users';

/** The console's people calls: users and the administrator's notices (administrators only). */
export interface UsersApi {
  users(query: UserQuery, current: number, size: number): Promise<ListPage<ConsoleUserItem>>;
  setRole(id: number, role: number): Promise<ConsoleUserItem>;
  /** Disabled: its sessions and chat sockets end at once; it cannot sign in. */
  setDisabled(id: number, disabled: boolean): Promise<ConsoleUserItem>;
  /** A generated password, to show once; it must be changed at the next sign-in. */
  resetPassword(id: number): Promise<{ password: string; user: ConsoleUserItem }>;
  /** Ends every session of the user (its chat sockets too); answers how many. */
  endSessions(id: number): Promise<number>;
  /** The notice's HTML exactly as the drawer will show it. */
  previewNotice(message: string): Promise<string>;
  /** Sends the notice to every user; answers how many received it. */
  sendNotice(message: string): Promise<number>;
}
