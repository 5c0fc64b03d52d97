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
 * to every other worker. IPC neither loses nor reorders messages, so unlike Redis there is nothing to resync.
 * Changes of one turn of the event loop go out as one message, as with Redis.
 */
export class ClusterChangeRelay implements ChangeRelay {
  private readonly queued = new Set<ReadTopic>();
  private flushing: NodeJS.Immediate | undefined;
  private readonly stopListening: () => void;

  constructor(private readonly link: WorkerLink, onRemoteChange: (topics: ReadTopic[]) => void) {
    this.stopListening = link.on('blog:changes', (message) => {
      const topics = message.topics.filter((topic) => KNOWN_TOPICS.has(topic));
      if (topics.length > 0) onRemoteChange(topics);
    });
  }

  publish(topics: readonly ReadTopic[]): void {
    for (const topic of topics) this.queued.add(topic);
    this.flushing ??= setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = undefined;
    if (this.queued.size === 0) return;
    this.link.send({ type: 'blog:changes', topics: [...this.queued] });
    this.queued.clear();
  }

  async close(): Promise<void> {
    if (this.flushing) clearImmediate(this.flushing);
    this.flush();
    this.stopListening();
  }
}
