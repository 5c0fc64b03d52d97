import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { articleFromFrontMatter, frontMatterOf, ImportProblem, parseDate, sourceKeyOf } from '../../../server/domain/content/frontMatter';
import { countWords, plainText, summarize } from '../../../server/domain/content/markdownText';
import { groupByYear, readingMinutes } from '../../../server/domain/content/article';
import * as zhCN from '../../../src/i18n/zh-CN';

const problem = zhCN.contentServer.importer;
const base = { body: '正文\n', relativePath: 'posts/a.md', fallbackDate: '2024-01-01T00:00:00.000Z' };

describe('front-matter dates', () => {
  it('reads a time without a zone as China Standard Time', () => {
    expect(parseDate('2024-03-08 07:42:00', 'date')).toBe('2024-03-07T23:42:00.000Z');
    expect(parseDate('2024-03-08', 'date')).toBe('2024-03-07T16:00:00.000Z');
    expect(parseDate('2024-03-08T07:42', 'date')).toBe('2024-03-07T23:42:00.000Z');
  });

  it('honours an explicit zone and Date values', () => {
    expect(parseDate('2024-03-08T07:42:00Z', 'date')).toBe('2024-03-08T07:42:00.000Z');
    expect(parseDate('2024-03-08T07:42:00-05:00', 'date')).toBe('2024-03-08T12:42:00.000Z');
    expect(parseDate(new Date('2024-01-01T00:00:00Z'), 'date')).toBe('2024-01-01T00:00:00.000Z');
  });

  it('refuses impossible or unreadable dates, naming the field', () => {
    for (const bad of ['2024-02-30', '2024-13-01', 'yesterday', '2024-01-01 25:00', true, { at: 1 }]) {
      expect(() => parseDate(bad, 'updated')).toThrow(ImportProblem);
    }
    expect(() => parseDate('2024-02-30', 'updated')).toThrow(problem.invalidField('updated', '2024-02-30'));
  });

  it('round-trips every ISO instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (d) => {
        expect(parseDate(d.toISOString(), 'date')).toBe(d.toISOString());
      }),
    );
  });
});

describe('front matter to article', () => {
  it('requires a title', () => {
    expect(() => articleFromFrontMatter({ ...base, data: {} })).toThrow(problem.missingTitle);
    expect(() => articleFromFrontMatter({ ...base, data: { title: '   ' } })).toThrow(problem.missingTitle);
  });

  it('takes the first category, splits tag strings, and reads pinning and status', () => {
    const article = articleFromFrontMatter({
      ...base,
      data: { title: 'T', categories: ['前端', '后端'], tags: 'a, b，c, a', sticky: 2, hidden: true },
    });
    expect(article).toMatchObject({ category: '前端', tags: ['a', 'b', 'c', '后端'], pinned: true, pinOrder: 2, status: 'hidden' });
    expect(articleFromFrontMatter({ ...base, data: { title: 'T', published: false } }).status).toBe('draft');
    expect(articleFromFrontMatter({ ...base, data: { title: 'T', draft: true, top: false } })).toMatchObject({ status: 'draft', pinned: false });
  });

  it('falls back to the file time, the path and a summary of the body', () => {
    const article = articleFromFrontMatter({ ...base, body: '\n\n# 标题\n\n一段**加粗**的正文。\n\n\n', data: { title: 'T' } });
    expect(article).toMatchObject({ createdAt: base.fallbackDate, updatedAt: base.fallbackDate, sourceKey: 'posts/a', summary: '标题 一段加粗的正文。' });
    expect(article.content).toBe('# 标题\n\n一段**加粗**的正文。\n');
  });

  it('prefers slug, then permalink, then the path as source key', () => {
    expect(sourceKeyOf({ slug: 'hello' }, 'x.md')).toBe('hello');
    expect(sourceKeyOf({ permalink: '/2024/hello/' }, 'x.md')).toBe('2024/hello');
    expect(sourceKeyOf({}, 'dir\\x.markdown')).toBe('dir/x');
  });

  it('writes front matter that reads back to the same article', () => {
    const article = articleFromFrontMatter({
      ...base,
      data: { title: '标题: 冒号', date: '2024-05-01 10:00', categories: '随笔', tags: ['甲'], top: 3, description: '摘要', cover: '/media/a.svg' },
    });
    const again = articleFromFrontMatter({ ...base, body: article.content, data: frontMatterOf(article) });
    expect(again).toEqual(article);
  });
});

describe('Markdown text', () => {
  it('drops syntax and keeps words', () => {
    expect(plainText('## 标题\n> 引用\n- 列表 [链接](http://x) ![图](a.png)\n```js\ncode()\n```\n| a | b |\n|---|---|')).toBe('标题 引用 列表 链接 图 code() a b');
    expect(countWords('你好 world')).toBe(7);
    expect(summarize('一二三四五', 3)).toBe('一二三…');
  });

  it('estimates at least one minute of reading', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(401)).toBe(2);
  });

  it('groups by the year in China Standard Time', () => {
    const groups = groupByYear([{ createdAt: '2025-12-31T17:00:00.000Z' }, { createdAt: '2025-12-31T15:00:00.000Z' }, { createdAt: '2024-06-01T00:00:00.000Z' }]);
    expect(groups.map((g) => [g.year, g.articles.length])).toEqual([
      [2026, 1],
      [2025, 1],
      [2024, 1],
    ]);
  });
});

describe('front matter of any shape', () => {
  const FIELDS = ['title', 'date', 'updated', 'lastmod', 'categories', 'category', 'tags', 'series', 'description', 'cover', 'top', 'sticky', 'status', 'draft', 'published', 'hidden', 'slug', 'abbrlink', 'comments'];
  const read = (data: Record<string, unknown>) => articleFromFrontMatter({ ...base, data: { title: 'T', ...data } });

  it('reads an empty value as no value: `series:` and `tags:` no longer drop the post', () => {
    const plain = read({});
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS.filter((field) => field !== 'title')), fc.constantFrom(null, '', [], [null], ['']), (field, empty) => {
        expect(read({ [field]: empty })).toEqual(plain);
      }),
    );
  });

  it('reads a one-item list where one value is expected, and one value where a list is expected', () => {
    expect(read({ description: ['WPF概述'], date: ['2024-03-08 07:42'], cover: ['a.png', 'b.png'], top: ['2'] })).toMatchObject({
      summary: 'WPF概述',
      createdAt: '2024-03-07T23:42:00.000Z',
      cover: 'a.png',
      pinOrder: 2,
    });
    expect(read({ tags: '甲', categories: '随笔', series: '入门' })).toMatchObject({ tags: ['甲', '入门'], category: '随笔' });
    // YAML reads `2024-01-01` and `yes` as a date and a boolean: as names and texts they are what was written.
    expect(read({ title: new Date('2024-01-01T00:00:00Z'), tags: [2024, true], draft: 'yes' })).toMatchObject({ title: '2024-01-01', tags: ['2024', 'true'], status: 'draft' });
  });

  it('turns the categories after the first into tags and says so', () => {
    const notes: string[] = [];
    const article = articleFromFrontMatter({ ...base, data: { title: 'T', categories: [['前端', 'React'], '随笔'], tags: ['React', '甲'] }, onNote: (note) => notes.push(note) });
    expect(article).toMatchObject({ category: '前端', tags: ['React', '甲', '随笔'] });
    expect(notes).toEqual([zhCN.contentServer.frontMatter.categoriesAsTags('React、随笔')]);
  });

  it('reads the dates Hexo, Hugo and Jekyll accept', () => {
    const cases: [unknown, string][] = [
      ['2024/3/8 07:42:00', '2024-03-07T23:42:00.000Z'],
      ['2024.03.08', '2024-03-07T16:00:00.000Z'],
      ['2024-03-08 07:42:00 +0800', '2024-03-07T23:42:00.000Z'],
      ['2024-03-08 07:42:00 -0500', '2024-03-08T12:42:00.000Z'],
      ['2024-03-08 07:42:00.123456789 +0000 UTC', '2024-03-08T07:42:00.123Z'],
      ['Fri, 08 Mar 2024 07:42:00 GMT', '2024-03-08T07:42:00.000Z'],
      ['08 Mar 24 07:42 +0100', '2024-03-08T06:42:00.000Z'],
      ['March 8, 2024', '2024-03-07T16:00:00.000Z'],
      [1709854920, '2024-03-07T23:42:00.000Z'],
      [1709854920000, '2024-03-07T23:42:00.000Z'],
    ];
    for (const [value, instant] of cases) expect([value, parseDate(value, 'date')]).toEqual([value, instant]);
    expect(() => parseDate('Foo 8, 2024', 'date')).toThrow(problem.invalidField('date', 'Foo 8, 2024'));
  });

  it('reads or refuses by name any value of any field, never failing otherwise', () => {
    const value = fc.oneof(fc.anything(), fc.date(), fc.array(fc.oneof(fc.string(), fc.date(), fc.integer(), fc.constant(null)), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...FIELDS), value), (data) => {
        let outcome: unknown;
        try {
          outcome = articleFromFrontMatter({ ...base, data });
        } catch (error) {
          expect(error).toBeInstanceOf(ImportProblem);
          const message = (error as ImportProblem).message;
          expect(message === problem.missingTitle || /^\w+ 的值无效：/.test(message)).toBe(true);
          return;
        }
        expect(outcome).toMatchObject({ title: expect.any(String), createdAt: expect.stringMatching(/Z$/) });
      }),
      { numRuns: 500 },
    );
  });
});
