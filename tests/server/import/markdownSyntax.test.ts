import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFrontMatter } from '../../../server/adapters/import/frontMatterFile';
import { rewriteImageTargets, splitCode } from '../../../server/adapters/import/markdownLinks';
import { parseToml } from '../../../server/adapters/import/toml';
import { articleFromFrontMatter, ImportProblem } from '../../../server/domain/content/frontMatter';

describe('TOML front matter', () => {
  it('reads Hugo keys, arrays over several lines, tables and comments', () => {
    expect(
      parseToml(['title = "引号 \\"里\\" 的 # 不是注释" # 注释', "slug = 'raw\\path'", 'date = 2024-01-02T03:04:05+08:00', 'draft = false', 'weight = 1_000', 'tags = [', '  "a",', '  "b", # c', ']', '[params]', 'cover = "x.png"'].join('\n')),
    ).toEqual({ title: '引号 "里" 的 # 不是注释', slug: 'raw\\path', date: '2024-01-02T03:04:05+08:00', draft: false, weight: 1000, tags: ['a', 'b'], params: { cover: 'x.png' } });
  });

  it('names the line it cannot read', () => {
    expect(() => parseToml('title = "a"\nbroken line')).toThrow(/第 2 行/);
    expect(() => parseToml('title = "unterminated')).toThrow(/第 1 行/);
  });
});

describe('front matter files', () => {
  it('keeps the text of zone-less YAML dates (YAML would read them as UTC)', () => {
    expect(readFrontMatter('---\ndate: 2024-03-08 07:42:00\nupdated: "2024-03-09"\n---\nbody').data).toMatchObject({ date: '2024-03-08 07:42:00', updated: '2024-03-09' });
  });

  it('reads any YAML value written after any field, or refuses the file by name', () => {
    const fields = ['date', 'updated', 'categories', 'tags', 'series', 'description', 'cover', 'top', 'status', 'draft', 'slug'];
    const yamlValue = fc.oneof(
      fc.string({ maxLength: 12 }).filter((value) => !value.includes('---')),
      fc.constantFrom('', '[]', '[a, [b, c]]', '{a: 1}', '~', 'yes', '2024-01-01', '2024-01-01 10:00:00 +0800', '- x\n  - y', '!!binary aGk=', '.nan', '1e400'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...fields), yamlValue, (field, value) => {
        try {
          const { data } = readFrontMatter(`---\ntitle: 标题\n${field}: ${value}\n---\n正文\n`);
          articleFromFrontMatter({ data, body: '正文\n', relativePath: 'a.md', fallbackDate: '2024-01-01T00:00:00.000Z' });
        } catch (error) {
          expect(error).toBeInstanceOf(ImportProblem);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads TOML between +++ and reports malformed YAML as an import problem', () => {
    expect(readFrontMatter('+++\ntitle = "Hugo"\n+++\n正文\n')).toEqual({ data: { title: 'Hugo' }, body: '正文\n' });
    expect(() => readFrontMatter('---\ntitle: [a\n---\n')).toThrow(ImportProblem);
    expect(() => readFrontMatter('---\n- a\n---\n')).toThrow(ImportProblem);
  });
});

describe('image links in Markdown', () => {
  const upper = async (target: string) => target.toUpperCase();

  it('rewrites images, image links, reference definitions and <img>, not code', async () => {
    const source = [
      '![a](x.png) [file](y.PNG) [page](z.html) ![b](<with space.png> "t")',
      '[ref]: r.svg',
      '<img alt="x" src="i.jpg">',
      '`![c](code.png)`',
      '```',
      '![d](fence.png)',
      '```',
    ].join('\n');
    expect(await rewriteImageTargets(source, upper)).toBe(
      [
        '![a](X.PNG) [file](Y.PNG) [page](z.html) ![b](<WITH SPACE.PNG> "t")',
        '[ref]: R.SVG',
        '<img alt="x" src="I.JPG">',
        '`![c](code.png)`',
        '```',
        '![d](fence.png)',
        '```',
      ].join('\n'),
    );
  });

  it('splits Markdown into pieces that join back to the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '`', '~', '\n', ' ', '!', '[', ']', '(', ')') }), (text) => {
        expect(splitCode(text).map((p) => p.text).join('')).toBe(text);
      }),
    );
  });

  it('leaves the text alone when nothing maps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom('a', '`', '\n', '!', '[', ']', '(', ')', '.png', '<img src="', '"') }), async (text) => {
        expect(await rewriteImageTargets(text, async () => undefined)).toBe(text);
      }),
    );
  });
});
