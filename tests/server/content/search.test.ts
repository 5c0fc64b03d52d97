import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '../../../server/domain/errors';
import { containsPattern, fragmentOf, foldAscii, ftsPhrase, parseKeyword } from '../../../server/domain/content/search';
import * as zhCN from '../../../src/i18n/zh-CN';

const text = zhCN.contentServer;

/** What SQLite and PostgreSQL LIKE ... ESCAPE '\' do with a pattern, written out by hand. */
function likeMatches(subject: string, pattern: string): boolean {
  let regex = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '\\') regex += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') regex += '[\\s\\S]*';
    else if (c === '_') regex += '[\\s\\S]';
    else regex += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${regex}$`).test(subject);
}

describe('search keywords', () => {
  it('trims and accepts 1 to 50 characters, counting characters not code units', () => {
    expect(parseKeyword('  听雨 ')).toBe('听雨');
    expect(parseKeyword('😀'.repeat(50))).toBe('😀'.repeat(50));
    expect(() => parseKeyword('😀'.repeat(51))).toThrow(text.keywordTooLong(50));
    expect(() => parseKeyword(' \t ')).toThrow(text.keywordEmpty);
    expect(() => parseKeyword('a\u0000b')).toThrow(new AppError('invalid', text.keywordInvalid));
  });

  it('folds ASCII letters only, keeping every position', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const folded = foldAscii(s);
        expect(folded.length).toBe(s.length);
        expect(folded.replace(/[a-z]/g, '')).toBe(s.replace(/[a-zA-Z]/g, ''));
      }),
    );
    expect(foldAscii('ÉA听')).toBe('Éa听');
  });

  it('builds a LIKE pattern that matches exactly the texts containing the keyword', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '%', '_', '\\', '听', "'", '"') }), fc.string({ unit: fc.constantFrom('a', '%', '_', '\\', '听') , minLength: 1 }), (subject, keyword) => {
        expect(likeMatches(subject, containsPattern(keyword))).toBe(subject.includes(keyword));
      }),
    );
  });

  it('quotes an FTS5 phrase, doubling inner quotes', () => {
    expect(ftsPhrase('a "b" OR c*')).toBe('"a ""b"" OR c*"');
  });
});

describe('search fragments', () => {
  it('cuts the body around the first match and keeps the match as written', () => {
    const content = '第一行\n## 小标题\n正文里提到 SQLite 全文搜索，然后继续说很多很多话。';
    const fragment = fragmentOf(content, 'sqlite');
    expect(fragment.match).toBe('SQLite');
    expect(fragment.before).toBe('第一行 小标题 正文里提到 ');
    expect(fragment.after.startsWith(' 全文搜索')).toBe(true);
  });

  it('leaves out the markers of imported callouts and disclosure sections, keeping their titles and text', () => {
    const fragment = fragmentOf('!!! warning 注意\n这是一个警告框\n!!!\n\n::: details 展开看看\n折叠起来的内容。\n:::', '折叠');
    expect(fragment.before + fragment.match + fragment.after).toBe('注意 这是一个警告框 展开看看 折叠起来的内容。');
  });

  it('shows plain text: no image, link, emphasis or code syntax, and no punctuation left at the cut', () => {
    const content =
      '春天来了。![初春的枝头，花开了几朵](/media/spring.svg)\n\n我在**河边**散步，看见[一座小桥](https://example.com/bridge)，桥下有 `流水` 声。';
    const fragment = fragmentOf(content, '小桥');
    expect(fragment.match).toBe('小桥');
    const whole = fragment.before + fragment.match + fragment.after;
    expect(whole).not.toMatch(/[!*`[\]()]|https?:|\/media\//);
    expect(fragment.before).toBe('初春的枝头，花开了几朵 我在河边散步，看见一座');
    expect(fragment.after).toBe('，桥下有 流水 声。');
    expect(fragmentOf('很长的一段开场白说了许多话。接着才说到：秋天的月亮很圆', '月亮').before).toBe('接着才说到：秋天的');
  });

  it('starts from the body when only the title matches', () => {
    expect(fragmentOf('# 标题\n\n正文', '不存在')).toEqual({ before: '', match: '', after: '标题 正文' });
  });

  it('always contains the keyword (folded) as its match when the body has it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'A', '听', '\n', '#', ' ', '😀'), maxLength: 300 }), fc.nat(), fc.integer({ min: 1, max: 4 }), (content, start, length) => {
        const chars = Array.from(content);
        if (chars.length === 0) return;
        const from = start % chars.length;
        const keyword = chars.slice(from, from + length).join('');
        const fragment = fragmentOf(content, keyword);
        expect(foldAscii(fragment.match)).toBe(foldAscii(keyword));
        expect(fragment.before.length).toBeLessThanOrEqual(24);
        expect(fragment.after.length).toBeLessThanOrEqual(120);
      }),
    );
  });
});
