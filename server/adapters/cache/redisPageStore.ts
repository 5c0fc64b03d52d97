import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { KeptPage, SharedPages } from '../ssr/pageCache';
import { pageGenerationKey } from './redisChangeRelay';

export interface RedisPageStoreOptions {
  url: string;
  /** The hot reads' namespace (CACHE_REDIS_PREFIX): the copies live beside its channel. */
  prefix: string;
  /** Longest a page is kept (PAGE_TTL_MS), counted from its render on whichever instance made it. */
  ttlMs: number;
  onError?: (error: Error) => void;
}

/** A page as stored: the header's length, the header (validator, articles, times), then the three encodings. */
function encode(page: KeptPage): Buffer {
  const header = Buffer.from(
    JSON.stringify({ etag: page.etag, articles: page.articles, renderedAt: page.renderedAt, gzip: page.gzip.length, br: page.br.length }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, page.identity, page.gzip, page.br]);
}

function decode(bytes: Buffer): KeptPage | undefined {
  try {
    const headerEnd = 4 + bytes.readUInt32BE(0);
    const header = JSON.parse(bytes.subarray(4, headerEnd).toString()) as Pick<KeptPage, 'etag' | 'articles' | 'renderedAt'> & {
      gzip: number;
      br: number;
    };
    const brStart = bytes.length - header.br;
    const gzipStart = brStart - header.gzip;
    return {
      identity: bytes.subarray(headerEnd, gzipStart),
      gzip: bytes.subarray(gzipStart, brStart),
      br: bytes.subarray(brStart),
      etag: header.etag,
      articles: header.articles,
      renderedAt: header.renderedAt,
    };
  } catch {
    return undefined;
  }
}

/**
 * Visitors' pages shared by the instances through Redis (PAGE_CACHE_REDIS): a page rendered on one is
 * served by the others without rendering. Each copy's key carries the generation current when its render
 * began; a write that changes what pages show raises the generation (`dropAll`) before the change is
 * announced (the relay waits for `settled`), so an instance told of a change only ever finds copies
 * rendered after it, and a render that began before a write is stored where no one looks. Copies expire
 * PAGE_TTL_MS after their render.
 */
export class RedisPageStore implements SharedPages {
  private readonly redis: Redis;
  private readonly generationKey: string;
  private dropping: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RedisPageStoreOptions) {
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
    this.redis.on('error', (error: Error) => options.onError?.(error));
    this.generationKey = pageGenerationKey(options.prefix);
  }

  async lookup(variant: string): Promise<{ page: KeptPage | undefined; keep(page: KeptPage): void }> {
    // This instance's own write first: until its drop is in Redis, the copies before it still look current.
    await this.dropping;
    const generation = (await this.redis.get(this.generationKey)) ?? '0';
    const key = `${this.options.prefix}:pages:${generation}:${crypto.createHash('sha256').update(variant).digest('base64url')}`;
    const bytes = await this.redis.getBuffer(key);
    return {
      page: bytes ? decode(bytes) : undefined,
      keep: (page) => {
        const left = this.options.ttlMs - (Date.now() - page.renderedAt);
        if (left > 0) void this.redis.set(key, encode(page), 'PX', Math.ceil(left)).catch((error: Error) => this.options.onError?.(error));
      },
    };
  }

  dropAll(): void {
    this.dropping = this.redis.incr(this.generationKey).catch((error: Error) => this.options.onError?.(error));
  }

  /** Resolves once every drop started so far has reached Redis (or failed). */
  settled(): Promise<unknown> {
    return this.dropping;
  }

  async close(): Promise<void> {
    await this.dropping;
    await this.redis.quit().catch(() => undefined);
  }
}
