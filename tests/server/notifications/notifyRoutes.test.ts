import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { openDatabase } from '../../../server/adapters/db/connect';
import { createAccountServices } from '../../../server/accountServices';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';

const n = zhCN.notify.server;

let site: AccountsServer;
beforeAll(async () => {
  site = await startAccountsServer({ adminUrl: 'https://admin.example.com' });
});
afterAll(() => site.close());

type Item = { id: number; message: string; isView: number; type: number; to_id: number | null; createTime: string };

async function list(cookie: string, current = 1, size = 10, userId?: unknown) {
  const response = await site.call({
    method: 'POST',
    url: '/api/notify/getNotifyList',
    headers: { cookie },
    payload: { current, size, ...(userId !== undefined ? { userId } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as { list: Item[]; total: number; unread: number; adminUrl: string };
}

describe('notice markup on the wire', () => {
  it('arrives cleaned: no handler, script, style or image reaches the browser, and escaped words stay text', async () => {
    const reader = await signUp(site);
    const messages = [
      '<b>有图</b><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      '<span style="color:red" onclick="alert(4)">红字</span>',
      '<a href="/talk?id=2" target="_blank">说说</a> <a href="javascript:alert(5)">坏链接</a> a &lt; b',
      // A reader's name, escaped by whoever composed the notice, is never turned back into markup.
      '&lt;b&gt;粉丝&lt;/b&gt; 赞了你的留言',
    ];
    for (const message of messages) await site.server.notifications.toUser(reader.id, { type: 3, message, toId: null });
    const shown = (await list(reader.cookie)).list.map((item) => item.message).reverse();
    expect(shown).toEqual([
      '<b>有图</b>',
      '<span>红字</span>',
      '<a href="/talk?id=2">说说</a> <a>坏链接</a> a &lt; b',
      '&lt;b&gt;粉丝&lt;/b&gt; 赞了你的留言',
    ]);
  });

  it('the administrator’s notice has its escaped tags decoded back (spec section 5), then cleaned like any other', async () => {
    const reader = await signUp(site);
    // What `npm run notify -- "…"` does, on the site's own database.
    const database = openDatabase({ dataDir: site.dataDir });
    try {
      const { notifications } = createAccountServices(database.db, { secret: () => 'test-secret' });
      await notifications.adminNotice('维护公告：&lt;i&gt;今晚&lt;/i&gt; &#60;b&#62;停机&#60;/b&#62; &lt;img src=x onerror=alert(1)&gt;');
    } finally {
      await database.close();
    }
    const [notice] = (await list(reader.cookie)).list;
    expect(notice).toMatchObject({ type: 4, message: '维护公告：<i>今晚</i> <b>停机</b> ' });
  });
});

describe('the notification publisher (other areas call it)', () => {
  it('sends a new article or talk to every registered user, and a type-3 notice to one', async () => {
    const alice = await signUp(site);
    const bob = await signUp(site);
    await site.server.notifications.toAllUsers({ type: 1, message: '新文章《听雨》', toId: 7 });
    await site.server.notifications.toAllUsers({ type: 2, message: '新说说', toId: 3 });
    await site.server.notifications.toUser(alice.id, { type: 3, message: '有人赞了你的留言', toId: null });

    const forAlice = await list(alice.cookie);
    expect(forAlice.list.map(({ type, message, to_id, isView }) => ({ type, message, to_id, isView }))).toEqual([
      { type: 3, message: '有人赞了你的留言', to_id: null, isView: 1 },
      { type: 2, message: '新说说', to_id: 3, isView: 1 },
      { type: 1, message: '新文章《听雨》', to_id: 7, isView: 1 },
    ]);
    expect(forAlice).toMatchObject({ total: 3, unread: 3, adminUrl: 'https://admin.example.com' });
    expect(Date.parse(forAlice.list[0]!.createTime)).not.toBeNaN();
    expect((await list(bob.cookie)).total).toBe(2);
  });

  it('refuses an empty message', async () => {
    await expect(site.server.notifications.toAllUsers({ type: 1, message: '  ', toId: 1 })).rejects.toMatchObject({ message: n.emptyMessage });
  });
});

describe('POST /api/notify/getNotifyList', () => {
  it('always lists the caller’s own notices, whatever userId the body names', async () => {
    const alice = await signUp(site);
    const bob = await signUp(site);
    await site.server.notifications.toUser(bob.id, { type: 3, message: 'bob only', toId: null });
    const asAlice = await list(alice.cookie, 1, 10, bob.id);
    expect(asAlice.list.some((item) => item.message === 'bob only')).toBe(false);
    expect((await list(bob.cookie, 1, 10, alice.id)).list.some((item) => item.message === 'bob only')).toBe(true);
  });

  it('pages 10 at a time from page 1 and tells the total', async () => {
    const reader = await signUp(site);
    for (let i = 1; i <= 23; i++) await site.server.notifications.toUser(reader.id, { type: 3, message: `n${i}`, toId: null });
    const pages = [await list(reader.cookie, 1), await list(reader.cookie, 2), await list(reader.cookie, 3), await list(reader.cookie, 4)];
    expect(pages.map((p) => p.list.length)).toEqual([10, 10, 3, 0]);
    expect(pages.every((p) => p.total === 23)).toBe(true);
    const all = pages.flatMap((p) => p.list.map((item) => item.message));
    expect(new Set(all).size).toBe(23);
    expect(all[0]).toBe('n23');
  });

  it.each([
    { current: 0, size: 10 },
    { current: 1, size: 0 },
    { current: 1, size: 51 },
    { current: 1.5, size: 10 },
    { current: '1', size: 'ten' },
    {},
  ])('answers 400 to the body %j', async (payload) => {
    const reader = await signUp(site);
    const response = await site.call({ method: 'POST', url: '/api/notify/getNotifyList', headers: { cookie: reader.cookie }, payload });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/notify/update/{id} and /api/notify/delete/{id}', () => {
  async function ownNotice() {
    const owner = await signUp(site);
    await site.server.notifications.toUser(owner.id, { type: 4, message: '管理员通知', toId: null });
    const [item] = (await list(owner.cookie)).list;
    return { owner, id: item!.id };
  }

  it('marks the caller’s notice read', async () => {
    const { owner, id } = await ownNotice();
    const response = await site.call({ method: 'PUT', url: `/api/notify/update/${id}`, headers: { cookie: owner.cookie } });
    expect(response.json()).toEqual({ code: 0, result: null, message: 'success' });
    const after = await list(owner.cookie);
    expect(after.list[0]).toMatchObject({ id, isView: 0 });
    expect(after.unread).toBe(0);
  });

  it('deletes the caller’s notice', async () => {
    const { owner, id } = await ownNotice();
    const response = await site.call({ method: 'PUT', url: `/api/notify/delete/${id}`, headers: { cookie: owner.cookie } });
    expect(response.json().code).toBe(0);
    expect((await list(owner.cookie)).total).toBe(0);
  });

  it('refuses another user’s notice with 403 and leaves it untouched, even for the administrator', async () => {
    const { owner, id } = await ownNotice();
    const intruder = await signUp(site);
    const admin = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
    const adminCookie = `blog_session=${admin.cookies.find((c) => c.name === 'blog_session')?.value}`;
    for (const cookie of [intruder.cookie, adminCookie]) {
      for (const action of ['update', 'delete']) {
        const response = await site.call({ method: 'PUT', url: `/api/notify/${action}/${id}`, headers: { cookie } });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 403, result: null, message: n.notYours });
      }
    }
    expect((await list(owner.cookie)).list[0]).toMatchObject({ id, isView: 1 });
  });

  it('answers 404 for an unknown notice and 401 without a session', async () => {
    const reader = await signUp(site);
    const unknown = await site.call({ method: 'PUT', url: '/api/notify/update/987654', headers: { cookie: reader.cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(n.notFound);
    const anonymous = await site.call({ method: 'PUT', url: '/api/notify/delete/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});
