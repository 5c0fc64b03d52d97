import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSED } from '../../../server/domain/accounts/accountService';
import { keepsAnAdministrator, type ConsoleUser } from '../../../server/domain/users/consoleUser';
import type { ServerFrame } from '../../../src/protocol/chat';
import type { ConsoleUserDto, ConsoleUserPageDto, NoticePreviewDto, PasswordResetDto } from '../../../src/protocol/console/users';
import type { NotifyListDto } from '../../../src/protocol/notify';
import * as zhCN from '../../../src/i18n/zh-CN';
import { cid, isAck, isTips, join, type ChatClient } from '../chat/support';
import { backends } from '../support/databases';
import { body, describeOnTwoInstances, peopleData, startInstance, type PeopleData, type PeopleSite } from './peopleSite';

/**
 * The console's user and notice calls on SQLite and PostgreSQL: the list and its search, roles (never one's
 * own, never the last administrator), disabled accounts (sessions and chat sockets end at once, no sign-in,
 * content kept), password resets as `npm run user` does them, and type-4 notices as `npm run notify` sends
 * them. And a disable on one instance ending the user's session and socket on another over Redis.
 */

const ROUTES = [
  ['GET', '/api/admin/users?current=1&size=10'],
  ['PUT', '/api/admin/users/1/role'],
  ['PUT', '/api/admin/users/1/disabled'],
  ['POST', '/api/admin/users/1/password'],
  ['POST', '/api/admin/notices/preview'],
  ['POST', '/api/admin/notices'],
] as const;

const PAYLOAD = { role: 2, disabled: true, message: '通知' };
const t = zhCN.consoleUsers.server;

describe('the rule that keeps an administrator', () => {
  const user = (id: number, role: number, disabled: boolean): ConsoleUser => ({
    id,
    username: `u${id}`,
    nickName: `u${id}`,
    avatar: '',
    role,
    mustChangePassword: false,
    createdAt: '',
    lastLoginAt: null,
    disabled,
  });

  it('never lets a change leave no enabled administrator, and refuses nothing else', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        fc.record({ role: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), disabled: fc.option(fc.boolean(), { nil: undefined }) }),
        (administrators, id, role, disabled, change) => {
          const target = user(id, administrators.includes(id) ? 1 : role === 1 ? 2 : role, administrators.includes(id) ? false : disabled);
          const apply = {
            ...(change.role !== undefined ? { role: change.role } : {}),
            ...(change.disabled !== undefined ? { disabledAt: change.disabled ? '2026-01-01T00:00:00.000Z' : null } : {}),
          };
          const stillAdministrator = (apply.role ?? target.role) === 1 && !(apply.disabledAt === undefined ? target.disabled : apply.disabledAt !== null);
          const after = administrators.filter((a) => a !== id).length + (stillAdministrator ? 1 : 0);
          const allowed = keepsAnAdministrator(target, apply, administrators);
          // Refused exactly when it would take the last enabled administrator away.
          expect(allowed).toBe(!(administrators.length > 0 && after === 0));
        },
      ),
    );
  });
});

describe.each(await backends())('console users and notices on $name', (backend) => {
  let data: PeopleData;
  let site: PeopleSite;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await peopleData(backend.name);
    site = await startInstance(data);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await site?.close();
    await data?.dispose();
  });

  const test = it.skipIf(backend.skipReason !== undefined);
  const current = async (cookie: string) => site.call({ method: 'GET', url: '/api/user/current', headers: { cookie } });
  const users = async (query: string) =>
    body<ConsoleUserPageDto>(await site.admin({ method: 'GET', url: `/api/admin/users?current=1&size=50&${query}` })).result;

  test('every call refuses a visitor (401) and a user (403) with the Chinese messages', async () => {
    const user = await site.signUp();
    for (const [method, url] of ROUTES) {
      const payload = method === 'GET' ? undefined : PAYLOAD;
      const visitor = await site.call({ method, url, payload });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(body(visitor).message).toBe(zhCN.account.server.loginRequired);
      const member = await site.call({ method, url, payload, headers: { cookie: user.cookie } });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expect(body(member).message).toBe(zhCN.account.server.adminRequired);
    }
  });

  test('refuses bad input with 400, one’s own account with 400, and an unknown one with 404, in Chinese', async () => {
    const target = await site.signUp();
    const cases = [
      { method: 'GET', url: '/api/admin/users?current=1&size=0' },
      { method: 'GET', url: '/api/admin/users?current=1&size=10&role=10' },
      { method: 'GET', url: '/api/admin/users?current=1&size=10&sort=name' },
      { method: 'PUT', url: `/api/admin/users/${target.id}/role`, payload: { role: 0 } },
      { method: 'PUT', url: `/api/admin/users/${target.id}/role`, payload: { role: '1' } },
      { method: 'PUT', url: `/api/admin/users/${target.id}/disabled`, payload: { disabled: 'yes' } },
      { method: 'PUT', url: '/api/admin/users/x/disabled', payload: { disabled: true } },
      { method: 'POST', url: '/api/admin/notices', payload: { message: '   ' } },
      { method: 'POST', url: '/api/admin/notices/preview', payload: { message: '长'.repeat(2001) } },
    ] as const;
    for (const request of cases) {
      const response = await site.admin(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(400);
      expect(body(response).message, JSON.stringify(request)).toMatch(/\p{Script=Han}/u);
    }
    expect(body(await site.admin(cases[7])).message).toBe(zhCN.notify.server.emptyMessage);
    expect(body(await site.admin(cases[8])).message).toBe(zhCN.notify.server.messageTooLong);

    const self = site.administrator.id;
    for (const request of [
      { method: 'PUT', url: `/api/admin/users/${self}/role`, payload: { role: 2 } },
      { method: 'PUT', url: `/api/admin/users/${self}/disabled`, payload: { disabled: true } },
      { method: 'POST', url: `/api/admin/users/${self}/password` },
    ] as const) {
      const response = await site.admin(request);
      expect([response.statusCode, body(response).message]).toEqual([400, t.notYourself]);
    }
    const missing = await site.admin({ method: 'PUT', url: '/api/admin/users/2147483647/role', payload: { role: 2 } });
    expect([missing.statusCode, body(missing).message]).toEqual([404, zhCN.account.server.userNotFound]);
    // The administrator is untouched by all of it.
    expect(body<{ role: number }>(await current(site.administrator.cookie)).result).toMatchObject({ role: 1 });
  });

  test('lists and searches the users with their registration and last sign-in, filtered and sorted', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const early = await site.signUp(`早到的${tag}`);
    const late = await site.signUp(`晚到的${tag}`);
    // Signing in again records a newer last sign-in for the early one.
    await site.login(early.username, early.password);

    const found = await users(`keyword=${tag}`);
    expect(found.total).toBe(2);
    expect(found.list.map((u) => u.id)).toEqual([late.id, early.id]);
    const row = found.list.find((u) => u.id === early.id)!;
    expect(row).toMatchObject({ username: early.username, nickName: `早到的${tag}`, role: 2, disabled: false, mustChangePassword: false });
    expect(Date.parse(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(row.lastLoginAt ?? '')).toBeGreaterThanOrEqual(Date.parse(found.list[0]!.lastLoginAt ?? ''));
    expect((await users(`keyword=${tag}&sort=lastLogin`)).list.map((u) => u.id)).toEqual([early.id, late.id]);
    // By username, any letter case; by role.
    expect((await users(`keyword=${late.username.toUpperCase()}`)).list.map((u) => u.id)).toEqual([late.id]);
    expect((await users('role=1')).list.map((u) => u.username)).toEqual(['admin']);
    const paged = body<ConsoleUserPageDto>(await site.admin({ method: 'GET', url: `/api/admin/users?current=2&size=1&keyword=${tag}` })).result;
    expect(paged).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(paged.list.map((u) => u.id)).toEqual([early.id]);
    // Never signed in: last in the sign-in order, with no time.
    await site.call({ method: 'POST', url: '/api/user/register', payload: { username: `n${tag}x`, password: 'abc123456', nick_name: `从未登录${tag}` } });
    const bySignIn = (await users(`keyword=${tag}&sort=lastLogin`)).list;
    expect(bySignIn.map((u) => u.nickName).at(-1)).toBe(`从未登录${tag}`);
    expect(bySignIn.at(-1)?.lastLoginAt).toBeNull();
  });

  test('changes a role: the console opens to a new administrator, their chat socket is told, and it closes again', async () => {
    const helper = await site.signUp('新管理员');
    const { client } = await join(site.url, { cookie: helper.cookie });
    clients.push(client);
    expect((await site.call({ method: 'GET', url: '/api/admin/users?current=1&size=1', headers: { cookie: helper.cookie } })).statusCode).toBe(403);

    const promoted = body<ConsoleUserDto>(await site.admin({ method: 'PUT', url: `/api/admin/users/${helper.id}/role`, payload: { role: 1 } })).result;
    expect(promoted).toMatchObject({ id: helper.id, role: 1 });
    expect((await site.call({ method: 'GET', url: '/api/admin/users?current=1&size=1', headers: { cookie: helper.cookie } })).statusCode).toBe(200);
    // The open socket acts as an administrator at once, and its reader is told so.
    await client.waitFor((f) => f.type === 'init' && f.me?.role === 1, 'a fresh init with the new role');

    await site.admin({ method: 'PUT', url: `/api/admin/users/${helper.id}/role`, payload: { role: 2 } });
    expect((await site.call({ method: 'GET', url: '/api/admin/users?current=1&size=1', headers: { cookie: helper.cookie } })).statusCode).toBe(403);
    await client.waitFor((f) => f.type === 'init' && f.me?.role === 2, 'a fresh init with the old role');
    client.send({ type: 'offline', user_id: site.administrator.id });
    await client.waitFor(isTips('forbidden'), 'a demoted administrator cannot kick');
  });

  test('two administrators demoting each other at once leave exactly one', async () => {
    const other = await site.signUp('第二位站长');
    await site.admin({ method: 'PUT', url: `/api/admin/users/${other.id}/role`, payload: { role: 1 } });
    const root = site.administrator;
    const [first, second] = await Promise.all([
      site.admin({ method: 'PUT', url: `/api/admin/users/${other.id}/role`, payload: { role: 2 } }),
      site.call({ method: 'PUT', url: `/api/admin/users/${root.id}/role`, headers: { cookie: other.cookie }, payload: { role: 2 } }),
    ]);
    const outcomes = [first, second].map((r) => [r.statusCode, body(r).message]);
    expect(outcomes.filter(([status]) => status === 200)).toHaveLength(1);
    // The other is refused by the rule when both got past the role check, or, when one finished first, because
    // it no longer comes from an administrator: which of the two depends on the race, the outcome does not.
    const refused = outcomes.find(([status]) => status !== 200);
    expect([
      [409, t.lastAdministrator],
      [403, zhCN.account.server.adminRequired],
    ]).toContainEqual(refused);
    const admins = (await data.db.db.selectFrom('user_account').select('id').where('role', '=', 1).where('disabled_at', 'is', null).execute()).map(
      (row) => Number(row.id),
    );
    expect(admins).toHaveLength(1);
    // Whoever was left puts the site back as it was.
    const survivor = admins[0] === root.id ? site.admin : (request: Parameters<PeopleSite['call']>[0]) => site.call({ ...request, headers: { cookie: other.cookie } });
    if (admins[0] !== root.id) await survivor({ method: 'PUT', url: `/api/admin/users/${root.id}/role`, payload: { role: 1 } });
    await site.admin({ method: 'PUT', url: `/api/admin/users/${other.id}/role`, payload: { role: 2 } });
    expect((await users('role=1')).list.map((u) => u.id)).toEqual([root.id]);
  });

  test('ends a session: only that session’s chat socket closes; the console ends all of them', async () => {
    const hana = await site.signUp('花子');
    const phone = await site.login(hana.username, hana.password);
    const phoneCookie = phone.cookie ?? '';
    const { client: here } = await join(site.url, { cookie: hana.cookie });
    const { client: there } = await join(site.url, { cookie: phoneCookie });
    clients.push(here, there);
    const listed = await site.call({ method: 'GET', url: '/api/user/sessions', headers: { cookie: hana.cookie } });
    const other = body<{ id: number; current: boolean }[]>(listed).result.find((s) => !s.current);
    await site.call({ method: 'POST', url: '/api/user/sessions/end', headers: { cookie: hana.cookie }, payload: { id: other?.id } });
    expect(await there.waitFor((f) => f.type === 'offline', 'offline frame')).toMatchObject({ content: zhCN.chat.signedOut });
    expect(body(await current(phoneCookie)).result).toBeNull();
    expect(body(await current(hana.cookie)).result).toMatchObject({ id: hana.id });

    const ended = await site.admin({ method: 'POST', url: `/api/admin/users/${hana.id}/sessions/end` });
    expect(body<{ ended: number }>(ended).result).toEqual({ ended: 1 });
    expect(await here.waitFor((f) => f.type === 'offline', 'offline frame')).toMatchObject({ content: zhCN.chat.signedOut });
    expect(body(await current(hana.cookie)).result).toBeNull();
  });

  test('disables an account: its sessions and socket end at once, it cannot sign in, its content stays; enabled again', async () => {
    const frank = await site.signUp('弗兰克');
    const second = await site.login(frank.username, frank.password);
    const post = await site.call({ method: 'POST', url: '/api/message/add', headers: { cookie: frank.cookie }, payload: { content: '停用前的留言', color: '', bgImage: '' } });
    const postId = body<{ id: number }>(post).result.id;
    const { client } = await join(site.url, { cookie: frank.cookie });
    clients.push(client);

    const disabled = body<ConsoleUserDto>(await site.admin({ method: 'PUT', url: `/api/admin/users/${frank.id}/disabled`, payload: { disabled: true } })).result;
    expect(disabled).toMatchObject({ id: frank.id, disabled: true });
    expect(await client.waitFor((f) => f.type === 'offline', 'offline frame')).toMatchObject({ content: zhCN.chat.signedOut });
    expect((await client.closed).code).toBe(4001);
    for (const cookie of [frank.cookie, second.cookie ?? '']) {
      expect(body(await current(cookie)).result).toBeNull();
      const write = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie }, payload: { nick_name: '还在吗' } });
      expect(write.statusCode).toBe(401);
    }
    expect(await data.db.db.selectFrom('user_session').select('id').where('user_id', '=', frank.id).execute()).toEqual([]);
    // The right password learns the account is disabled; a wrong one learns nothing.
    const refused = await site.login(frank.username, frank.password);
    expect(refused.cookie).toBeUndefined();
    expect(body(refused.response)).toMatchObject({ code: ACCOUNT_REFUSED, message: zhCN.account.server.accountDisabled });
    expect(body((await site.login(frank.username, 'wrong-password1')).response).message).toBe(zhCN.account.server.wrongCredentials);
    // A visitor still reads what it wrote.
    expect((await site.call({ method: 'GET', url: `/api/message/getMessageById/${postId}` })).statusCode).toBe(200);
    expect((await users('status=disabled')).list.map((u) => u.id)).toEqual([frank.id]);

    const enabled = body<ConsoleUserDto>(await site.admin({ method: 'PUT', url: `/api/admin/users/${frank.id}/disabled`, payload: { disabled: false } })).result;
    expect(enabled.disabled).toBe(false);
    expect((await site.login(frank.username, frank.password)).cookie).toBeDefined();
    expect((await users('status=disabled')).list).toEqual([]);
  });

  test('resets a password as `npm run user` does: shown once, sessions end, changed at the next sign-in', async () => {
    const grace = await site.signUp('格蕾丝');
    const reset = await site.admin({ method: 'POST', url: `/api/admin/users/${grace.id}/password` });
    expect(reset.headers['cache-control']).toBe('no-store');
    const { password, user } = body<PasswordResetDto>(reset).result;
    expect(password).toMatch(/^\S{12,}$/);
    expect(user).toMatchObject({ id: grace.id, mustChangePassword: true });
    expect(body(await current(grace.cookie)).result).toBeNull();
    expect((await site.login(grace.username, grace.password)).cookie).toBeUndefined();

    const signedIn = await site.login(grace.username, password);
    expect(body<{ must_change_password?: boolean }>(await current(signedIn.cookie ?? '')).result).toMatchObject({ must_change_password: true });
    const blocked = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie: signedIn.cookie ?? '' }, payload: { nick_name: '新名字' } });
    expect([blocked.statusCode, body(blocked).message]).toEqual([403, zhCN.account.server.passwordChangeRequired]);
    const changed = await site.call({
      method: 'PUT',
      url: '/api/user/updatePassword',
      headers: { cookie: signedIn.cookie ?? '' },
      payload: { old_password: password, new_password: 'grace2026x' },
    });
    expect(body(changed).code).toBe(0);
    const after = await site.login(grace.username, 'grace2026x');
    expect(body<{ must_change_password?: boolean }>(await current(after.cookie ?? '')).result).not.toHaveProperty('must_change_password', true);
    expect((await users(`keyword=${grace.username}`)).list[0]?.mustChangePassword).toBe(false);
  });

  test('previews a notice as the drawer shows it and sends it to every user', async () => {
    const reader = await site.signUp('读者');
    const message = '本周六 &lt;b&gt;停机维护&lt;/b&gt;，详见 &lt;a href="/message/list" onclick="x()"&gt;留言板&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    const preview = body<NoticePreviewDto>(await site.admin({ method: 'POST', url: '/api/admin/notices/preview', payload: { message } })).result;
    expect(preview.html).toContain('<b>停机维护</b>');
    expect(preview.html).toContain('<a href="/message/list">留言板</a>');
    expect(preview.html).not.toMatch(/script|onclick|alert/);
    // Previewing sends nothing.
    const drawer = async () =>
      body<NotifyListDto>(await site.call({ method: 'POST', url: '/api/notify/getNotifyList', headers: { cookie: reader.cookie }, payload: { current: 1, size: 10 } })).result;
    expect((await drawer()).list.filter((n) => n.type === 4)).toEqual([]);

    const everyone = Number(
      (await data.db.db.selectFrom('user_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
    const sent = body<{ sent: number }>(await site.admin({ method: 'POST', url: '/api/admin/notices', payload: { message } })).result;
    expect(sent.sent).toBe(everyone);
    const notices = (await drawer()).list.filter((n) => n.type === 4);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toBe(preview.html);
  });
});

await describeOnTwoInstances('a disable on one instance, over PostgreSQL and Redis', 'test-users', (two) => {
  it('signs the user out on the other instance at once: its session there and its chat socket there end', async () => {
    const [a, b] = two.sites;
    const henry = await a.signUp('亨利');
    const { client: onB } = await join(b.url, { cookie: henry.cookie });
    two.clients.push(onB);
    const said = cid('users');
    onB.send({ type: 'message', content: '我在 B 上', content_type: 'text', client_id: said });
    await onB.waitFor(isAck(said), 'ack on B');
    expect(body(await b.call({ method: 'GET', url: '/api/user/current', headers: { cookie: henry.cookie } })).result).not.toBeNull();

    expect(body(await a.admin({ method: 'PUT', url: `/api/admin/users/${henry.id}/disabled`, payload: { disabled: true } })).code).toBe(0);
    expect(await onB.waitFor<Extract<ServerFrame, { type: 'offline' }>>((f) => f.type === 'offline', 'offline on B')).toMatchObject({
      content: zhCN.chat.signedOut,
    });
    expect((await onB.closed).code).toBe(4001);
    expect(body(await b.call({ method: 'GET', url: '/api/user/current', headers: { cookie: henry.cookie } })).result).toBeNull();
    expect(body((await b.login(henry.username, henry.password)).response).message).toBe(zhCN.account.server.accountDisabled);
    // A socket opened again with the old cookie is a visitor's.
    const { init } = await join(b.url, { cookie: henry.cookie });
    expect(init.me).toBeNull();
  });
});
