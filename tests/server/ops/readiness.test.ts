import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createServer, type CreatedServer } from '../../../server/main';
import { testHasher } from '../accounts/support';
import { postgresAndRedisUnreachable } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { databaseLink, freePort, ownDatabase, startRedis, type DatabaseLink } from '../faults/support';

/*
 * /readyz with each dependency cut in turn: the test's own Redis killed, a TCP hop to a PostgreSQL database of
 * the test's own refusing and cutting, a file where the media folder should be. Each answers 503 naming the one that is down.
 */

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

interface Readiness {
  code: number;
  message: string;
  result: { status: string; failed: string[] };
}

describe.skipIf(skipReason !== undefined)('/readyz', () => {
  const dataDir = temporaryFolder('blog-ready-');
  let redis: ChildProcess;
  let link: DatabaseLink;
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let server: CreatedServer;

  beforeAll(async () => {
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    database = await ownDatabase();
    link = await databaseLink();
    server = await createServer(
      {
        ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, dataDir),
        dataDir,
        databaseUrl: database.urlVia(link.port),
        redisUrl: `redis://127.0.0.1:${redisPort}`,
        musicUpstream: 'http://127.0.0.1:9',
        clientDir: '',
      },
      { passwordHasher: testHasher, announce: () => undefined },
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await link?.close();
    await database?.drop();
    redis?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz' });
    return { status: response.statusCode, body: response.json<Readiness>() };
  };

  it('answers 200 while everything answers, and 503 naming each dependency that does not', async () => {
    expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ result: { status: 'ready', failed: [] } }) });

    const media = `${dataDir}/media`;
    // A file where the folder should be: the store cannot make its folder again (root may write anywhere).
    fs.renameSync(media, `${media}.away`);
    fs.writeFileSync(media, '');
    expect((await ready()).body).toEqual({ code: 503, message: '服务未就绪：媒体存储 无应答', result: { status: 'unready', failed: ['media'] } });
    fs.rmSync(media);
    fs.renameSync(`${media}.away`, media);

    redis.kill('SIGKILL');
    await vi.waitFor(async () => expect((await ready()).body.result.failed).toEqual(['redis']), { timeout: 10_000, interval: 100 });
    expect((await ready()).body.message).toBe('服务未就绪：Redis 无应答');
    // /healthz stays as it was: the process and its database.
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    link.refuse();
    link.cut();
    await vi.waitFor(async () => expect((await ready()).body.result.failed).toEqual(['database', 'redis']), { timeout: 10_000, interval: 100 });
    expect((await ready()).status).toBe(503);
    expect((await ready()).body.message).toBe('服务未就绪：数据库、Redis 无应答');
    link.pass();
  });
});
