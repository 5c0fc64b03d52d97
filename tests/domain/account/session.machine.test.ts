import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ReportedError, type LoginRequest, type RegisterRequest, type SecondStepNeeded, type UserInfo } from '../../../src/domain/account/account';
import { sessionMachine, type SessionEmitted, type SessionInput } from '../../../src/domain/account/session.machine';

const READER: UserInfo = { id: 7, nickName: '读者', avatar: '', role: 2, username: 'reader' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  login?: (request: LoginRequest) => Promise<UserInfo | SecondStepNeeded>;
  loginSecondStep?: (input: { challenge: string; code: string }) => Promise<UserInfo>;
  register?: (request: RegisterRequest) => Promise<void>;
  logout?: () => Promise<void>;
  fetchCurrentUser?: () => Promise<UserInfo | null>;
}

function start(input: Partial<SessionInput> = {}, fakes: Fakes = {}) {
  const calls = { login: [] as LoginRequest[], secondStep: [] as { challenge: string; code: string }[], register: [] as RegisterRequest[], logout: 0, fetchCurrentUser: 0 };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<UserInfo | SecondStepNeeded, LoginRequest>(async ({ input: request }) => {
        calls.login.push(request);
        return fakes.login ? fakes.login(request) : READER;
      }),
      loginSecondStep: fromPromise<UserInfo, { challenge: string; code: string }>(async ({ input: step }) => {
        calls.secondStep.push(step);
        return fakes.loginSecondStep ? fakes.loginSecondStep(step) : READER;
      }),
      register: fromPromise<void, RegisterRequest>(async ({ input: request }) => {
        calls.register.push(request);
        if (fakes.register) await fakes.register(request);
      }),
      logout: fromPromise(async () => {
        calls.logout++;
        if (fakes.logout) await fakes.logout();
      }),
      fetchCurrentUser: fromPromise(async () => {
        calls.fetchCurrentUser++;
        if (fakes.fetchCurrentUser) return fakes.fetchCurrentUser();
        return input.storedUser ? READER : null;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { storedUser: null, storedPersistent: false, rememberedUsername: null, ...input },
  });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, emitted, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const login = (overrides: Partial<LoginRequest> = {}): { type: 'login.submit'; request: LoginRequest } => ({
  type: 'login.submit',
  request: { username: 'reader', password: 'abc123456', remember: false, ...overrides },
});

describe('sessionMachine', () => {
  it('with nothing stored, asks the server once who is signed in and ends anonymous when nobody is', async () => {
    const { actor, calls, emitted } = start();
    expect(actor.getSnapshot().value).toBe('checking');
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls.fetchCurrentUser).toBe(1);
    expect(emitted).toEqual([]);
  });

  it('with nothing stored, trusts the server: a live session (another tab, no 记住我) is signed in for this tab', async () => {
    const { actor, calls, emitted } = start({}, { fetchCurrentUser: async () => READER });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    expect(actor.getSnapshot().context).toMatchObject({ user: READER, persistent: false });
    expect(calls.fetchCurrentUser).toBe(1);
    expect(emitted).toEqual([{ type: 'user.changed', user: READER, persistent: false }]);
  });

  it('a login typed while the start-up check is pending wins over the check', async () => {
    const check = deferred<UserInfo | null>();
    const { actor, calls } = start({}, { fetchCurrentUser: () => check.promise });
    actor.send(login());
    check.resolve(null);
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    expect(calls.login).toHaveLength(1);
  });

  it('opening the dialog resets it to login mode; the mode switches and closes', () => {
    const { actor } = start({ rememberedUsername: 'reader' });
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().context.dialog).toBe('login');
    actor.send({ type: 'dialog.mode', mode: 'register' });
    expect(actor.getSnapshot().context.dialog).toBe('register');
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().context).toMatchObject({ dialog: 'login', rememberedUsername: 'reader' });
  });

  it('logs in: authenticating (busy) → authenticated, closes the dialog and says 登录成功 with the user', async () => {
    const pending = deferred<UserInfo>();
    const { actor, emitted, calls } = start({}, { login: () => pending.promise });
    actor.send({ type: 'dialog.open' });
    actor.send(login());
    expect(actor.getSnapshot().matches('authenticating')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.login).toEqual([{ username: 'reader', password: 'abc123456', remember: false }]);

    pending.resolve(READER);
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(actor.getSnapshot().context).toMatchObject({ user: READER, dialog: 'closed', persistent: false, error: null, pending: null });
    expect(emitted).toEqual([
      { type: 'user.changed', user: READER, persistent: false },
      { type: 'login.succeeded', user: READER },
      { type: 'username.remembered', username: null },
    ]);
  });

  it('"记住我" keeps the user name (never the password) and marks the session persistent', async () => {
    const { actor, emitted } = start();
    actor.send(login({ remember: true, username: ' reader ' }));
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(actor.getSnapshot().context).toMatchObject({ persistent: true, rememberedUsername: 'reader' });
    expect(emitted).toContainEqual({ type: 'username.remembered', username: 'reader' });
    expect(emitted).toContainEqual({ type: 'user.changed', user: READER, persistent: true });
    expect(JSON.stringify(emitted)).not.toContain('abc123456');
  });

  it('a refused login stays anonymous with the dialog open and reports the server message', async () => {
    const { actor, emitted } = start({}, { login: () => Promise.reject(new Error('用户账号或密码错误')) });
    actor.send({ type: 'dialog.open' });
    actor.send(login());
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context).toMatchObject({ user: null, dialog: 'login', error: '用户账号或密码错误' });
    expect(emitted).toEqual([{ type: 'auth.failed', message: '用户账号或密码错误' }]);
  });

  it('does not toast twice a failure the HTTP client already showed (429, 500)', async () => {
    const { actor, emitted } = start({}, { login: () => Promise.reject(new ReportedError('登录失败次数过多，请在 15 分钟后再试')) });
    actor.send(login());
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.error).toBe('登录失败次数过多，请在 15 分钟后再试');
    expect(emitted).toEqual([]);
  });

  it('ignores an invalid login form (the dialog shows the rule instead)', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send(login({ username: '  ' }));
    actor.send(login({ password: '' }));
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls.login).toEqual([]);
  });

  it('registers, then logs in automatically with what was typed and says 自动登录成功', async () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'dialog.mode', mode: 'register' });
    actor.send({ type: 'register.submit', request: { username: 'newbie', nickName: '新人', password: 'abc123456' } });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(calls.register).toEqual([{ username: 'newbie', nickName: '新人', password: 'abc123456' }]);
    expect(calls.login).toEqual([{ username: 'newbie', password: 'abc123456', remember: false }]);
    expect(emitted.map((e) => e.type)).toEqual(['user.changed', 'register.succeeded', 'username.remembered']);
    expect(actor.getSnapshot().context.dialog).toBe('closed');
  });

  it('a refused registration keeps the register form open with the message', async () => {
    const { actor, emitted, calls } = start({}, { register: () => Promise.reject(new Error('该用户账号已被注册')) });
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'dialog.mode', mode: 'register' });
    actor.send({ type: 'register.submit', request: { username: 'taken', nickName: '', password: 'abc123456' } });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(calls.login).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ dialog: 'register', error: '该用户账号已被注册' });
    expect(emitted).toEqual([{ type: 'auth.failed', message: '该用户账号已被注册' }]);
  });

  it('ignores a registration that breaks the rules', () => {
    const { actor, calls } = start();
    actor.send({ type: 'register.submit', request: { username: 'abc', nickName: '', password: 'abc123456' } });
    actor.send({ type: 'register.submit', request: { username: 'abcdef', nickName: '', password: '123456' } });
    expect(calls.register).toEqual([]);
  });

  it('logs out: the server call, then anonymous with 退出成功, even if the call fails', async () => {
    for (const logout of [() => Promise.resolve(), () => Promise.reject(new Error('offline'))]) {
      const { actor, emitted, calls } = start({ storedUser: READER }, { logout });
      await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
      emitted.length = 0;
      actor.send({ type: 'logout' });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await waitFor(actor, (s) => s.matches('anonymous'));
      expect(calls.logout).toBe(1);
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(emitted).toEqual([{ type: 'user.changed', user: null, persistent: false }, { type: 'logout.succeeded' }]);
    }
  });

  it('a 401 while signed in clears the user and opens the login dialog (expired)', async () => {
    const { actor, emitted } = start({ storedUser: READER, storedPersistent: true });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    emitted.length = 0;
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, dialog: 'login' });
    expect(emitted).toEqual([
      { type: 'user.changed', user: null, persistent: false },
      { type: 'session.ended', reason: 'expired' },
    ]);
  });

  it('from expired, logging in again authenticates; closing the dialog leaves it anonymous', async () => {
    const { actor } = start({ storedUser: READER });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    actor.send({ type: 'session.expired' });
    actor.send(login());
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'session.expired' });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.dialog).toBe('closed');
  });

  it('does not open the login dialog for a signed-in user', async () => {
    const { actor } = start({ storedUser: READER });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().context.dialog).toBe('closed');
  });

  it('a 401 while anonymous opens the login dialog', () => {
    const { actor } = start();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().context.dialog).toBe('login');
  });

  it('verifies stored info at start: refreshed when the session lives', async () => {
    const fresh = { ...READER, nickName: '新名字' };
    const { actor, emitted } = start({ storedUser: READER, storedPersistent: true }, { fetchCurrentUser: async () => fresh });
    expect(actor.getSnapshot().matches({ authenticated: 'verifying' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(READER); // optimistic: no flash of "登录"
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    expect(actor.getSnapshot().context.user).toEqual(fresh);
    expect(emitted).toEqual([{ type: 'user.changed', user: fresh, persistent: true }]);
  });

  it('verifies stored info at start: forgotten quietly when the session is gone', async () => {
    const { actor, emitted } = start({ storedUser: READER }, { fetchCurrentUser: async () => null });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.dialog).toBe('closed');
    expect(emitted).toEqual([
      { type: 'user.changed', user: null, persistent: false },
      { type: 'session.ended', reason: 'revoked' },
    ]);
  });

  it('keeps stored info when the check cannot reach the server', async () => {
    const { actor } = start({ storedUser: READER }, { fetchCurrentUser: () => Promise.reject(new Error('offline')) });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    expect(actor.getSnapshot().context.user).toEqual(READER);
  });

  it('takes profile updates, the changed password included, and stays signed in', async () => {
    const { actor, emitted } = start({ storedUser: READER, storedPersistent: true });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    emitted.length = 0;
    const renamed = { ...READER, nickName: '改名' };
    actor.send({ type: 'user.updated', user: renamed });
    expect(actor.getSnapshot().context.user).toEqual(renamed);
    expect(emitted).toEqual([{ type: 'user.changed', user: renamed, persistent: true }]);
  });

  it('asks for the second step after the right password, keeps the dialog on a wrong code, then signs in', async () => {
    let wrong = true;
    const { actor, emitted, calls } = start(
      {},
      {
        login: async () => ({ challenge: 'c-1', methods: { code: true, passkey: false } }),
        loginSecondStep: async () => {
          if (wrong) throw new Error('验证码错误');
          return READER;
        },
      },
    );
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'dialog.open' });
    actor.send(login({ remember: true }));
    await waitFor(actor, (s) => s.matches({ secondStep: 'asking' }));
    expect(actor.getSnapshot().context).toMatchObject({ user: null, dialog: 'login', challenge: 'c-1' });
    actor.send({ type: 'secondStep.submit', code: '   ' });
    expect(actor.getSnapshot().matches({ secondStep: 'asking' })).toBe(true);
    actor.send({ type: 'secondStep.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches({ secondStep: 'asking' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('验证码错误');
    wrong = false;
    actor.send({ type: 'secondStep.submit', code: '654321' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    expect(calls.secondStep).toEqual([
      { challenge: 'c-1', code: '123456', passkey: false },
      { challenge: 'c-1', code: '654321', passkey: false },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ user: READER, persistent: true, dialog: 'closed', challenge: null });
    expect(emitted).toContainEqual({ type: 'login.succeeded', user: READER });
  });

  it('gives the sign-in up when the second step’s dialog is closed', async () => {
    const { actor } = start({}, { login: async () => ({ challenge: 'c-2', methods: { code: true, passkey: false } }) });
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send(login());
    await waitFor(actor, (s) => s.matches({ secondStep: 'asking' }));
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, challenge: null, dialog: 'closed' });
  });

  it('uses throwing placeholders when no actors are provided', async () => {
    const actor = createActor(sessionMachine, { input: { storedUser: null, storedPersistent: false, rememberedUsername: null } });
    const failures: string[] = [];
    actor.on('auth.failed', ({ message }) => void failures.push(message));
    actor.start();
    actor.send(login());
    await settle();
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(failures).toEqual(['session: login actor not provided']);
  });
});
