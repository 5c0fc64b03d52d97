import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisChatLimits } from '../../../server/adapters/redis/redisChatLimits';
import { CHAT_POLICY } from '../../../server/domain/chat/policy';
import { MARKER } from '../accounts/support';
import { REDIS_URL, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { postgresAndRedisUnreachable } from '../support/databases';

/*
 * The per-minute limits and the chat room's limits, counted by two instances over one Redis (a namespace of
 * this run's own): what one instance let through counts on the other.
 */

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

describe.skipIf(skipReason !== undefined)('limits shared by two instances', () => {
  const prefix = `test-limits-${crypto.randomBytes(6).toString('hex')}`;
  let data: SharedData;
  const sites: TestSite[] = [];

  beforeAll(async () => {
    data = await sharedData('PostgreSQL', { RATE_LIMIT_PER_MINUTE: '3', SEED_DEMO: 'false' });
    for (let i = 0; i < 2; i++) sites.push(await startSite(data, { redisUrl: REDIS_URL, cacheRedisPrefix: prefix }));
  }, 60_000);

  afterAll(async () => {
    for (const site of sites) await site.close();
    await data?.dispose();
  });

  it('counts the per-minute limit of a costly route across instances', async () => {
    const statuses: number[] = [];
    // Alternating instances: alone, each would allow 3 and so 6 in all.
    for (let i = 0; i < 6; i++) {
      const site = sites[i % 2]!;
      const response = await site.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'nobody-here', password: 'wrong-password-1' },
        headers: MARKER,
        // An address of this test's own: starting the sites signed the administrator in from 127.0.0.1.
        remoteAddress: '10.5.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('counts the chat room rate and duplicate limits across instances', async () => {
    const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    try {
      const [a, b] = clients.map((redis) => new RedisChatLimits(redis, `${prefix}:chat-unit`)) as [RedisChatLimits, RedisChatLimits];
      const now = Date.now();
      const answers = [];
      for (let i = 0; i < CHAT_POLICY.rateLimit + 1; i++) answers.push(await (i % 2 ? b : a).admit(7, `第 ${i} 条`, now + i));
      expect(answers).toEqual([...Array<string>(CHAT_POLICY.rateLimit).fill('ok'), 'rate_limited']);
      // The same text on the other instance, inside the duplicate window (another user, so the rate is free).
      expect(await a.admit(8, '你好', now)).toBe('ok');
      expect(await b.admit(8, ' 你好 ', now + 1)).toBe('duplicate');
      // A window later the sends are free again.
      expect(await b.admit(7, '又来了', now + CHAT_POLICY.rateWindowMs + CHAT_POLICY.rateLimit)).toBe('ok');
    } finally {
      for (const redis of clients) redis.disconnect();
    }
  });
});
