import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import {
  ReportedError,
  type LoginRequest,
  type RegisterRequest,
  type SecondStepNeeded,
  type UserInfo,
} from './account';
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
  /** The password was right and the account asks for its second step: the challenge a code answers. */
  challenge: string | null;
  /** With `challenge`: what the account can answer it with (a code, a passkey). */
  secondStepMethods: SecondStepNeeded['methods'] | null;
  /** What the pending authentication is for; decides the success toast. */
  pending:
    | { kind: 'login'; request: LoginRequest }
    | { kind: 'register'; request: RegisterRequest }
    | { kind: 'passkey'; remember: boolean }
    | null;
}

export type SessionEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.mode'; mode: DialogMode }
  | { type: 'dialog.close' }
  | { type: 'login.submit'; request: LoginRequest }
  /** A code from the authenticator app, or a recovery code, for the pending challenge. */
  | { type: 'secondStep.submit'; code: string }
  /** The pending challenge answered by one of the account's passkeys. */
  | { type: 'secondStep.passkey' }
  /** Sign in with a passkey alone (it counts as both steps). */
  | { type: 'passkey.submit'; remember: boolean }
  | { type: 'register.submit'; request: RegisterRequest }
  | { type: 'logout' }
  /** The server answered 401: the session is gone. */
  | { type: 'session.expired' }
  /** The profile changed (nickname, avatar), or what the account must still do (its password, its second step). */
  | { type: 'user.updated'; user: UserInfo };

export type SessionEmitted =
  | { type: 'login.succeeded'; user: UserInfo }
  | { type: 'register.succeeded'; user: UserInfo }
  | { type: 'auth.failed'; message: string }
  | { type: 'logout.succeeded' }
  | { type: 'session.ended'; reason: 'expired' | 'revoked' }
  | { type: 'user.changed'; user: UserInfo | null; persistent: boolean }
  | { type: 'username.remembered'; username: string | null };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Placeholders: the adapter supplies the real actors with machine.provide({ actors }).
/** The signed-in user, or the challenge of an account that asks for a second step. */
const login = fromPromise<UserInfo | SecondStepNeeded, LoginRequest>(async () => {
  throw new Error('session: login actor not provided');
});
/** The second step: a code (`passkey` false) or one of the account's passkeys. */
const loginSecondStep = fromPromise<UserInfo, { challenge: string; code: string; passkey?: boolean }>(async () => {
  throw new Error('session: loginSecondStep actor not provided');
});
const loginWithPasskey = fromPromise<UserInfo, { remember: boolean }>(async () => {
  throw new Error('session: loginWithPasskey actor not provided');
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

export const sessionMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      input: {} as SessionInput,
      emitted: {} as SessionEmitted,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { login, loginSecondStep, loginWithPasskey, register, logout, fetchCurrentUser },
    guards: {
      hasStoredUser: ({ context }) => context.user !== null,
      knownSignedIn: ({ context }) => context.serverKnown && context.user !== null,
      knownVisitor: ({ context }) => context.serverKnown && context.user === null,
      validLogin: ({ event }) => event.type === 'login.submit' && !hasErrors(validateLogin(event.request)),
      validRegister: ({ event }) =>
        event.type === 'register.submit' &&
        !hasErrors(validateRegister({ ...event.request, confirmPassword: event.request.password })),
      isRegistering: ({ context }) => context.pending?.kind === 'register',
      isPasskey: ({ context }) => context.pending?.kind === 'passkey',
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
        pending: ({ event }) =>
          event.type === 'login.submit' ? { kind: 'login' as const, request: event.request } : null,
        error: null,
      }),
      startPasskey: assign({
        pending: ({ event }) =>
          event.type === 'passkey.submit' ? { kind: 'passkey' as const, remember: event.remember } : null,
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
      refuse: assign((_, params: { message: string }) => ({
        error: params.message,
        pending: null,
        challenge: null,
        secondStepMethods: null,
      })),
      /** Signed in (at once, or after the second step): the dialog closes and the views hear who it is. */
      signIn: enqueueActions(({ context, enqueue }, params: { user: UserInfo }) => {
        const remember =
          context.pending?.kind === 'login'
            ? context.pending.request.remember
            : context.pending?.kind === 'passkey' && context.pending.remember;
        const rememberedUsername =
          context.pending?.kind === 'login'
            ? remember
              ? context.pending.request.username.trim()
              : null
            : context.rememberedUsername;
        enqueue.assign({
          user: params.user,
          persistent: remember,
          dialog: 'closed',
          error: null,
          rememberedUsername,
          challenge: null,
          secondStepMethods: null,
        });
        enqueue.emit({ type: 'user.changed', user: params.user, persistent: remember });
        enqueue.emit(
          context.pending?.kind === 'register'
            ? { type: 'register.succeeded', user: params.user }
            : { type: 'login.succeeded', user: params.user },
        );
        enqueue.emit({ type: 'username.remembered', username: rememberedUsername });
        enqueue.assign({ pending: null });
      }),
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
        input.storedUser !== null &&
        input.storedPersistent &&
        (input.knownUser === undefined || input.knownUser?.id === input.storedUser.id),
      serverKnown: input.knownUser !== undefined,
      rememberedUsername: input.rememberedUsername,
      dialog: 'closed',
      error: null,
      challenge: null,
      secondStepMethods: null,
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
          'passkey.submit': { target: 'authenticating', actions: 'startPasskey' },
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
          'passkey.submit': { target: 'authenticating', actions: 'startPasskey' },
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
          'passkey.submit': { target: 'authenticating', actions: 'startPasskey' },
        },
      },
      authenticating: {
        tags: ['busy'],
        initial: 'choosing',
        states: {
          choosing: {
            always: [
              { guard: 'isRegistering', target: 'registering' },
              { guard: 'isPasskey', target: 'withPasskey' },
              { target: 'loggingIn' },
            ],
          },
          /** The browser asks for a passkey, then the server checks its answer. */
          withPasskey: {
            invoke: {
              src: 'loginWithPasskey',
              input: ({ context }) => ({ remember: context.pending?.kind === 'passkey' && context.pending.remember }),
              onDone: {
                target: '#session.authenticated.idle',
                actions: { type: 'signIn', params: ({ event }) => ({ user: event.output }) },
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
          registering: {
            invoke: {
              src: 'register',
              input: ({ context }) =>
                context.pending?.kind === 'register' ? context.pending.request : ({} as RegisterRequest),
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
                  : context.pending?.kind === 'register'
                    ? // Register success logs in with what was just typed (spec: automatic login).
                      {
                        username: context.pending.request.username,
                        password: context.pending.request.password,
                        remember: false,
                      }
                    : { username: '', password: '', remember: false },
              onDone: [
                {
                  guard: ({ event }) => 'challenge' in event.output,
                  target: '#session.secondStep',
                  actions: assign({
                    challenge: ({ event }) => ('challenge' in event.output ? event.output.challenge : null),
                    secondStepMethods: ({ event }) => ('challenge' in event.output ? event.output.methods : null),
                    error: null,
                  }),
                },
                {
                  target: '#session.authenticated.idle',
                  actions: { type: 'signIn', params: ({ event }) => ({ user: event.output as UserInfo }) },
                },
              ],
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
      /** The password was right; the dialog asks for a code. Closing it gives the sign-in up. */
      secondStep: {
        initial: 'asking',
        states: {
          asking: {
            tags: ['ready'],
            on: {
              'secondStep.submit': { guard: ({ event }) => event.code.trim() !== '', target: 'verifying' },
              'secondStep.passkey': {
                guard: ({ context }) => context.secondStepMethods?.passkey === true,
                target: 'verifying',
              },
              'dialog.close': {
                target: '#session.anonymous',
                actions: ['closeDialog', assign({ challenge: null, secondStepMethods: null, pending: null })],
              },
            },
          },
          verifying: {
            tags: ['busy'],
            invoke: {
              src: 'loginSecondStep',
              input: ({ context, event }) => ({
                challenge: context.challenge ?? '',
                code: event.type === 'secondStep.submit' ? event.code : '',
                passkey: event.type === 'secondStep.passkey',
              }),
              onDone: {
                target: '#session.authenticated.idle',
                actions: { type: 'signIn', params: ({ event }) => ({ user: event.output }) },
              },
              // A wrong code may be typed again while the challenge lives (the server says when it has expired).
              onError: {
                target: 'asking',
                actions: [
                  assign({ error: ({ event }) => errorText(event.error) }),
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
                  actions: [
                    'clearUser',
                    'announceUser',
                    emit({ type: 'session.ended' as const, reason: 'revoked' as const }),
                  ],
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
              onDone: {
                target: '#session.anonymous',
                actions: ['clearUser', 'announceUser', emit({ type: 'logout.succeeded' as const })],
              },
              onError: {
                target: '#session.anonymous',
                actions: ['clearUser', 'announceUser', emit({ type: 'logout.succeeded' as const })],
              },
            },
          },
        },
      },
    },
  }),
);
