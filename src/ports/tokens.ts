import type { ActorRefFrom } from 'xstate';
import type { ActorLoader } from './actorLoader';
import type { sessionMachine } from '../domain/account/session.machine';
import type { notificationsMachine } from '../domain/notifications/notifications.machine';
import type { AccountApi } from './accountApi';
import type { NotifyApi } from './notifyApi';
import type { appSessionMachine } from '../domain/app/appSession.machine';
import type { preferencesMachine } from '../domain/preferences/preferences.machine';
import type { searchMachine } from '../domain/search/search.machine';
import type { themeMachine } from '../domain/theme/theme.machine';
import type { Clipboard, Clock, Random } from './browser';
import type { ContentApi } from './contentApi';
import type { KeyValueStore } from './keyValueStore';
import type { NoticeFeed, Notifier } from './notifier';
import type { SiteApi } from './siteApi';
import type { MusicApi } from './musicApi';
import type { PlayerLoader } from './playerRuntime';
import type { ChatRoomLoader } from './chatRoom';
import type { CONSOLE_TOKENS, ConsoleLoader, ConsoleServices } from './console/tokens';
import type { CommentsApi } from './commentsApi';
import type { PageViews } from './pageViews';
import type { ReauthPrompt } from './reauthPrompt';
import type { SignInApi } from './signInApi';

/** One token per port and per long-lived actor; `Services` says what each resolves to. */
const siteApi = Symbol('siteApi');
const accountApi = Symbol('accountApi');
const notifyApi = Symbol('notifyApi');
const session = Symbol('session');
const notifications = Symbol('notifications');
const notifier = Symbol('notifier');
const noticeFeed = Symbol('noticeFeed');
const localStore = Symbol('localStore');
const sessionStore = Symbol('sessionStore');
const clock = Symbol('clock');
const random = Symbol('random');
const clipboard = Symbol('clipboard');
const theme = Symbol('theme');
const preferences = Symbol('preferences');
const appSession = Symbol('appSession');
const contentApi = Symbol('contentApi');
const search = Symbol('search');
const musicApi = Symbol('musicApi');
const playerLoader = Symbol('playerLoader');
const chatLoader = Symbol('chatLoader');
const commentsApi = Symbol('commentsApi');
const consoleLoader = Symbol('consoleLoader');
const pageViews = Symbol('pageViews');
const reauthPrompt = Symbol('reauthPrompt');
const signInApi = Symbol('signInApi');

export const TOKENS = {
  siteApi,
  accountApi,
  notifyApi,
  session,
  notifications,
  notifier,
  noticeFeed,
  localStore,
  sessionStore,
  clock,
  random,
  clipboard,
  theme,
  preferences,
  appSession,
  contentApi,
  search,
  musicApi,
  playerLoader,
  chatLoader,
  commentsApi,
  consoleLoader,
  pageViews,
  reauthPrompt,
  signInApi,
} as const;

export interface Services {
  siteApi: SiteApi;
  accountApi: AccountApi;
  notifyApi: NotifyApi;
  session: ActorRefFrom<typeof sessionMachine>;
  /** The message drawer's actor, loaded once a reader is signed in (a visitor never has notices). */
  notifications: ActorLoader<ActorRefFrom<typeof notificationsMachine>>;
  notifier: Notifier;
  noticeFeed: NoticeFeed;
  localStore: KeyValueStore;
  sessionStore: KeyValueStore;
  clock: Clock;
  random: Random;
  clipboard: Clipboard;
  theme: ActorRefFrom<typeof themeMachine>;
  preferences: ActorRefFrom<typeof preferencesMachine>;
  appSession: ActorRefFrom<typeof appSessionMachine>;
  contentApi: ContentApi;
  /** The header's search, loaded when its dialog first opens. */
  search: ActorLoader<ActorRefFrom<typeof searchMachine>>;
  musicApi: MusicApi;
  /** The music player, loaded on first use (the disc, `?showSpecial`); its runtime then lives for the visit. */
  playerLoader: PlayerLoader;
  /** The chat room, fetched and started on first use (its code is a separate chunk). */
  chatLoader: ChatRoomLoader;
  /** Comments under articles and talks, and talk likes (its adapter is loaded on first call). */
  commentsApi: CommentsApi;
  /** Binds the console's ports (their own chunk) into this container: asked by `/admin` before it renders. */
  consoleLoader: ConsoleLoader;
  /** The site's own statistics, told of in-app navigations. */
  pageViews: PageViews;
  /** Asks the password again before what cannot be undone (the HTTP client retries after it). */
  reauthPrompt: ReauthPrompt;
  signInApi: SignInApi;
}

type AllTokens = typeof TOKENS & typeof CONSOLE_TOKENS;
type AllServices = Services & ConsoleServices;

export type Token = AllTokens[keyof AllTokens];

/** The service a token resolves to, so `useService(TOKENS.theme)` is typed without casts. */
export type ServiceFor<T extends Token> = {
  [K in keyof AllServices]: AllTokens[K] extends T ? AllServices[K] : never;
}[keyof AllServices];
