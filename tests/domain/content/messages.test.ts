import { describe, expect, it } from 'vitest';
import {
  canDeleteReply,
  canManageMessage,
  MESSAGE_MAX_LENGTH,
  messageDraftProblem,
  REPLY_MAX_LENGTH,
  replyDraftProblem,
} from '../../../src/domain/content/messages';

const byUser7 = { author: { userId: 7, nickName: '听雨', avatar: '' } };
const byNickname = { author: { userId: null, nickName: '路人', avatar: '' } };

describe('canManageMessage', () => {
  it('lets the author and the administrator manage a post, nobody else', () => {
    expect(canManageMessage(byUser7, { id: 7, role: 2 })).toBe(true);
    expect(canManageMessage(byUser7, { id: 8, role: 2 })).toBe(false);
    expect(canManageMessage(byUser7, { id: 8, role: 1 })).toBe(true);
    expect(canManageMessage(byUser7, null)).toBe(false);
    expect(canManageMessage(byNickname, { id: 7, role: 2 })).toBe(false);
    expect(canManageMessage(byNickname, { id: 1, role: 1 })).toBe(true);
  });
});

describe('messageDraftProblem', () => {
  it('refuses blank and overlong text', () => {
    expect(messageDraftProblem('   ')).toBe('empty');
    expect(messageDraftProblem('留言'.repeat(MESSAGE_MAX_LENGTH))).toBe('tooLong');
    expect(messageDraftProblem(` ${'字'.repeat(MESSAGE_MAX_LENGTH)} `)).toBeNull();
  });
});

describe('canDeleteReply', () => {
  const replyBy8 = { author: { userId: 8, nickName: '路过', avatar: '' } };

  it('lets the reply’s author, the post’s author and the administrator delete a reply, nobody else', () => {
    expect(canDeleteReply(replyBy8, byUser7, { id: 8, role: 2 })).toBe(true);
    expect(canDeleteReply(replyBy8, byUser7, { id: 7, role: 2 })).toBe(true);
    expect(canDeleteReply(replyBy8, byUser7, { id: 1, role: 1 })).toBe(true);
    expect(canDeleteReply(replyBy8, byUser7, { id: 9, role: 2 })).toBe(false);
    expect(canDeleteReply(replyBy8, byNickname, { id: 9, role: 2 })).toBe(false);
    expect(canDeleteReply(replyBy8, byUser7, null)).toBe(false);
  });
});

describe('replyDraftProblem', () => {
  it('has its own, shorter limit', () => {
    expect(replyDraftProblem(' \n ')).toBe('empty');
    expect(replyDraftProblem('字'.repeat(REPLY_MAX_LENGTH + 1))).toBe('tooLong');
    expect(replyDraftProblem(`  ${'🌧'.repeat(REPLY_MAX_LENGTH)}\n`)).toBeNull();
    expect(messageDraftProblem('字'.repeat(REPLY_MAX_LENGTH + 1))).toBeNull();
  });
});
