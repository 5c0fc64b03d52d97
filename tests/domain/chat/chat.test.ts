import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAT_MAX_RETRIES,
  canRevert,
  checkSend,
  clientIdFor,
  confirmSend,
  mergeMessages,
  needsCompression,
  newestId,
  normalise,
  pageHasMore,
  retryDelay,
  tabPrefix,
  toEntry,
  type ChatEntry,
} from '../../../src/domain/chat/chat';
import { ADMIN, ME, chatMessage } from '../../fakes/chatSocket';

const pending = (clientId: string, userId = ME.userId): ChatEntry => ({
  ...chatMessage(1, { userId, clientId }),
  id: null,
  pending: true,
});

describe('chat rules', () => {
  it('retries every 5 s, five times, then stops', () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([5000, 5000, 5000, 5000, 5000]);
    expect(retryDelay(CHAT_MAX_RETRIES + 1)).toBeNull();
    expect(retryDelay(0)).toBeNull();
  });

  it('refuses a visitor, an empty text and a text over 500 characters', () => {
    expect(checkSend(null, 'hi')).toBe('login_required');
    expect(checkSend(ME, '   ')).toBe('empty');
    expect(checkSend(ME, 'a'.repeat(501))).toBe('too_long');
    expect(checkSend(ME, '😀'.repeat(500))).toBeNull();
  });

  it('offers revert to the author within two minutes and to an administrator always', () => {
    const mine = toEntry(chatMessage(3, { userId: ME.userId, time: '2026-01-01T00:00:00.000Z' }));
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    expect(canRevert(ME, mine, start + 60_000)).toBe(true);
    expect(canRevert(ME, mine, start + 121_000)).toBe(false);
    expect(canRevert(ME, toEntry(chatMessage(4)), start)).toBe(false);
    expect(canRevert(ADMIN, toEntry(chatMessage(4)), start + 10 ** 9)).toBe(true);
    expect(canRevert(null, mine, start)).toBe(false);
  });

  it('compresses only above 800 KB', () => {
    expect(needsCompression({ name: 'a', size: 800 * 1024, type: 'image/png' })).toBe(false);
    expect(needsCompression({ name: 'a', size: 800 * 1024 + 1, type: 'image/png' })).toBe(true);
  });

  it('a full page of 10 means more', () => {
    expect(pageHasMore(10)).toBe(true);
    expect(pageHasMore(9)).toBe(false);
  });

  it('client ids fit the wire pattern and differ per send', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 45 }),
        fc.array(fc.integer({ min: 0, max: 35 }), { minLength: 8, maxLength: 8 }),
        fc.nat(),
        (now, draws, seq) => {
          let index = 0;
          const prefix = tabPrefix(now, () => draws[index++ % draws.length]!);
          const id = clientIdFor(prefix, seq);
          expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
          expect(clientIdFor(prefix, seq + 1)).not.toBe(id);
        },
      ),
    );
  });

  it('merging any pages in any order shows each message once, sorted, pending sends last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 40 }))),
        fc.array(fc.string({ minLength: 1, maxLength: 4 })),
        (pages, pendingIds) => {
          let list: ChatEntry[] = pendingIds.map((clientId) => pending(`p${clientId}`));
          for (const page of pages)
            list = mergeMessages(
              list,
              page.map((id) => chatMessage(id)),
            );
          const ids = list.filter((entry) => entry.id !== null).map((entry) => entry.id);
          expect(ids).toEqual([...new Set(pages.flat())].sort((a, b) => a - b));
          const firstPending = list.findIndex((entry) => entry.id === null);
          if (firstPending >= 0) expect(list.slice(firstPending).every((entry) => entry.id === null)).toBe(true);
          expect(newestId(list)).toBe(ids.length ? Math.max(...(ids as number[])) : 0);
        },
      ),
    );
  });

  it('an own message shows once whether its ack or its broadcast comes first', () => {
    const stored = chatMessage(9, { userId: ME.userId, clientId: 'c-1' });
    const ackFirst = mergeMessages(confirmSend([pending('c-1')], 'c-1', ME.userId, 9), [stored]);
    const frameFirst = confirmSend(mergeMessages([pending('c-1')], [stored]), 'c-1', ME.userId, 9);
    for (const list of [ackFirst, frameFirst]) {
      expect(list.map((entry) => [entry.id, entry.pending])).toEqual([[9, false]]);
    }
    // Someone else's message with the same client id is a different message.
    expect(normalise([pending('c-1'), toEntry(chatMessage(10, { userId: 99, clientId: 'c-1' }))])).toHaveLength(2);
  });
});
