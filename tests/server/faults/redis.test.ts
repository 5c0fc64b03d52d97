import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import { MARKER, PASSWORD, uniqueName } from '../accounts/support';
import { rawGet, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { cid, isAck, isMessage, join, type ChatClient } from '../chat/support';
import { postgresAndRedisUnreachable } from '../support/databases';
import { freePort, startRedis } from './support';

/*
 * A Redis of the test's own, killed and started again under two instances: pages keep answering, sockets stay
 * open, a chat message sent during the outage reaches the other instance once Redis is back, and the hot reads
 * kept in memory are dropped on its return (changes made meanwhile were never announced).
 */

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

const delivered = { timeout: 15_000, interval: 50 };

describe.skipIf(skipReason !== undefined)('Redis going away under two instances', () => {
  let port = 0;
  let redis: ChildProcess;
  let data: SharedData;
  let db: DatabaseHandle;
  const sites: TestSite[] = [];
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    data = await sharedData('PostgreSQL');
    for (let i = 0; i < 2; i++) sites.push(await startSite(data, { redisUrl: `redis://127.0.0.1:${port}`, cacheRedisPrefix: 'faults' }));
    db = data.open();
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await db?.close();
    for (const site of sites) await site.close();
    await data?.dispose();
    redis?.kill('SIGKILL');
  });

  async function signUp(site: TestSite, nickName: string): Promise<string> {
    const username = uniqueName('redis');
    const payload = { username, password: PASSWORD, nick_name: nickName };
    await site.app.inject({ method: 'POST', url: '/api/user/register', payload, headers: MARKER });
    const login = await site.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD }, headers: MARKER });
    return `blog_session=${login.cookies.find((c) => c.name === 'blog_session')!.value}`;
  }

  it('keeps pages and sockets up, delivers the message sent meanwhile, and drops the kept reads when Redis returns', async () => {
    const [a, b] = sites as [TestSite, TestSite];
    const { client: alice } = await join(a.url, { cookie: await signUp(a, '爱丽丝') });
    const { client: bob } = await join(b.url, { cookie: await signUp(b, '鲍勃') });
    clients.push(alice, bob);
    const noticeOf = async (site: TestSite) => (JSON.parse((await rawGet(`${site.url}/api/config`)).body) as { result: { notice: string } }).result.notice;
    const kept = await noticeOf(b);

    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));

    // Pages and reads keep answering on both instances.
    for (const site of sites) {
      expect((await rawGet(`${site.url}/api/config`)).status).toBe(200);
      expect((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/10`)).status).toBe(200);
    }
    // A change the other instance cannot be told of: B keeps its answer (its bound is a minute here).
    await db.db.updateTable('site_config').set({ notice: 'Redis 不在时改的公告' }).where('id', '=', 1).execute();
    const clientId = cid('outage');
    alice.send({ type: 'message', content: 'Redis 停了也要送到', content_type: 'text', client_id: clientId });
    await alice.waitFor(isAck(clientId), 'ack on A during the outage');
    expect(await noticeOf(b)).toBe(kept);

    redis = await startRedis(port);
    const received = await bob.waitFor(isMessage((m) => m.client_id === clientId), 'the message on B once Redis is back');
    expect(received).toMatchObject({ content: 'Redis 停了也要送到', nick_name: '爱丽丝' });
    await vi.waitFor(async () => expect(await noticeOf(b)).toBe('Redis 不在时改的公告'), delivered);
    // Nobody was disconnected by the outage.
    for (const client of clients) expect(client.socket.readyState).toBe(WebSocket.OPEN);
  }, 60_000);
});
