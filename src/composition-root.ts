import { Container, ContainerModule } from 'inversify';
import { createActor } from 'xstate';
import { fromPromise } from 'xstate';
import { appSessionMachine } from './domain/app/appSession.machine';
import { greetingFor } from './domain/shared/greeting';
import { preferencesMachine } from './domain/preferences/preferences.machine';
import { restorePreferences } from './domain/preferences/preferences';
import { themeMachine } from './domain/theme/theme.machine';
import { browserClipboard, browserClock, browserRandom } from './adapters/browser/browserPorts';
import { createHttpClient } from './adapters/http/httpClient';
import { createSiteApi } from './adapters/http/siteApi';
import { NoticeCenter } from './adapters/notifier/noticeCenter';
import { EncodedStorage, MirroredStorage } from './adapters/storage/encodedStorage';
import { TOKENS, type Services } from './ports/tokens';
import { greetingText } from './ui/i18n/greetingText';
import { zhCN } from './ui/i18n/zh-CN';

const STORAGE_KEYS = { theme: 'theme', preferences: 'preferences' } as const;

/** Ports bound to browser adapters: the only place that knows which adapter serves which port. */
const adaptersModule = new ContainerModule(({ bind }) => {
  const notices = new NoticeCenter();
  bind(TOKENS.notifier).toConstantValue(notices);
  bind(TOKENS.noticeFeed).toConstantValue(notices);
  bind(TOKENS.localStore).toConstantValue(new EncodedStorage(window.localStorage));
  bind(TOKENS.sessionStore).toConstantValue(new EncodedStorage(window.sessionStorage));
  bind(TOKENS.clock).toConstantValue(browserClock);
  bind(TOKENS.random).toConstantValue(browserRandom);
  bind(TOKENS.clipboard).toConstantValue(browserClipboard);
  bind(TOKENS.siteApi).toResolvedValue(
    (notifier: Services['notifier']) => createSiteApi(createHttpClient({ notifier })),
    [TOKENS.notifier],
  );
});

/** Long-lived actors, created and started once; views only read and send. */
const actorsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.theme)
    .toResolvedValue(
      (local: Services['localStore'], clock: Services['clock']) => {
        const actor = createActor(themeMachine, {
          input: { stored: local.get<'light' | 'dark'>(STORAGE_KEYS.theme) ?? null, hour: clock.hour() },
        });
        actor.on('theme.changed', ({ theme, persist }) => {
          document.documentElement.dataset.theme = theme;
          document.documentElement.style.colorScheme = theme;
          if (persist) local.set(STORAGE_KEYS.theme, theme);
        });
        return actor.start();
      },
      [TOKENS.localStore, TOKENS.clock],
    )
    .inSingletonScope();

  bind(TOKENS.preferences)
    .toResolvedValue(
      (local: Services['localStore'], session: Services['sessionStore']) => {
        const stores = new MirroredStorage([session, local]);
        const actor = createActor(preferencesMachine, {
          input: restorePreferences(stores.get(STORAGE_KEYS.preferences)),
        });
        actor.on('preferences.changed', ({ preferences }) => stores.set(STORAGE_KEYS.preferences, preferences));
        return actor.start();
      },
      [TOKENS.localStore, TOKENS.sessionStore],
    )
    .inSingletonScope();

  bind(TOKENS.appSession)
    .toResolvedValue(
      (api: Services['siteApi'], notifier: Services['notifier'], clock: Services['clock']) => {
        const machine = appSessionMachine.provide({
          actors: {
            fetchPageHeaders: fromPromise(() => api.pageHeaders()),
            countView: fromPromise(() => api.addView()),
          },
        });
        const actor = createActor(machine, { input: { windowNamed: window.name !== '' } });
        actor.on('welcome', () => {
          // A named window has been greeted already: reloads in the same tab stay quiet.
          window.name = 'blog';
          notifier.notify({
            level: 'success',
            title: zhCN.greeting.welcomeTitle,
            message: greetingText(greetingFor({ hour: clock.hour() })),
          });
        });
        actor.on('pageHeaders.failed', ({ message }) => notifier.notify({ level: 'error', message }));
        return actor.start();
      },
      [TOKENS.siteApi, TOKENS.notifier, TOKENS.clock],
    )
    .inSingletonScope();
});

export function createContainer(): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(adaptersModule, actorsModule);
  return container;
}
