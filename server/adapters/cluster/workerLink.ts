import cluster from 'node:cluster';
import { isOurs, LEADER_ROLE_ENV, type PrimaryToWorker, type WorkerToPrimary } from './messages';

type Handler<T extends PrimaryToWorker['type']> = (message: Extract<PrimaryToWorker, { type: T }>) => void;

/** A worker's side of the IPC channel to the primary process (WEB_CONCURRENCY > 1). */
export class WorkerLink {
  /** This worker runs what must happen once per site (music scan, scheduled publishing, roll-ups, backups, purge). */
  readonly leader: boolean;
  /** The cluster's own number for this worker (the primary's presence map is keyed by it). */
  readonly id: number;
  private readonly handlers = new Map<string, Set<(message: PrimaryToWorker) => void>>();
  private readonly metricsWaiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  private nextMetricsId = 1;

  constructor(leader: boolean, id: number) {
    this.leader = leader;
    this.id = id;
    this.on('blog:metrics', (answer) => {
      const waiting = this.metricsWaiting.get(answer.id);
      this.metricsWaiting.delete(answer.id);
      if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.text);
    });
    process.on('message', (message: unknown) => {
      if (!isOurs<PrimaryToWorker>(message)) return;
      for (const handler of this.handlers.get(message.type) ?? []) handler(message);
    });
  }

  /** Whether the primary is still there to answer. */
  get connected(): boolean {
    return process.connected;
  }

  send(message: WorkerToPrimary): void {
    // A worker whose primary is gone is stopping anyway: nothing left to tell.
    if (process.connected) process.send?.(message);
  }

  /** Returns the function that stops listening. */
  on<T extends PrimaryToWorker['type']>(type: T, handler: Handler<T>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    this.handlers.set(type, set);
    const listener = handler as (message: PrimaryToWorker) => void;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Every worker's metrics, summed by the primary (prom-client's AggregatorRegistry). */
  metrics(): Promise<string> {
    const id = this.nextMetricsId++;
    return new Promise((resolve, reject) => {
      this.metricsWaiting.set(id, { resolve, reject });
      this.send({ type: 'blog:metrics', id });
    });
  }
}

let link: WorkerLink | undefined;

/** This process's link to its primary when it is a cluster worker; undefined when it runs alone. */
export function workerLink(): WorkerLink | undefined {
  if (!cluster.isWorker) return undefined;
  link ??= new WorkerLink(process.env[LEADER_ROLE_ENV] === 'leader', cluster.worker?.id ?? 0);
  return link;
}
