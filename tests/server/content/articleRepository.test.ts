import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import type { ArticleDraft } from '../../../server/domain/content/article';
import { foldAscii } from '../../../server/domain/content/search';
import { backends, type TestDatabase } from '../support/databases';
import { draft } from './drafts';

const backendList = await backends();

describe.each(backendList)('KyselyArticleRepository on $name', (backend) => {
  let database: TestDatabase;
  let articles: KyselyArticleRepository;

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    articles = new KyselyArticleRepository(database.handle.db, database.handle.dialect);
  });
  afterEach(() => database?.dispose());

  it('updates an article re-imported under the same source key, keeping its counters', async () => {
    const first = await articles.upsert(draft({ sourceKey: 'hello', title: '你好', tags: ['甲', '乙'], category: '随笔' }));
    expect(first).toMatchObject({ created: true, becamePublic: true });
    await articles.addViews(new Map([[first.id, 1]]));
    const second = await articles.upsert(draft({ sourceKey: 'hello', title: '你好，世界', tags: ['乙', '丙'], category: '前端' }));
    expect(second).toEqual({ id: first.id, created: false, becamePublic: false });
    const stored = await articles.findPublic(first.id);
    expect(stored).toMatchObject({ title: '你好，世界', views: 1, category: { name: '前端' } });
    expect(stored?.tags.map((t) => t.name)).toEqual(['乙', '丙']);
    expect((await articles.all()).length).toBe(1);
  });

  it('reports an article as newly public only when it leaves draft or hidden', async () => {
    const created = await articles.upsert(draft({ sourceKey: 'd', status: 'draft' }));
    expect(created.becamePublic).toBe(false);
    expect((await articles.upsert(draft({ sourceKey: 'd', status: 'public' }))).becamePublic).toBe(true);
    expect((await articles.upsert(draft({ sourceKey: 'd', status: 'public' }))).becamePublic).toBe(false);
  });

  it('never lists, reads, counts or searches drafts and hidden articles', async () => {
    const visible = await articles.upsert(draft({ title: '公开的秘密', category: '甲', tags: ['标签'] }));
    const drafted = await articles.upsert(draft({ title: '草稿的秘密', status: 'draft', category: '乙', tags: ['隐私'] }));
    const hidden = await articles.upsert(draft({ title: '隐藏的秘密', status: 'hidden', category: '乙', tags: ['标签'] }));
    const page = await articles.listPublic({ offset: 0, limit: 10, order: 'home' });
    expect(page).toMatchObject({ total: 1, items: [{ id: visible.id }] });
    expect(await articles.findPublic(drafted.id)).toBeUndefined();
    expect(await articles.findPublic(hidden.id)).toBeUndefined();
    expect(await articles.countersOf(drafted.id)).toBeUndefined();
    expect(await articles.countersOf(hidden.id)).toBeUndefined();
    expect(await articles.addReadingDuration(drafted.id, 10)).toBeUndefined();
    expect((await articles.search('秘密', 20)).map((hit) => hit.id)).toEqual([visible.id]);
    expect(await articles.categories()).toEqual([{ id: expect.any(Number), name: '甲', articleCount: 1 }]);
    expect(await articles.tags()).toEqual([{ id: expect.any(Number), name: '标签', articleCount: 1 }]);
    expect(await articles.facts()).toMatchObject({ articleCount: 1, categoryCount: 1, tagCount: 1 });
    expect(await articles.hottest(5)).toEqual([{ id: visible.id, title: '公开的秘密', views: 0, commentCount: 0 }]);
  });

  it('lists pinned articles first (higher order first), then the newest', async () => {
    const old = await articles.upsert(draft({ createdAt: '2020-01-01T00:00:00.000Z' }));
    const pinnedLow = await articles.upsert(draft({ pinned: true, pinOrder: 1, createdAt: '2021-01-01T00:00:00.000Z' }));
    const newest = await articles.upsert(draft({ createdAt: '2025-01-01T00:00:00.000Z' }));
    const pinnedHigh = await articles.upsert(draft({ pinned: true, pinOrder: 5, createdAt: '2019-01-01T00:00:00.000Z' }));
    const home = await articles.listPublic({ offset: 0, limit: 10, order: 'home' });
    expect(home.items.map((a) => a.id)).toEqual([pinnedHigh.id, pinnedLow.id, newest.id, old.id]);
    const newestFirst = await articles.listPublic({ offset: 1, limit: 2, order: 'newest' });
    expect(newestFirst).toMatchObject({ total: 4, items: [{ id: pinnedLow.id }, { id: old.id }] });
  });

  it('filters by tag and by category', async () => {
    const a = await articles.upsert(draft({ tags: ['React', 'CSS'], category: '前端' }));
    const b = await articles.upsert(draft({ tags: ['CSS'], category: '后端' }));
    await articles.upsert(draft({ tags: ['Node'], category: '后端', status: 'draft' }));
    const tags = await articles.tags();
    const css = tags.find((t) => t.name === 'CSS')!;
    expect(css.articleCount).toBe(2);
    const byTag = await articles.listPublic({ offset: 0, limit: 10, order: 'newest', tagId: css.id });
    expect(byTag.items.map((x) => x.id)).toEqual([b.id, a.id]);
    const backend = (await articles.categories()).find((c) => c.name === '后端')!;
    const byCategory = await articles.listPublic({ offset: 0, limit: 10, order: 'newest', categoryId: backend.id });
    expect(byCategory).toMatchObject({ total: 1, items: [{ id: b.id, category: { name: '后端' } }] });
  });

  it('links previous and next by date and relates articles by shared tags', async () => {
    const one = await articles.upsert(draft({ tags: ['a', 'b', 'c'], createdAt: '2024-01-01T00:00:00.000Z' }));
    const two = await articles.upsert(draft({ tags: ['a'], createdAt: '2024-02-01T00:00:00.000Z' }));
    const three = await articles.upsert(draft({ tags: ['a', 'b'], createdAt: '2024-03-01T00:00:00.000Z' }));
    await articles.upsert(draft({ tags: ['a', 'b', 'c'], status: 'hidden', createdAt: '2024-02-15T00:00:00.000Z' }));
    await articles.upsert(draft({ tags: ['z'], createdAt: '2024-04-01T00:00:00.000Z' }));
    const around = await articles.neighbours(two.id);
    expect(around.previous?.id).toBe(one.id);
    expect(around.next?.id).toBe(three.id);
    expect((await articles.neighbours(one.id)).previous).toBeNull();
    expect((await articles.related(one.id, 6)).map((x) => x.id)).toEqual([three.id, two.id]);
    expect((await articles.related(one.id, 1)).map((x) => x.id)).toEqual([three.id]);
  });

  it('counts views, reading time and likes', async () => {
    const { id } = await articles.upsert(draft());
    const other = await articles.upsert(draft({ sourceKey: 'other' }));
    await articles.addViews(new Map([[id, 1]]));
    await articles.addViews(new Map([[id, 2], [other.id, 5], [999_999, 1]]));
    expect((await articles.findPublic(id))?.views).toBe(3);
    expect((await articles.findPublic(other.id))?.views).toBe(5);
    expect(await articles.addReadingDuration(id, 30)).toBe(30);
    expect(await articles.addReadingDuration(id, 12)).toBe(42);
    expect(await articles.addLike(id)).toBe(1);
    expect(await articles.addLike(999_999)).toBeUndefined();
    expect(await articles.countersOf(id)).toEqual({ views: 3, likes: 1, readingDuration: 42, commentCount: 0 });
    expect(await articles.countersOf(999_999)).toBeUndefined();
  });

  it('ranks title hits first, then by views', async () => {
    const bodyPopular = await articles.upsert(draft({ title: '无关', content: '这里提到了听雨。' }));
    const titleQuiet = await articles.upsert(draft({ title: '听雨', content: '正文' }));
    const titleLoud = await articles.upsert(draft({ title: '听雨小筑', content: '正文' }));
    await articles.addViews(new Map([[bodyPopular.id, 3], [titleLoud.id, 1]]));
    const hits = await articles.search('听雨', 20);
    expect(hits.map((h) => [h.id, h.titleMatch])).toEqual([
      [titleLoud.id, true],
      [titleQuiet.id, true],
      [bodyPopular.id, false],
    ]);
  });

  it('matches wildcard, quote, escape and full-text operator characters literally', async () => {
    const texts = ['100% 纯棉', '100 分', 'a_b 变量', 'ab 变量', '他说"好"的', '他说好的', "it's 我", 'C:\\路径', 'NEAR(甲 乙)', '甲 AND 乙', '星*号'];
    const ids = new Map<string, number>();
    for (const text of texts) ids.set(text, (await articles.upsert(draft({ title: '标题', content: text }))).id);
    const found = async (keyword: string) => (await articles.search(keyword, 50)).map((h) => h.id).sort((x, y) => x - y);
    const expected = (keyword: string) => texts.filter((t) => t.includes(keyword)).map((t) => ids.get(t)!).sort((x, y) => x - y);
    for (const keyword of ['%', '0%', '100%', '_', 'a_b', '"', '"好"', "'", "it's", '\\', ':\\路', 'NEAR(', 'AND', '甲 AND 乙', '*', '星*号']) {
      expect(await found(keyword), keyword).toEqual(expected(keyword));
    }
  });

  it('ignores the case of ASCII letters only', async () => {
    const react = await articles.upsert(draft({ title: '学习 React', content: 'useState 与 useEffect' }));
    expect((await articles.search('react', 20)).map((h) => h.id)).toEqual([react.id]);
    expect((await articles.search('USESTATE', 20)).map((h) => h.id)).toEqual([react.id]);
    expect((await articles.search('Us', 20)).map((h) => h.id)).toEqual([react.id]);
  });
});

/** The rule the index must reproduce: a plain substring filter, ranked by title hit, views, newest id. */
function naiveSearch(corpus: { id: number; title: string; content: string; views: number }[], keyword: string, limit: number) {
  const k = foldAscii(keyword);
  return corpus
    .map((a) => ({ ...a, titleMatch: foldAscii(a.title).includes(k) }))
    .filter((a) => a.titleMatch || foldAscii(a.content).includes(k))
    .sort((x, y) => Number(y.titleMatch) - Number(x.titleMatch) || y.views - x.views || y.id - x.id)
    .slice(0, limit)
    .map((a) => a.id);
}

// Few distinct characters, so random keywords often occur; ASCII letters in both cases and the
// characters LIKE and FTS5 treat specially.
const alphabet = fc.constantFrom(...'听雨小筑的了是aAbB%_"\'*\\ -'.split(''), '😀');
const text = (max: number) => fc.array(alphabet, { maxLength: max }).map((chars) => chars.join(''));
const corpusArb = fc.array(
  fc.record({ title: text(6), content: text(40), views: fc.nat({ max: 3 }), status: fc.constantFrom('public', 'public', 'draft') }),
  { minLength: 1, maxLength: 10 },
);

describe.each(backendList)('search on $name equals a naive substring filter', (backend) => {
  let database: TestDatabase;
  let articles: KyselyArticleRepository;

  beforeAll(async () => {
    if (backend.skipReason) return;
    database = await backend.open();
    articles = new KyselyArticleRepository(database.handle.db, database.handle.dialect);
  });
  afterAll(() => database?.dispose());

  it('for random corpora and random keywords of one to six characters', async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    await fc.assert(
      fc.asyncProperty(
        corpusArb,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 6 }), text(4)), { minLength: 1, maxLength: 4 }),
        async (corpus, picks) => {
          await database.handle.db.deleteFrom('article').execute();
          const stored: { id: number; title: string; content: string; views: number }[] = [];
          for (const [index, entry] of corpus.entries()) {
            const { id } = await articles.upsert(draft({ sourceKey: `p${index}`, title: entry.title || '空', content: entry.content, status: entry.status as ArticleDraft['status'] }));
            await articles.addViews(new Map([[id, entry.views]]));
            if (entry.status === 'public') stored.push({ id, title: entry.title || '空', content: entry.content, views: entry.views });
          }
          for (const [which, start, length, random] of picks) {
            // Half the keywords are cut from a stored text (so they match), half are random.
            const source = corpus[which % corpus.length]!;
            const from = Array.from(which % 2 === 0 ? source.content : source.title);
            const cut = from.slice(start % Math.max(1, from.length), (start % Math.max(1, from.length)) + length).join('').trim();
            for (const keyword of [cut, random.trim()]) {
              if (keyword === '') continue;
              // Every path gives the same answer: reading all, a few or none of the most viewed bodies
              // first, and ranking the index's candidates by id or by walking the views order.
              for (const options of [{}, { probeRows: 2 }, { probeRows: 0 }, { probeRows: 0, candidateCap: 1 }]) {
                const searcher = new KyselyArticleRepository(database.handle.db, database.handle.dialect, options);
                const hits = await searcher.search(keyword, 5);
                expect(hits.map((h) => h.id), `${JSON.stringify(keyword)} with ${JSON.stringify(options)}`).toEqual(naiveSearch(stored, keyword, 5));
              }
            }
          }
        },
      ),
      { numRuns: backend.name === 'SQLite' ? 40 : 20 },
    );
  });
});
