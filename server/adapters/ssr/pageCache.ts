import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PAGE_TOPICS, PAGE_TTL_MS, type ReadTopic } from '../../domain/hotReads';
import { MemoryReadCache } from '../cache/memoryReadCache';
import { countPageCache } from '../metrics/metrics';

/** A visitor's page as sent: its bytes in each encoding, made once, and its validator. */
export interface KeptPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** A weak validator (the same page in any encoding): a hash of the HTML. */
  etag: string;
  /** The articles the page shows in full: each serving counts a view of them. */
  articles: readonly number[];
  /** When its data was read (epoch ms): a copy from another instance is kept here only for what is left of PAGE_TTL_MS. */
  renderedAt: number;
}

/**
 * Pages kept where every instance finds them (Redis, PAGE_CACHE_REDIS). `lookup` gives the copy kept for the
 * variant now, if any, and `keep` stores a page rendered after that lookup, under what was current then: a
 * write in between (`dropAll`) leaves it where no one looks.
 */
export interface SharedPages {
  lookup(variant: string): Promise<{ page: KeptPage | undefined; keep(page: KeptPage): void }>;
  /** This instance changed what pages show: every copy kept so far is dropped, for every instance. */
  dropAll(): void;
}

/** What the cache did, for the metrics: served from memory, rendered for a miss, renders made. */
export interface PageCacheCounts {
  hits: number;
  misses: number;
  renders: number;
  /** Misses answered by a copy another instance rendered (PAGE_CACHE_REDIS). */
  sharedHits: number;
  /** Pages and bytes kept now. */
  pages: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** Bound of all kept pages in bytes, their three encodings together. */
  maxBytes: number;
  /** Longest a page is kept (PAGE_TTL_MS). */
  ttlMs?: number;
  now?: () => number;
  /** Where the instances share their pages: a miss here looks there before rendering. */
  shared?: SharedPages | undefined;
}

/** A render that missed some of its data: sent to the visitor who asked, kept for no one. */
export class IncompletePage extends Error {
  constructor(readonly page: KeptPage) {
    super('page rendered without all its data');
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Compressed once per kept page, off the event loop, so it can afford brotli's better qualities. */
export async function keptPage(html: string, articles: readonly number[]): Promise<KeptPage> {
  const identity = Buffer.from(html);
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const etag = `W/"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { identity, gzip: gzipped, br: brotlied, etag, articles, renderedAt: Date.now() };
}

/**
 * The pages visitors (no session) get, rendered once per variant and kept in memory, compressed, under a
 * byte bound (least recently used out first). A write to any topic a page shows drops it, here and, through
 * the hot reads' relay, on the other instances; a page started before such a write is never kept.
 */
export class PageCache {
  private readonly pages: MemoryReadCache<KeptPage>;
  private hits = 0;
  private misses = 0;
  private renders = 0;
  private sharedHits = 0;
  /** Copies taken from Redis: a request they answer counts as `shared` in the metrics. */
  private readonly fromOtherInstances = new WeakSet<KeptPage>();
  private readonly shared: SharedPages | undefined;

  constructor(options: PageCacheOptions) {
    this.shared = options.shared;
    this.pages = new MemoryReadCache<KeptPage>({
      ttlMs: options.ttlMs ?? PAGE_TTL_MS,
      maxBytes: options.maxBytes,
      sizeOf: (page) => page.identity.length + page.gzip.length + page.br.length,
      // A render missing data (the database away) gives the last page kept, if any, rather than a poorer one.
      staleOnError: (error) => error instanceof IncompletePage,
      ageOf: (page) => Date.now() - page.renderedAt,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /**
   * The kept page of `variant`, or `render`'s, kept for the next visitors. Concurrent misses of one variant
   * share one render. Rejects with IncompletePage (carrying the page) when the render lacked data and no
   * earlier page is kept.
   */
  page(variant: string, render: () => Promise<KeptPage>): Promise<KeptPage> {
    const kept = this.kept(variant);
    if (kept !== undefined) return Promise.resolve(kept);
    this.misses++;
    const answer = this.pages.answer(variant, PAGE_TOPICS, async () => {
      // Redis away: the page is rendered here, as without it.
      const shared = await this.shared?.lookup(variant).catch(() => undefined);
      if (shared?.page) {
        this.sharedHits++;
        this.fromOtherInstances.add(shared.page);
        return shared.page;
      }
      this.renders++;
      const page = await render();
      shared?.keep(page);
      return page;
    });
    // Each request counted once, those that waited for the same render or copy alike.
    answer.then(
      (page) => countPageCache(this.fromOtherInstances.has(page) ? 'shared' : 'miss'),
      () => countPageCache('miss'),
    );
    return answer;
  }

  /** The kept page of `variant` (a hit), or undefined; the hot path leaves a miss to `page`, which counts it. */
  kept(variant: string): KeptPage | undefined {
    const kept = this.pages.peek(variant);
    if (kept !== undefined) {
      this.hits++;
      countPageCache('hit');
    }
    return kept;
  }

  /** Drops the pages that show these topics (a write on another instance, which dropped the shared copies). */
  invalidate(topics: readonly ReadTopic[]): void {
    this.pages.invalidate(topics);
  }

  /** Drops the pages that show these topics after a write here, and the shared copies with them. */
  changed(topics: readonly ReadTopic[]): void {
    this.pages.invalidate(topics);
    if (topics.some((topic) => PAGE_TOPICS.includes(topic))) this.shared?.dropAll();
  }

  /** Drops every page: changes may have been missed. */
  clear(): void {
    this.pages.clear();
  }

  counts(): PageCacheCounts {
    return {
      hits: this.hits,
      misses: this.misses,
      renders: this.renders,
      sharedHits: this.sharedHits,
      pages: this.pages.size,
      bytes: this.pages.bytes,
    };
  }
}
