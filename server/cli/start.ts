import { ConfigError, loadConfig } from '../config';
import { startServer } from '../main';
import { ensureClientBuilt } from './clientBuild';

try {
  const config = loadConfig();
  await ensureClientBuilt(config.clientDir);
  const server = await startServer(config);
  server.app.log.info(`博客已启动：${server.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
