import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeText } from '../../../src/domain/notifications/badge';
import { linkTarget, mergePage, targetFor, type NotificationItem } from '../../../src/domain/notifications/notification';

const item = (id: number, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  message: `m${id}`,
  unread: true,
  type: 1,
  toId: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('badgeText', () => {
  it('shows nothing at zero, the count up to 9, then 9+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(1234)).toBe('9+');
  });
});

describe('linkTarget: where a link inside a notice leads', () => {
  const origin = 'https://blog.example.com';
  it('keeps a page of this site in the app, relative or absolute', () => {
    expect(linkTarget('/talk?id=2#top', origin)).toEqual({ kind: 'route', path: '/talk?id=2#top' });
    expect(linkTarget('https://blog.example.com/article?id=3', origin)).toEqual({ kind: 'route', path: '/article?id=3' });
  });
  it('sends another site to a new tab, and leaves other schemes and garbage to the browser', () => {
    expect(linkTarget('https://other.example.com/x', origin)).toEqual({ kind: 'external', url: 'https://other.example.com/x' });
    expect(linkTarget('http://blog.example.com/x', origin)).toEqual({ kind: 'external', url: 'http://blog.example.com/x' });
    expect(linkTarget('mailto:me@example.com', origin)).toBeNull();
    expect(linkTarget('javascript:alert(1)', origin)).toBeNull();
    expect(linkTarget('http://[bad', origin)).toBeNull();
  });
});

describe('targetFor (spec section 4)', () => {
  it('leads type 1 to the article, 2 to the talk, 3 to the message board, 4 to the admin address', () => {
    expect(targetFor({ type: 1, toId: 12 }, '')).toEqual({ kind: 'route', path: '/article?id=12' });
    expect(targetFor({ type: 2, toId: 5 }, '')).toEqual({ kind: 'route', path: '/talk?id=5' });
    expect(targetFor({ type: 3, toId: null }, '')).toEqual({ kind: 'route', path: '/message/list' });
    expect(targetFor({ type: 4, toId: null }, 'https://admin.example.com')).toEqual({ kind: 'external', url: 'https://admin.example.com' });
    expect(targetFor({ type: 4, toId: null }, '/userCenter')).toEqual({ kind: 'route', path: '/userCenter' });
  });

  it('goes nowhere when it cannot know where', () => {
    expect(targetFor({ type: 1, toId: null }, '')).toBeNull();
    expect(targetFor({ type: 4, toId: null }, '')).toBeNull();
    expect(targetFor({ type: 9, toId: 1 }, '/x')).toBeNull();
    // A protocol-relative address is another host, not a route.
    expect(targetFor({ type: 4, toId: null }, '//evil.example')).toEqual({ kind: 'external', url: '//evil.example' });
  });
});

describe('mergePage', () => {
  it('appends in order and never repeats an id, for any pages', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30)), fc.array(fc.nat(30)), (shownIds, pageIds) => {
        const shown = mergePage([], shownIds.map((id) => item(id)));
        expect(shown.map((entry) => entry.id)).toEqual([...new Set(shownIds)]);
        const merged = mergePage(shown, pageIds.map((id) => item(id)));
        const ids = merged.map((entry) => entry.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.slice(0, shown.length)).toEqual(shown.map((entry) => entry.id));
        expect(new Set(ids)).toEqual(new Set([...shownIds, ...pageIds]));
      }),
    );
  });
});
