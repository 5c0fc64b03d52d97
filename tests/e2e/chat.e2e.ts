import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { openDatabase, type DatabaseHandle } from '../../server/adapters/db/connect';
import { migrateToLatest } from '../../server/adapters/db/migrations';
import { ScryptPasswordHasher } from '../../server/adapters/crypto/scryptPasswordHasher';
import { loadConfig } from '../../server/config';
import { createServer, type CreatedServer } from '../../server/main';
import * as zhCN from '../../src/i18n/zh-CN';
import { launchBrowser, describeInBrowser, suiteContext, waitForPage } from './support/harness';
import { freshName, loginInBrowser } from './accountsSupport';

const text = zhCN.chat;

/** The real server on a fixed port and data folder, so it can be stopped and started again mid-test. */
interface ChatSite {
  baseUrl: string;
  browser: Browser;
  db: DatabaseHandle;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function startChatSite(): Promise<ChatSite> {
  const clientDir = inject('e2eClientDir');
  if (!clientDir) throw new Error('the end-to-end client was not built');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-chat-'));
  const config = loadConfig(
    // No offline worker, as in the other harnesses: the restart must meet the page's own reconnection alone.
    { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', REGISTER_LIMIT_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000', OFFLINE: 'off' },
    dataDir,
  );
  let server: CreatedServer | null = null;
  let port = 0;
  const start = async () => {
    server = await createServer(
      { ...config, clientDir },
      { passwordHasher: new ScryptPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }), announce: () => undefined },
    );
    const address = await server.app.listen({ port, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  };
  await start();
  const db = openDatabase({ dataDir });
  await migrateToLatest(db.db as Kysely<unknown>, db.dialect);
  const browser = await launchBrowser();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    db,
    start,
    async stop() {
      await server?.close();
      server = null;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await db.close();
      await server?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function register(site: ChatSite, nickName: string) {
  const username = freshName('c');
  const response = await fetch(`${site.baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: site.baseUrl },
    body: JSON.stringify({ username, password: 'abc123456', nick_name: nickName }),
  });
  const body = (await response.json()) as { code: number; result: { id: number } };
  if (body.code !== 0) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { id: body.result.id, username, nickName };
}

async function newPage(site: ChatSite, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await suiteContext(site.browser, site.baseUrl, { viewport });
  return context.newPage();
}

/** Opens /home (signed in as `username` when given) and the chat dialog; returns the dialog. */
async function openRoom(site: ChatSite, username?: string): Promise<{ page: Page; room: Locator }> {
  const page = await newPage(site);
  await page.goto('/home');
  await waitForPage(page);
  if (username) await loginInBrowser(page, username);
  await page.getByRole('button', { name: zhCN.chatButton.openRoom }).click();
  const room = page.getByRole('dialog', { name: text.title });
  await room.getByText(/在线人数 \d+ 人/).waitFor({ timeout: 15_000 });
  return { page, room };
}

const messages = (room: Locator, content: string) => room.locator('.chat-message__text', { hasText: content });

async function send(room: Locator, content: string) {
  await room.getByLabel(text.inputLabel).fill(content);
  await room.getByRole('button', { name: text.send, exact: true }).click();
}

describeInBrowser('chat room in the browser', () => {
  let site: ChatSite;
  beforeAll(async () => {
    site = await startChatSite();
  });
  afterAll(() => site?.close());

  it('two users chat, the visitor reads without an input, a revert disappears for everyone, text stays text', async () => {
    const alice = await register(site, '爱丽丝');
    const bob = await register(site, '鲍勃');
    const a = await openRoom(site, alice.username);
    const b = await openRoom(site, bob.username);
    const visitor = await openRoom(site);

    await expect.poll(() => visitor.room.getByLabel(text.inputLabel).count()).toBe(0);
    await visitor.room.getByText(text.visitorHint).waitFor();
    await visitor.room.getByText(text.emptyRoom).waitFor();

    await send(a.room, '你好，我是爱丽丝');
    for (const { room } of [a, b, visitor])
      await expect.poll(() => messages(room, '你好，我是爱丽丝').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => a.room.locator('.chat-message[data-pending="true"]').count()).toBe(0);
    await expect.poll(() => a.room.locator('.chat-message[data-own="true"]').count()).toBe(1);
    await expect.poll(() => b.room.locator('.chat-message[data-own="true"]').count()).toBe(0);

    await send(b.room, '<img src=x onerror="window.hacked=1"><b>粗体</b>');
    await expect.poll(() => messages(visitor.room, '<b>粗体</b>').count(), { timeout: 10_000 }).toBe(1);
    expect(await visitor.page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(await visitor.room.locator('.chat-message__bubble b').count()).toBe(0);

    await a.room.getByRole('button', { name: /^撤回：你好，我是爱丽丝/ }).click();
    await a.page.getByText(text.reverted).waitFor();
    for (const { room } of [a, b, visitor])
      await expect.poll(() => messages(room, '你好，我是爱丽丝').count(), { timeout: 10_000 }).toBe(0);
    // Bob may not revert Alice's messages: no control is offered.
    await send(a.room, '第二条');
    await expect.poll(() => messages(b.room, '第二条').count(), { timeout: 10_000 }).toBe(1);
    expect(await b.room.getByRole('button', { name: /^撤回：第二条/ }).count()).toBe(0);

  });

  it('the administrator kicks a user after confirmation and clears the room for everyone', async () => {
    const admin = await register(site, '站长');
    await site.db.db.updateTable('user_account').set({ role: 1 }).where('id', '=', admin.id).execute();
    const carol = await register(site, '卡罗尔');
    const c = await openRoom(site, carol.username);
    const visitor = await openRoom(site);
    const boss = await openRoom(site, admin.username);
    await send(c.room, '大家好');
    await expect.poll(() => messages(visitor.room, '大家好').count(), { timeout: 10_000 }).toBe(1);

    await boss.room.getByRole('button', { name: text.onlineList }).click();
    const list = boss.page.getByRole('dialog', { name: text.onlineList });
    await expect.poll(() => list.getByRole('button', { name: text.kickUser('站长') }).count()).toBe(0);
    await list.getByRole('button', { name: text.kickUser('卡罗尔') }).click();
    await boss.page
      .getByRole('alertdialog', { name: text.confirmKick('卡罗尔') })
      .getByRole('button', { name: text.confirm })
      .click();
    await c.room.getByText(text.kickedHint).waitFor({ timeout: 10_000 });
    expect(await c.room.getByLabel(text.inputLabel).count()).toBe(0);
    await boss.page.keyboard.press('Escape');

    await boss.room.getByRole('button', { name: text.clearRecords }).click();
    await boss.page
      .getByRole('alertdialog', { name: text.confirmClear })
      .getByRole('button', { name: text.confirm })
      .click();
    await boss.page.getByText(text.cleared).first().waitFor();
    for (const { room } of [boss, visitor]) await room.getByText(text.emptyRoom).waitFor({ timeout: 10_000 });
    expect(await messages(visitor.room, '大家好').count()).toBe(0);

  });

  // Its own waits add up to more than the default minute (two rooms of 15 s, a 30 s reconnection, a restart).
  it('after a server restart the client reconnects within the retry schedule and its pending message arrives once', async () => {
    const dave = await register(site, '戴夫');
    const d = await openRoom(site, dave.username);
    const visitor = await openRoom(site);
    await site.stop();
    await d.room
      .getByText(text.connecting)
      .or(d.room.getByText(text.disconnected))
      .first()
      .waitFor({ timeout: 10_000 });
    await send(d.room, '断线时发送的消息');
    await expect.poll(() => d.room.locator('.chat-message[data-pending="true"]').count()).toBe(1);
    const restartedAt = Date.now();
    await site.start();
    // Five retries 5 s apart: the message must be through well inside that schedule.
    await expect.poll(() => messages(visitor.room, '断线时发送的消息').count(), { timeout: 30_000 }).toBe(1);
    expect(Date.now() - restartedAt).toBeLessThan(30_000);
    await expect.poll(() => d.room.locator('.chat-message[data-pending="true"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => messages(d.room, '断线时发送的消息').count()).toBe(1);
    // Stored once: the history the server keeps has it a single time.
    const history = (await (
      await fetch(`${site.baseUrl}/api/chat/getChatList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: site.baseUrl },
        body: JSON.stringify({ size: 50 }),
      })
    ).json()) as { result: { list: { content: string }[] } };
    expect(history.result.list.filter((m) => m.content === '断线时发送的消息')).toHaveLength(1);
  });
});
