import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { createSecretBox } from '../../../server/adapters/crypto/secretBox';
import { totpCodes } from '../../../server/adapters/crypto/totpCodes';
import type { Database } from '../../../server/adapters/db/schema';
import { KyselyTwoStepRepository } from '../../../server/adapters/db/twoStepRepository';
import type { IssuedSession, LoginOutcome } from '../../../server/domain/accounts/accountService';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ScryptPasswordHasher } from '../../../server/adapters/crypto/scryptPasswordHasher';
import { loadConfig, type AppConfig } from '../../../server/config';
import { createServer, type CreatedServer } from '../../../server/main';
import type { Clock } from '../../../server/ports/clock';
import { takeOverAdministrator } from '../support/administrator';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';

/** Cheap scrypt for tests: same code path, 2^10 instead of 2^17. */
export const testHasher = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

/** What the browser client sends with every state-changing call. */
export const MARKER = { 'x-requested-with': 'XMLHttpRequest' } as const;

export interface AccountsServer {
  app: FastifyInstance;
  server: CreatedServer;
  dataDir: string;
  /**
   * The administrator's own password: set in place of the one-time password the first start announced,
   * as an administrator does first (see takeOverAdministrator). '' on a later start.
   */
  adminPassword: string;
  /** The one-time password the first start announced ('' on a later start); no longer valid once taken over. */
  oneTimePassword: string;
  /** app.inject with the marker header added to every call. */
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real composition on a fresh SQLite folder (or `overrides.dataDir`, which is then kept on close).
 * The administrator has set their own password, unless `options.keepOneTimePassword`.
 */
export async function startAccountsServer(
  overrides: Partial<AppConfig> = {},
  options: { keepOneTimePassword?: boolean; clock?: Clock } = {},
): Promise<AccountsServer> {
  const ownsData = overrides.dataDir === undefined;
  const dataDir = overrides.dataDir ?? temporaryFolder('blog-accounts-');
  const clientDir = writeFakeClient();
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, dataDir),
    // Test files sign many users up from one address; the registration throttle has its own tests.
    registerLimitPerHour: 10_000,
    rateLimitPerMinute: 100_000,
    ...overrides,
    dataDir,
    clientDir,
  };
  const lines: string[] = [];
  const server = await createServer(config, {
    passwordHasher: testHasher,
    announce: (line) => lines.push(line),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const oneTimePassword = /初始密码 (\S+)（/.exec(lines.join('\n'))?.[1] ?? '';
  const adminPassword = options.keepOneTimePassword ? oneTimePassword : await takeOverAdministrator(server.app, oneTimePassword);
  return {
    app: server.app,
    server,
    dataDir,
    adminPassword,
    oneTimePassword,
    call: (options) =>
      server.app.inject({ ...options, headers: { ...MARKER, ...(options.headers ?? {}) } } as InjectOptions),
    async close() {
      await server.close();
      if (ownsData) fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === 'blog_session')?.value;
}

let counter = 0;
/** A fresh valid username per call (5-16 characters). */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${process.pid % 1000}_${counter}`.slice(0, 16);
}

export const PASSWORD = 'abc123456';

/** Registers and logs in; returns the cookie header value and ids. */
export async function signUp(
  site: AccountsServer,
  options: { username?: string; password?: string; nickName?: string; remember?: boolean } = {},
) {
  const username = options.username ?? uniqueName();
  const password = options.password ?? PASSWORD;
  const registered = await site.call({
    method: 'POST',
    url: '/api/user/register',
    payload: { username, password, nick_name: options.nickName ?? username },
  });
  if (registered.json().code !== 0) throw new Error(`register failed: ${registered.body}`);
  const login = await site.call({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password, remember: options.remember ?? false },
  });
  const body = login.json() as { code: number; result: { token: string; id: number } };
  if (body.code !== 0) throw new Error(`login failed: ${login.body}`);
  const token = sessionCookieOf(login) ?? '';
  return { username, password, id: body.result.id, token, cookie: `blog_session=${token}` };
}

/** The two-step parts of AccountDeps over a test database, under a fixed test key. */
export function twoStepDeps(db: Kysely<Database>, secret = 'test-secret') {
  return { twoStep: new KyselyTwoStepRepository(db), secrets: createSecretBox(() => secret), codes: totpCodes };
}

/** A login that signed in at once (no second step asked); throws otherwise. */
export function signedIn(outcome: LoginOutcome): IssuedSession {
  if (outcome.secondStep) throw new Error('expected a sign-in, got a second-step challenge');
  return outcome;
}
