import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Envelope } from '../../src/protocol/codes';
import type { FriendLinkApplicationDto, MessageDto } from '../../src/protocol/content';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser } from './support/harness';
import { createUser, freshName, loginInBrowser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';

const m = zhCN.messages;
const center = zhCN.account.center;

describeInBrowser('replies, own posts and link review in the browser', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await startAccountsSite();
  });
  afterAll(() => site?.close());

  /** A signed-in API caller for setting a journey up (the browser keeps its own session). */
  async function apiAs(username: string, password = 'abc123456') {
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const login = await fetch(`${site.baseUrl}/api/user/login`, { method: 'POST', headers, body: JSON.stringify({ username, password }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('blog_session='));
    if (!cookie) throw new Error(`login failed for ${username}`);
    return async <T>(method: string, pathname: string, body?: unknown) => {
      const response = await fetch(site.baseUrl + pathname, {
        method,
        headers: { ...headers, cookie },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json()) as Envelope<T>;
      if (envelope.code !== 0) throw new Error(`${method} ${pathname}: ${envelope.message}`);
      return envelope.result as T;
    };
  }

  async function publish(username: string, contents: string[]) {
    const call = await apiAs(username);
    const ids: number[] = [];
    for (const content of contents) ids.push((await call<MessageDto>('POST', '/api/message/add', { content, color: '', bgImage: '' })).id);
    return ids;
  }

  const notice = (page: Page, text: string) => page.locator('.notice', { hasText: text });

  it('a second user replies to a post; its author is told in the drawer and can remove the reply', async () => {
    const author = await createUser(site, freshName('au'), 'abc123456', '雨夜作者');
    const replier = await createUser(site, freshName('re'), 'abc123456', '路过的读者');
    const [id] = await publish(author.username, ['窗外又下雨了，大家晚安。']);

    // Anonymous readers are asked to sign in first; the prompt opens the login dialog.
    const page = await site.newPage();
    await openAt(page, `/message/detail?id=${id}`);
    await page.getByText(m.noReplies).waitFor();
    await page.getByRole('button', { name: m.loginToReply }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('用户账号').fill(replier.username);
    await dialog.getByLabel('用户密码').fill(replier.password);
    await dialog.getByLabel('用户密码').press('Enter');
    await page.getByRole('button', { name: '用户菜单' }).waitFor();

    const form = page.locator('form.reply-form');
    await form.getByRole('button', { name: m.replySubmit }).click();
    expect(await form.locator('.form__error').innerText()).toBe(m.replyRequired);
    await form.getByLabel(m.replyLabel).fill('晚安，明天会放晴的。');
    // Watched for from before the click, as the deletion's toast below.
    const replied = notice(page, m.replied).waitFor();
    await form.getByRole('button', { name: m.replySubmit }).click();
    await replied;
    await page.locator('.reply', { hasText: '晚安，明天会放晴的。' }).waitFor();
    await expect.poll(() => page.locator('.message[data-layout="detail"]').innerText()).toContain(m.replyCount(1));
    expect(await form.getByLabel(m.replyLabel).inputValue()).toBe('');
    // The replier may remove their own reply, so the button is there; the board counts the reply.
    expect(await page.getByRole('button', { name: m.deleteReply }).count()).toBe(1);
    await page.getByRole('link', { name: m.backToBoard }).click();
    await page.waitForURL('**/message/list');
    await page.locator('.message', { hasText: '窗外又下雨了' }).getByRole('link', { name: m.replyCount(1) }).waitFor();

    // The author signs in elsewhere: the bell counts the reply's notice and the sign-in's own (the author's post
    // went out through the API, so this browser is a new one for the account); a click leads to the board.
    const authorPage = await site.newPage();
    await openAt(authorPage, '/home');
    await loginInBrowser(authorPage, author.username);
    await expect.poll(() => authorPage.getByTestId('notify-badge').textContent()).toBe('2');
    await authorPage.getByRole('button', { name: /我的消息/ }).click();
    const drawer = authorPage.getByRole('dialog', { name: zhCN.notify.title });
    const item = drawer.locator('.notify-item', { hasText: '晚安，明天会放晴的。' });
    expect(await item.locator('.notify-item__message').innerText()).toBe(
      zhCN.contentServer.notify.messageReplied('路过的读者', '窗外又下雨了，大家晚安。', '晚安，明天会放晴的。'),
    );
    await item.locator('.notify-item__body').click();
    await authorPage.waitForURL((url) => url.pathname === '/message/list');
    await drawer.waitFor({ state: 'detached' });

    // The post's author may delete a reader's reply under it.
    await openAt(authorPage, `/message/detail?id=${id}`);
    await authorPage.getByRole('button', { name: m.deleteReply }).click();
    // The toast stays one second: watched for from before the click, so a slow runner cannot miss it.
    const deleted = notice(authorPage, m.deleted).waitFor();
    await authorPage.getByRole('alertdialog').getByRole('button', { name: m.confirm }).click();
    await deleted;
    await authorPage.getByText(m.noReplies).waitFor();
    expect(await authorPage.locator('.reply').count()).toBe(0);
  });

  it('a third reader sees the thread but may delete nothing in it', async () => {
    const author = await createUser(site);
    const replier = await createUser(site);
    const reader = await createUser(site);
    const [id] = await publish(author.username, ['只看不删']);
    await (await apiAs(replier.username))('POST', `/api/message/reply/${id}`, { content: '第一条回复' });

    const page = await site.newPage();
    await openAt(page, `/message/detail?id=${id}`);
    await loginInBrowser(page, reader.username);
    await page.locator('.reply', { hasText: '第一条回复' }).waitFor();
    await page.locator('form.reply-form').waitFor();
    expect(await page.getByRole('button', { name: m.deleteReply }).count()).toBe(0);
  });

  it('the personal centre lists the user’s own posts, five a page, and offers a way to write the first one', async () => {
    const writer = await createUser(site);
    const other = await createUser(site);
    const contents = ['第一条', '第二条', '第三条', '第四条', '第五条', '第六条'].map((c) => `我的留言·${c}`);
    await publish(writer.username, contents);
    await publish(other.username, ['别人的留言']);

    const page = await site.newPage();
    await openAt(page, '/userCenter');
    await loginInBrowser(page, writer.username);
    const section = page.getByRole('region', { name: center.myPosts });
    const shown = () => section.locator('.message__content').allInnerTexts();
    await expect.poll(shown).toEqual(contents.slice(1).reverse());
    await section.getByRole('link', { name: zhCN.content.nextPage }).click();
    await expect.poll(shown).toEqual([contents[0]]);
    expect(await page.getByRole('heading', { name: center.linkReview }).count()).toBe(0);

    const newcomer = await createUser(site);
    const fresh = await site.newPage();
    await openAt(fresh, '/userCenter');
    await loginInBrowser(fresh, newcomer.username);
    await fresh.getByText(center.noPosts).waitFor();
    await fresh.getByRole('link', { name: center.writePost }).click();
    await fresh.waitForURL('**/message/publish');
  });

  it('the administrator approves one pending link and rejects another; only the approved one is listed', async () => {
    const admin = await createUser(site);
    await site.db.db.updateTable('user_account').set({ role: 1 }).where('id', '=', admin.id).execute();
    const applicant = await createUser(site);
    const apply = await apiAs(applicant.username);
    const good = await apply<FriendLinkApplicationDto>('POST', '/api/links/apply', {
      name: '晴天小站',
      description: '写写代码，看看云',
      url: 'https://sunny.example.com',
      avatar: '',
    });
    await apply('POST', '/api/links/apply', { name: '广告站', description: '', url: 'https://ads.example.com', avatar: '' });

    const page = await site.newPage();
    await openAt(page, '/userCenter');
    await loginInBrowser(page, admin.username);
    const review = page.getByRole('region', { name: center.linkReview });
    await review.getByText('晴天小站').waitFor();
    const approved = notice(page, center.linkApproved('晴天小站')).waitFor();
    await review.getByRole('button', { name: center.approveLink('晴天小站') }).click();
    await approved;
    await review.getByText('晴天小站').waitFor({ state: 'detached' });
    const rejected = notice(page, center.linkRejected('广告站')).waitFor();
    await review.getByRole('button', { name: center.rejectLink('广告站') }).click();
    await rejected;
    await review.getByText(center.noPendingLinks).waitFor();

    await openAt(page, '/link/list');
    const card = page.locator('.link-card', { hasText: '晴天小站' });
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe(good.url);
    expect(await page.locator('.link-card', { hasText: '广告站' }).count()).toBe(0);
  });
});
