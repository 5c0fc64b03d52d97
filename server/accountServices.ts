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
import { AccountService } from './domain/accounts/accountService';
import { NotificationService } from './domain/notifications/notificationService';
import type { PasswordHasher } from './ports/passwordHasher';
import { systemClock } from './ports/clock';

/*
 * Apart from server/main.ts so that the `user`, `notify` and `import` commands load the accounts alone, not the
 * whole server: `npm run user` took 2.5 s and two cores' worth of CPU to start, most of it importing the site.
 */

/** Accounts and notifications over one database; also used by the `user` and `notify` commands. */
export function createAccountServices(
  db: Kysely<Database>,
  hasher: PasswordHasher = new ScryptPasswordHasher(),
  registrationsPerHour?: number,
) {
  const accounts = new AccountService({
    users: new KyselyUserRepository(db),
    sessions: new KyselySessionRepository(db),
    hasher,
    tokens: randomSessionTokens,
    throttle: new KyselyLoginThrottle(db),
    registrations: new KyselyRegistrationThrottle(db),
    ...(registrationsPerHour !== undefined ? { registrationsPerHour } : {}),
    clock: systemClock,
    hashing: hashingBounds(),
  });
  return { accounts, notifications: new NotificationService(new KyselyNotificationRepository(db), systemClock) };
}

/**
 * Password hashes at a time: half the cores (one on a 2-core machine), never more than 4, so scrypt never
 * holds every libuv thread (file reads for pages and assets need them) nor every core.
 */
export function hashingBounds(): { concurrency: number; queue: number } {
  const concurrency = Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2)));
  return { concurrency, queue: 8 * concurrency };
}
