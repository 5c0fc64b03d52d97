import type { FastifyBaseLogger } from 'fastify';
import { SHUTDOWN_TIMEOUT_MS } from '../config';
import type { WorkerLink } from '../adapters/cluster/workerLink';

export interface Supervised {
  app: { log: FastifyBaseLogger };
  shutdown(timeoutMs?: number, handOver?: boolean): Promise<boolean>;
}

/**
 * How the server's process ends, decided here and nowhere else:
 * - SIGINT or SIGTERM: a graceful stop (new requests refused, those in flight finished), exit 0.
 * - An uncaught exception: logged, then the same graceful stop, exit 1, so the supervisor (systemd) starts a
 *   fresh process. A throw out of a callback may have left anything half done; the process is not trusted.
 * - An unhandled rejection: logged with its reason, and the site keeps serving. Every request's promise ends
 *   in the error handler, so an unheard rejection is a background task (a timer's write, a publish) whose
 *   failure leaves nothing half done in memory, and which its next run repeats.
 * - A cluster worker (WEB_CONCURRENCY > 1): the primary's stop drains as above; SIGINT or SIGTERM sent to the
 *   worker alone, or an uncaught exception, hands its share of the port over to the other workers first, so
 *   no new request is refused, and the primary starts a replacement once it has exited.
 * Whatever happens while stopping, the process exits within the drain's bound plus 5 s.
 */
export function superviseProcess(server: Supervised, target: NodeJS.Process = process, link?: WorkerLink): void {
  const log = server.app.log;
  let stopping = false;
  const stop = (code: number, handOver = link !== undefined) => {
    if (stopping) return;
    stopping = true;
    // The bound holds even if closing itself hangs (a stuck socket, an unanswering database).
    setTimeout(() => target.exit(code === 0 ? 1 : code), SHUTDOWN_TIMEOUT_MS + 5_000).unref();
    void server.shutdown(SHUTDOWN_TIMEOUT_MS, handOver).then(
      (drained) => {
        if (!drained) log.warn('部分请求未在时限内完成，已断开');
        target.exit(code);
      },
      (error: unknown) => {
        log.error({ err: error }, '停止时出错');
        target.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    target.once(signal, () => {
      log.info(`收到 ${signal}，正在停止：不再接受新请求，等待进行中的请求完成`);
      stop(0);
    });
  }
  link?.on('blog:stop', () => {
    log.info('主进程正在停止：不再接受新请求，等待进行中的请求完成');
    stop(0, false);
  });
  target.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, '未处理的 Promise 拒绝：已记录，继续服务');
  });
  target.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, '未捕获的异常：停止接受新请求，完成进行中的请求后以代码 1 退出，由进程管理器重启');
    stop(1);
  });
}
