import { ConfigError, loadConfig, SHUTDOWN_TIMEOUT_MS } from '../config';
import { workerLink } from '../adapters/cluster/workerLink';

// What each process loads is chosen here: a cluster's primary only forks and relays, so it never loads the
// server itself (a smaller process); the workers, or the lone server, start the site.
try {
  const config = loadConfig();
  const link = workerLink();
  if (!link && (config.webConcurrency ?? 1) > 1) {
    const { runPrimary } = await import('../adapters/cluster/primary');
    // A worker stops within its drain's bound plus 5 s; what is left after that is killed.
    await runPrimary({ workers: config.webConcurrency ?? 1, logLevel: config.logLevel, stopBoundMs: SHUTDOWN_TIMEOUT_MS + 10_000 });
  } else {
    const [{ startServer }, { ensureClientBuilt }, { superviseProcess }] = await Promise.all([
      import('../main'),
      import('./clientBuild'),
      import('./supervise'),
    ]);
    // In a cluster the leader starts alone, first: it builds a missing client before the others start.
    if (!link || link.leader) await ensureClientBuilt(config.clientDir);
    const server = await startServer(config, { cluster: link });
    superviseProcess(server, process, link);
    server.app.log.info(`博客已启动：${server.url}`);
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
