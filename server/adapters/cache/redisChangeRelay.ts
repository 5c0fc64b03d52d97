import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { PAGE_TOPICS, READ_TOPICS, type ReadTopic } from '../../domain/hotReads';
import type { ChangeRelay } from './clusterChangeRelay';

export interface RedisChangeRelayOptions {
  url: string;
  /** Namespace of the channel, so several sites (or test runs) share one Redis. */
  prefix?: string;
  /** Another instance changed these topics. */
  onRemoteChange: (topics: ReadTopic[]) => void;
  /** Changes may have been missed (the subscription was lost and is back): drop everything. */
  onResync: () => void;
  onError?: (error: Error) => void;
  /** Awaited before each publication: the shared pages' drop (RedisPageStore.settled) reaches Redis first. */
  beforePublish?: () => Promise<unknown>;
}

interface ChangeMessage {
  from: string;
  topics: ReadTopic[];
}

const KNOWN_TOPICS: ReadonlySet<string> = new Set(READ_TOPICS);
const DEFAULT_PREFIX = 'blog:cache';
const channelOf = (prefix: string) => `${prefix}:changes`;
/** The generation of the pages the instances share in Redis (RedisPageStore): raised by each change they show. */
export const pageGenerationKey = (prefix: string) => `${prefix}:pages:generation`;

/**
 * Tells the running instances, once, that these topics changed: for a command-line tool that wrote the
 * database (the import). If Redis cannot be reached the instances still see the change within their
 * cache's time bound.
 */
export async function announceChanges(
  url: string,
  topics: readonly ReadTopic[],
  prefix = DEFAULT_PREFIX,
): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    if (topics.some((topic) => PAGE_TOPICS.includes(topic))) await redis.incr(pageGenerationKey(prefix));
    const message: ChangeMessage = { from: 'command', topics: [...topics] };
    await redis.publish(channelOf(prefix), JSON.stringify(message));
  } finally {
    redis.disconnect();
  }
}

/**
 * Tells the other instances which topics this one changed, over one Redis pub/sub channel, and hands
 * theirs to this instance's cache. Changes of one turn of the event loop go out as one message, so a
 * burst of views costs one publication. Pub/sub delivers at most once: a message lost while a connection
 * was down is covered by the drop on reconnection and, in any case, by the cache's time bound.
 */
export class RedisChangeRelay implements ChangeRelay {
  readonly instanceId = crypto.randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly ready: Promise<unknown>;
  private readonly report: (error: Error) => void;
  private readonly queued = new Set<ReadTopic>();
  private flushing: NodeJS.Immediate | undefined;
  private closed = false;
  private readonly beforePublish: (() => Promise<unknown>) | undefined;

  constructor(options: RedisChangeRelayOptions) {
    this.beforePublish = options.beforePublish;
    this.channel = channelOf(options.prefix ?? DEFAULT_PREFIX);
    this.report = options.onError ?? (() => undefined);
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(options.url, { maxRetriesPerRequest: 3 });
    this.publisher.on('error', this.report);
    this.subscriber.on('error', this.report);
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== this.channel) return;
      const topics = this.topicsOf(payload);
      if (topics && topics.length > 0) options.onRemoteChange(topics);
    });
    let subscribed = false;
    // ioredis subscribes again by itself after a reconnection; what was published meanwhile is lost.
    this.subscriber.on('ready', () => {
      if (subscribed) options.onResync();
    });
    this.ready = this.subscriber.subscribe(this.channel).then(() => (subscribed = true));
  }

  /** Resolves once this instance listens: changes published before that would be missed. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  publish(topics: readonly ReadTopic[]): void {
    if (this.closed) return;
    for (const topic of topics) this.queued.add(topic);
    this.flushing ??= setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.flushing = undefined;
    if (this.queued.size === 0) return;
    const message: ChangeMessage = { from: this.instanceId, topics: [...this.queued] };
    this.queued.clear();
    await this.beforePublish?.();
    await this.publisher.publish(this.channel, JSON.stringify(message)).catch(this.report);
  }

  private topicsOf(payload: string): ReadTopic[] | undefined {
    try {
      const message = JSON.parse(payload) as Partial<ChangeMessage>;
      if (message.from === this.instanceId || !Array.isArray(message.topics)) return undefined;
      return message.topics.filter((topic): topic is ReadTopic => KNOWN_TOPICS.has(topic));
    } catch {
      return undefined;
    }
  }

  /** Sends what is still queued, then disconnects. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.flushing) clearImmediate(this.flushing);
    await this.flush();
    await Promise.all([this.subscriber.quit().catch(() => undefined), this.publisher.quit().catch(() => undefined)]);
  }
}
