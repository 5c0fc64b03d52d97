import { Redis } from 'ioredis';

/**
 * The Redis connection that counts across instances (the per-minute limits, the chat room's limits) and
 * answers /readyz. No offline queue: while Redis is away a command fails at once, the counters fall back to
 * this process alone, and /readyz says so, instead of requests waiting on a reconnection.
 */
export function openCounterRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', onError);
  return redis;
}

/** Resolves once the connection is up (the first start waits for it like the chat's connections do). */
export function whenConnected(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => redis.once('ready', () => resolve()));
}
