import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rememberTerm, restoreHistory, SEARCH_HISTORY_LIMIT } from '../../../src/domain/search/history';

const term = fc.oneof(
  fc.constantFrom('雨', '惊蛰', '有限状态机', 'React', '  雨  ', ''),
  fc.string({ unit: fc.constantFrom('春', '夏', 'a', 'b', ' ', '雨'), maxLength: 4 }),
);
const validHistory = fc.uniqueArray(
  fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() === s && s !== ''),
  { maxLength: SEARCH_HISTORY_LIMIT },
);

describe('rememberTerm', () => {
  it('puts the newest term first, never repeats a term and keeps at most ten', () => {
    fc.assert(
      fc.property(validHistory, term, (history, searched) => {
        const next = rememberTerm(history, searched);
        const value = searched.trim();
        expect(next.length).toBeLessThanOrEqual(SEARCH_HISTORY_LIMIT);
        expect(new Set(next).size).toBe(next.length);
        if (value === '') {
          expect(next).toEqual(history);
        } else {
          expect(next[0]).toBe(value);
          // Everything else keeps its order; only the oldest can fall off.
          const rest = history.filter((t) => t !== value);
          expect(next.slice(1)).toEqual(rest.slice(0, SEARCH_HISTORY_LIMIT - 1));
        }
      }),
    );
  });

  it('after any sequence of searches holds the last distinct terms, newest first', () => {
    fc.assert(
      fc.property(fc.array(term, { maxLength: 40 }), (searches) => {
        const history = searches.reduce<string[]>((h, t) => rememberTerm(h, t), []);
        const expected: string[] = [];
        for (const t of [...searches].reverse().map((s) => s.trim())) {
          if (t !== '' && !expected.includes(t)) expected.push(t);
        }
        expect(history).toEqual(expected.slice(0, SEARCH_HISTORY_LIMIT));
      }),
    );
  });

  it('moves a repeated term to the front and drops the oldest above ten', () => {
    const ten = ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1'];
    expect(rememberTerm(ten, '5')).toEqual(['5', '10', '9', '8', '7', '6', '4', '3', '2', '1']);
    expect(rememberTerm(ten, '11')).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2']);
  });
});

describe('restoreHistory', () => {
  it('turns anything stored into a valid history', () => {
    fc.assert(
      fc.property(fc.anything(), (stored) => {
        const history = restoreHistory(stored);
        expect(history.length).toBeLessThanOrEqual(SEARCH_HISTORY_LIMIT);
        expect(new Set(history).size).toBe(history.length);
        for (const t of history) expect(t.trim() === t && t !== '').toBe(true);
      }),
    );
  });

  it('keeps a valid history as it is', () => {
    fc.assert(
      fc.property(validHistory, (history) => {
        expect(restoreHistory(history)).toEqual(history);
      }),
    );
  });
});
