import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DuplicateGuard, SlidingWindowLimiter } from '../../../server/domain/chat/limits';
import { CHAT_POLICY } from '../../../server/domain/chat/policy';
import { ChatRefusal } from '../../../server/domain/chat/refusal';
import { characterCount, checkContent, checkNotBanned, checkRevert } from '../../../server/domain/chat/rules';

const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);
/** Non-decreasing times: gaps from 0 to 3 s, so bursts and pauses both occur. */
const schedule = fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 1, maxLength: 200 }).map((gaps) => {
  let t = T0;
  return gaps.map((gap) => (t += gap));
});

function refusal(action: () => unknown): ChatRefusal {
  try {
    action();
  } catch (error) {
    if (error instanceof ChatRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the rate limiter', () => {
  it('never accepts more than 5 in any 5 s window, for every schedule', () => {
    fc.assert(
      fc.property(schedule, (times) => {
        const limiter = new SlidingWindowLimiter(5, 5_000);
        const accepted = times.filter((t) => limiter.tryAcquire(7, t));
        // Sorted acceptances: any 6 consecutive ones span at least the window.
        for (let i = 5; i < accepted.length; i++) expect(accepted[i]! - accepted[i - 5]!).toBeGreaterThanOrEqual(5_000);
      }),
    );
  });

  it('accepts whenever fewer than 5 were accepted in the last 5 s (it refuses no more than it must)', () => {
    fc.assert(
      fc.property(schedule, (times) => {
        const limiter = new SlidingWindowLimiter(5, 5_000);
        const accepted: number[] = [];
        for (const t of times) {
          const recent = accepted.filter((a) => a > t - 5_000).length;
          expect(limiter.tryAcquire('u', t)).toBe(recent < 5);
          if (recent < 5) accepted.push(t);
        }
      }),
    );
  });

  it('keeps users apart and forgets idle ones on a sweep', () => {
    const limiter = new SlidingWindowLimiter();
    for (let i = 0; i < 5; i++) expect(limiter.tryAcquire(1, T0)).toBe(true);
    expect(limiter.tryAcquire(1, T0 + 4_999)).toBe(false);
    expect(limiter.tryAcquire(2, T0 + 4_999)).toBe(true);
    expect(limiter.tryAcquire(1, T0 + 5_000)).toBe(true);
    limiter.sweep(T0 + 60_000);
    expect(limiter.size).toBe(0);
  });
});

describe('the duplicate-text rule', () => {
  it('never accepts the same text twice within 10 s, and always accepts it after', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 6_000 }), fc.constantFrom('你好', ' 你好 ', 'hi', 'hi\n', 'bye')), { maxLength: 100 }), (steps) => {
        const guard = new DuplicateGuard(10_000);
        const last = new Map<string, number>();
        let t = T0;
        for (const [gap, text] of steps) {
          t += gap;
          const key = text.trim();
          const previous = last.get(key);
          const duplicate = guard.isDuplicate(3, text, t);
          expect(duplicate).toBe(previous !== undefined && t - previous < 10_000);
          if (!duplicate) {
            guard.accept(3, text, t);
            last.set(key, t);
          }
        }
      }),
    );
  });

  it('is per user', () => {
    const guard = new DuplicateGuard();
    guard.accept(1, '在吗', T0);
    expect(guard.isDuplicate(1, '在吗', T0 + 9_999)).toBe(true);
    expect(guard.isDuplicate(2, '在吗', T0 + 1)).toBe(false);
    expect(guard.isDuplicate(1, '在吗', T0 + 10_000)).toBe(false);
  });
});

describe('message content', () => {
  it('accepts text up to 500 characters, counting an emoji as one, and refuses longer or blank text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 700 }), (text) => {
        const length = characterCount(text);
        if (text.trim() === '') expect(refusal(() => checkContent(text, 'text')).reason).toBe('empty');
        else if (length > CHAT_POLICY.maxTextLength) expect(refusal(() => checkContent(text, 'text')).reason).toBe('too_long');
        else expect(checkContent(text, 'text')).toBe(text);
      }),
    );
    expect(checkContent('😀'.repeat(500), 'text')).toHaveLength(1000);
    expect(refusal(() => checkContent('😀'.repeat(501), 'text')).message).toBe('消息太长了，最多 500 个字');
    expect(refusal(() => checkContent(' \n ', 'text')).message).toBe('请输入消息内容');
  });

  it('accepts as images only our own uploads', () => {
    expect(checkContent('/media/0123456789abcdef01234567.webp', 'image')).toBe('/media/0123456789abcdef01234567.webp');
    for (const url of [
      'https://evil.example/x.webp',
      '//evil.example/media/0123456789abcdef01234567.webp',
      '/media/../secret.webp',
      '/media/0123456789abcdef01234567.webp?x=1',
      'javascript:alert(1)',
      '',
      '你好',
    ]) {
      expect(refusal(() => checkContent(url, 'image'))).toMatchObject({ reason: 'invalid_image', message: '只能发送本站上传的图片' });
    }
  });
});

describe('revert and bans', () => {
  const author = { id: 5, nickName: 'a', avatar: '', role: 2 };
  const other = { id: 6, nickName: 'b', avatar: '', role: 2 };
  const admin = { id: 1, nickName: 'admin', avatar: '', role: 1 };
  const sent = { userId: 5, createdAt: new Date(T0).toISOString() };

  it('lets the author revert within two minutes, an administrator always, nobody else', () => {
    expect(() => checkRevert(author, sent, new Date(T0 + 120_000))).not.toThrow();
    expect(refusal(() => checkRevert(author, sent, new Date(T0 + 120_001))).message).toBe('只能撤回两分钟内发送的消息');
    expect(() => checkRevert(admin, sent, new Date(T0 + 86_400_000))).not.toThrow();
    expect(refusal(() => checkRevert(other, sent, new Date(T0))).message).toBe('只能撤回自己的消息');
  });

  it('refuses sends while a ban lasts, naming the minutes left', () => {
    const until = new Date(T0 + 10 * 60_000).toISOString();
    expect(refusal(() => checkNotBanned({ userId: 5, until, reason: 'kick' }, new Date(T0))).message).toBe('你已被管理员踢下线，10 分钟后才能再发言');
    expect(refusal(() => checkNotBanned({ userId: 5, until, reason: 'mute' }, new Date(T0 + 9 * 60_000 + 1))).message).toBe('你已被管理员禁言，1 分钟后才能发言');
    expect(() => checkNotBanned({ userId: 5, until, reason: 'mute' }, new Date(T0 + 10 * 60_000))).not.toThrow();
    expect(() => checkNotBanned(undefined, new Date(T0))).not.toThrow();
  });
});
