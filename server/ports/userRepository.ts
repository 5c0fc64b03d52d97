import type { CurrentUser } from '../domain/accounts/currentUser';

/** A stored account: the public user plus its password hash and whether it is disabled. */
export interface StoredUser extends CurrentUser {
  passwordHash: string;
  /** Disabled by the blogger: it cannot sign in (its content stays). */
  disabled: boolean;
}

export interface NewUser {
  username: string;
  nickName: string;
  passwordHash: string;
  avatar: string;
  role: number;
  /** The password is a generated one that its owner must replace (false when unset). */
  mustChangePassword?: boolean;
}

export interface UserRepository {
  /** Throws UsernameTakenError when the name, or one that reads like it, exists. */
  create(user: NewUser): Promise<CurrentUser>;
  findById(id: number): Promise<CurrentUser | undefined>;
  /** Case-insensitive. */
  findByUsername(username: string): Promise<StoredUser | undefined>;
  /** The account whose name reads like this one (same skeleton: case, compatibility forms, look-alike letters). */
  findLookAlike(username: string): Promise<CurrentUser | undefined>;
  count(): Promise<number>;
  updateProfile(id: number, changes: { nickName?: string; avatar?: string }): Promise<CurrentUser | undefined>;
  /** Sets the password; `mustChange` marks a generated one its owner must replace (false: their own). */
  updatePasswordHash(id: number, passwordHash: string, mustChange?: boolean): Promise<void>;
  updateRole(id: number, role: number): Promise<void>;
  /** Notes a successful sign-in (shown in the console's user list). */
  recordLogin(id: number, at: Date): Promise<void>;
}

export class UsernameTakenError extends Error {
  constructor() {
    super('username taken');
    this.name = 'UsernameTakenError';
  }
}
