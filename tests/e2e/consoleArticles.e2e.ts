import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as zhCN from '../../src/i18n/zh-CN';
import type { ArticleRevisionDto, ArticleRevisionSummaryDto, ConsoleArticleDto } from '../../src/protocol/console/articles';
import type { ArticlePageDto } from '../../src/protocol/content';
import type { Envelope } from '../../src/protocol/codes';
import { startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser } from './support/harness';

const text = zhCN.consoleArticles;
const TITLE = '青石板上的雨声';
/** A phrase only the new article holds: the visitor's search finds it by this. */
const PHRASE = '檐下听雨的第三个傍晚';

describeInBrowser("the console's articles", () => {
  let site: AccountsSite;
  let token: string;
  /** The administrator's tab: it writes, then schedules. */
  let desk: Page;

  async function call<T>(method: string, path: string, body?: object): Promise<{ envelope: Envelope<T>; cookie: string }> {
    const response = await fetch(`${site.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(token ? { cookie: `blog_session=${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const cookie = /blog_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? token;
    return { envelope: (await response.json()) as Envelope<T>, cookie };
  }
  const result = async <T>(method: string, path: string, body?: object) => (await call<T>(method, path, body)).envelope.result as T;
  const publicTitles = async () => (await result<ArticlePageDto>('GET', '/api/article/blogHomeGetArticleList/1/50')).list.map((a) => a.article_title);

  const editorBody = (page: Page) => page.locator('#console-article-body .cm-content');
  const saveState = (page: Page) => page.locator('.save-indicator');

  /** Pastes a PNG into the Markdown body, as a screenshot tool's Ctrl+V would. */
  async function pastePicture(page: Page, name: string) {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7c9b' } }).png().toBuffer();
    await editorBody(page).evaluate(
      (element, { bytes, fileName }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      { bytes: [...png], fileName: name },
    );
  }

  beforeAll(async () => {
    // Scheduled articles are looked for five times a second, so one goes out moments after its time.
    site = await startAccountsSite({ SCHEDULE_POLL_MS: '200' });
    token = '';
    const first = await call('POST', '/api/user/login', { username: 'admin', password: site.adminPassword });
    token = first.cookie;
    await call('PUT', '/api/user/updatePassword', { old_password: site.adminPassword, new_password: 'admin#own2026' });
    token = (await call('POST', '/api/user/login', { username: 'admin', password: 'admin#own2026' })).cookie;
    const context = await site.newContext();
    await context.addCookies([{ name: 'blog_session', value: token, url: site.baseUrl }]);
    desk = await context.newPage();
  });
  afterAll(() => site?.close());

  it('the administrator writes an article with a pasted picture and publishes it; a visitor reads it on /home and finds it by search', async () => {
    await desk.goto('/admin/articles');
    await desk.getByRole('link', { name: text.write }).click();
    await desk.getByPlaceholder(text.editor.titlePlaceholder).fill(TITLE);
    await editorBody(desk).click();
    await desk.keyboard.type(`${PHRASE}，青石板被雨洗得发亮。`);
    // The first save creates the article; the address follows it.
    await desk.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(/(\d+)$/.exec(desk.url())![1]);
    const typed = await editorBody(desk).innerText();

    // A refused upload leaves the text as it was and says why.
    await desk.route('**/api/upload/img', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, result: null, message: '图片格式不支持' }) }),
      { times: 1 },
    );
    await pastePicture(desk, '坏图.png');
    await desk.getByText(text.upload.failed('图片格式不支持')).waitFor();
    expect(await editorBody(desk).innerText()).toBe(typed);

    // A picture on its way shows its progress bar; once there, its Markdown link is in the body.
    let arrive: () => void = () => {};
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await desk.route('**/api/upload/img', async (route) => {
      await held;
      await route.continue();
    }, { times: 1 });
    await pastePicture(desk, '雨.png');
    await desk.getByRole('progressbar', { name: '雨.png' }).waitFor();
    arrive();
    await desk.getByRole('progressbar').waitFor({ state: 'detached' });
    // The editor shows a long address folded; the saved text has it whole.
    await expect.poll(() => editorBody(desk).innerText()).toContain('![](');

    await desk.getByRole('button', { name: text.editor.publish, exact: true }).click();
    await desk.locator('.article-editor__head .article-status').filter({ hasText: text.tabs.published }).waitFor();
    const stored = await result<ConsoleArticleDto>('GET', `/api/admin/articles/${id}`);
    expect(stored.status).toBe('published');
    expect(stored.content).toMatch(new RegExp(`^${PHRASE}.*!\\[\\]\\(/media/[^)]+\\.webp\\)`, 's'));

    const visitor = await site.newPage();
    await visitor.goto('/home');
    await visitor.locator('.article-card__title').filter({ hasText: TITLE }).waitFor();
    await visitor.locator('header.site-header').getByRole('button', { name: zhCN.nav.search }).click();
    const search = visitor.getByRole('dialog', { name: zhCN.search.title });
    await search.getByPlaceholder(zhCN.search.placeholder).fill(PHRASE);
    await search.locator('.search-result__title').filter({ hasText: TITLE }).click();
    // The article as readers get it, the pasted picture in its body.
    await visitor.waitForURL(new RegExp(`/article\\?id=${id}$`));
    await visitor.locator('.article-body img[src^="/media/"]').first().waitFor();
    await visitor.context().close();
  });

  it('two tabs edit one article: the later save shows both texts and keeps the one chosen, the other stays a revision', async () => {
    const created = await result<ConsoleArticleDto>('POST', '/api/admin/articles', {
      title: '两个标签页',
      content: '第一段。',
      summary: '',
      cover: '',
      category: null,
      tags: [],
      pinned: false,
    });
    const context = desk.context();
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const tab of [first, second]) {
      await tab.goto(`/admin/articles/${created.id}`);
      await saveState(tab).filter({ hasText: /已保存/ }).waitFor();
    }

    const write = async (tab: Page, sentence: string) => {
      await editorBody(tab).click();
      await tab.keyboard.press('Control+End');
      await tab.keyboard.type(sentence);
      await tab.getByRole('button', { name: text.editor.saveDraft }).click();
    };
    await write(first, '甲写的第二段。');
    await saveState(first).filter({ hasText: /已保存 ·/ }).waitFor();
    await write(second, '乙写的另一段。');

    const dialog = second.getByRole('dialog', { name: text.conflict.title });
    const side = (label: RegExp): Locator => dialog.getByRole('region', { name: label });
    await expect(side(/我的版本/).innerText()).resolves.toContain('乙写的另一段。');
    await expect(side(/服务器上的版本/).innerText()).resolves.toContain('甲写的第二段。');
    await expect(saveState(second).innerText()).resolves.toContain(text.save.conflict);

    await dialog.getByRole('button', { name: text.conflict.keepMine }).click();
    await saveState(second).filter({ hasText: /已保存 ·/ }).waitFor();
    const kept = await result<ConsoleArticleDto>('GET', `/api/admin/articles/${created.id}`);
    expect(kept.content).toContain('乙写的另一段。');
    expect(kept.content).not.toContain('甲写的第二段。');
    // Nothing was overwritten silently: the other tab's text is a revision.
    const revisions = await result<ArticleRevisionSummaryDto[]>('GET', `/api/admin/articles/${created.id}/revisions`);
    const texts = await Promise.all(
      revisions.map(async (r) => (await result<ArticleRevisionDto>('GET', `/api/admin/articles/${created.id}/revisions/${r.version}`)).content),
    );
    expect(texts.some((content) => content.includes('甲写的第二段。'))).toBe(true);
    await first.close();
    await second.close();
  });

  it('an article scheduled a few seconds ahead is not public before its time and appears on /home after it', async () => {
    const title = '定时发出的短文';
    await desk.getByRole('link', { name: text.editor.back }).click();
    await desk.getByRole('link', { name: text.write }).click();
    await desk.getByPlaceholder(text.editor.titlePlaceholder).fill(title);
    await editorBody(desk).click();
    await desk.keyboard.type('到点自己出来。');
    await desk.waitForURL(/\/admin\/articles\/\d+$/);

    await desk.getByRole('button', { name: text.editor.schedule }).click();
    const dialog = desk.getByRole('dialog', { name: text.editor.scheduleTitle });
    const at = new Date(Date.now() + 6000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    await dialog.getByLabel(text.editor.scheduleAt).fill(local);
    await dialog.getByRole('button', { name: text.editor.scheduleConfirm }).click();
    await desk.locator('.article-editor__head .article-status').filter({ hasText: text.tabs.scheduled }).waitFor();
    expect(Date.now()).toBeLessThan(at.getTime());
    expect(await publicTitles()).not.toContain(title);

    await expect.poll(publicTitles, { timeout: 20_000 }).toContain(title);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    const visitor = await site.newPage();
    await visitor.goto('/home');
    await visitor.locator('.article-card__title').filter({ hasText: title }).waitFor();
    await visitor.context().close();
  });
});
