import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from './adapters/db/schema';
import { KyselyUserRepository } from './adapters/db/userRepository';
import { KyselySessionRepository } from './adapters/db/sessionRepository';
import { KyselyLoginThrottle } from './adapters/db/loginThrottle';
import { KyselyRegistrationThrottle } from './adapters/db/registrationThrottle';
import { KyselyNotificationRepository } from './adapters/db/notificationRepository';
import { ScryptPasswordHasher } from './adapters/crypto/scryptPasswordHasher';
import { randomSessionTokens } from './adapters/crypto/sessionTokens';
import { createSecretBox, loadSiteSecret } from './adapters/crypto/secretBox';
import type { AppConfig } from './config';
import { totpCodes } from './adapters/crypto/totpCodes';
import { KyselyTwoStepRepository } from './adapters/db/twoStepRepository';
import { KyselyPasskeyRepository } from './adapters/db/passkeyRepository';
import { simpleWebAuthn } from './adapters/crypto/webAuthn';
import { Passkeys } from './domain/accounts/passkeys';
import { AccountService } from './domain/accounts/accountService';
import { NotificationService } from './domain/notifications/notificationService';
import type { PasswordHasher } from './ports/passwordHasher';
import { systemClock, type Clock } from './ports/clock';

/**
 * Accounts and notifications over one database, for the server and the `user`, `notify` and `import` commands.
 * Apart from server/main.ts so that a command loads the accounts alone: importing the whole site made
 * `npm run user` take 2.5 s and 4 CPU-seconds before it did anything.
 */
export interface AccountOptions {
  /** The site's secret (SECRET_KEY or the data folder's key file, see loadSiteSecret), read on first use. */
  secret: () => string;
  hasher?: PasswordHasher;
  registrationsPerHour?: number | undefined;
  adminTwoStep?: 'required' | 'optional';
  /** The name authenticator apps show. */
  issuer?: string | undefined;
  /** The accounts' clock (tests move it to age a session's proof). */
  clock?: Clock;
}

/** What the command-line tools pass: the configured key (read only if a command seals) and site rule. */
export function accountOptionsOf(config: AppConfig): AccountOptions {
  return { secret: () => loadSiteSecret(config.secretKey, config.dataDir), adminTwoStep: config.adminTwoStep ?? 'optional' };
}

export function createAccountServices(db: Kysely<Database>, options: AccountOptions) {
  const { hasher = new ScryptPasswordHasher(), registrationsPerHour, adminTwoStep, issuer, clock = systemClock } = options;
  const accounts = new AccountService({
    users: new KyselyUserRepository(db),
    sessions: new KyselySessionRepository(db),
    hasher,
    tokens: randomSessionTokens,
    throttle: new KyselyLoginThrottle(db),
    registrations: new KyselyRegistrationThrottle(db),
    ...(registrationsPerHour !== undefined ? { registrationsPerHour } : {}),
    clock,
    twoStep: new KyselyTwoStepRepository(db),
    secrets: createSecretBox(options.secret),
    codes: totpCodes,
    passkeys: new Passkeys({ repo: new KyselyPasskeyRepository(db), webAuthn: simpleWebAuthn, clock: systemClock }),
    ...(adminTwoStep ? { adminTwoStep } : {}),
    ...(issuer ? { issuer } : {}),
    hashing: hashingBounds(),
  });
  return { accounts, notifications: new NotificationService(new KyselyNotificationRepository(db), systemClock) };
}

/**
 * Password hashes at a time: half the cores (one on a 2-core machine), never more than 4, so scrypt never
 * holds every libuv thread (file reads for pages and assets need them) nor every core.
 */
function hashingBounds(): { concurrency: number; queue: number } {
  const concurrency = Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2)));
  return { concurrency, queue: 8 * concurrency };
}
