import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenThreads, isGuestbook, type ImportedComment, type ImportedState } from '../../../server/domain/comments/importedComments';

const comment = (sourceId: string, parentId: string | null, state: ImportedState = 'approved', createdAt = '2020-01-01T00:00:00.000Z'): ImportedComment => ({
  sourceId,
  parentId,
  page: ['/p/'],
  nickName: `n${sourceId}`,
  email: '',
  site: '',
  content: sourceId,
  createdAt,
  state,
  likes: 0,
  owner: false,
});

/** A forest of any depth: each comment answers an earlier one, none, or one the export lacks. */
const forest = fc
  .array(
    fc.record({
      parent: fc.oneof(fc.constant(null), fc.nat(), fc.constant(-1)),
      state: fc.constantFrom<ImportedState>('approved', 'approved', 'waiting', 'spam', 'deleted'),
      minute: fc.nat(59),
    }),
    { maxLength: 40 },
  )
  .map((nodes) =>
    nodes.map(({ parent, state, minute }, i) =>
      comment(
        `c${i}`,
        parent === null || i === 0 ? null : parent === -1 ? 'missing' : `c${parent % i}`,
        state,
        `2020-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
      ),
    ),
  );

const isKept = (c: ImportedComment) => c.state === 'approved' || c.state === 'waiting';

describe('flattening imported comment trees', () => {
  it('keeps every approved and waiting comment exactly once, under its root, answering its real parent', () => {
    fc.assert(
      fc.property(forest, (comments) => {
        const byId = new Map(comments.map((c) => [c.sourceId, c]));
        const nearestKept = (c: ImportedComment): ImportedComment | undefined => {
          let parent = c.parentId === null ? undefined : byId.get(c.parentId);
          while (parent && !isKept(parent)) parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
          return parent;
        };
        const { comments: flat, skipped } = flattenThreads(comments);
        // Exactly once, and only the kept ones.
        expect(flat.map((f) => f.comment.sourceId).sort()).toEqual(comments.filter(isKept).map((c) => c.sourceId).sort());
        expect(skipped).toEqual({
          spam: comments.filter((c) => c.state === 'spam').length,
          deleted: comments.filter((c) => c.state === 'deleted').length,
        });
        const position = new Map(flat.map((f, i) => [f.comment.sourceId, i]));
        const flatOf = new Map(flat.map((f) => [f.comment.sourceId, f]));
        for (const { comment: c, rootId, replyTo } of flat) {
          const parent = nearestKept(c);
          // It answers its real parent (the nearest one kept), named by that author.
          expect(replyTo).toBe(parent?.sourceId ?? null);
          if (parent) expect(byId.get(replyTo!)!.nickName).toBe(parent.nickName);
          // Under the top of its kept ancestry, which is itself top-level.
          let top = parent;
          while (top && nearestKept(top)) top = nearestKept(top);
          expect(rootId).toBe(top?.sourceId ?? null);
          if (rootId !== null) expect(flatOf.get(rootId)!.rootId).toBeNull();
          // Its parent is stored before it.
          if (replyTo !== null) expect(position.get(replyTo)!).toBeLessThan(position.get(c.sourceId)!);
        }
      }),
    );
  });

  it('stores a thread oldest first, a parent first even when its clock said later', () => {
    const flat = flattenThreads([
      comment('root', null, 'approved', '2020-01-01T00:00:00.000Z'),
      comment('late-parent', 'root', 'approved', '2020-01-01T00:05:00.000Z'),
      comment('early-reply', 'late-parent', 'approved', '2020-01-01T00:01:00.000Z'),
      comment('other', 'root', 'approved', '2020-01-01T00:03:00.000Z'),
    ]);
    expect(flat.comments.map((f) => [f.comment.sourceId, f.rootId, f.replyTo])).toEqual([
      ['root', null, null],
      ['late-parent', 'root', 'root'],
      ['early-reply', 'root', 'late-parent'],
      ['other', 'root', 'root'],
    ]);
  });

  it('cuts a cycle of a broken export where it closes instead of looping', () => {
    const flat = flattenThreads([comment('a', 'b'), comment('b', 'a')]);
    expect(flat.comments).toHaveLength(2);
    expect(flat.comments.filter((f) => f.rootId === null)).toHaveLength(1);
  });
});

describe('old page addresses', () => {
  it('knows a guestbook by its usual names or the one given', () => {
    expect(isGuestbook('https://old.example.com/guestbook/')).toBe(true);
    expect(isGuestbook('/%E7%95%99%E8%A8%80%E6%9D%BF/')).toBe(true);
    expect(isGuestbook('/posts/hello/')).toBe(false);
    expect(isGuestbook('/about/talk/', '/about/talk')).toBe(true);
    expect(isGuestbook('/guestbook/', '/about/talk')).toBe(false);
  });
});
