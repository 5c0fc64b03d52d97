import type { ConsoleUser, UserChange, UserQuery } from '../domain/users/consoleUser';

/** The accounts as the console manages them. */
export interface UserDirectory {
  /** The matching accounts in the query's order, and how many match in all. */
  search(query: UserQuery): Promise<{ items: ConsoleUser[]; total: number }>;
  find(id: number): Promise<ConsoleUser | undefined>;
  /**
   * Applies the change if `allowed` says so, given the account before it and the ids of the enabled
   * administrators; read, decision and write are one step, so two changes at once never both pass a rule
   * that only one of them may. 'missing': no such account.
   */
  apply(
    id: number,
    change: UserChange,
    allowed: (before: ConsoleUser, administrators: readonly number[]) => boolean,
  ): Promise<'done' | 'refused' | 'missing'>;
}
