import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../../server/config';
import { createServer, type CreatedServer } from '../../../server/main';
import type { ServerFrame } from '../../../src/protocol/chat';
import { MARKER, PASSWORD, testHasher, uniqueName } from '../accounts/support';
import { POSTGRES_URL, REDIS_URL, adminQuery, postgresAndRedisUnreachable } from '../support/databases';
import { takeOverAdministrator } from '../support/administrator';
import { temporaryFolder } from '../support/siteServer';
import { cid, isAck, isMessage, isTips, join, type ChatClient } from './support';


const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

describe.skipIf(skipReason !== undefined)('two instances sharing PostgreSQL and Redis', () => {
  // Its own schema and its own Redis namespace: parallel runs never see each other.
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const prefix = `test-chat-${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = temporaryFolder('blog-chat-scale-');
  const servers: CreatedServer[] = [];
  const urls: string[] = [];
  const clients: ChatClient[] = [];
  let adminPassword = '';

  beforeAll(async () => {
    await adminQuery(`create schema ${schema}`);
    const config: AppConfig = {
      ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, dataDir),
      databaseUrl: `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`,
      redisUrl: REDIS_URL,
      dataDir,
      clientDir: dataDir,
    };
    for (let i = 0; i < 2; i++) {
      // One after the other: the first creates the administrator and announces its password.
      const server = await createServer(config, {
        passwordHasher: testHasher,
        announce: (line) => (adminPassword = /初始密码 (\S+)（/.exec(line)?.[1] ?? adminPassword),
        chatRedisPrefix: prefix,
        limitsRedisPrefix: `${prefix}:limits`,
        chatTimers: { presenceRefreshMs: 300 },
      });
      servers.push(server);
      urls.push((await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1'));
    }
    // The administrator sets their own password first, or the server refuses their changes.
    adminPassword = await takeOverAdministrator(servers[0]!.app, adminPassword);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const server of servers) await server.close();
    await adminQuery(`drop schema if exists ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function login(username: string, password: string) {
    const response = await servers[0]!.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password }, headers: MARKER });
    const body = response.json() as { result: { id: number } };
    return { id: body.result.id, cookie: `blog_session=${response.cookies.find((c) => c.name === 'blog_session')!.value}` };
  }

  async function signUp(nickName: string) {
    const username = uniqueName('scale');
    await servers[0]!.app.inject({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD, nick_name: nickName }, headers: MARKER });
    return login(username, PASSWORD);
  }

  async function open(instance: number, cookie: string) {
    const joined = await join(urls[instance]!, { cookie });
    clients.push(joined.client);
    return joined;
  }

  const lists = (userId: number, present: boolean) => (frame: ServerFrame) =>
    (frame.type === 'onlineList' && frame.list.some((u) => u.user_id === userId) === present) ||
    (present && frame.type === 'init' && frame.online.some((u) => u.user_id === userId));

  it('carries messages, reverts, the online list and a kick from one instance to the other', async () => {
    const alice = await signUp('爱丽丝');
    const bob = await signUp('鲍勃');
    const root = await login('admin', adminPassword);

    const { client: aliceOnA } = await open(0, alice.cookie);
    const { client: bobOnB } = await open(1, bob.cookie);
    const { client: adminOnB } = await open(1, root.cookie);

    // The online list spans both instances, one entry per user.
    await aliceOnA.waitFor(lists(bob.id, true), 'bob (on B) listed on A');
    await bobOnB.waitFor(lists(alice.id, true), 'alice (on A) listed on B');
    const { client: secondTab } = await open(1, alice.cookie);
    const latest = await secondTab.waitFor((f) => f.type === 'init', 'init');
    expect(latest.type === 'init' && latest.online.filter((u) => u.user_id === alice.id)).toHaveLength(1);

    // A message sent on B reaches A; stored once, acknowledged on B.
    const clientId = cid('scale');
    bobOnB.send({ type: 'message', content: '从 B 发来的消息', content_type: 'text', client_id: clientId });
    const ack = await bobOnB.waitFor(isAck(clientId), 'ack on B');
    const received = await aliceOnA.waitFor(isMessage((m) => m.client_id === clientId), 'message on A');
    expect(received).toMatchObject({ user_id: bob.id, nick_name: '鲍勃', content: '从 B 发来的消息', id: ack.type === 'ack' ? ack.id : -1 });

    // A revert asked on A reaches B.
    const revert = await servers[0]!.app.inject({
      method: 'DELETE',
      url: `/api/chat/deleteOne/${received.type === 'message' ? received.id : 0}`,
      headers: { ...MARKER, cookie: bob.cookie },
    });
    expect(revert.json().code).toBe(0);
    await bobOnB.waitFor((f) => f.type === 'revert', 'revert on B');

    // The administrator on B kicks alice, who is on both instances.
    adminOnB.send({ type: 'offline', user_id: alice.id });
    for (const tab of [aliceOnA, secondTab]) {
      await tab.waitFor((f) => f.type === 'offline', 'offline frame');
      expect((await tab.closed).code).toBe(4001);
    }
    expect(await bobOnB.waitFor(isTips('kicked'), 'kick tips on B')).toMatchObject({ content: '用户 爱丽丝 被管理员踢下线' });
    await bobOnB.waitFor(lists(alice.id, false), 'alice gone from the list');

    // The ban holds on the other instance too.
    const { client: aliceBack } = await open(0, alice.cookie);
    const again = cid('scale');
    aliceBack.send({ type: 'message', content: '换个实例再来', content_type: 'text', client_id: again });
    await aliceBack.waitFor(isTips('muted', again), 'ban on A');
  });
});
