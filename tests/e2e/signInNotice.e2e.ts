import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { administratorPage, createUser, loginInBrowser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForHydration } from './support/harness';

const text = zhCN.signIn;
const articles = zhCN.consoleArticles;
const MARKER = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** Calls the site's API from inside the page (its cookies), answering the envelope. */
function call<T>(page: Page, url: string, method = 'GET', body?: unknown): Promise<{ code: number; result: T }> {
  return page.evaluate(
    async ({ url, method, body, headers }) => {
      const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return (await response.json()) as { code: number; result: T };
    },
    { url, method, body, headers: MARKER },
  );
}

describeInBrowser('new sign-ins and re-authentication (issue 51)', () => {
  let site: AccountsSite;

  beforeAll(async () => {
    site = await startAccountsSite();
  });
  afterAll(() => site?.close());

  it('asks the password again before emptying the bin when the proof is old, then empties it', async () => {
    const admin = await administratorPage(site);
    await admin.goto('/admin/articles?tab=trash');
    await waitForHydration(admin);
    const article = await site.db.db.selectFrom('article').select('id').executeTakeFirstOrThrow();
    expect((await call(admin, `/api/admin/articles/${article.id}/trash`, 'POST', {})).code).toBe(0);
    // Eleven minutes since the sign-in proved the password.
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await site.db.db.updateTable('user_session').set({ proved_at: old }).execute();

    await admin.reload();
    await waitForHydration(admin);
    const empty = admin.getByRole('button', { name: articles.actions.emptyBin });
    await expect.poll(() => empty.isEnabled()).toBe(true);
    await empty.click();
    await admin.getByRole('alertdialog').getByRole('button', { name: articles.confirm.emptyBinAction }).click();

    const reauth = admin.getByRole('dialog', { name: text.reauth.title });
    await reauth.waitFor();
    await reauth.getByLabel(text.reauth.password).fill('wrong-pass-1');
    await reauth.getByRole('button', { name: text.reauth.submit }).click();
    await reauth.getByText(text.server.wrongPassword).waitFor();
    await reauth.getByLabel(text.reauth.password).fill('admin#e2e2026');
    await reauth.getByRole('button', { name: text.reauth.submit }).click();
    await reauth.waitFor({ state: 'detached' });
    // The refused call went again by itself: the bin is empty.
    await admin.getByText(articles.emptyBin).waitFor();
    const left = await site.db.db.selectFrom('article').select('id').where('id', '=', article.id).executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('tells a sign-in from a new browser; its 「不是我」 link ends that session and sets a new password', async () => {
    const user = await createUser(site);
    const owner = await site.newPage();
    await openAt(owner, '/home');
    await loginInBrowser(owner, user.username, user.password);
    const intruder = await site.newPage();
    await openAt(intruder, '/home');
    await loginInBrowser(intruder, user.username, user.password);

    const notices = await call<{ list: { message: string }[] }>(owner, '/api/notify/getNotifyList', 'POST', { current: 1, size: 10 });
    const notice = notices.result.list.find((item) => item.message.includes('notMe='));
    expect(notice).toBeDefined();
    const link = /href="([^"]+)"/.exec(notice!.message)![1]!.replace(/&amp;/g, '&');

    // Read in an email, say: a browser signed in to nothing.
    const reader = await site.newPage();
    await openAt(reader, link);
    await waitForHydration(reader);
    await reader.getByRole('heading', { name: text.notMe.title }).waitFor();
    // Opening the page ended nothing.
    expect((await call(intruder, '/api/user/current')).result).not.toBeNull();
    await reader.getByRole('button', { name: text.notMe.confirm }).click();
    await reader.getByText(text.notMe.ended).waitFor();
    expect((await call(intruder, '/api/user/current')).result).toBeNull();
    expect((await call(owner, '/api/user/current')).result).not.toBeNull();

    await reader.getByLabel(text.notMe.newPassword, { exact: true }).fill('fresh-pass-9');
    await reader.getByLabel(text.notMe.confirmPassword).fill('fresh-pass-9');
    await reader.getByRole('button', { name: text.notMe.save }).click();
    await reader.getByText(text.notMe.done).waitFor();
    expect((await call(owner, '/api/user/current')).result).toBeNull();

    // The link worked once.
    const again = await call(reader, '/api/user/notMe', 'POST', { token: new URL(link, site.baseUrl).searchParams.get('notMe') });
    expect(again.code).not.toBe(0);
    const login = await call<{ id: number }>(reader, '/api/user/login', 'POST', { username: user.username, password: 'fresh-pass-9' });
    expect(login.result.id).toBe(user.id);
  });
});
