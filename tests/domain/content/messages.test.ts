import { describe, expect, it } from 'vitest';
import { canManageMessage, MESSAGE_MAX_LENGTH, messageDraftProblem } from '../../../src/domain/content/messages';

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
