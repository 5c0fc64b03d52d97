import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commentAnchor,
  commentDraftProblem,
  seekStep,
  type ShownComment,
  type ShownThread,
} from '../../../src/domain/comments/comments';
import { targetFor } from '../../../src/domain/notifications/notification';
import { keywordsProblem, parseKeywords } from '../../../src/domain/console/comments/reviewQueue';

const comment = (id: number, parentId: number | null = null): ShownComment => ({
  id,
  targetType: 'article',
  targetId: 1,
  parentId,
  replyTo: null,
  author: { userId: 2, nickName: '读者', avatar: '', site: '', admin: false },
  content: 'x',
  html: '<p>x</p>',
  status: 'approved',
  deleted: false,
  likes: 0,
  liked: false,
  canDelete: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  sending: false,
  deleting: false,
});

const thread = (id: number, replies: number[], moreReplies = 0): ShownThread => ({
  ...comment(id),
  replyCount: replies.length + moreReplies,
  replies: replies.map((reply) => comment(reply, id)),
  moreReplies,
});

describe('commentDraftProblem', () => {
  it('counts characters as the server does: code points, trimmed, up to 1 000', () => {
    expect(commentDraftProblem({ content: '  \n ' })).toBe('empty');
    expect(commentDraftProblem({ content: '好'.repeat(1000) })).toBeNull();
    expect(commentDraftProblem({ content: '好'.repeat(1001) })).toBe('tooLong');
    expect(commentDraftProblem({ content: `  ${'😀'.repeat(1000)}  ` })).toBeNull();
  });

  it('asks a visitor for a nickname, and checks the optional email and site', () => {
    const visitor = { nickName: '路人', email: '', site: '' };
    expect(commentDraftProblem({ content: '你好', visitor })).toBeNull();
    expect(commentDraftProblem({ content: '你好', visitor: { ...visitor, nickName: ' ' } })).toBe('nicknameRequired');
    expect(commentDraftProblem({ content: '你好', visitor: { ...visitor, nickName: '名'.repeat(21) } })).toBe('nicknameTooLong');
    expect(commentDraftProblem({ content: '你好', visitor: { ...visitor, email: 'not-mail' } })).toBe('emailInvalid');
    expect(commentDraftProblem({ content: '你好', visitor: { ...visitor, email: 'a@b.cn' } })).toBeNull();
    expect(commentDraftProblem({ content: '你好', visitor: { ...visitor, site: 'javascript:alert(1)' } })).toBe('siteInvalid');
    expect(commentDraftProblem({ content: '你好', visitor: { ...visitor, site: 'https://example.com/blog' } })).toBeNull();
  });
});

describe('where a comment is named', () => {
  it('reads #comment-<id> and nothing else', () => {
    expect(commentAnchor('#comment-12')).toBe(12);
    expect(commentAnchor('#comments')).toBeNull();
    expect(commentAnchor('#comment-0')).toBeNull();
    expect(commentAnchor('#comment-12x')).toBeNull();
    expect(commentAnchor('')).toBeNull();
  });

  it('a notification about a comment leads to its article or talk, at the comment', () => {
    expect(targetFor({ type: 1, toId: 3, commentId: 12 }, '')).toEqual({ kind: 'route', path: '/article?id=3#comment-12' });
    expect(targetFor({ type: 2, toId: 5, commentId: 7 }, '')).toEqual({ kind: 'route', path: '/talk?id=5#comment-7' });
    expect(targetFor({ type: 1, toId: 3, commentId: null }, '')).toEqual({ kind: 'route', path: '/article?id=3' });
  });

  it('looks for a named comment in the threads shown, then their other replies, then the next page', () => {
    const threads = [thread(9, [10, 11], 2), thread(5, [6])];
    expect(seekStep(threads, 11, true)).toEqual({ kind: 'found' });
    expect(seekStep(threads, 5, true)).toEqual({ kind: 'found' });
    expect(seekStep(threads, 13, true)).toEqual({ kind: 'replies', id: 9 });
    expect(seekStep([thread(9, [10, 11, 12, 13]), thread(5, [6])], 3, true)).toEqual({ kind: 'page' });
    expect(seekStep([thread(9, [10])], 3, false)).toEqual({ kind: 'missing' });
  });
});

describe('the keyword list', () => {
  it('takes one a line or comma-separated, trimmed, without blanks or repeats', () => {
    expect(parseKeywords(' 广告 \n\n代购,代购，Casino\ncasino ')).toEqual(['广告', '代购', 'Casino']);
  });

  it('parses what it prints back to the same list', () => {
    const word = fc.stringMatching(/^[^\n,，]{1,8}$/).map((w) => w.trim()).filter((w) => w !== '');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 20 }), (words) => {
        const once = parseKeywords(words.join('\n'));
        expect(parseKeywords(once.join('\n'))).toEqual(once);
        expect(new Set(once.map((w) => w.toLowerCase())).size).toBe(once.length);
      }),
    );
  });

  it('refuses more than 500 keywords or one over 50 characters, as the server does', () => {
    expect(keywordsProblem(Array.from({ length: 501 }, (_, i) => `词${i}`))).toEqual({ kind: 'tooMany' });
    expect(keywordsProblem(['好', '长'.repeat(51)])).toEqual({ kind: 'tooLong', keyword: '长'.repeat(51) });
    expect(keywordsProblem(['长'.repeat(50)])).toBeNull();
  });
});
