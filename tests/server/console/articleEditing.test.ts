import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consoleStatusOf,
  nextState,
  parseArticleInput,
  parsePublishAt,
  type StateAction,
  type StoredState,
} from '../../../server/domain/content/articleEditing';
import { AppError } from '../../../server/domain/errors';
import * as zhCN from '../../../src/i18n/zh-CN';

const text = zhCN.consoleArticlesServer;
const NOW = '2026-03-01T00:00:00.000Z';
const draft: StoredState = {
  status: 'draft',
  publishAt: null,
  deletedAt: null,
  trashedStatus: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const action: fc.Arbitrary<StateAction> = fc.oneof(
  fc.constantFrom<StateAction>(
    { kind: 'publish' },
    { kind: 'unpublish' },
    { kind: 'hide' },
    { kind: 'unhide' },
    { kind: 'trash' },
    { kind: 'restore' },
  ),
  fc
    .constantFrom('2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z')
    .map((at): StateAction => ({ kind: 'schedule', at })),
);

function apply(state: StoredState, step: StateAction): StoredState {
  const outcome = nextState(state, step, NOW);
  return 'next' in outcome ? outcome.next : state;
}

describe('the console article states', () => {
  it('never lets readers see a trashed or scheduled article, whatever the writer does', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (steps) => {
        let state = draft;
        for (const step of steps) {
          state = apply(state, step);
          if (state.deletedAt !== null) expect(state.status).toBe('hidden');
          if (state.status === 'public') expect(state.publishAt).toBeNull();
          if (state.publishAt !== null) expect(consoleStatusOf(state)).toMatch(/scheduled|trash/);
        }
      }),
    );
  });

  it('restores from the 回收站 exactly the state it was trashed in', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (steps) => {
        const before = steps.reduce(apply, draft);
        if (before.deletedAt !== null) return;
        expect(apply(apply(before, { kind: 'trash' }), { kind: 'restore' })).toEqual(before);
      }),
    );
  });

  it('repeats of a done change are no change, and changes that do not apply are refused with their reason', () => {
    const published = apply(draft, { kind: 'publish' });
    expect(published).toMatchObject({ status: 'public', createdAt: NOW });
    expect(nextState(published, { kind: 'publish' }, NOW)).toEqual({ unchanged: true });
    expect(nextState(published, { kind: 'schedule', at: NOW }, NOW)).toEqual({ refused: text.scheduleNotDraft });
    expect(nextState(draft, { kind: 'hide' }, NOW)).toEqual({ refused: text.hideNotPublished });
    expect(nextState(published, { kind: 'unhide' }, NOW)).toEqual({ unchanged: true });
    const hidden = apply(published, { kind: 'hide' });
    // A hidden article shown again keeps its date.
    expect(apply(hidden, { kind: 'unhide' })).toEqual(published);
    expect(nextState(apply(hidden, { kind: 'trash' }), { kind: 'publish' }, NOW)).toEqual({ refused: text.inTrash });
  });
});

describe('the editor input', () => {
  const body = {
    title: ' 标题 ',
    content: '正文',
    summary: ' ',
    cover: '',
    category: null,
    tags: [' a ', 'a', 'b'],
    pinned: false,
  };
  const noCategory = () => {
    throw new Error('not asked');
  };

  it('trims the title, the summary and the names, and drops repeated tags', () => {
    expect(parseArticleInput(body, noCategory)).toEqual({ ...body, title: '标题', summary: '', tags: ['a', 'b'] });
  });

  it.each([
    [{ cover: '/media/a.webp' }, undefined],
    [{ cover: 'https://example.com/a.png' }, undefined],
    [{ cover: 'data:image/png;base64,AAAA' }, text.invalidCover],
    [{ title: '一'.repeat(200) }, undefined],
    [{ title: '😀'.repeat(201) }, text.tooLong(text.field.title, 200)],
  ])('checks %j', (change, message) => {
    const parse = () => parseArticleInput({ ...body, ...change }, noCategory);
    if (message === undefined) expect(parse).not.toThrow();
    else expect(parse).toThrow(new AppError('invalid', message));
  });

  it('takes a publish time with a zone, in the future and within a year', () => {
    const now = new Date(NOW);
    expect(parsePublishAt('2026-03-01T08:30:00+08:00', now)).toBe('2026-03-01T00:30:00.000Z');
    expect(() => parsePublishAt('2026-03-01T08:30:00', now)).toThrow(text.invalidPublishAt);
    expect(() => parsePublishAt(NOW, now)).toThrow(text.publishAtPast);
    expect(() => parsePublishAt('2027-03-03T00:00:00Z', now)).toThrow(text.publishAtTooFar(366));
  });
});
