import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { OnlineUser } from '../../domain/chat/chatMessage';
import type { ChatEvent, ChatHub } from '../../ports/chatHub';

export interface RedisChatHubOptions {
  url: string;
  /** Namespace of every key and channel, so several sites (or test runs) share one Redis. */
  prefix?: string;
  /** How long an instance's presence survives without a refresh, in seconds. */
  presenceTtlSeconds?: number;
  onError?: (error: Error) => void;
}

/** How soon a lost connection to Redis is tried again: at most a second after Redis is back. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS);
const RECONNECT_MAX_MS = 1_000;
/** Events held while Redis was away wait this long after it is back: every instance has subscribed again by then. */
const REDELIVERY_DELAY_MS = RECONNECT_MAX_MS + 500;
/** Events held while Redis is away, at most; the oldest go first (readers catch up from the database). */
const OUTBOX_LIMIT = 10_000;

/**
 * Several instances through Redis: events on one pub/sub channel (every instance, the publisher included,
 * receives them in publication order), and presence as one hash per instance (user id → entry) that
 * expires unless refreshed, plus a set naming the instances.
 */
export class RedisChatHub implements ChatHub {
  readonly instanceId = crypto.randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(event: ChatEvent) => void>();
  private readonly prefix: string;
  private readonly ttl: number;
  private readonly ready: Promise<unknown>;
  /** Events published while Redis was away, in order, sent once it is back. */
  private readonly outbox: string[] = [];
  private readonly report: (error: Error) => void;

  constructor(options: RedisChatHubOptions) {
    this.prefix = options.prefix ?? 'blog:chat';
    this.ttl = options.presenceTtlSeconds ?? 30;
    const report = (this.report = options.onError ?? (() => undefined));
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: 3, retryStrategy: reconnectDelay });
    this.subscriber = new Redis(options.url, { maxRetriesPerRequest: 3, retryStrategy: reconnectDelay });
    this.publisher.on('error', report);
    this.subscriber.on('error', report);
    this.publisher.on('ready', () => {
      if (this.outbox.length > 0) setTimeout(() => void this.sendHeld(), REDELIVERY_DELAY_MS).unref();
    });
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== this.channel) return;
      let event: ChatEvent;
      try {
        event = JSON.parse(payload) as ChatEvent;
      } catch {
        return;
      }
      for (const listener of [...this.listeners]) listener(event);
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  private get channel() {
    return `${this.prefix}:events`;
  }

  private get instancesKey() {
    return `${this.prefix}:instances`;
  }

  private presenceKey(instance: string) {
    return `${this.prefix}:presence:${instance}`;
  }

  /** Resolves once this instance listens: events published before that would be missed. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /**
   * Sends an event to every instance. While Redis is away it is held, in order, and sent once Redis is back:
   * the sender is answered at once and the readers get it late, rather than never.
   */
  async publish(event: ChatEvent): Promise<void> {
    await this.ready;
    const payload = JSON.stringify(event);
    if (this.outbox.length > 0 || this.publisher.status !== 'ready') return this.hold(payload);
    try {
      await this.publisher.publish(this.channel, payload);
    } catch (error) {
      this.report(error as Error);
      this.hold(payload);
    }
  }

  private hold(payload: string) {
    if (this.outbox.length >= OUTBOX_LIMIT) this.outbox.shift();
    this.outbox.push(payload);
  }

  private async sendHeld(): Promise<void> {
    while (this.outbox.length > 0 && this.publisher.status === 'ready') {
      try {
        await this.publisher.publish(this.channel, this.outbox[0]!);
        this.outbox.shift();
      } catch (error) {
        this.report(error as Error);
        return;
      }
    }
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async setLocalPresence(users: OnlineUser[]): Promise<void> {
    const key = this.presenceKey(this.instanceId);
    const transaction = this.publisher.multi().del(key);
    if (users.length > 0) {
      transaction.hset(key, Object.fromEntries(users.map((u) => [String(u.userId), JSON.stringify(u)])));
      transaction.expire(key, this.ttl);
    }
    transaction.sadd(this.instancesKey, this.instanceId);
    await transaction.exec();
  }

  async onlineUsers(): Promise<OnlineUser[]> {
    const instances = await this.publisher.smembers(this.instancesKey);
    if (instances.length === 0) return [];
    const pipeline = this.publisher.pipeline();
    for (const instance of instances) pipeline.hgetall(this.presenceKey(instance));
    const results = (await pipeline.exec()) ?? [];
    const byUser = new Map<number, OnlineUser>();
    const gone: string[] = [];
    results.forEach(([error, value], index) => {
      const entries = (error ? {} : value) as Record<string, string>;
      const values = Object.values(entries);
      // An instance with nobody online (or that stopped refreshing) has no hash; forget it unless it is us.
      if (values.length === 0 && instances[index] !== this.instanceId) gone.push(instances[index]!);
      for (const raw of values) {
        try {
          const user = JSON.parse(raw) as OnlineUser;
          if (!byUser.has(user.userId)) byUser.set(user.userId, user);
        } catch {
          // A malformed entry is skipped.
        }
      }
    });
    if (gone.length > 0) await this.publisher.srem(this.instancesKey, ...gone);
    return [...byUser.values()].sort((a, b) => a.userId - b.userId);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.publisher
      .multi()
      .del(this.presenceKey(this.instanceId))
      .srem(this.instancesKey, this.instanceId)
      .publish(this.channel, JSON.stringify({ type: 'presence' } satisfies ChatEvent))
      .exec()
      .catch(() => undefined);
    await Promise.all([this.subscriber.quit().catch(() => undefined), this.publisher.quit().catch(() => undefined)]);
  }
}
