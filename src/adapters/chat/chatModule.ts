import { ContainerModule } from 'inversify';
import type { ChatRoomLoader } from '../../ports/chatRoom';
import { TOKENS, type Services } from '../../ports/tokens';
import type { HttpClient } from '../http/httpClient';
import { loadOnce } from '../loadOnce';

/**
 * The chat room, bound as a loader: the machines, adapters and dialog are a separate chunk fetched on
 * the first open, so the first load of any page carries only the chat button. `httpClient` is the
 * composition root's shared HTTP client token (one client, so a 401 from chat ends the session too).
 */
export function chatModule(httpClient: symbol): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.chatLoader)
      .toResolvedValue(
        (
          http: HttpClient,
          notifier: Services['notifier'],
          clock: Services['clock'],
          random: Services['random'],
          session: Services['session'],
        ): ChatRoomLoader => {
          // One fetch of the chunk shared by a preload and the first open; a failed one is retried next time.
          const fetchCode = loadOnce(() => import('./loadChatRoom'));
          const load = loadOnce(() =>
            fetchCode().then(({ loadBrowserChatRoom }) => loadBrowserChatRoom({ http, notifier, clock, random, session })),
          );
          return Object.assign(load, {
            preload: () =>
              fetchCode().then(
                () => undefined,
                () => undefined,
              ),
          });
        },
        [httpClient, TOKENS.notifier, TOKENS.clock, TOKENS.random, TOKENS.session],
      )
      .inSingletonScope();
  });
}
