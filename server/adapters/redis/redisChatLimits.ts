import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { CHAT_POLICY } from '../../domain/chat/policy';
import { MemoryChatLimits, normalise } from '../../domain/chat/limits';
import type { ChatAdmission, ChatLimits } from '../../ports/chatLimits';

/**
 * One atomic step, so two instances never both take the last slot: refuse a text still remembered, drop the
 * window's expired sends, refuse when the window is full, else record the send and remember the text.
 * The window is half-open on the left like SlidingWindowLimiter: a send at t frees its slot at t + window.
 */
const ADMIT = `
if redis.call('exists', KEYS[2]) == 1 then return 'duplicate' end
redis.call('zremrangebyscore', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[3]) then return 'rate_limited' end
redis.call('zadd', KEYS[1], ARGV[1], ARGV[5])
redis.call('pexpire', KEYS[1], ARGV[2])
redis.call('set', KEYS[2], '1', 'PX', ARGV[4])
return 'ok'
`;

/** The chat room's limits counted in Redis by every instance; while Redis is away, this process counts alone. */
export class RedisChatLimits implements ChatLimits {
  private readonly fallback = new MemoryChatLimits();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async admit(userId: number, text: string, nowMs: number): Promise<ChatAdmission> {
    const textHash = crypto.createHash('sha256').update(normalise(text)).digest('hex').slice(0, 32);
    try {
      const answer = await this.redis.eval(
        ADMIT,
        2,
        `${this.prefix}:rate:${userId}`,
        `${this.prefix}:text:${userId}:${textHash}`,
        nowMs,
        CHAT_POLICY.rateWindowMs,
        CHAT_POLICY.rateLimit,
        CHAT_POLICY.duplicateWindowMs,
        `${nowMs}:${crypto.randomUUID()}`,
      );
      return answer as ChatAdmission;
    } catch {
      return this.fallback.admit(userId, text, nowMs);
    }
  }
}
