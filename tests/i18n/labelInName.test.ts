import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeText } from '../../src/domain/notifications/badge';
import { compactCount } from '../../src/domain/shared/compactCount';
import type { Language } from '../../src/domain/shared/language';
import * as en from '../../src/i18n/en';
import * as zhCN from '../../src/i18n/zh-CN';

/**
 * WCAG 2.5.3 (label in name): a button that shows a count is named with that count, as a word of its own,
 * so a reader who says or sees "3" finds it. Read as axe-core's label-content-name-mismatch reads names:
 * compatibility forms folded (NFKD turns 「（」 into 「(」) and parentheticals dropped, which is why the
 * names no longer put the count in brackets.
 */
function wordsOf(name: string): string[] {
  let text = name.normalize('NFKD');
  for (let previous = ''; previous !== text;) [previous, text] = [text, text.replace(/\([^()]*\)/g, '')];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
  return [...segmenter.segment(text.replace(/[^\p{L}\p{N}]/gu, ' '))]
    .map(({ segment }) => segment.trim())
    .filter(Boolean);
}

function named(name: string, shown: string): boolean {
  const words = wordsOf(name);
  const wanted = wordsOf(shown);
  return words.some((_, start) => wanted.every((word, offset) => words[start + offset] === word));
}

const CATALOGUES: [Language, typeof zhCN][] = [
  ['zh-CN', zhCN],
  ['en', en as unknown as typeof zhCN],
];

describe.each(CATALOGUES)('buttons that show a count are named with it (%s)', (language, text) => {
  it('a talk’s and a comment’s like button', () => {
    fc.assert(
      fc.property(fc.nat(50_000_000), fc.boolean(), (likes, liked) => {
        const shown = compactCount(likes, language);
        expect(named(text.talks.likeName(liked, shown), shown)).toBe(true);
        expect(named(text.comments.likeName(liked, shown), shown)).toBe(true);
      }),
    );
  });

  it('the notification bell, with its badge', () => {
    fc.assert(
      fc.property(fc.nat(500), (unread) => {
        const badge = badgeText(unread);
        const name = text.notify.open(badge);
        expect(name.startsWith(text.notify.title)).toBe(true);
        if (badge) expect(named(name, badge)).toBe(true);
      }),
    );
  });

  it('finds the count missing from the names it used to have', () => {
    expect(named(`${text.notify.title}（3 条未读）`, '3')).toBe(false);
  });
});
