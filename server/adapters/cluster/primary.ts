import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { OnlineUser } from '../../domain/chat/chatMessage';
import { isOurs, LEADER_ROLE_ENV, type PrimaryToWorker, type WorkerToPrimary } from './messages';

export interface PrimaryOptions {
  /** How many workers share the port (WEB_CONCURRENCY). */
  workers: number;
  logLevel: string;
  /** How long a worker's own graceful stop may take; the primary kills what is left after it. */
  stopBoundMs: number;
}

type Role = 'leader' | 'follower';

/** A worker that ran this long before it ended was not crash-looping: its replacement starts at once. */
const HEALTHY_RUN_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The primary process of WEB_CONCURRENCY workers sharing one port (node:cluster). It serves nothing itself:
 * - The leader worker starts first and alone, so migrations, the administrator, the site's secret and the demo
 *   seed happen once before the others start; it alone runs what happens once per site (see main.ts).
 * - A worker that ends is replaced with the same role, at once, or after a growing delay (1 s … 30 s) while
 *   workers keep ending within 30 s of their start.
 * - It relays between workers what Redis relays between instances when there is no Redis (hot-read and page
 *   drops, the chat room) and sums every worker's metrics for /metrics.
 * - SIGTERM or SIGINT: every worker drains as a lone server does (503 to new requests, those in flight
 *   finish), then the primary exits 0 (1 if a worker did not end cleanly).
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const log = pino({ level: options.logLevel });
  const metrics = new AggregatorRegistry();
  const roles = new Map<number, Role>();
  const presence = new Map<number, OnlineUser[]>();
  const restarts = new Set<NodeJS.Timeout>();
  let quickEnds = 0;
  let stopping = false;
  let exitCode = 0;

  const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const send = (worker: Worker, message: PrimaryToWorker) => {
    if (worker.isConnected()) worker.send(message);
  };
  const sendPresence = () => {
    const byWorker = Object.fromEntries(presence);
    for (const worker of workers()) send(worker, { type: 'blog:presence', byWorker });
  };

  const route = (from: Worker, message: WorkerToPrimary) => {
    switch (message.type) {
      case 'blog:changes':
        for (const worker of workers()) if (worker !== from) send(worker, { type: 'blog:changes', topics: message.topics });
        // Sent after the drops: a connection the primary hands to another worker from now on reaches it after them.
        send(from, { type: 'blog:relayed', seq: message.seq });
        return;
      case 'blog:chat':
        for (const worker of workers()) send(worker, message);
        return;
      case 'blog:presence':
        presence.set(from.id, message.users);
        sendPresence();
        return;
      case 'blog:metrics':
        metrics.clusterMetrics().then(
          (text) => send(from, { type: 'blog:metrics', id: message.id, text }),
          (error: unknown) => send(from, { type: 'blog:metrics', id: message.id, text: '', error: String(error) }),
        );
        return;
    }
  };

  const fork = (role: Role): Worker => {
    const worker = cluster.fork({ [LEADER_ROLE_ENV]: role });
    const startedAt = performance.now();
    roles.set(worker.id, role);
    worker.on('message', (message: unknown) => {
      if (isOurs<WorkerToPrimary>(message)) route(worker, message);
    });
    worker.once('listening', () => log.info({ worker: worker.id, pid: worker.process.pid, role }, `工作进程 ${worker.id} 已启动（pid ${worker.process.pid}）`));
    worker.once('exit', (code, signal) => {
      roles.delete(worker.id);
      if (presence.delete(worker.id)) {
        // Its readers left the room with it.
        sendPresence();
        for (const other of workers()) send(other, { type: 'blog:chat', event: { type: 'presence' } });
      }
      if (stopping) {
        if (code !== 0) exitCode = 1;
        if (workers().length === 0) process.exit(exitCode);
        return;
      }
      quickEnds = performance.now() - startedAt < HEALTHY_RUN_MS ? quickEnds + 1 : 0;
      const delayMs = quickEnds === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (quickEnds - 1));
      log.warn(
        { worker: worker.id, pid: worker.process.pid, code, signal, delayMs },
        `工作进程 ${worker.id}（pid ${worker.process.pid}）已结束（${signal ?? `代码 ${code}`}），${delayMs / 1000} 秒后启动新的工作进程`,
      );
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) fork(role);
      }, delayMs);
      restarts.add(timer);
    });
    return worker;
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`收到 ${signal}，正在停止全部工作进程：不再接受新请求，等待进行中的请求完成`);
    for (const timer of restarts) clearTimeout(timer);
    if (workers().length === 0) process.exit(exitCode);
    for (const worker of workers()) send(worker, { type: 'blog:stop' });
    setTimeout(() => {
      for (const worker of workers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, options.stopBoundMs).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  // The leader alone first: a start that fails there (a wrong setting, a database that refuses) ends the primary too.
  const leader = fork('leader');
  const listening = await new Promise<boolean>((resolve) => {
    leader.once('listening', () => resolve(true));
    leader.once('exit', () => resolve(false));
  });
  if (!listening) {
    if (!stopping) process.exit(1);
    return;
  }
  const followers = Array.from({ length: options.workers - 1 }, () => fork('follower'));
  await Promise.all(followers.map((worker) => new Promise((resolve) => worker.once('listening', resolve).once('exit', resolve))));
  if (!stopping) log.info({ workers: options.workers }, `全部 ${options.workers} 个工作进程已启动`);
}
