import { Container, ContainerModule } from 'inversify';
import { createActor } from 'xstate';
import { fromPromise } from 'xstate';
import { appSessionMachine } from './domain/app/appSession.machine';
import { greetingFor } from './domain/shared/greeting';
import { preferencesMachine } from './domain/preferences/preferences.machine';
import { restorePreferences } from './domain/preferences/preferences';
import { themeMachine } from './domain/theme/theme.machine';
import { browserClipboard, browserClock, browserRandom } from './adapters/browser/browserPorts';
import { createHttpClient, loadTransport, type HttpClient } from './adapters/http/httpClient';
import { lazyPort, type AsyncPort } from './adapters/http/lazyPort';
import { displayName, type UserInfo } from './domain/account/account';
import { sessionMachine } from './domain/account/session.machine';
import { playerModule } from './adapters/player/playerModule';
import { chatModule } from './adapters/chat/chatModule';
import { loadOnce } from './adapters/loadOnce';
import { createActorLoader } from './adapters/actorLoader';
import { NoticeCenter } from './adapters/notifier/noticeCenter';
import { ReauthCenter } from './adapters/reauth/reauthCenter';
import { EncodedStorage, MirroredStorage } from './adapters/storage/encodedStorage';
import { LIST_ACTION_NOTICE_MS } from './ports/notifier';
import type { PageSeed } from './ports/pageSeed';
import type { ContentApi } from './ports/contentApi';
import type { CommentsApi } from './ports/commentsApi';
import type { SiteApi } from './ports/siteApi';
import { writeUiCookie } from './adapters/browser/uiCookie';
import { MemoryStore, refusingHttpClient, renderClipboard } from './adapters/render/renderPorts';
import { beaconPageViews, silentPageViews } from './adapters/browser/pageViewBeacon';
import { TOKENS, type Services } from './ports/tokens';
import { greetingText } from './i18n/greetingText';
import * as zhCN from './i18n/zh-CN';

const STORAGE_KEYS = { theme: 'theme', preferences: 'preferences', searchHistory: 'searchHistory' } as const;

/** Not a port: the adapters' shared transport, bound here only so every API adapter gets the same one. */
const HTTP_CLIENT = Symbol('httpClient');

/** The API adapters and the transport they send through, fetched together on the first call (or when idle). */
export const loadHttpApis = () => Promise.all([import('./adapters/http/apis'), loadTransport()]).then(([apis]) => apis);
type HttpApis = Awaited<ReturnType<typeof loadHttpApis>>;

/** A port bound to its HTTP adapter, whose code arrives on the port's first call. */
function httpApi<T extends AsyncPort<T>>(create: (apis: HttpApis, http: HttpClient) => T) {
  return (http: HttpClient) => lazyPort(() => loadHttpApis().then((apis) => create(apis, http)));
}

/**
 * Where the actors run: in the browser they start at once and act on the page; rendering on the server
 * they are only read (their first snapshot, built from the page's seed), never started.
 */
interface Environment {
  seed: PageSeed | null;
  live: boolean;
}

/** Ports bound to browser adapters: the only place that knows which adapter serves which port. */
const browserModule = new ContainerModule(({ bind }) => {
  const notices = new NoticeCenter();
  bind(TOKENS.notifier).toConstantValue(notices);
  bind(TOKENS.noticeFeed).toConstantValue(notices);
  bind(TOKENS.reauthPrompt).toConstantValue(new ReauthCenter());
  bind(TOKENS.localStore).toConstantValue(new EncodedStorage(window.localStorage));
  bind(TOKENS.sessionStore).toConstantValue(new EncodedStorage(window.sessionStorage));
  bind(TOKENS.clock).toConstantValue(browserClock);
  bind(TOKENS.random).toConstantValue(browserRandom);
  bind(TOKENS.clipboard).toConstantValue(browserClipboard);
  bind(TOKENS.pageViews).toConstantValue(beaconPageViews);
  // ONE HTTP client for every API adapter, so a 401 from any call ends the session and opens the login.
  bind(HTTP_CLIENT)
    .toDynamicValue((context) =>
      createHttpClient({
        notifier: context.get<Services['notifier']>(TOKENS.notifier),
        onUnauthorized: () => context.get<Services['session']>(TOKENS.session).send({ type: 'session.expired' }),
        reauthenticate: () => context.get<Services['reauthPrompt']>(TOKENS.reauthPrompt).ask(),
      }),
    )
    .inSingletonScope();
  bind(TOKENS.siteApi).toResolvedValue(httpApi((apis, http) => apis.createSiteApi(http)), [HTTP_CLIENT]);
  bind(TOKENS.contentApi).toResolvedValue(httpApi((apis, http) => apis.createContentApi(http)), [HTTP_CLIENT]);
  // Its own chunk, fetched when a comment section first asks: a page without one never loads it.
  bind(TOKENS.commentsApi).toResolvedValue(
    (http: HttpClient) => lazyPort(() => import('./adapters/http/commentsApi').then((m) => m.createCommentsApi(http))),
    [HTTP_CLIENT],
  );
  bindAccountAndMusicApis(bind);
});

/** The reading ports a server render is given: adapters that call the server's services directly. */
export interface RenderPorts {
  siteApi: SiteApi;
  contentApi: ContentApi;
  /** Only the first page of a thread is read while rendering (a crawler reads the discussion). */
  commentsApi: CommentsApi;
}

/** Ports for a render on the server: its reading APIs, and inert storage (nothing is written or sent). */
function renderModule(ports: RenderPorts): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const notices = new NoticeCenter();
    bind(TOKENS.notifier).toConstantValue(notices);
    bind(TOKENS.noticeFeed).toConstantValue(notices);
    bind(TOKENS.reauthPrompt).toConstantValue(new ReauthCenter());
    bind(TOKENS.localStore).toConstantValue(new MemoryStore());
    bind(TOKENS.sessionStore).toConstantValue(new MemoryStore());
    bind(TOKENS.clock).toConstantValue(browserClock);
    bind(TOKENS.random).toConstantValue(browserRandom);
    bind(TOKENS.clipboard).toConstantValue(renderClipboard);
    bind(TOKENS.pageViews).toConstantValue(silentPageViews);
    bind(HTTP_CLIENT).toConstantValue(refusingHttpClient);
    bind(TOKENS.siteApi).toConstantValue(ports.siteApi);
    bind(TOKENS.contentApi).toConstantValue(ports.contentApi);
    bind(TOKENS.commentsApi).toConstantValue(ports.commentsApi);
    bindAccountAndMusicApis(bind);
  });
}

function bindAccountAndMusicApis(bind: Parameters<ConstructorParameters<typeof ContainerModule>[0]>[0]['bind']): void {
  bind(TOKENS.accountApi).toResolvedValue(httpApi((apis, http) => apis.createAccountApi(http)), [HTTP_CLIENT]);
  bind(TOKENS.notifyApi).toResolvedValue(httpApi((apis, http) => apis.createNotifyApi(http)), [HTTP_CLIENT]);
  bind(TOKENS.signInApi).toResolvedValue(httpApi((apis, http) => apis.createSignInApi(http)), [HTTP_CLIENT]);
  // The music API: our /wapi; any NeteaseCloudMusicApi-compatible server is a base URL away.
  bind(TOKENS.musicApi).toResolvedValue(httpApi((apis, http) => apis.createMusicApi(http)), [HTTP_CLIENT]);
}

/** Starts a long-lived actor in the browser; a server render only reads its first snapshot. */
function started<A extends { start(): A }>(env: Environment, actor: A): A {
  return env.live ? actor.start() : actor;
}

/**
 * The machine with the app's implementations of its actors. A server render never starts an actor, only reads
 * its first snapshot, so it keeps the machine as defined: `.provide` builds a whole new machine, a tenth of a
 * signed-in reader's render.
 */
function provided<M>(env: Environment, machine: M, provide: (machine: M) => M): M {
  return env.live ? provide(machine) : machine;
}

/** Long-lived actors, created and started once; views only read and send. */
const actorsModule = (env: Environment) => new ContainerModule(({ bind }) => {
  bind(TOKENS.theme)
    .toResolvedValue(
      (local: Services['localStore'], clock: Services['clock']) => {
        const stored = env.live ? (local.get<'light' | 'dark'>(STORAGE_KEYS.theme) ?? null) : (env.seed?.theme ?? null);
        // A choice stored before the cookie existed reaches the server from the next page on.
        if (env.live && stored) writeUiCookie({ theme: stored });
        const actor = createActor(themeMachine, { input: { stored, hour: clock.hour() } });
        actor.on('theme.changed', ({ theme, persist }) => {
          document.documentElement.dataset.theme = theme;
          document.documentElement.style.colorScheme = theme;
          if (persist) {
            local.set(STORAGE_KEYS.theme, theme);
            writeUiCookie({ theme });
          }
        });
        return started(env, actor);
      },
      [TOKENS.localStore, TOKENS.clock],
    )
    .inSingletonScope();

  bind(TOKENS.preferences)
    .toResolvedValue(
      (local: Services['localStore'], session: Services['sessionStore']) => {
        const stores = new MirroredStorage([session, local]);
        const stored = env.live ? stores.get(STORAGE_KEYS.preferences) : undefined;
        if (stored !== undefined) writeUiCookie({ preferences: restorePreferences(stored) });
        const actor = createActor(preferencesMachine, {
          input: env.live ? restorePreferences(stored) : (env.seed?.preferences ?? restorePreferences(null)),
        });
        actor.on('preferences.changed', ({ preferences }) => {
          stores.set(STORAGE_KEYS.preferences, preferences);
          writeUiCookie({ preferences });
        });
        return started(env, actor);
      },
      [TOKENS.localStore, TOKENS.sessionStore],
    )
    .inSingletonScope();

  bind(TOKENS.appSession)
    .toResolvedValue(
      (api: Services['siteApi'], notifier: Services['notifier'], clock: Services['clock'], session: Services['session']) => {
        const machine = provided(env, appSessionMachine, (machine) =>
          machine.provide({
            actors: {
              fetchPageHeaders: fromPromise(() => api.pageHeaders()),
              countView: fromPromise<number | void>(() => api.addView()),
            },
          }),
        );
        const actor = createActor(machine, {
          input: { windowNamed: env.live ? window.name !== '' : true, pageHeaders: env.seed?.pageHeaders ?? null },
        });
        actor.on('welcome', () => {
          // A named window has been greeted already: reloads in the same tab stay quiet.
          window.name = 'blog';
          const greet = () =>
            notifier.notify({
              level: 'success',
              title: zhCN.greeting.welcomeTitle,
              message: greetingText(greetingGiven(clock.hour(), session.getSnapshot().context.user)),
            });
          // Greet by name: wait for the server's answer on who is signed in (see the session's start).
          if (!session.getSnapshot().matches('checking')) return greet();
          const watch = session.subscribe((snapshot) => {
            if (snapshot.matches('checking')) return;
            watch.unsubscribe();
            greet();
          });
        });
        actor.on('pageHeaders.failed', ({ message }) => notifier.notify({ level: 'error', message }));
        return started(env, actor);
      },
      [TOKENS.siteApi, TOKENS.notifier, TOKENS.clock, TOKENS.session],
    )
    .inSingletonScope();
});

/** The greeting uses the signed-in user's name when one is known (spec section 1). */
function greetingGiven(hour: number, user: UserInfo | null) {
  return greetingFor({ hour, userName: user ? displayName(user) : null, userId: user?.id ?? null });
}

/**
 * The header's search dialog: one actor for the whole visit, its history kept in local storage. Its machine is
 * a chunk fetched when the dialog first opens (or ahead, when idle): nothing on a page reads it before.
 */
const searchModule = (env: Environment) => new ContainerModule(({ bind }) => {
  bind(TOKENS.search)
    .toResolvedValue(
      (api: Services['contentApi'], local: Services['localStore']) =>
        createActorLoader(
          () => Promise.all([import('./domain/search/search.machine'), import('./domain/search/history')]),
          ([{ searchMachine }, { restoreHistory }]) => {
            const machine = provided(env, searchMachine, (machine) =>
              machine.provide({
                actors: {
                  searchArticles: fromPromise(({ input }) => api.search(input.keyword)),
                  fetchHotArticles: fromPromise(() => api.hotArticles()),
                },
              }),
            );
            const actor = createActor(machine, { input: { history: restoreHistory(local.get(STORAGE_KEYS.searchHistory)) } });
            actor.on('history.changed', ({ history }) => local.set(STORAGE_KEYS.searchHistory, history));
            return started(env, actor);
          },
        ),
      [TOKENS.contentApi, TOKENS.localStore],
    )
    .inSingletonScope();
});

const ACCOUNT_KEYS = { user: 'userInfo', rememberedUsername: 'rememberedUsername' } as const;

/** The session and the message drawer: long-lived actors fed by the account and notify APIs. */
const accountModule = (env: Environment) => new ContainerModule(({ bind }) => {
  bind(TOKENS.session)
    .toResolvedValue(
      (
        api: Services['accountApi'],
        local: Services['localStore'],
        tab: Services['sessionStore'],
        notifier: Services['notifier'],
        clock: Services['clock'],
      ) => {
        const machine = provided(env, sessionMachine, (machine) =>
          machine.provide({
            actors: {
              login: fromPromise(async ({ input }) => {
                const answer = await api.login(input);
                return 'challenge' in answer ? answer : api.userInfo(answer.id);
              }),
              loginSecondStep: fromPromise(async ({ input }) => {
                const { id } = input.passkey
                  ? await api.loginSecondStepWithPasskey(input.challenge)
                  : await api.loginSecondStep(input.challenge, input.code);
                return api.userInfo(id);
              }),
              loginWithPasskey: fromPromise(async ({ input }) => api.userInfo((await api.loginWithPasskey(input.remember)).id)),
              register: fromPromise(({ input }) => api.register(input).then(() => undefined)),
              logout: fromPromise(() => api.logout()),
              fetchCurrentUser: fromPromise(() => api.current()),
            },
          }),
        );
        // "记住我" keeps the (non-secret) user info across browser restarts; otherwise only for this tab.
        const remembered = local.get<UserInfo>(ACCOUNT_KEYS.user);
        const actor = createActor(machine, {
          input: {
            storedUser: remembered ?? tab.get<UserInfo>(ACCOUNT_KEYS.user) ?? null,
            storedPersistent: remembered !== undefined,
            rememberedUsername: local.get<string>(ACCOUNT_KEYS.rememberedUsername) ?? null,
            // The server read the session cookie when it rendered the page: no need to ask again.
            knownUser: env.seed ? env.seed.user : undefined,
          },
        });
        actor.on('user.changed', ({ user, persistent }) => {
          local.remove(ACCOUNT_KEYS.user);
          tab.remove(ACCOUNT_KEYS.user);
          if (user) (persistent ? local : tab).set(ACCOUNT_KEYS.user, user);
        });
        actor.on('username.remembered', ({ username }) => local.set(ACCOUNT_KEYS.rememberedUsername, username));
        actor.on('login.succeeded', ({ user }) =>
          notifier.notify({
            level: 'success',
            title: zhCN.session.loginSuccess,
            message: greetingText(greetingGiven(clock.hour(), user)),
          }),
        );
        actor.on('register.succeeded', () => notifier.notify({ level: 'success', message: zhCN.session.autoLoginSuccess }));
        actor.on('auth.failed', ({ message }) =>
          notifier.notify({ level: 'error', title: zhCN.session.errorTitle, message }),
        );
        actor.on('logout.succeeded', () => notifier.notify({ level: 'success', message: zhCN.session.logoutSuccess }));
        return started(env, actor);
      },
      [TOKENS.accountApi, TOKENS.localStore, TOKENS.sessionStore, TOKENS.notifier, TOKENS.clock],
    )
    .inSingletonScope();

  bind(TOKENS.notifications)
    .toResolvedValue(
      (api: Services['notifyApi'], session: Services['session'], notifier: Services['notifier']) => {
        const loader = createActorLoader(
          () => import('./domain/notifications/notifications.machine'),
          ({ notificationsMachine }) => {
            const machine = provided(env, notificationsMachine, (machine) =>
              machine.provide({
                actors: {
                  fetchPage: fromPromise(({ input }) => api.page(input.page, input.size)),
                  markRead: fromPromise(({ input }) => api.markRead(input.id)),
                  deleteItem: fromPromise(({ input }) => api.delete(input.id)),
                },
              }),
            );
            const actor = createActor(machine);
            if (!env.live) return actor;
            actor.on('deleted', () => notifier.notify({ level: 'success', message: zhCN.notify.deleted, durationMs: LIST_ACTION_NOTICE_MS }));
            actor.on('delete.failed', ({ message }) =>
              notifier.notify({ level: 'error', title: zhCN.session.errorTitle, message }),
            );
            actor.start();
            // The drawer follows the session: a user's notices load on sign-in and vanish on sign-out.
            let signedIn = false;
            const follow = (user: UserInfo | null) => {
              if ((user !== null) === signedIn) return;
              signedIn = user !== null;
              actor.send({ type: signedIn ? 'session.started' : 'session.ended' });
            };
            follow(session.getSnapshot().context.user);
            session.subscribe((snapshot) => follow(snapshot.context.user));
            return actor;
          },
        );
        if (!env.live) return loader;
        // A visitor has no notices: the machine's code is fetched once someone is signed in (at the start of a
        // signed-in reader's page). Until it has started, the bell shows what its first snapshot shows: no badge.
        const fetchWhenSignedIn = (user: UserInfo | null) => {
          if (user) loader.load().catch(() => undefined);
        };
        fetchWhenSignedIn(session.getSnapshot().context.user);
        session.subscribe((snapshot) => fetchWhenSignedIn(snapshot.context.user));
        return loader;
      },
      [TOKENS.notifyApi, TOKENS.session, TOKENS.notifier],
    )
    .inSingletonScope();
});

function modules(env: Environment): ContainerModule[] {
  return [actorsModule(env), searchModule(env), accountModule(env), playerModule, chatModule(HTTP_CLIENT)];
}

/** The browser's container; `seed` is what the server rendered the page with (null for a page it did not). */
function createContainer(seed: PageSeed | null): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(browserModule, ...modules({ seed, live: true }));
  // The console's ports arrive with their own chunk when an administrator opens /admin: a reader's first
  // load carries none of them.
  const loadConsole = loadOnce(async () => {
    const { consoleModule } = await import('./adapters/console/consoleModule');
    await container.load(consoleModule(HTTP_CLIENT));
  });
  container.bind(TOKENS.consoleLoader).toConstantValue({ load: loadConsole });
  return container;
}

/**
 * The long-lived actors started before the first render, each in a step of its own: the session with the
 * notices (a stored login is checked on load, and a 401 must find the session listening), the theme, and
 * for a page the server rendered the layout's site session. Resolving one builds and starts it; started in the
 * render instead, they made one long task of it.
 */
function startedFirst(seed: PageSeed | null) {
  return seed
    ? [TOKENS.notifications, TOKENS.theme, TOKENS.appSession]
    : [TOKENS.notifications, TOKENS.theme];
}

/**
 * The browser's container with its first actors started, `between` awaited before each step so that no
 * step holds the main thread for long on a slow phone (see src/main.tsx).
 */
export async function startContainer(seed: PageSeed | null, between: () => Promise<void>): Promise<Container> {
  const container = createContainer(seed);
  for (const token of startedFirst(seed)) {
    await between();
    container.get(token);
  }
  return container;
}

/** A container for one server render: the page's seed in, actors built but never started. */
export function createRenderContainer(ports: RenderPorts, seed: PageSeed): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(renderModule(ports), ...modules({ seed, live: false }));
  return container;
}
