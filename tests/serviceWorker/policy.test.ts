import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { articleIdOf, isPrivatePath, isStorable, requestKind, type RequestFacts } from '../../src/serviceWorker/policy';
import { offlinePageHtml, pageTitle } from '../../src/serviceWorker/offlinePage';
import { pwa } from '../../src/i18n/zh-CN/pwa';

const ORIGIN = 'https://blog.example';
const get = (path: string, facts: Partial<RequestFacts> = {}): RequestFacts => ({
  url: ORIGIN + path,
  method: 'GET',
  mode: 'cors',
  destination: '',
  range: null,
  ...facts,
});

const PRIVATE = ['/admin', '/admin/articles', '/userCenter', '/api/admin/articles', '/api/user/current', '/api/notify/getNotifyList', '/api/chat/getChatList', '/ws/', '/wapi/song/media/3', '/wapi/song/url'];
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);

describe('which requests the offline worker answers', () => {
  it('pages and public API reads are network-first, hashed assets and media pictures cache-first', () => {
    expect(requestKind(get('/home', { mode: 'navigate' }), ORIGIN)).toBe('page');
    expect(requestKind(get('/article?id=3', { mode: 'navigate' }), ORIGIN)).toBe('page');
    expect(requestKind(get('/api/config'), ORIGIN)).toBe('api');
    expect(requestKind(get('/assets/index-D6uHZ-_L.js'), ORIGIN)).toBe('asset');
    expect(requestKind(get('/media/w/640/abc.webp', { destination: 'image' }), ORIGIN)).toBe('image');
  });

  it('leaves everything private or live to the network, whatever follows the prefix and however it is asked', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRIVATE), fc.array(segment, { maxLength: 3 }), fc.constantFrom('navigate', 'cors', 'no-cors'), (prefix, rest, mode) => {
        const path = [prefix.replace(/\/$/, ''), ...rest].join('/');
        expect(isPrivatePath(path)).toBe(true);
        expect(requestKind(get(path, { mode }), ORIGIN)).toBe('network');
      }),
    );
  });

  it('never answers a write, a byte range, another origin or an unhashed file', () => {
    fc.assert(
      fc.property(fc.constantFrom('/home', '/api/config', '/assets/index-D6uHZ-_L.js', '/media/a.png'), fc.constantFrom('POST', 'PUT', 'DELETE'), (path, method) => {
        expect(requestKind(get(path, { method }), ORIGIN)).toBe('network');
        expect(requestKind(get(path, { range: 'bytes=0-' }), ORIGIN)).toBe('network');
        expect(requestKind({ ...get(path), url: `https://cdn.example${path}` }, ORIGIN)).toBe('network');
      }),
    );
    expect(requestKind(get('/sw.js'), ORIGIN)).toBe('network');
    expect(requestKind(get('/assets/boot.js'), ORIGIN)).toBe('network');
  });

  it('keeps only successes that the server did not mark no-store, nor private for API reads', () => {
    expect(isStorable('page', 200, 'private, no-cache')).toBe(true);
    expect(isStorable('api', 200, 'private, no-cache')).toBe(false);
    expect(isStorable('api', 200, 'no-store')).toBe(false);
    expect(isStorable('api', 200, null)).toBe(true);
    fc.assert(fc.property(fc.constantFrom('page', 'api', 'asset', 'image' as const), fc.integer({ min: 100, max: 599 }).filter((s) => s !== 200), (kind, status) => {
      expect(isStorable(kind, status, null)).toBe(false);
    }));
  });

  it('recognises article pages by their address', () => {
    expect(articleIdOf(`${ORIGIN}/article?id=12`)).toBe(12);
    expect(articleIdOf(`${ORIGIN}/article?id=x`)).toBeNull();
    expect(articleIdOf(`${ORIGIN}/home`)).toBeNull();
  });
});

describe('the offline page', () => {
  it("takes an article's own title and lists the kept ones, escaped", () => {
    const html = '<head><title>雨 - 听雨小筑</title><meta property="og:title" content="雨 &amp; 伞" /></head>';
    expect(pageTitle(html)).toBe('雨 & 伞');
    expect(pageTitle('<title>只有标题</title>')).toBe('只有标题');
    expect(pageTitle('<p>none</p>')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (title) => {
        const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
        const page = offlinePageHtml([{ url: '/article?id=1', title }]);
        expect(page).toContain(`<li><a href="/article?id=1">${escaped}</a></li>`);
        expect(page).toContain(pwa.offline.heading);
      }),
    );
  });

  it('says when nothing has been kept yet', () => {
    expect(offlinePageHtml([])).toContain(pwa.offline.nothingSaved);
  });
});
