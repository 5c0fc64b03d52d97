import { READ_TOPICS, type ReadTopic } from '../../domain/hotReads';
import type { WorkerLink } from '../cluster/workerLink';

/** How one process's hot reads and pages hear of the other processes' writes: Redis, or the cluster's primary. */
export interface ChangeRelay {
  publish(topics: readonly ReadTopic[]): void;
  close(): Promise<void>;
}

const KNOWN_TOPICS: ReadonlySet<string> = new Set(READ_TOPICS);

/**
 * The workers of one instance without Redis: a worker's changes go to the primary process, which hands them
 * to every other worker and then says so. IPC neither loses nor reorders messages, and the primary hands a
 * worker its connections over the same channel, so once `delivered()` resolves, any later request, whichever
 * worker the primary gives it to, finds the drops done: the next request after a write's answer is fresh.
 */
export class ClusterChangeRelay implements ChangeRelay {
  private seq = 0;
  private relayedUpTo = 0;
  private readonly waiting: { seq: number; resolve: () => void }[] = [];
  private readonly stopListening: (() => void)[];

  constructor(private readonly link: WorkerLink, onRemoteChange: (topics: ReadTopic[]) => void) {
    this.stopListening = [
      link.on('blog:changes', (message) => {
        const topics = message.topics.filter((topic) => KNOWN_TOPICS.has(topic));
        if (topics.length > 0) onRemoteChange(topics);
      }),
      link.on('blog:relayed', ({ seq }) => {
        this.relayedUpTo = Math.max(this.relayedUpTo, seq);
        while (this.waiting.length > 0 && this.waiting[0]!.seq <= this.relayedUpTo) this.waiting.shift()!.resolve();
      }),
    ];
  }

  publish(topics: readonly ReadTopic[]): void {
    this.link.send({ type: 'blog:changes', topics: [...topics], seq: ++this.seq });
  }

  /** Resolves once every change published so far has been handed to the other workers. */
  delivered(): Promise<void> {
    if (this.relayedUpTo >= this.seq || !this.link.connected) return Promise.resolve();
    const seq = this.seq;
    return new Promise((resolve) => this.waiting.push({ seq, resolve }));
  }

  async close(): Promise<void> {
    for (const stop of this.stopListening) stop();
    for (const waiter of this.waiting.splice(0)) waiter.resolve();
  }
}
