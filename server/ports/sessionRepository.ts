import type { CurrentUser } from '../domain/accounts/currentUser';

export interface NewSession {
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  /** Chosen "记住我": a fixed 30-day session instead of a rolling browser session. */
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
  /** The browser's User-Agent header and the client address at sign-in ('' when unknown). */
  userAgent?: string;
  address?: string;
}

export interface StoredSession {
  id: number;
  userId: number;
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
  /** Null until first marked seen after sign-in. */
  lastSeenAt: Date | null;
  /** When the session last proved the password or a second step: its sign-in, or the latest re-authentication. */
  provedAt: Date;
}

/** One place the account is signed in, as its owner sees it. */
export interface SessionSummary {
  id: number;
  tokenHash: string;
  userAgent: string;
  address: string;
  createdAt: Date;
  /** The sign-in time until first marked seen. */
  lastSeenAt: Date;
}

export interface SessionRepository {
  /** Stores a new session (proved at its creation); answers its id. */
  create(session: NewSession): Promise<number>;
  /** The live session and its user for a token hash; undefined when unknown, expired at `now`, or the account is disabled. */
  findActive(
    tokenHash: string,
    now: Date,
  ): Promise<{ session: StoredSession; user: CurrentUser; twoStepEnabled: boolean } | undefined>;
  extend(sessionId: number, expiresAt: Date): Promise<void>;
  markSeen(sessionId: number, at: Date): Promise<void>;
  /** The session proved the password again at `at` (re-authentication). */
  markProved(sessionId: number, at: Date): Promise<void>;
  /** The user's live sessions at `now`, the most recently seen first. */
  listForUser(userId: number, now: Date): Promise<SessionSummary[]>;
  /** Ends one session, only if it is the user's; answers whether it did. */
  revokeById(userId: number, sessionId: number): Promise<boolean>;
  revoke(tokenHash: string): Promise<void>;
  /** Revokes every session of the user except the one with `keepTokenHash` (if given); answers the ended ids. */
  revokeAllForUser(userId: number, keepTokenHash?: string): Promise<number[]>;
  deleteExpired(now: Date): Promise<void>;
}
