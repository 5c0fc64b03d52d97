import type { CurrentUser } from '../domain/accounts/currentUser';

export interface NewSession {
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  /** Chosen "记住我": a fixed 30-day session instead of a rolling browser session. */
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
}

export interface StoredSession {
  id: number;
  userId: number;
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
}

export interface SessionRepository {
  create(session: NewSession): Promise<void>;
  /** The live session and its user for a token hash; undefined when unknown, expired at `now`, or the account is disabled. */
  findActive(tokenHash: string, now: Date): Promise<{ session: StoredSession; user: CurrentUser } | undefined>;
  extend(sessionId: number, expiresAt: Date): Promise<void>;
  revoke(tokenHash: string): Promise<void>;
  /** Revokes every session of the user except the one with `keepTokenHash` (if given). */
  revokeAllForUser(userId: number, keepTokenHash?: string): Promise<void>;
  deleteExpired(now: Date): Promise<void>;
}
