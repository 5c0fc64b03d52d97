import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { failure, ok } from './envelope';

export type Dependency = 'database' | 'redis' | 'media';

/** One thing the site needs to answer: resolves when it does, rejects (or hangs) when it does not. */
export type ReadinessChecks = Partial<Record<Dependency, () => Promise<unknown>>>;

/** A dependency that has not answered within this long counts as down: a hung one must not hang /readyz. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Asks every dependency at once; the names of those that failed or did not answer in time. */
export async function unreadyDependencies(checks: ReadinessChecks, timeoutMs = READINESS_TIMEOUT_MS): Promise<Dependency[]> {
  const entries = Object.entries(checks) as [Dependency, () => Promise<unknown>][];
  const results = await Promise.all(
    entries.map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      });
      try {
        await Promise.race([check(), late]);
        return undefined;
      } catch {
        return name;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.filter((name): name is Dependency => name !== undefined);
}

/**
 * `/readyz`: 200 when every dependency answers; otherwise 503 with the Chinese message naming them and a
 * machine-readable `result.failed` list, so a load balancer or an operator sees which one.
 */
export function readinessRoute(app: FastifyInstance, checks: ReadinessChecks): void {
  app.get('/readyz', async (_request, reply) => {
    const failed = await unreadyDependencies(checks);
    reply.header('cache-control', 'no-store');
    if (failed.length === 0) return reply.send(ok({ status: 'ready', failed }));
    const names = failed.map((name) => messages.dependencyNames[name]).join('、');
    return reply.status(503).send({ ...failure(503, messages.notReady(names)), result: { status: 'unready', failed } });
  });
}
