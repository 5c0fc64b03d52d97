import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canCreate,
  EMPTY_DRAFT,
  editDraft,
  isOwnVersion,
  localDraftKey,
  sameDraft,
  type ArticleDraft,
} from '../../../src/domain/console/articles/articleDraft';

const draft: fc.Arbitrary<ArticleDraft> = fc.record({
  title: fc.string({ maxLength: 5 }),
  content: fc.string({ maxLength: 8 }),
  summary: fc.string({ maxLength: 3 }),
  cover: fc.constantFrom('', '/media/a.webp'),
  category: fc.constantFrom('', '随笔'),
  tags: fc.array(fc.constantFrom('React', 'XState'), { maxLength: 2 }),
  pinned: fc.boolean(),
  commentsClosed: fc.boolean(),
});

describe('article draft rules', () => {
  it('two drafts are the same exactly when every field is', () => {
    fc.assert(
      fc.property(draft, draft, (a, b) => {
        expect(sameDraft(a, structuredClone(a))).toBe(true);
        expect(sameDraft(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
    );
  });

  it('an edit changes only the fields it names', () => {
    fc.assert(
      fc.property(draft, draft, fc.subarray(Object.keys(EMPTY_DRAFT) as (keyof ArticleDraft)[]), (a, b, keys) => {
        const change = Object.fromEntries(keys.map((key) => [key, b[key]]));
        const edited = editDraft(a, change);
        for (const key of Object.keys(EMPTY_DRAFT) as (keyof ArticleDraft)[])
          expect(edited[key]).toEqual(keys.includes(key) ? b[key] : a[key]);
      }),
    );
  });

  it('a server text is the editor\'s own only when it equals one of its drafts', () => {
    const mine = { ...EMPTY_DRAFT, content: '我的' };
    expect(isOwnVersion(mine, [null, { ...mine }])).toBe(true);
    expect(isOwnVersion(mine, [null, null])).toBe(false);
    expect(isOwnVersion({ ...mine, pinned: true }, [mine])).toBe(false);
  });

  it('a new article needs a title before the server can create it', () => {
    expect(canCreate({ ...EMPTY_DRAFT, content: '正文' })).toBe(false);
    expect(canCreate({ ...EMPTY_DRAFT, title: '  ' })).toBe(false);
    expect(canCreate({ ...EMPTY_DRAFT, title: '惊蛰' })).toBe(true);
  });

  it('keeps each article\'s unsent edits under its own key', () => {
    expect(localDraftKey(null)).toBe('console.articleDraft.new');
    expect(localDraftKey(7)).toBe('console.articleDraft.7');
  });
});
