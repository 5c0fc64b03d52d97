import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import type { Database } from '../../../server/adapters/db/schema';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { AuditEntryDto, AuditPageDto } from '../../../src/protocol/console/audit';
import { POSTGRES_URL, adminQuery, backends } from '../support/databases';
import { SoftAuthenticator } from './softAuthenticator';
import { sessionCookieOf, signUp, startAccountsServer, type AccountsServer } from './support';

/**
 * Passkeys (WebAuthn) through the real server on SQLite and PostgreSQL, answered by a software authenticator
 * with real ES256 keys: registration, sign-in with a passkey alone and as the second step, single-use and
 * expiring challenges, another account's passkey, a counter going back, removal, ADMIN_TWO_STEP, the log.
 */
const words = zhCN.twoStep.server;
const ORIGIN = 'http://localhost';

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

describe.each(await backends())('passkeys on $name', (backend) => {
  let site: AccountsServer;
  let schema: string | undefined;
  let database: DatabaseHandle;

  beforeAll(async () => {
    if (backend.skipReason) return;
    let databaseUrl: string | undefined;
    if (backend.name === 'PostgreSQL') {
      schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(`create schema ${schema}`);
      databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
    }
    site = await startAccountsServer({ databaseUrl, adminTwoStep: 'required' });
    // A second connection to the same database, to age a challenge.
    database = databaseUrl ? openDatabase({ dataDir: '', databaseUrl }) : openDatabase({ dataDir: site.dataDir });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await site?.close();
    if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  /** A call as a browser on http://localhost makes it (WebAuthn refuses an IP address). */
  const call = (options: InjectOptions) => site.call({ ...options, headers: { host: 'localhost', ...(options.headers ?? {}) } });
  const result = <T>(answer: LightMyRequestResponse) => answer.json<{ code: number; result: T; message: string }>();

  async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name: string, reusedId?: string) {
    const options = result<Options>(await call({ method: 'POST', url: '/api/user/passkeys/options', headers: { cookie } })).result;
    const { credential, response } = authenticator.create(options, reusedId);
    const answer = await call({ method: 'POST', url: '/api/user/passkeys/register', headers: { cookie }, payload: { name, credential: response } });
    return { answer, credential };
  }

  async function passkeySignIn(authenticator: SoftAuthenticator, tamper?: (assertion: object) => object) {
    const options = await call({ method: 'POST', url: '/api/user/passkeyLogin/options' });
    const handle = options.cookies.find((c) => c.name === 'blog_passkey');
    expect(handle).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const assertion = authenticator.get(result<Options>(options).result);
    const cookie = `blog_passkey=${handle?.value ?? ''}`;
    const answer = await call({ method: 'POST', url: '/api/user/passkeyLogin', headers: { cookie }, payload: { credential: tamper ? tamper(assertion) : assertion } });
    return { answer, assertion, cookie };
  }

  const list = async (cookie: string) =>
    result<{ id: number; name: string; last_used_at: string | null }[]>(await call({ method: 'GET', url: '/api/user/passkeys', headers: { cookie } })).result;

  describe.skipIf(backend.skipReason !== undefined)('calls', () => {
    it('registers passkeys by name and signs in with one alone; a password sign-in then asks for one as the second step', async () => {
      const user = await signUp(site);
      const phone = new SoftAuthenticator(ORIGIN);
      const laptop = new SoftAuthenticator(ORIGIN);
      expect(result((await addPasskey(user.cookie, phone, ' 我的手机 ')).answer)).toMatchObject({ code: 0, result: { name: '我的手机', last_used_at: null } });
      expect(result((await addPasskey(user.cookie, laptop, '笔记本')).answer).code).toBe(0);
      const [, tablet] = await list(user.cookie);
      await call({ method: 'POST', url: '/api/user/passkeys/rename', headers: { cookie: user.cookie }, payload: { id: tablet!.id, name: '平板' } });
      expect((await list(user.cookie)).map((p) => p.name)).toEqual(['我的手机', '平板']);

      const { answer } = await passkeySignIn(phone);
      expect(result(answer)).toMatchObject({ code: 0, result: { id: user.id } });
      const cookie = `blog_session=${sessionCookieOf(answer) ?? ''}`;
      expect(result(await call({ method: 'GET', url: '/api/user/current', headers: { cookie } })).result).toMatchObject({ id: user.id });
      expect((await list(cookie)).find((p) => p.name === '我的手机')?.last_used_at).not.toBeNull();

      const login = await call({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: user.password } });
      expect(sessionCookieOf(login)).toBeUndefined();
      const { challenge, methods } = result<{ challenge: string; methods: object }>(login).result;
      expect(methods).toEqual({ code: false, passkey: true });
      const refused = await call({ method: 'POST', url: '/api/user/loginSecondStep', payload: { challenge, code: '123456' } });
      expect(result(refused).code).not.toBe(0);
      const options = result<Options>(await call({ method: 'POST', url: '/api/user/loginSecondStep/passkeyOptions', payload: { challenge } })).result;
      const second = await call({ method: 'POST', url: '/api/user/loginSecondStep', payload: { challenge, passkey: laptop.get(options) } });
      expect(result(second)).toMatchObject({ code: 0, result: { id: user.id } });
      expect(sessionCookieOf(second)).toBeTruthy();
    });

    it('refuses a replayed answer, an old answer to a new challenge, an expired challenge, no cookie, and no user verification', async () => {
      const user = await signUp(site);
      const key = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, key, '钥匙');
      const first = await passkeySignIn(key);
      expect(result(first.answer).code).toBe(0);
      // The same answer again, with the same cookie: its challenge was taken by the first use.
      const replay = await call({ method: 'POST', url: '/api/user/passkeyLogin', headers: { cookie: first.cookie }, payload: { credential: first.assertion } });
      expect(result(replay)).toMatchObject({ code: 1, message: words.passkeyFailed });
      expect(sessionCookieOf(replay)).toBeUndefined();
      // A new challenge answered with the old assertion (its signature covers the old challenge).
      const stale = await passkeySignIn(key, () => first.assertion);
      expect(result(stale.answer)).toMatchObject({ code: 1, message: words.passkeyFailed });

      const options = await call({ method: 'POST', url: '/api/user/passkeyLogin/options' });
      const cookie = `blog_passkey=${options.cookies.find((c) => c.name === 'blog_passkey')?.value ?? ''}`;
      await (database.db as Kysely<Database>).updateTable('webauthn_challenge').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
      const late = await call({ method: 'POST', url: '/api/user/passkeyLogin', headers: { cookie }, payload: { credential: key.get(result<Options>(options).result) } });
      expect(result(late)).toMatchObject({ code: 1, message: words.passkeyFailed });

      const noCookie = await call({ method: 'POST', url: '/api/user/passkeyLogin', payload: { credential: key.get(result<Options>(options).result) } });
      expect(result(noCookie)).toMatchObject({ code: 1, message: words.passkeyExpired });

      key.verifiesUser = false;
      expect(result((await passkeySignIn(key)).answer)).toMatchObject({ code: 1, message: words.passkeyFailed });
      key.verifiesUser = true;
      expect(result((await passkeySignIn(key)).answer).code).toBe(0);
    });

    it('refuses another account’s passkey as the second step, a credential added twice, and a counter that goes back', async () => {
      const owner = await signUp(site);
      const stranger = await signUp(site);
      const ownerKey = new SoftAuthenticator(ORIGIN);
      const strangerKey = new SoftAuthenticator(ORIGIN);
      await addPasskey(owner.cookie, ownerKey, '主人');
      const { credential } = await addPasskey(stranger.cookie, strangerKey, '外人');

      const login = await call({ method: 'POST', url: '/api/user/login', payload: { username: owner.username, password: owner.password } });
      const { challenge } = result<{ challenge: string }>(login).result;
      const options = result<Options>(await call({ method: 'POST', url: '/api/user/loginSecondStep/passkeyOptions', payload: { challenge } })).result;
      const foreign = await call({ method: 'POST', url: '/api/user/loginSecondStep', payload: { challenge, passkey: strangerKey.get(options) } });
      expect(result(foreign)).toMatchObject({ code: 1, message: words.passkeyFailed });
      expect(sessionCookieOf(foreign)).toBeUndefined();

      const twice = (await addPasskey(owner.cookie, new SoftAuthenticator(ORIGIN), '复制', credential.id)).answer;
      expect([twice.statusCode, result(twice).message]).toEqual([409, words.passkeyTaken]);
      expect((await list(owner.cookie)).map((p) => p.name)).toEqual(['主人']);

      // A cloned authenticator shows itself by a counter behind the one last seen.
      expect(result((await passkeySignIn(strangerKey)).answer).code).toBe(0);
      const behind = await call({ method: 'POST', url: '/api/user/passkeyLogin/options' });
      const backwards = strangerKey.get(result<Options>(behind).result, credential, -2);
      const cookie = `blog_passkey=${behind.cookies.find((c) => c.name === 'blog_passkey')?.value ?? ''}`;
      const refused = await call({ method: 'POST', url: '/api/user/passkeyLogin', headers: { cookie }, payload: { credential: backwards } });
      expect(result(refused)).toMatchObject({ code: 1, message: words.passkeyFailed });
    });

    it('removes a passkey with the password or with a passkey; a removed passkey signs in no more', async () => {
      const user = await signUp(site);
      const first = new SoftAuthenticator(ORIGIN);
      const second = new SoftAuthenticator(ORIGIN);
      await addPasskey(user.cookie, first, '一');
      await addPasskey(user.cookie, second, '二');
      const [one, two] = await list(user.cookie);

      const none = await call({ method: 'POST', url: '/api/user/passkeys/remove', headers: { cookie: user.cookie }, payload: { id: one!.id } });
      expect([none.statusCode, result(none).message]).toEqual([400, words.confirmRequired]);
      const wrong = await call({ method: 'POST', url: '/api/user/passkeys/remove', headers: { cookie: user.cookie }, payload: { id: one!.id, password: 'wrong-password' } });
      expect(result(wrong)).toMatchObject({ code: 1, message: words.wrongPassword });
      const removed = await call({ method: 'POST', url: '/api/user/passkeys/remove', headers: { cookie: user.cookie }, payload: { id: one!.id, password: user.password } });
      expect(result(removed).code).toBe(0);
      expect(result((await passkeySignIn(first)).answer)).toMatchObject({ code: 1, message: words.passkeyFailed });

      const options = result<Options>(await call({ method: 'POST', url: '/api/user/passkeys/confirmOptions', headers: { cookie: user.cookie } })).result;
      const byPasskey = await call({
        method: 'POST',
        url: '/api/user/passkeys/remove',
        headers: { cookie: user.cookie },
        payload: { id: two!.id, credential: second.get(options) },
      });
      expect(result(byPasskey).code).toBe(0);
      expect(await list(user.cookie)).toEqual([]);
      // Without a passkey the password alone signs in again.
      const login = await call({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: user.password } });
      expect(sessionCookieOf(login)).toBeTruthy();
    });

    it('lets a passkey satisfy ADMIN_TWO_STEP=required, and logs passkeys added, removed and signed in with', async () => {
      const login = await call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
      const cookie = `blog_session=${sessionCookieOf(login) ?? ''}`;
      expect(result(await call({ method: 'GET', url: '/api/user/current', headers: { cookie } })).result).toMatchObject({ must_set_up_two_step: true });
      const held = await call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie }, payload: { nick_name: '站长' } });
      expect([held.statusCode, result(held).message]).toEqual([403, words.setUpRequired]);
      const key = new SoftAuthenticator(ORIGIN);
      expect(result((await addPasskey(cookie, key, '站长的钥匙')).answer).code).toBe(0);
      expect(result(await call({ method: 'GET', url: '/api/user/current', headers: { cookie } })).result).not.toHaveProperty('must_set_up_two_step');
      const allowed = await call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie }, payload: { nick_name: '站长' } });
      expect(result(allowed).code).toBe(0);
      const signedIn = await passkeySignIn(key);
      const admin = `blog_session=${sessionCookieOf(signedIn.answer) ?? ''}`;

      const page = await call({ method: 'GET', url: '/api/admin/audit?size=100&area=security', headers: { cookie: admin } });
      const entries = result<AuditPageDto>(page).result.list;
      const of = (action: string) => entries.filter((entry: AuditEntryDto) => entry.action === action);
      expect(of('passkeyAdded').map((entry) => entry.actorName)).toContain('admin');
      expect(of('passkeySignIn')[0]).toMatchObject({ actorName: 'admin', summary: `${zhCN.consoleAudit.verbs.passkeySignIn}「admin」` });
      expect(of('passkeyRemoved').length).toBeGreaterThan(0);
    });
  });
});
