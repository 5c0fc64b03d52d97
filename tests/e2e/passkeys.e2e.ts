import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { suiteContext, waitForPage, describeInBrowser } from './support/harness';
import { createUser, loginInBrowser, startAccountsSite, type AccountsSite } from './accountsSupport';

const words = zhCN.twoStep;

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain): one added in the
 * personal centre signs in alone from the login dialog. WebAuthn refuses an IP address as the relying party,
 * so the page is opened as http://localhost, not 127.0.0.1.
 */
describeInBrowser('passkeys in the browser', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await startAccountsSite();
  });
  afterAll(() => site?.close());

  /** A page on localhost whose browser holds a platform authenticator that verifies its user. */
  async function pageWithAuthenticator(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suiteContext(site.browser, site.baseUrl.replace('127.0.0.1', 'localhost'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    return { context, page };
  }

  it('adds a passkey in the personal centre, signs out, and signs in with the passkey alone', async () => {
    const user = await createUser(site);
    const { page } = await pageWithAuthenticator();
    await page.goto('/userCenter');
    await waitForPage(page);
    await loginInBrowser(page, user.username);

    const section = page.locator('section.passkeys');
    await section.getByText(words.passkeys.none).waitFor();
    await section.getByLabel(words.passkeys.name).fill('测试钥匙');
    await section.getByRole('button', { name: words.passkeys.add }).click();
    await page.locator('.notice', { hasText: words.passkeys.added }).waitFor();
    const list = section.getByRole('list', { name: words.passkeys.title });
    await list.getByText('测试钥匙').waitFor();
    await list.getByText(words.passkeys.neverUsed).waitFor();

    await page.getByRole('button', { name: zhCN.account.center.logout }).click();
    await page.locator('.notice', { hasText: zhCN.session.logoutSuccess }).waitFor();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('button', { name: words.login.passkey }).click();
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
    expect(await page.getByRole('dialog', { name: '登录' }).count()).toBe(0);

    // Signing out left the personal centre; back there, it says when the passkey was last used.
    await page.goto('/userCenter');
    await waitForPage(page);
    await page.locator('section.passkeys .passkeys__item .user-center__hint', { hasText: words.passkeys.lastUsed('') }).waitFor();
  });

  it('offers the passkey as the second step after the right password', async () => {
    const user = await createUser(site);
    const { page } = await pageWithAuthenticator();
    await page.goto('/userCenter');
    await waitForPage(page);
    await loginInBrowser(page, user.username);
    await page.locator('section.passkeys').getByRole('button', { name: words.passkeys.add }).click();
    await page.locator('.notice', { hasText: words.passkeys.added }).waitFor();
    await page.getByRole('button', { name: zhCN.account.center.logout }).click();
    await page.locator('.notice', { hasText: zhCN.session.logoutSuccess }).waitFor();

    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('用户账号').fill(user.username);
    await dialog.getByLabel('用户密码').fill(user.password);
    await dialog.getByLabel('用户密码').press('Enter');
    const second = page.getByRole('dialog', { name: words.login.title });
    await second.getByText(words.login.passkeyHint).waitFor();
    await second.getByRole('button', { name: words.login.passkeyStep }).click();
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
  });
});
