import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { backends } from '../support/databases';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { runScript, startSiteProcess, takeOverAdministrator } from '../support/serverProcess';
import { databaseLink, ownDatabase, type DatabaseLink } from './support';

/*
 * Two real server processes over PostgreSQL, with the database's faults injected for real: every
 * connection terminated by PostgreSQL itself, the network between them cut, the database refusing
 * connections for seconds, absent at start, and a statement held up by a lock.
 */

const skip = (await backends()).find((backend) => backend.name === 'PostgreSQL')?.skipReason;

const STATEMENT_TIMEOUT_MS = 1_500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  code: number | undefined;
  message: string | undefined;
  ms: number;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  let body: { code?: number; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // A page, not the envelope.
  }
  return { status: response.status, code: body.code, message: body.message, ms: performance.now() - started };
}

describe.skipIf(skip !== undefined)('PostgreSQL faults under two instances', () => {
  const folders: string[] = [];
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let link: DatabaseLink;
  let instances: Awaited<ReturnType<typeof startSiteProcess>>[] = [];
  let token = '';
  let articleId = 0;
  const acknowledged: string[] = [];
  let written = 0;

  const env = (via: DatabaseLink = link) => {
    const clientDir = writeFakeClient();
    // Newer than any client source, so the start does not rebuild the client.
    const future = new Date(Date.now() + 24 * 3600_000);
    fs.utimesSync(path.join(clientDir, 'index.html'), future, future);
    const dataDir = temporaryFolder('blog-faults-');
    folders.push(clientDir, dataDir);
    return {
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      MUSIC_DIR: dataDir,
      DATABASE_URL: database.urlVia(via.port),
      REDIS_URL: '',
      SEED_DEMO: 'true',
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      SLOW_QUERY_MS: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
  };

  const writeTalk = async (instance: number): Promise<Answer> => {
    const content = `fault-talk-${written++}`;
    const answer = await call(`${instances[instance]!.url}/api/talk/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content, images: [], pinned: false }),
    });
    if (answer.status === 200 && answer.code === 0) acknowledged.push(content);
    return answer;
  };
  const readArticle = (instance: number) => call(`${instances[instance]!.url}/api/article/getArticleById/${articleId}`);

  /** Readers on both instances four times a second, and a writer: every answer, until stopped. */
  function traffic() {
    const answers: Answer[] = [];
    let running = true;
    const lane = async (work: () => Promise<Answer>) => {
      while (running) {
        answers.push(await work());
        await pause(250);
      }
    };
    const lanes = [lane(() => readArticle(0)), lane(() => readArticle(1)), lane(() => writeTalk(0)), lane(() => writeTalk(1))];
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(lanes);
        return answers;
      },
    };
  }

  const alive = () => instances.every((instance) => instance.child.exitCode === null && instance.child.signalCode === null);

  beforeAll(async () => {
    database = await ownDatabase();
    link = await databaseLink();
    // One after the other: the first creates the schema, the administrator and the demo content.
    const first = await startSiteProcess(env());
    const [, username, password] = await first.waitFor(/用户名 (\S+)，初始密码 ([^（\s]+)/);
    instances = [first, await startSiteProcess(env())];
    token = await takeOverAdministrator(first.url, username!, password!);
    const home = (await (await fetch(`${first.url}/api/article/blogHomeGetArticleList/1/10`)).json()) as { result: { list: { id: number }[] } };
    articleId = home.result.list[0]!.id;
  }, 120_000);

  // A test that fails during an outage leaves the database reachable for the next one.
  afterEach(() => link?.pass());

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await link?.close();
    await database?.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keeps both processes serving when PostgreSQL terminates every connection and the network drops them', async () => {
    const load = traffic();
    await pause(1_000);
    expect(await database.terminateConnections()).toBeGreaterThan(0);
    await pause(1_000);
    link.cut();
    await pause(1_000);
    expect(await database.terminateConnections()).toBeGreaterThan(0);
    await pause(2_000);
    const answers = await load.stop();

    expect(alive()).toBe(true);
    // Each answer is a success or the Chinese 503, and none waited for a timeout.
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.message).toBe(zhCN.server.serviceUnavailable);
      expect(answer.ms).toBeLessThan(3_000);
    }
    // Recovered by itself: the last second's answers are all successes.
    expect(answers.slice(-4).every((answer) => answer.status === 200 && answer.code === 0)).toBe(true);
    // The idle connections the pool held were reported, not left to end the process.
    expect(instances.some((instance) => instance.output().includes('数据库连接已断开'))).toBe(true);
  }, 60_000);

  it('answers 503 at once during an outage, serves the hot reads it holds, and recovers within seconds of the return', async () => {
    // Hot reads in memory, and views counted but perhaps not yet stored when the database goes.
    for (const instance of instances) {
      expect((await call(`${instance.url}/api/config`)).status).toBe(200);
      expect((await call(`${instance.url}/api/article/blogHomeGetArticleList/1/10`)).status).toBe(200);
    }
    const viewsBefore = (await database.query<{ views: number }>('select views from article where id = $1', [articleId]))[0]!.views;
    let viewsAcknowledged = 0;
    for (let i = 0; i < 5; i++) if ((await readArticle(i % 2)).status === 200) viewsAcknowledged++;
    link.refuse();
    link.cut();

    const load = traffic();
    await pause(1_500);
    for (const instance of instances) {
      const talk = await writeTalk(instances.indexOf(instance));
      expect(talk).toMatchObject({ status: 503, code: 503, message: zhCN.server.serviceUnavailable });
      expect(talk.ms).toBeLessThan(1_000);
      // Past their 5 s in memory by now or not, the hot reads are still answered: the article read, its view
      // counted and stored once the database is back, among them.
      expect((await readArticle(instances.indexOf(instance))).status).toBe(200);
      expect((await call(`${instance.url}/api/config`)).status).toBe(200);
      expect((await call(`${instance.url}/api/article/blogHomeGetArticleList/1/10`)).status).toBe(200);
      expect((await call(`${instance.url}/home`)).status).toBe(200);
    }
    await pause(3_500);
    const outage = [...load.answers];
    expect(outage.some((answer) => answer.status === 503)).toBe(true);
    for (const answer of outage) expect(answer.ms).toBeLessThan(1_000);
    expect(alive()).toBe(true);

    link.pass();
    const back = performance.now();
    while ((await writeTalk(0)).status !== 200 || (await writeTalk(1)).status !== 200) {
      expect(performance.now() - back).toBeLessThan(5_000);
      await pause(100);
    }
    await pause(1_000);
    await load.stop();
    expect(instances.every((instance) => instance.output().includes('数据库已恢复'))).toBe(true);

    // Nothing acknowledged is missing: every talk answered with success, and every view counted.
    await pause(1_500);
    const stored = new Set((await database.query<{ content: string }>('select content from talk')).map((row) => row.content));
    for (const content of acknowledged) expect(stored.has(content)).toBe(true);
    const viewsAfter = (await database.query<{ views: number }>('select views from article where id = $1', [articleId]))[0]!.views;
    expect(viewsAfter).toBeGreaterThanOrEqual(viewsBefore + viewsAcknowledged);
  }, 60_000);

  it('cancels a statement held up past the statement timeout, logs it as slow by name, and answers in bounded time', async () => {
    const holder = await database.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table talk in access exclusive mode');
      const held = await writeTalk(0);
      expect(held).toMatchObject({ status: 503, code: 503, message: zhCN.server.databaseTimeout });
      expect(held.ms).toBeGreaterThan(STATEMENT_TIMEOUT_MS - 100);
      expect(held.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_500);
      await instances[0]!.waitFor(/慢查询：insert talk（\d+ ms）/, 2_000);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await writeTalk(0)).code).toBe(0);
    expect(alive()).toBe(true);
  }, 30_000);

  it('waits for a database that is not there at start, saying so, and starts once it comes', async () => {
    const lateLink = await databaseLink();
    lateLink.refuse();
    const late = runScript('server/cli/start.ts', [], { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env(lateLink) });
    try {
      await late.waitFor(/数据库暂不可用，[\d.]+ 秒后重试（第 1 次）/, 20_000);
      await late.waitFor(/第 2 次/, 5_000);
      expect(late.child.exitCode).toBe(null);
      lateLink.pass();
      const back = performance.now();
      await late.waitFor(/博客已启动：/, 15_000);
      expect(performance.now() - back).toBeLessThan(10_000);
      expect(late.output()).toContain('数据库已连接');
    } finally {
      late.child.kill('SIGKILL');
      await lateLink.close();
    }
  }, 60_000);
});
