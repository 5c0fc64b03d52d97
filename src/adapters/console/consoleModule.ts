import { ContainerModule } from 'inversify';
import type { HttpClient } from '../http/httpClient';
import { lazyPort, type AsyncPort } from '../http/lazyPort';
import { TOKENS } from '../../ports/tokens';

/**
 * A console port bound to its HTTP adapter, whose code (and schemas) arrive on the port's first call: a
 * reader's pages never load any of it.
 */
export function consolePort<T extends AsyncPort<T>>(load: (http: HttpClient) => Promise<T>) {
  return (http: HttpClient) => lazyPort(() => load(http));
}

/**
 * The console's ports, one binding per area; `http` is the token of the app's one HTTP client (a 401 from a
 * console call ends the session like any other).
 */
export function consoleModule(http: symbol): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.commentsConsoleApi).toResolvedValue(
      consolePort((client) => import('../http/console/commentsApi').then((m) => m.createCommentsConsoleApi(client))),
      [http],
    );
    bind(TOKENS.siteConsoleApi).toResolvedValue(
      consolePort((client) => import('../http/console/siteApi').then((m) => m.createSiteConsoleApi(client))),
      [http],
    );
    bind(TOKENS.showcaseConsoleApi).toResolvedValue(
      consolePort((client) => import('../http/console/showcaseApi').then((m) => m.createShowcaseConsoleApi(client))),
      [http],
    );
    bind(TOKENS.articleConsoleApi).toResolvedValue(
      consolePort((client) => import('../http/console/articlesApi').then((m) => m.createArticleConsoleApi(client))),
      [http],
    );
    bind(TOKENS.transferConsoleApi).toResolvedValue(
      consolePort((client) => import('../http/console/transferApi').then((m) => m.createTransferConsoleApi(client))),
      [http],
    );
    bind(TOKENS.overviewConsoleApi).toResolvedValue(
      consolePort((client) => import('../http/console/overviewApi').then((m) => m.createOverviewConsoleApi(client))),
      [http],
    );
    bind(TOKENS.moderationApi).toResolvedValue(
      consolePort((client) => import('../http/console/moderationApi').then((m) => m.createModerationApi(client))),
      [http],
    );
    bind(TOKENS.usersApi).toResolvedValue(
      consolePort((client) => import('../http/console/usersApi').then((m) => m.createUsersApi(client))),
      [http],
    );
  });
}
