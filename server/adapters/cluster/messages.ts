import type { OnlineUser } from '../../domain/chat/chatMessage';
import type { ReadTopic } from '../../domain/hotReads';
import type { ChatEvent } from '../../ports/chatHub';

/**
 * What the primary process and its workers say to each other over node's IPC channel (WEB_CONCURRENCY > 1).
 * Every message of ours carries a `blog:` type, so prom-client's own messages on the same channel pass by.
 */
export type WorkerToPrimary =
  /** This worker's writes changed these topics: the other workers drop them (no Redis to tell them). */
  | { type: 'blog:changes'; topics: ReadTopic[]; seq: number }
  /** A chat event for every worker, this one included (no Redis). */
  | { type: 'blog:chat'; event: ChatEvent }
  /** This worker's share of the chat room's online list (no Redis). */
  | { type: 'blog:presence'; users: OnlineUser[] }
  /** /metrics on this worker: the primary answers with every worker's metrics summed. */
  | { type: 'blog:metrics'; id: number };

export type PrimaryToWorker =
  | { type: 'blog:changes'; topics: ReadTopic[] }
  /** This worker's changes up to `seq` are on their way to every other worker, ahead of any later connection. */
  | { type: 'blog:relayed'; seq: number }
  | { type: 'blog:chat'; event: ChatEvent }
  /** Every worker's online users, by the cluster's worker number. */
  | { type: 'blog:presence'; byWorker: Record<number, OnlineUser[]> }
  | { type: 'blog:metrics'; id: number; text: string; error?: string }
  /** The whole site stops (SIGTERM on the primary): drain as a lone server does, answering 503 meanwhile. */
  | { type: 'blog:stop' };

/** The worker that runs what must happen once per site (the primary forks it first, alone). */
export const LEADER_ROLE_ENV = 'BLOG_WORKER_ROLE';

export function isOurs<T extends { type: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && String((message as { type?: unknown }).type).startsWith('blog:');
}
