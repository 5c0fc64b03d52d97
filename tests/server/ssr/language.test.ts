import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createServer, type CreatedServer } from '../../../server/main';
import { SSR_FOLDER } from '../../../server/adapters/ssr/pageRenderer';
import * as en from '../../../src/i18n/en';
import * as zhCN from '../../../src/i18n/zh-CN';
import { temporaryFolder } from '../support/siteServer';

/** The built page as Vite and the boot plugin leave it. */
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>听雨小筑</title>' +
  '<script defer src="/assets/boot-b.js" data-entry="/assets/index-i.js" data-preload=""></script>' +
  '</head><body><div id="root"></div></body></html>';

const MANIFEST = {
  'index.html': { file: 'assets/index-i.js', isEntry: true },
  'src/ui/pages/HomePage.tsx': { file: 'assets/HomePage-h.js', isDynamicEntry: true },
  'src/i18n/english/reader.ts': { file: 'assets/reader-r.js', isDynamicEntry: true, imports: ['_install-s.js'] },
  '_install-s.js': { file: 'assets/install-s.js' },
};

/**
 * A renderer built like src/entry-server.tsx: its catalogue areas come from the localiser the server installed
 * before loading it, one part of an area is kept when the module loads (as views keep `zhCN.account.center`), and
 * each render waits for its data, so renders in both languages overlap.
 */
const RENDERER = `
const localiser = globalThis[Symbol.for('tingyu.localiser')];
const nav = localiser.area('nav', ${JSON.stringify({ home: zhCN.nav.home })});
const center = localiser.area('account', ${JSON.stringify({ center: { title: zhCN.account.center.title } })}).center;
export async function renderPage({ seed }) {
  const before = localiser.language();
  await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 20));
  const html = '<p id="words" data-before="' + before + '" data-after="' + localiser.language() + '">' + nav.home + '|' + center.title + '</p>';
  return { html, seed: { ...seed, loads: {} }, pageSource: 'src/ui/pages/HomePage.tsx' };
}
`;

function writeClient(): string {
  const dir = temporaryFolder('blog-language-client-');
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(dir, SSR_FOLDER));
  fs.writeFileSync(path.join(dir, SSR_FOLDER, 'entry-server.js'), RENDERER);
  return dir;
}

const ENGLISH_WORDS = `${en.nav.home}|${en.account.center.title}`;
const CHINESE_WORDS = `${zhCN.nav.home}|${zhCN.account.center.title}`;

describe('the language a page is rendered in', () => {
  let server: CreatedServer;
  let dataDir: string;
  let clientDir: string;

  beforeAll(async () => {
    dataDir = temporaryFolder('blog-language-data-');
    clientDir = writeClient();
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', OFFLINE: 'off' }, dataDir);
    server = await createServer(
      { ...config, clientDir, siteUrl: 'https://blog.example' },
      { announce: () => undefined },
    );
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it.each([
    ['the language cookie', { cookie: 'lang=en' }],
    ['a browser preferring English', { 'accept-language': 'en-US,en;q=0.9' }],
    ['?lang=en over a Chinese cookie', { cookie: 'lang=zh-CN' }, '?lang=en'],
  ])(
    'is English for %s: lang, og:locale, alternates, the English catalogue before the app',
    async (_, headers, query = '') => {
      const response = await page(`/home${query}`, headers);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toMatch(/^<!doctype html><html lang="en"[ >]/);
      expect(html).toContain('<meta property="og:locale" content="en_US">');
      expect(html).toContain('<meta property="og:locale:alternate" content="zh_CN">');
      expect(html).toContain('<link rel="alternate" hreflang="zh-CN" href="https://blog.example/home?lang=zh-CN">');
      expect(html).toContain('<link rel="alternate" hreflang="en" href="https://blog.example/home?lang=en">');
      expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://blog.example/home">');
      // The catalogue's chunk and what it imports, as module scripts before the boot script (document order).
      const reader = html.indexOf('<script type="module" crossorigin src="/assets/reader-r.js"></script>');
      const install = html.indexOf('<script type="module" crossorigin src="/assets/install-s.js"></script>');
      expect(reader).toBeGreaterThan(0);
      expect(install).toBeGreaterThan(0);
      expect(Math.max(reader, install)).toBeLessThan(html.indexOf('<script defer src="/assets/boot-b.js"'));
      expect(html).toContain(`>${ENGLISH_WORDS}</p>`);
    },
  );

  it.each([
    ['a browser preferring Chinese', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }],
    ['no Accept-Language', {}],
    ['the Chinese cookie over an English browser', { cookie: 'lang=zh-CN', 'accept-language': 'en' }],
    ['an unknown cookie value', { cookie: 'lang=fr' }],
  ])('is Chinese for %s, with no English script', async (_, headers) => {
    const html = (await page('/home', headers)).body;
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN"[ >]/);
    expect(html).toContain('<meta property="og:locale" content="zh_CN">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://blog.example/home?lang=en">');
    expect(html).not.toContain('reader-r.js');
    expect(html).toContain(`>${CHINESE_WORDS}</p>`);
  });

  it('keeps the rest of the query in the alternates', async () => {
    const html = (await page('/article?id=3&lang=en')).body;
    expect(html).toContain(
      '<link rel="alternate" hreflang="zh-CN" href="https://blog.example/article?id=3&amp;lang=zh-CN">',
    );
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://blog.example/article?id=3">');
  });

  it('says pages vary by cookie and Accept-Language', async () => {
    const vary = String((await page('/home')).headers.vary).split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
  });

  it('renders requests in both languages at once, each in its own, parts kept at load included', async () => {
    const languages = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? 'zh-CN' : 'en'));
    const pages = await Promise.all(languages.map((lang) => page('/home', { cookie: `lang=${lang}` })));
    pages.forEach((response, i) => {
      const english = languages[i] === 'en';
      const language = english ? 'en' : 'zh-CN';
      expect(response.body).toContain(`<p id="words" data-before="${language}" data-after="${language}">`);
      expect(response.body).toContain(`>${english ? ENGLISH_WORDS : CHINESE_WORDS}</p>`);
    });
  });

  it('leaves the API in Chinese whatever the language', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/no-such-call',
      headers: { cookie: 'lang=en' },
    });
    expect(response.json()).toMatchObject({ message: zhCN.server.notFound });
  });
});
