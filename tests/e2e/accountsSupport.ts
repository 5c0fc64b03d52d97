import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDatabase, type DatabaseHandle } from '../../server/adapters/db/connect';
import { migrateToLatest } from '../../server/adapters/db/migrations';
import { ScryptPasswordHasher } from '../../server/adapters/crypto/scryptPasswordHasher';
import { loadConfig } from '../../server/config';
import { createServer, type CreatedServer } from '../../server/main';
import { launchBrowser, shareVariants, suiteContext, waitForPage, type SuiteContextOptions } from './support/harness';

/**
 * The real server for the account and notification journeys, with what they need beyond the shared
 * harness: the notification publisher (to make notices happen) and the database (to expire sessions).
 */
export interface AccountsSite {
  baseUrl: string;
  browser: Browser;
  server: CreatedServer;
  db: DatabaseHandle;
  /** The site's data folder (its media are under `media/`). */
  dataDir: string;
  /** The administrator's one-time password, as the first start announced it. */
  adminPassword: string;
  newContext(options?: SuiteContextOptions): Promise<BrowserContext>;
  newPage(options?: SuiteContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/** `clientDir`: a copy of the built client the test may change (a new release of the offline worker). */
export async function startAccountsSite(env: Record<string, string> = {}, clientDir = inject('e2eClientDir')): Promise<AccountsSite> {
  if (!clientDir) throw new Error('the end-to-end client was not built (see tests/e2e/support/globalSetup.ts)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-accounts-'));
  shareVariants(dataDir);
  // The journeys sign many users up from one address; the registration throttle has its own tests.
  // The offline worker is off unless asked (OFFLINE=on): it would hide the pages' requests from `page.route`.
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', REGISTER_LIMIT_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000', OFFLINE: 'off', ...env }, dataDir);
  // A cheaper scrypt keeps the journeys quick; the production cost is proven in the unit tests.
  const announced: string[] = [];
  const server = await createServer(
    { ...config, clientDir },
    { passwordHasher: new ScryptPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }), announce: (line) => announced.push(line) },
  );
  const adminPassword = /初始密码 (\S+)（/.exec(announced.join('\n'))?.[1] ?? '';
  const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const db = openDatabase({ dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db.db as Kysely<unknown>, db.dialect);
  const browser = await launchBrowser();

  const newContext = (options: SuiteContextOptions = {}) => suiteContext(browser, baseUrl, options);

  return {
    baseUrl,
    browser,
    server,
    db,
    dataDir,
    adminPassword,
    newContext,
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
    async close() {
      await browser.close().catch(() => undefined);
      await db.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function freshName(prefix = 'e2e'): string {
  counter += 1;
  // Padded: an unpadded clock suffix could leave a name under the 5-character minimum.
  return `${prefix}${String(Date.now() % 100000).padStart(5, '0')}${counter}`.slice(0, 16);
}

export async function openAt(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await waitForPage(page);
}

/** Logs in through the dialog. */
export async function loginInBrowser(page: Page, username: string, password = 'abc123456', remember = false) {
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await dialog.getByLabel('用户账号').fill(username);
  await dialog.getByLabel('用户密码').fill(password);
  if (remember) await dialog.getByRole('checkbox', { name: '记住我' }).click();
  await dialog.getByLabel('用户密码').press('Enter');
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
}

/** Creates a user straight through the API (for journeys that start signed in). */
export async function createUser(site: AccountsSite, username = freshName('u'), password = 'abc123456', nickName = username) {
  const response = await fetch(`${site.baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password, nick_name: nickName }),
  });
  const body = (await response.json()) as { code: number; result: { id: number } };
  if (body.code !== 0) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { id: body.result.id, username, password, nickName };
}

const JSON_MARKER = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/**
 * The administrator's session token, after replacing the one-time password with `password` (the console asks an
 * administrator still on the printed password to change it first). Call it once per site.
 */
export async function administratorSession(site: AccountsSite, password = 'admin#e2e2026'): Promise<string> {
  const login = async (attempt: string) => {
    const response = await fetch(`${site.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: JSON_MARKER,
      body: JSON.stringify({ username: 'admin', password: attempt }),
    });
    const token = /blog_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new Error(`administrator login failed: ${await response.text()}`);
    return token;
  };
  const first = await login(site.adminPassword);
  const changed = await fetch(`${site.baseUrl}/api/user/updatePassword`, {
    method: 'PUT',
    headers: { ...JSON_MARKER, cookie: `blog_session=${first}` },
    body: JSON.stringify({ old_password: site.adminPassword, new_password: password }),
  });
  const { code, message } = (await changed.json()) as { code: number; message: string };
  if (code !== 0) throw new Error(`the administrator's password was not changed: ${message}`);
  return login(password);
}

/** A page signed in as the administrator (see administratorSession). */
export async function administratorPage(site: AccountsSite): Promise<Page> {
  const context = await site.newContext();
  await context.addCookies([{ name: 'blog_session', value: await administratorSession(site), url: site.baseUrl }]);
  return context.newPage();
}
