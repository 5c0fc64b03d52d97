import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { loadConfig, type AppConfig } from '../../../server/config';
import { createServer, type CreatedServer } from '../../../server/main';
import { MARKER, PASSWORD, sessionCookieOf, testHasher, uniqueName } from '../accounts/support';
import { takeOverAdministrator } from '../support/administrator';
import type { ChatClient } from '../chat/support';
import { POSTGRES_URL, REDIS_URL, adminQuery, postgresAndRedisUnreachable } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';

/** A data folder and a database (a SQLite file, or a PostgreSQL schema of its own) that instances share. */
export interface PeopleData {
  name: 'SQLite' | 'PostgreSQL';
  config: AppConfig;
  /** A connection beside the servers, to look at what they stored. */
  db: DatabaseHandle;
  dispose(): Promise<void>;
}

export async function peopleData(name: PeopleData['name']): Promise<PeopleData> {
  const dataDir = temporaryFolder('blog-people-');
  const base: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000' }, dataDir),
    // The tests sign many users up from one address; the registration throttle has its own tests.
    registerLimitPerHour: 10_000,
    dataDir,
    clientDir: '',
    // The local music library (its folder scan) has nothing to do with these tests.
    musicUpstream: 'http://127.0.0.1:9',
  };
  if (name === 'SQLite') {
    let db: DatabaseHandle | undefined;
    return {
      name,
      config: base,
      get db() {
        return (db ??= openDatabase({ dataDir }));
      },
      dispose: async () => {
        await db?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
  let db: DatabaseHandle | undefined;
  return {
    name,
    config: { ...base, databaseUrl },
    get db() {
      return (db ??= openDatabase({ dataDir, databaseUrl }));
    },
    dispose: async () => {
      await db?.close();
      await adminQuery(`drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Person {
  id: number;
  username: string;
  password: string;
  nickName: string;
  cookie: string;
}

/** One running instance of the real composition over the shared data, listening on a free port. */
export interface PeopleSite {
  app: FastifyInstance;
  server: CreatedServer;
  url: string;
  /** The site's administrator, signed in. */
  administrator: Person;
  /** app.inject with the state-changing marker. */
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A console call as the administrator. */
  admin(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Registers and signs in a user. */
  signUp(nickName?: string): Promise<Person>;
  /** Signs in; the cookie, or the refusal. */
  login(username: string, password: string): Promise<{ cookie?: string; response: LightMyRequestResponse }>;
  close(): Promise<void>;
}

export interface InstanceOptions {
  /** Several instances: Redis carries the chat's events and the hot reads' changes between them. */
  redisPrefix?: string;
  /** The administrator of the shared data, once the first instance took it over. */
  administrator?: Person;
}

/**
 * Starts an instance. The first one over fresh data creates the administrator, who sets their own password
 * (as a new site's administrator does first) and signs in; later ones take `options.administrator`.
 */
export async function startInstance(data: PeopleData, options: InstanceOptions = {}): Promise<PeopleSite> {
  let oneTime = '';
  const server = await createServer(
    { ...data.config, ...(options.redisPrefix ? { redisUrl: REDIS_URL } : {}) },
    {
      passwordHasher: testHasher,
      announce: (line) => (oneTime = /初始密码 (\S+)（/.exec(line)?.[1] ?? oneTime),
      ...(options.redisPrefix
        ? { chatRedisPrefix: `${options.redisPrefix}:chat`, cacheRedisPrefix: `${options.redisPrefix}:cache`, limitsRedisPrefix: `${options.redisPrefix}:limits`, chatTimers: { presenceRefreshMs: 300 } }
        : {}),
    },
  );
  const app = server.app;
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const call = (request: InjectOptions) => app.inject({ ...request, headers: { ...MARKER, ...(request.headers ?? {}) } } as InjectOptions);
  const login = async (username: string, password: string) => {
    const response = await call({ method: 'POST', url: '/api/user/login', payload: { username, password } });
    const token = sessionCookieOf(response);
    return { response, ...(token ? { cookie: `blog_session=${token}` } : {}) };
  };
  let administrator = options.administrator;
  if (!administrator) {
    const password = await takeOverAdministrator(app, oneTime);
    const { cookie, response } = await login('admin', password);
    if (!cookie) throw new Error(`administrator login failed: ${response.body}`);
    administrator = { id: response.json<{ result: { id: number } }>().result.id, username: 'admin', password, nickName: '管理员', cookie };
  }
  const admin = administrator;
  return {
    app,
    server,
    url,
    administrator: admin,
    call,
    admin: (request) => call({ ...request, headers: { cookie: admin.cookie, ...(request.headers ?? {}) } }),
    login,
    async signUp(nickName) {
      const username = uniqueName('mod');
      const registered = await call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD, nick_name: nickName ?? username } });
      if (registered.json<{ code: number }>().code !== 0) throw new Error(`register failed: ${registered.body}`);
      const { cookie, response } = await login(username, PASSWORD);
      if (!cookie) throw new Error(`login failed: ${response.body}`);
      return { id: response.json<{ result: { id: number } }>().result.id, username, password: PASSWORD, nickName: nickName ?? username, cookie };
    },
    close: () => server.close(),
  };
}

/** The envelope of an answer. */
export const body = <T = unknown>(response: LightMyRequestResponse) => response.json<{ code: number; result: T; message: string }>();

/** Two instances over one PostgreSQL schema and one Redis prefix (see describeOnTwoInstances). */
export interface TwoInstances {
  /** Both instances, started before the block's tests; the second shares the first's administrator. */
  sites: [PeopleSite, PeopleSite];
  /** Chat sockets a test opened; closed after the block. */
  clients: ChatClient[];
}

/**
 * A describe block for what must hold across instances, run over PostgreSQL and Redis: skipped where either
 * is unreachable, except in CI, which requires both. `prefix` names the block's Redis keys.
 */
export async function describeOnTwoInstances(name: string, prefix: string, tests: (two: TwoInstances) => void): Promise<void> {
  const unreachable = await postgresAndRedisUnreachable();
  if (unreachable && process.env.CI) throw new Error(`${unreachable}; CI requires PostgreSQL and Redis`);
  describe.skipIf(unreachable !== undefined)(name, () => {
    let data: PeopleData | undefined;
    const started: PeopleSite[] = [];
    const two: TwoInstances = {
      get sites() {
        return started as [PeopleSite, PeopleSite];
      },
      clients: [],
    };

    beforeAll(async () => {
      data = await peopleData('PostgreSQL');
      const redisPrefix = `${prefix}-${crypto.randomBytes(6).toString('hex')}`;
      const first = await startInstance(data, { redisPrefix });
      started.push(first, await startInstance(data, { redisPrefix, administrator: first.administrator }));
    }, 60_000);

    afterAll(async () => {
      await Promise.all(two.clients.map((client) => client.close()));
      for (const site of started) await site.close();
      await data?.dispose();
    });

    tests(two);
  });
}
