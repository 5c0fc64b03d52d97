import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { CLIENT_ROUTES } from '../../src/protocol/routes';
import type { AlbumDto, ArticlePageDto, CategoryDto, MessagePageDto, TagDto } from '../../src/protocol/content';
import type { Envelope } from '../../src/protocol/codes';
import { createUser, loginInBrowser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, followRequests, phoneMenuButton } from './support/harness';
import { consolePathsOf, openConsoleAt } from './support/consolePages';
import * as zhCN from '../../src/i18n/zh-CN';
import { adminQuery, backends, POSTGRES_URL } from '../server/support/databases';

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/**
 * Latin words allowed in the interface: brand and format names a Chinese reader sees as they are, the
 * spec's own "new" marker of an unread notice, key caps, and English named in itself by the language switch.
 */
const BRAND_WORDS = new Set([
  'RSS',
  'GitHub',
  'QQ',
  'Gitee',
  'CSDN',
  'Bilibili',
  'ICP',
  'Markdown',
  'zip',
  'CSV',
  'FLAC',
  'Ogg',
  'WAV',
  'lrc',
  'yrc',
  'React',
  'Vite',
  'Fastify',
  'XState',
  'SQLite',
  'new',
  'Enter',
  'Shift',
  'Ctrl',
  'Esc',
  'English',
]);

interface PageReport {
  consoleErrors: string[];
  failedRequests: string[];
}

/** Every console error and every request that failed or answered 4xx/5xx, for as long as the page lives. */
function watch(page: Page): PageReport {
  const report: PageReport = { consoleErrors: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') report.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => report.consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  page.on('requestfailed', (request) => {
    // A fetch the browser itself cancels when the reader moves on (a prefetch in flight) is not a failure.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') report.failedRequests.push(`${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) report.failedRequests.push(`${response.url()}: ${response.status()}`);
  });
  return report;
}

/** Latin words in the shell's text and in the names and hints of every control (content may be in any language). */
async function englishInTheInterface(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const chrome = ['header.site-header', 'footer.site-footer', '.mobile-drawer', '.notice']
      .flatMap((selector) => Array.from(document.querySelectorAll<HTMLElement>(selector)))
      .map((element) => element.innerText);
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')).flatMap(
      (element) => ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [...chrome, ...attributes];
  });
  return latinWords(texts);
}

/**
 * The same for a console page, whose controls name what they act on (「编辑 MDN Web Docs」): its frame's
 * words, headings and hints are checked, not the names of the site's content.
 */
async function englishInTheConsole(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // A label's own words, not the names of the themes its select offers (those are the themes' names).
    const chrome = ['.console-bar', '.console-nav', 'main h1', 'main h2', 'main label', 'main th']
      .flatMap((selector) => Array.from(document.querySelectorAll<HTMLElement>(selector)))
      .map((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('select').forEach((select) => select.remove());
        return copy.textContent ?? '';
      });
    const hints = Array.from(document.querySelectorAll('[placeholder]')).map((element) => element.getAttribute('placeholder') ?? '');
    return [...chrome, ...hints];
  });
  return latinWords(texts);
}

function latinWords(texts: string[]): string[] {
  // An address shown as an example (https://…) and a tag in an example of allowed markup are not English text.
  return texts
    .flatMap((text) => text.replace(/https?:\/\/\S*/g, '').replace(/<[^>]*>/g, '').match(/[A-Za-z]{3,}/g) ?? [])
    .filter((word) => !BRAND_WORDS.has(word));
}

/** Paths answered 404 on purpose (the page says so): an unknown path, and the console for anyone but an administrator. */
function expectedNotFound(line: string, who: string): boolean {
  return line.includes('/no/such/page') || (who !== 'administrator' && line.includes('/admin'));
}

describeInBrowser('every page, as a visitor, a user and the administrator, on a desktop and a phone', () => {
  let site: AccountsSite;
  const paths: string[] = [];
  const consolePaths: string[] = [];

  beforeAll(async () => {
    site = await startAccountsSite();
    const api = async <T>(pathname: string, init?: RequestInit) =>
      ((await (await fetch(site.baseUrl + pathname, init)).json()) as Envelope<T>).result!;
    const post = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: '{"current":1,"size":5}',
    };
    const article = (await api<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/1')).list[0]!;
    const album = (await api<AlbumDto[]>('/api/photoAlbum/getAll'))[0]!;
    const tag = (await api<TagDto[]>('/api/tag/getAll'))[0]!;
    const category = (await api<CategoryDto[]>('/api/category/getAll'))[0]!;
    const message = (await api<MessagePageDto>('/api/message/getMessageList', post)).list[0];
    const withQuery: Record<string, string> = {
      '/article': `/article?id=${article.id}`,
      '/photos': `/photos?id=${album.id}`,
      '/articleList': `/articleList?tagId=${tag.id}`,
      '/message/detail': message ? `/message/detail?id=${message.id}` : '/message/detail',
    };
    consolePaths.push(...(await consolePathsOf(site.baseUrl)));
    paths.push(
      ...CLIENT_ROUTES.filter((route) => route !== '/').map((route) => withQuery[route] ?? route),
      `/articleList?categoryId=${category.id}`,
      '/home?page=2',
      '/no/such/page',
    );
  });
  afterAll(() => site?.close());

  it.each([
    { who: 'visitor', device: 'desktop', options: DESKTOP },
    { who: 'visitor', device: 'phone', options: PHONE },
    { who: 'user', device: 'desktop', options: DESKTOP },
    { who: 'administrator', device: 'phone', options: PHONE },
  ])(
    '$who on a $device: no console error, no failed request, no English in the interface',
    async ({ who, options }) => {
      const page = await site.newPage(options);
      if (who !== 'visitor') {
        const account = await createUser(site);
        if (who === 'administrator') {
          await site.db.db.updateTable('user_account').set({ role: 1 }).where('id', '=', account.id).execute();
        }
        await openAt(page, '/home');
        if (options === PHONE) {
          await phoneMenuButton(page).click();
          await page.getByRole('dialog').getByRole('button', { name: '登录' }).click();
          const dialog = page.getByRole('dialog', { name: '登录' });
          await dialog.getByLabel('用户账号').fill(account.username);
          await dialog.getByLabel('用户密码').fill(account.password);
          await dialog.getByLabel('用户密码').press('Enter');
          await page.locator('.notice', { hasText: '登录成功' }).waitFor();
        } else {
          await loginInBrowser(page, account.username, account.password);
        }
      }
      const report = watch(page);
      const requests = followRequests(page);
      const english: string[] = [];
      for (const path of [...paths, ...(who === 'administrator' ? consolePaths : ['/admin'])]) {
        const inConsole = path.startsWith('/admin') && who === 'administrator';
        if (inConsole) await openConsoleAt(page, path);
        else await openAt(page, path);
        // Every request answered before the next page: one still in flight would be cancelled, not checked.
        await requests.settled();
        const words = inConsole ? await englishInTheConsole(page) : await englishInTheInterface(page);
        english.push(...words.map((word) => `${path}: ${word}`));
      }
      expect(report.failedRequests.filter((line) => !(line.endsWith(': 404') && expectedNotFound(line, who)))).toEqual([]);
      expect(
        report.consoleErrors.filter((line) => !(line.includes('Failed to load resource') && expectedNotFound(line, who))),
      ).toEqual([]);
      if (who !== 'administrator') {
        await openAt(page, '/admin');
        await page.getByRole('heading', { name: zhCN.notFound.message }).waitFor();
      }
      expect([...new Set(english)]).toEqual([]);
    },
    // The administrator walks the console's pages too.
    180_000,
  );
});

const postgresSkip = (await backends()).find((backend) => backend.name === 'PostgreSQL')?.skipReason;

describeInBrowser('every page of a blog started without the demo content, as a visitor and as the administrator', () => {
  // Each database once, each role once: the walk costs half a minute, and what differs between the two
  // databases is the server's, not the pages'.
  describe.each([
    { database: 'SQLite', who: 'visitor', skip: undefined },
    { database: 'PostgreSQL', who: 'administrator', skip: postgresSkip },
  ] as const)('on $database, as the $who', ({ database, who, skip }) => {
    let site: AccountsSite;
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    beforeAll(async () => {
      if (skip) return;
      const env: Record<string, string> = { SEED_DEMO: 'false' };
      if (database === 'PostgreSQL') {
        await adminQuery(`create schema ${schema}`);
        env.DATABASE_URL = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
      }
      site = await startAccountsSite(env);
    });
    afterAll(async () => {
      await site?.close();
      if (database === 'PostgreSQL' && !skip) await adminQuery(`drop schema if exists ${schema} cascade`);
    });

    it.skipIf(skip !== undefined)('the empty pages say what to do, with no error anywhere', async () => {
      const page = await site.newPage(DESKTOP);
      if (who === 'administrator') {
        const account = await createUser(site);
        await site.db.db.updateTable('user_account').set({ role: 1 }).where('id', '=', account.id).execute();
        await openAt(page, '/home');
        await loginInBrowser(page, account.username, account.password);
      }
      const report = watch(page);
      const requests = followRequests(page);
      for (const path of CLIENT_ROUTES.filter((route) => route !== '/')) {
        await openAt(page, path);
        await requests.settled();
      }
      expect(report.failedRequests).toEqual([]);
      expect(report.consoleErrors).toEqual([]);
      // No error toast on the way: the only notices are the welcome and the music hint of the first visit.
      expect(await page.locator('.notice', { hasText: /失败|错误|不存在/ }).count()).toBe(0);

      for (const path of ['/home', '/archives']) {
        await openAt(page, path);
        const empty = page.locator('.empty-state', { hasText: '还没有文章' });
        await empty.waitFor();
        if (who === 'administrator') await expect(empty.locator('code').innerText()).resolves.toBe('npm run import -- <文章目录>');
        else await expect(empty.innerText()).resolves.toContain('过些日子再来看看吧');
      }
    });
  });
});
