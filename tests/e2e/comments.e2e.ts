import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as zhCN from '../../src/i18n/zh-CN';
import type { CommentPageDto } from '../../src/protocol/comments';
import type { ArticlePageDto } from '../../src/protocol/content';
import { createUser, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser } from './support/harness';

const text = zhCN.comments;
const review = zhCN.consoleComments;

/** Calls the site API as whoever `token` signs in (none: a visitor); answers the session token it got, if any. */
async function call(site: AccountsSite, method: string, path: string, body?: object, token = '') {
  const response = await fetch(`${site.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(token ? { cookie: `blog_session=${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; result: unknown };
  return { json, token: /blog_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? token };
}

describeInBrowser('comments in the browser (issue 22)', () => {
  let site: AccountsSite;
  let articleId: number;
  let adminToken: string;
  const tokens: Record<'alice' | 'bob', string> = { alice: '', bob: '' };
  const names = { alice: '爱丽丝', bob: '小波' };

  /**
   * A person's own browser: their session (if any) and their own address, as the proxy in front of the
   * site says (TRUST_PROXY): the per-address limit of 5 comments a minute counts each person apart.
   */
  async function browserOf(address: string, token = ''): Promise<BrowserContext> {
    const context = await site.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
    if (token) await context.addCookies([{ name: 'blog_session', value: token, url: site.baseUrl }]);
    return context;
  }

  const section = (page: Page) => page.locator('section#comments');
  /** Opens the article and waits for its comments to be live (server-rendered, they are static until then). */
  const openArticle = async (page: Page) => {
    await page.goto(`/article?id=${articleId}`);
    await page.locator('section#comments[data-live="true"]').waitFor();
  };
  const comment = (page: Page, id: number) => page.locator(`#comment-${id}`);
  /** The id of the newest comment of the page whose text includes `words`. */
  const idOf = async (page: Page, words: string) =>
    Number((await section(page).locator('.comment', { hasText: words }).first().getAttribute('id'))?.replace('comment-', ''));

  beforeAll(async () => {
    site = await startAccountsSite({ TRUST_PROXY: '127.0.0.1' });
    const first = await call(site, 'POST', '/api/user/login', { username: 'admin', password: site.adminPassword });
    await call(site, 'PUT', '/api/user/updatePassword', { old_password: site.adminPassword, new_password: 'admin#own2026' }, first.token);
    adminToken = (await call(site, 'POST', '/api/user/login', { username: 'admin', password: 'admin#own2026' })).token;
    for (const who of ['alice', 'bob'] as const) {
      const user = await createUser(site, undefined, 'abc123456', names[who]);
      tokens[who] = (await call(site, 'POST', '/api/user/login', { username: user.username, password: user.password })).token;
    }
    const home = (await call(site, 'GET', '/api/article/blogHomeGetArticleList/1/5')).json.result as ArticlePageDto;
    articleId = home.list[0]!.id;
  });
  afterAll(() => site?.close());

  it('two users discuss under an article: comment, reply, @, like, delete; the first is told and lands on the highlighted reply', async () => {
    const aliceBrowser = await browserOf('10.0.0.1', tokens.alice);
    const bobBrowser = await browserOf('10.0.0.2', tokens.bob);
    const alice = await aliceBrowser.newPage();
    const bob = await bobBrowser.newPage();
    const errors: string[] = [];
    for (const page of [alice, bob]) {
      page.on('pageerror', (error) => errors.push(error.message));
      // The server-rendered comments hydrate as they are (src/main.tsx reports a mismatch as `hydration`).
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('hydration')) errors.push(message.text());
      });
    }

    // Alice writes the first comment, with Markdown and an emoji from the picker; it shows at once.
    await openArticle(alice);
    const box = section(alice).getByRole('textbox', { name: text.boxLabel });
    await box.fill('**状态机**这一段讲得真清楚');
    await section(alice).getByText(text.counter(15, 1000)).waitFor();
    await section(alice).getByRole('button', { name: text.emoji }).click();
    await alice.getByRole('button', { name: '👍', exact: true }).click();
    // An emoji is one character, as the server counts.
    await section(alice).getByText(text.counter(16, 1000)).waitFor();
    await expect(box.inputValue()).resolves.toBe('**状态机**这一段讲得真清楚👍');
    await section(alice).getByRole('button', { name: text.submit }).click();
    const first = section(alice).locator('.comment').first();
    await first.locator('strong', { hasText: '状态机' }).waitFor();
    await expect.poll(() => first.getAttribute('id')).toMatch(/^comment-\d+$/);
    const aliceComment = await idOf(alice, '这一段讲得真清楚');
    await section(alice).getByText(text.count(1)).waitFor();

    // The first page of comments arrives server-rendered with the article: a crawler reads it.
    const html = await (await fetch(`${site.baseUrl}/article?id=${articleId}`)).text();
    expect(html).toContain('这一段讲得真清楚👍');

    // Bob reads it, likes it, answers it, and writes a comment whose <script> must stay text.
    await openArticle(bob);
    const liked = comment(bob, aliceComment).getByRole('button', { name: new RegExp(text.like) });
    await liked.click();
    await expect.poll(() => liked.getAttribute('aria-pressed')).toBe('true');
    await expect(liked.innerText()).resolves.toBe('1');
    await comment(bob, aliceComment).getByRole('button', { name: text.reply }).click();
    const replyBox = section(bob).getByRole('form', { name: text.replyTo(names.alice) });
    await replyBox.getByRole('textbox').fill('同意，尤其是守卫那部分');
    await replyBox.getByRole('button', { name: text.replySubmit, exact: true }).click();
    await replyBox.waitFor({ state: 'detached' });
    await expect.poll(() => idOf(bob, '尤其是守卫那部分')).toBeGreaterThan(aliceComment);
    const bobReply = await idOf(bob, '尤其是守卫那部分');
    await section(bob).getByRole('textbox', { name: text.boxLabel }).fill('<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">');
    await section(bob).getByRole('button', { name: text.submit }).click();
    await expect.poll(() => idOf(bob, '<script>')).toBeGreaterThan(bobReply);
    const scripted = comment(bob, await idOf(bob, '<script>'));
    await expect(scripted.locator('.comment__text').innerText()).resolves.toContain('<script>window.__pwned = 1</script>');
    await expect(scripted.locator('script, img').count()).resolves.toBe(0);
    await expect(bob.evaluate(() => (window as { __pwned?: number }).__pwned)).resolves.toBeUndefined();

    // Alice is told in 我的消息; the notice takes her to Bob's reply, scrolled to and highlighted.
    // The header (and its bell) slides away while reading down the page; back at the top it shows.
    await alice.evaluate(() => window.scrollTo(0, 0));
    await alice.getByRole('button', { name: /我的消息/ }).click();
    const drawer = alice.getByRole('dialog', { name: zhCN.notify.title });
    const notice = drawer.locator('.notify-item', { hasText: '回复了你' }).first();
    await notice.locator('.notify-item__body').click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(alice.url()).hash).toBe(`#comment-${bobReply}`);
    const landed = comment(alice, bobReply);
    await expect.poll(() => landed.getAttribute('data-highlight')).toBe('true');
    await expect
      .poll(() => landed.evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      }))
      .toBe(true);

    // Alice answers Bob's reply: hers quotes him (@小波) and sits in the same thread.
    await landed.getByRole('button', { name: text.reply }).click();
    const answerBox = section(alice).getByRole('form', { name: text.replyTo(names.bob) });
    await answerBox.getByRole('textbox').fill('谢谢！');
    await answerBox.getByRole('button', { name: text.replySubmit, exact: true }).click();
    const answer = section(alice).locator('.comment', { hasText: '谢谢！' });
    await answer.getByText(`${text.replyTo(names.bob)}：`).waitFor();
    await expect.poll(async () => Number((await answer.getAttribute('id'))?.replace('comment-', ''))).toBeGreaterThan(bobReply);

    // Alice deletes her first comment: its replies keep it in place as 该评论已删除.
    await comment(alice, aliceComment).getByRole('button', { name: text.delete }).first().click();
    await alice.getByRole('alertdialog', { name: text.confirmDeleteTitle }).getByRole('button', { name: text.confirm }).click();
    await comment(alice, aliceComment).getByText(text.deleted).waitFor();
    await expect(comment(alice, bobReply).isVisible()).resolves.toBe(true);
    const listed = (await call(site, 'GET', `/api/comment/list?type=article&id=${articleId}`)).json.result as CommentPageDto;
    expect(listed.list.find((thread) => thread.id === aliceComment)).toMatchObject({ deleted: true, replyCount: 2 });

    expect(errors).toEqual([]);
    await aliceBrowser.close();
    await bobBrowser.close();
  });

  it('a visitor may comment once the administrator allows it; the comment waits for review and shows once approved', async () => {
    const adminBrowser = await browserOf('10.0.0.9', adminToken);
    const admin = await adminBrowser.newPage();
    await admin.goto('/admin/comments');
    await admin.getByRole('switch', { name: review.settings.visitors }).click();
    await admin.getByRole('button', { name: review.settings.save }).click();
    await admin.getByText(review.settings.saved).waitFor();

    const visitorBrowser = await browserOf('10.0.0.3');
    const visitor = await visitorBrowser.newPage();
    await openArticle(visitor);
    await section(visitor).getByRole('textbox', { name: text.nickname }).fill('路过的猫');
    await section(visitor).getByRole('textbox', { name: text.boxLabel }).fill('游客也来说一句');
    await section(visitor).getByRole('button', { name: text.submit }).click();
    const mine = section(visitor).locator('.comment', { hasText: '游客也来说一句' });
    await mine.getByText(text.pending, { exact: true }).waitFor();
    await visitor.getByText(text.pendingPosted).waitFor();
    const before = (await call(site, 'GET', `/api/comment/list?type=article&id=${articleId}`)).json.result as CommentPageDto;
    expect(before.list.some((thread) => thread.content === '游客也来说一句')).toBe(false);

    // The administrator approves it from the queue (待审核, read again on choosing the tab).
    await admin.getByRole('tab', { name: new RegExp(review.tabs.pending) }).click();
    const row = admin.locator('.review-row', { hasText: '游客也来说一句' });
    await row.getByText('路过的猫').waitFor();
    await row.getByRole('button', { name: review.approve }).click();
    await admin.getByText(review.acted.approve(1)).waitFor();
    await row.waitFor({ state: 'detached' });

    await visitor.reload();
    await section(visitor).and(visitor.locator('[data-live="true"]')).waitFor();
    const shown = section(visitor).locator('.comment', { hasText: '游客也来说一句' });
    await shown.getByText('路过的猫').waitFor();
    await expect(shown.getByText(text.pending, { exact: true }).count()).resolves.toBe(0);
    await adminBrowser.close();
    await visitorBrowser.close();
  });
});
