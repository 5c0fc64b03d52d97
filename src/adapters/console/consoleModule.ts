import { ContainerModule } from 'inversify';
import type { HttpClient } from '../http/httpClient';
import { lazyPort, type AsyncPort } from '../http/lazyPort';
import { CONSOLE_TOKENS } from '../../ports/console/tokens';

/** Every console adapter in one chunk: one dynamic import in a reader's entry instead of one per area. */
const loadConsoleApis = () => import('../http/console/apis');
type ConsoleApis = Awaited<ReturnType<typeof loadConsoleApis>>;

/**
 * A console port bound to its HTTP adapter, whose code (and schemas) arrive on the port's first call: a
 * reader's pages never load any of it.
 */
function consolePort<T extends AsyncPort<T>>(create: (apis: ConsoleApis, http: HttpClient) => T) {
  return (http: HttpClient) => lazyPort(() => loadConsoleApis().then((apis) => create(apis, http)));
}

/**
 * The console's ports, one binding per area; `http` is the token of the app's one HTTP client (a 401 from a
 * console call ends the session like any other).
 */
export function consoleModule(http: symbol): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(CONSOLE_TOKENS.commentsConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createCommentsConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.siteConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createSiteConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.showcaseConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createShowcaseConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.articleConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createArticleConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.transferConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createTransferConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.overviewConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createOverviewConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.moderationApi).toResolvedValue(consolePort((apis, client) => apis.createModerationApi(client)), [http]);
    bind(CONSOLE_TOKENS.usersApi).toResolvedValue(consolePort((apis, client) => apis.createUsersApi(client)), [http]);
    bind(CONSOLE_TOKENS.musicConsoleApi).toResolvedValue(consolePort((apis, client) => apis.createMusicConsoleApi(client)), [http]);
    bind(CONSOLE_TOKENS.auditApi).toResolvedValue(consolePort((apis, client) => apis.createAuditApi(client)), [http]);
    bind(CONSOLE_TOKENS.statsApi).toResolvedValue(consolePort((apis, client) => apis.createStatsApi(client)), [http]);
  });
}
