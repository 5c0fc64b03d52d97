import { describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/adapters/http/app';
import { SiteService } from '../../server/domain/site/siteService';
import { inMemorySiteRepository } from '../fakes/siteRepository';

const SITE = {
  name: '听雨小筑',
  author: '听雨',
  avatar: '/media/a.svg',
  motto: '',
  typedMottos: [],
  notice: '',
  copyright: '',
  filingNumber: '',
  since: '2024-01-01',
  viewCount: 0,
  updatedAt: '2024-01-01T00:00:00.000Z',
};

/** An app whose log lines are collected, with a working configuration or a failing one. */
async function loggedApp(options: AppOptions & { failing?: boolean }) {
  const lines: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
  const app = await buildApp(
    {
      site: new SiteService(inMemorySiteRepository(SITE, options.failing ? new Error('database is down') : undefined)),
      healthCheck: async () => undefined,
    },
    { ...options, logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
  return { app, lines };
}

describe('request log', () => {
  it('writes no line for an ordinary answer at info level, and counts it', async () => {
    const { app, lines } = await loggedApp({ logLevel: 'info' });
    try {
      for (let i = 0; i < 5; i++)
        expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/no/such/route' })).statusCode).toBe(404);
      expect(lines).toEqual([]);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.json().requests).toMatchObject({ total: 6, ok: 5, refused: 1, failed: 0, slow: 0 });
    } finally {
      await app.close();
    }
  });

  it('logs a server error with its request and status', async () => {
    const { app, lines } = await loggedApp({ logLevel: 'info', failing: true });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(500);
      const failed = lines.find((line) => line.msg === 'request failed');
      expect(failed).toMatchObject({ level: 50, req: { url: '/api/config' }, res: { statusCode: 500 } });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json().requests.failed).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('logs an answer slower than the threshold as a warning', async () => {
    // A threshold of 0 ms makes every answer slow, without a test that depends on the machine's speed.
    const { app, lines } = await loggedApp({ logLevel: 'info', slowRequestMs: 0 });
    try {
      await app.inject({ method: 'GET', url: '/api/config' });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'slow request',
          req: expect.objectContaining({ url: '/api/config' }),
        }),
      );
    } finally {
      await app.close();
    }
  });

  it("keeps Fastify's line per request when debugging", async () => {
    const { app, lines } = await loggedApp({ logLevel: 'debug' });
    try {
      await app.inject({ method: 'GET', url: '/api/config' });
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    } finally {
      await app.close();
    }
  });
});
