import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circledNumber, highlightSegments, markdownToPlain } from '../../../src/domain/search/highlight';

describe('highlightSegments', () => {
  it('gives the text back when joined and marks only occurrences of the keyword', () => {
    const text = fc.string({ unit: fc.constantFrom('雨', '水', 'a', 'A', 'b', ' '), maxLength: 20 });
    fc.assert(
      fc.property(text, text, (body, keyword) => {
        const segments = highlightSegments(body, keyword);
        expect(segments.map((s) => s.text).join('')).toBe(body);
        for (const s of segments.filter((x) => x.hit)) expect(s.text.toLowerCase()).toBe(keyword.trim().toLowerCase());
      }),
    );
  });

  it('marks every occurrence, ignoring Latin case', () => {
    expect(highlightSegments('春雨惊蛰，雨水', '雨')).toEqual([
      { text: '春', hit: false },
      { text: '雨', hit: true },
      { text: '惊蛰，', hit: false },
      { text: '雨', hit: true },
      { text: '水', hit: false },
    ]);
    expect(highlightSegments('React 与 react', 'REACT').filter((s) => s.hit).map((s) => s.text)).toEqual(['React', 'react']);
    expect(highlightSegments('无关', '雨')).toEqual([{ text: '无关', hit: false }]);
  });
});

describe('circledNumber', () => {
  it('numbers the hot list with circled digits', () => {
    expect([1, 2, 3, 4, 5].map(circledNumber).join('')).toBe('①②③④⑤');
    expect(circledNumber(11)).toBe('11');
  });
});

describe('markdownToPlain', () => {
  it('keeps the words of a Markdown fragment and drops its syntax', () => {
    expect(markdownToPlain('真正的有限状态机了。 ## 有限状态机的四个要素 1. **有限的状态集合**：界面')).toBe(
      '真正的有限状态机了。 有限状态机的四个要素 有限的状态集合：界面',
    );
    expect(markdownToPlain('见 [MDN](https://developer.mozilla.org) 与 `useState` ![图](/media/a.svg)')).toBe('见 MDN 与 useState 图');
    expect(markdownToPlain('| 写法 | 组合 |')).toBe(' 写法 组合 ');
  });

  it('never adds characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('雨', '#', '*', ' ', '`', '|', '[', ']', '(', ')', '>', '1', '.') }), (s) => {
        expect(markdownToPlain(s).length).toBeLessThanOrEqual(s.length);
      }),
    );
  });
});
