import { ConfigError, loadConfig } from '../config';
import { SHUTDOWN_TIMEOUT_MS, startServer } from '../main';
import { ensureClientBuilt } from './clientBuild';

try {
  const config = loadConfig();
  await ensureClientBuilt(config.clientDir);
  const server = await startServer(config);
  server.app.log.info(`博客已启动：${server.url}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      server.app.log.info(`收到 ${signal}，正在停止：不再接受新请求，等待进行中的请求完成`);
      // The bound holds even if closing itself hangs (a stuck socket, an unanswering database).
      setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 5_000).unref();
      void server.shutdown(SHUTDOWN_TIMEOUT_MS).then(
        (drained) => {
          if (!drained) server.app.log.warn('部分请求未在时限内完成，已断开');
          process.exit(0);
        },
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
