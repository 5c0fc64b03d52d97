import type { ActorRefFrom } from 'xstate';
import type { appSessionMachine } from '../domain/app/appSession.machine';
import type { preferencesMachine } from '../domain/preferences/preferences.machine';
import type { themeMachine } from '../domain/theme/theme.machine';
import type { Clipboard, Clock, Random } from './browser';
import type { KeyValueStore } from './keyValueStore';
import type { NoticeFeed, Notifier } from './notifier';
import type { SiteApi } from './siteApi';

/** One token per port and per long-lived actor; `Services` says what each resolves to. */
const siteApi = Symbol('siteApi');
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

export const TOKENS = {
  siteApi,
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
} as const;

export interface Services {
  siteApi: SiteApi;
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
}

export type Token = (typeof TOKENS)[keyof typeof TOKENS];

/** The service a token resolves to, so `useService(TOKENS.theme)` is typed without casts. */
export type ServiceFor<T extends Token> = {
  [K in keyof Services]: (typeof TOKENS)[K] extends T ? Services[K] : never;
}[keyof Services];
