import { ConfigError, loadConfig } from '../config';
import { startServer } from '../main';
import { ensureClientBuilt } from './clientBuild';
import { superviseProcess } from './supervise';

try {
  const config = loadConfig();
  await ensureClientBuilt(config.clientDir);
  const server = await startServer(config);
  superviseProcess(server);
  server.app.log.info(`博客已启动：${server.url}`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
