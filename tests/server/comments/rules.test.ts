import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkedKeywords,
  countedIn,
  isListed,
  matchedKeywords,
  type ListingFacts,
} from '../../../server/domain/comments/rules';
import type { CommentStatus } from '../../../server/domain/comments/comment';

const status = fc.constantFrom<CommentStatus>('approved', 'pending', 'spam');

describe('comment listing rules', () => {
  it('shows an approved comment; a deleted one only as the top of a thread with replies', () => {
    const top = (change: Partial<ListingFacts>): ListingFacts => ({
      parentId: null,
      status: 'approved',
      deleted: false,
      replyCount: 0,
      ...change,
    });
    expect(isListed(top({}))).toBe(true);
    expect(isListed(top({ deleted: true }))).toBe(false);
    expect(isListed(top({ deleted: true, replyCount: 2 }))).toBe(true);
    expect(isListed(top({ deleted: true, replyCount: 2, parentId: 7 }))).toBe(false);
    expect(isListed(top({ status: 'pending', replyCount: 2 }))).toBe(false);
  });

  it("counts a thread as its shown comments: a recount of the thread's rows gives the same number", () => {
    fc.assert(
      fc.property(
        fc.record({ status, deleted: fc.boolean() }),
        fc.array(fc.record({ status, deleted: fc.boolean() }), { maxLength: 8 }),
        (topRow, replyRows) => {
          const replyCount = replyRows.filter((r) => isListed({ parentId: 1, ...r, replyCount: 0 })).length;
          const top: ListingFacts = { parentId: null, ...topRow, replyCount };
          const shown = isListed(top) ? (top.deleted ? 0 : 1) + replyCount : 0;
          expect(countedIn(top)).toBe(shown);
        },
      ),
    );
  });

  it('keeps keywords trimmed and unique (ASCII case aside), and matches them ignoring ASCII case', () => {
    expect(checkedKeywords([' 广告 ', 'Spam', 'SPAM', '', '广告'])).toEqual(['广告', 'Spam']);
    expect(matchedKeywords('这是 sPaM 和广告', ['Spam', '广告', '别的'])).toEqual(['Spam', '广告']);
  });
});
