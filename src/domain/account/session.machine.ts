import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { ReportedError, type LoginRequest, type RegisterRequest, type UserInfo } from './account';
import { hasErrors, validateLogin, validateRegister } from './validation';

export type DialogMode = 'login' | 'register';

export interface SessionInput {
  /** Non-secret user info kept from an earlier visit; verified with the server at start. */
  storedUser: UserInfo | null;
  /** Whether the stored info belongs to a "记住我" session. */
  storedPersistent: boolean;
  /** The user name kept by "记住我", used to prefill the login form. */
  rememberedUsername: string | null;
  /**
   * Who the server found signed in (from the session cookie) when it rendered the page: trusted without
   * asking again; null is a visitor. Undefined when the page was not rendered by the server.
   */
  knownUser?: UserInfo | null;
}

export interface SessionContext {
  user: UserInfo | null;
  /** The server said who is signed in when it rendered the page; the start does not ask again. */
  serverKnown: boolean;
  /** True when the current session was opened with "记住我" (info kept across browser restarts). */
  persistent: boolean;
  rememberedUsername: string | null;
  /** The login/register dialog: closed, or open in a mode. */
  dialog: 'closed' | DialogMode;
  /** The last refusal from login or register, shown in the dialog. */
  error: string | null;
  /** What the pending authentication is for; decides the success toast. */
  pending: { kind: 'login'; request: LoginRequest } | { kind: 'register'; request: RegisterRequest } | null;
}

export type SessionEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.mode'; mode: DialogMode }
  | { type: 'dialog.close' }
  | { type: 'login.submit'; request: LoginRequest }
  | { type: 'register.submit'; request: RegisterRequest }
  | { type: 'logout' }
  /** The server answered 401: the session is gone. */
  | { type: 'session.expired' }
  /** The profile changed (nickname, avatar). */
  | { type: 'user.updated'; user: UserInfo }
  /** The password changed: the server ended every session, this one included. */
  | { type: 'password.changed' };

export type SessionEmitted =
  | { type: 'login.succeeded'; user: UserInfo }
  | { type: 'register.succeeded'; user: UserInfo }
  | { type: 'auth.failed'; message: string }
  | { type: 'logout.succeeded' }
  | { type: 'session.ended'; reason: 'expired' | 'revoked' | 'password' }
  | { type: 'user.changed'; user: UserInfo | null; persistent: boolean }
  | { type: 'username.remembered'; username: string | null };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Placeholders: the adapter supplies the real actors with machine.provide({ actors }).
const login = fromPromise<UserInfo, LoginRequest>(async () => {
  throw new Error('session: login actor not provided');
});
const register = fromPromise<void, RegisterRequest>(async () => {
  throw new Error('session: register actor not provided');
});
const logout = fromPromise<void>(async () => {
  throw new Error('session: logout actor not provided');
});
/** The session's user according to the server; null when it has none. */
const fetchCurrentUser = fromPromise<UserInfo | null>(async () => {
  throw new Error('session: fetchCurrentUser actor not provided');
});

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    tags: {} as 'busy' | 'error' | 'ready',
  },
  actors: { login, register, logout, fetchCurrentUser },
  guards: {
    hasStoredUser: ({ context }) => context.user !== null,
    knownSignedIn: ({ context }) => context.serverKnown && context.user !== null,
    knownVisitor: ({ context }) => context.serverKnown && context.user === null,
    validLogin: ({ event }) => event.type === 'login.submit' && !hasErrors(validateLogin(event.request)),
    validRegister: ({ event }) =>
      event.type === 'register.submit' &&
      !hasErrors(validateRegister({ ...event.request, confirmPassword: event.request.password })),
    isRegistering: ({ context }) => context.pending?.kind === 'register',
  },
  actions: {
    // Spec: opening resets the dialog to login mode (the form prefill comes from rememberedUsername).
    openDialog: assign({ dialog: 'login' as const, error: null }),
    setMode: assign({
      dialog: ({ event }) => (event.type === 'dialog.mode' ? event.mode : 'login'),
      error: null,
    }),
    closeDialog: assign({ dialog: 'closed' as const, error: null }),
    startLogin: assign({
      pending: ({ event }) => (event.type === 'login.submit' ? { kind: 'login' as const, request: event.request } : null),
      error: null,
    }),
    startRegister: assign({
      pending: ({ event }) =>
        event.type === 'register.submit' ? { kind: 'register' as const, request: event.request } : null,
      error: null,
    }),
    clearUser: assign({ user: null, persistent: false }),
    announceUser: emit(({ context }) => ({
      type: 'user.changed' as const,
      user: context.user,
      persistent: context.persistent,
    })),
    setUser: assign({
      user: ({ event, context }) => (event.type === 'user.updated' ? event.user : context.user),
    }),
    refuse: assign((_, params: { message: string }) => ({ error: params.message, pending: null })),
    reportRefusal: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      if (!(params.error instanceof ReportedError)) {
        enqueue.emit({ type: 'auth.failed' as const, message: errorText(params.error) });
      }
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.knownUser === undefined ? input.storedUser : input.knownUser,
    persistent:
      input.storedUser !== null && input.storedPersistent && (input.knownUser === undefined || input.knownUser?.id === input.storedUser.id),
    serverKnown: input.knownUser !== undefined,
    rememberedUsername: input.rememberedUsername,
    dialog: 'closed',
    error: null,
    pending: null,
  }),
  initial: 'starting',
  on: {
    // Switching mode is harmless anywhere; opening only makes sense without a session (see the states).
    'dialog.mode': { actions: 'setMode' },
  },
  states: {
    starting: {
      // Nothing stored is not "signed out": a session cookie may live on (another tab, no 记住我). Ask once.
      always: [
        { guard: 'knownSignedIn', target: 'authenticated.idle', actions: 'announceUser' },
        { guard: 'knownVisitor', target: 'anonymous', actions: 'announceUser' },
        { guard: 'hasStoredUser', target: 'authenticated.verifying' },
        { target: 'checking' },
      ],
    },
    /** Asking the server who is signed in; the reader may already open the dialog or log in meanwhile. */
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'fetchCurrentUser',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'anonymous' },
          {
            target: 'authenticated.idle',
            // The server's answer is trusted; without "记住我" the info is kept for this tab only.
            actions: [assign({ user: ({ event }) => event.output, persistent: false }), 'announceUser'],
          },
        ],
        onError: { target: 'anonymous' },
      },
      on: {
        'session.expired': { actions: 'openDialog' },
        'dialog.open': { actions: 'openDialog' },
        'dialog.close': { actions: 'closeDialog' },
        'login.submit': { guard: 'validLogin', target: 'authenticating', actions: 'startLogin' },
        'register.submit': { guard: 'validRegister', target: 'authenticating', actions: 'startRegister' },
      },
    },
    anonymous: {
      tags: ['ready'],
      on: {
        // A call that needs a session was refused: offer the login (spec: a 401 opens the dialog).
        'session.expired': { actions: 'openDialog' },
        'dialog.open': { actions: 'openDialog' },
        'dialog.close': { actions: 'closeDialog' },
        'login.submit': { guard: 'validLogin', target: 'authenticating', actions: 'startLogin' },
        'register.submit': { guard: 'validRegister', target: 'authenticating', actions: 'startRegister' },
      },
    },
    expired: {
      tags: ['ready'],
      entry: [
        'clearUser',
        'announceUser',
        assign({ dialog: 'login' as const }),
        emit({ type: 'session.ended' as const, reason: 'expired' as const }),
      ],
      on: {
        'dialog.open': { actions: 'openDialog' },
        'dialog.close': { target: 'anonymous', actions: 'closeDialog' },
        'login.submit': { guard: 'validLogin', target: 'authenticating', actions: 'startLogin' },
        'register.submit': { guard: 'validRegister', target: 'authenticating', actions: 'startRegister' },
      },
    },
    authenticating: {
      tags: ['busy'],
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'isRegistering', target: 'registering' }, { target: 'loggingIn' }],
        },
        registering: {
          invoke: {
            src: 'register',
            input: ({ context }) => context.pending?.request as RegisterRequest,
            onDone: { target: 'loggingIn' },
            onError: {
              target: '#session.anonymous',
              actions: [
                { type: 'refuse', params: ({ event }) => ({ message: errorText(event.error) }) },
                { type: 'reportRefusal', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        loggingIn: {
          invoke: {
            src: 'login',
            input: ({ context }): LoginRequest =>
              context.pending?.kind === 'login'
                ? context.pending.request
                : // Register success logs in with what was just typed (spec: automatic login).
                  { username: context.pending?.request.username ?? '', password: context.pending?.request.password ?? '', remember: false },
            onDone: {
              target: '#session.authenticated.idle',
              actions: [
                assign(({ context, event }) => {
                  const remember = context.pending?.kind === 'login' && context.pending.request.remember;
                  return {
                    user: event.output,
                    persistent: remember,
                    dialog: 'closed' as const,
                    error: null,
                    rememberedUsername:
                      context.pending?.kind === 'login'
                        ? remember
                          ? context.pending.request.username.trim()
                          : null
                        : context.rememberedUsername,
                  };
                }),
                'announceUser',
                emit(({ context }) =>
                  context.pending?.kind === 'register'
                    ? { type: 'register.succeeded' as const, user: context.user as UserInfo }
                    : { type: 'login.succeeded' as const, user: context.user as UserInfo },
                ),
                emit(({ context }) => ({ type: 'username.remembered' as const, username: context.rememberedUsername })),
                assign({ pending: null }),
              ],
            },
            onError: {
              target: '#session.anonymous',
              actions: [
                { type: 'refuse', params: ({ event }) => ({ message: errorText(event.error) }) },
                { type: 'reportRefusal', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    authenticated: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'session.expired': { target: 'expired' },
        'password.changed': {
          target: 'anonymous',
          actions: [
            'clearUser',
            'announceUser',
            assign({ dialog: 'login' as const }),
            emit({ type: 'session.ended' as const, reason: 'password' as const }),
          ],
        },
        'user.updated': { actions: ['setUser', 'announceUser'] },
      },
      states: {
        verifying: {
          invoke: {
            src: 'fetchCurrentUser',
            onDone: [
              {
                guard: ({ event }) => event.output === null,
                target: '#session.anonymous',
                // The stored info outlived its session (a browser restart, a revoke): forget it quietly.
                actions: ['clearUser', 'announceUser', emit({ type: 'session.ended' as const, reason: 'revoked' as const })],
              },
              {
                target: 'idle',
                actions: [assign({ user: ({ event }) => event.output }), 'announceUser'],
              },
            ],
            // Offline or server trouble: keep the stored info; a real 401 later ends the session.
            onError: { target: 'idle' },
          },
        },
        idle: {
          on: { logout: { target: 'loggingOut' } },
        },
        loggingOut: {
          tags: ['busy'],
          invoke: {
            src: 'logout',
            // Either way the user asked to leave: forget the session locally.
            onDone: { target: '#session.anonymous', actions: ['clearUser', 'announceUser', emit({ type: 'logout.succeeded' as const })] },
            onError: { target: '#session.anonymous', actions: ['clearUser', 'announceUser', emit({ type: 'logout.succeeded' as const })] },
          },
        },
      },
    },
  },
});
