import type { ReauthPrompt } from '../../ports/reauthPrompt';

/** One question at a time: calls refused together (two downloads, say) wait on the same answer. */
export class ReauthCenter implements ReauthPrompt {
  private waiting: { promise: Promise<boolean>; resolve: (proved: boolean) => void } | undefined;
  private readonly listeners = new Set<(waiting: boolean) => void>();

  ask(): Promise<boolean> {
    if (!this.waiting) {
      let resolve!: (proved: boolean) => void;
      const promise = new Promise<boolean>((done) => (resolve = done));
      this.waiting = { promise, resolve };
      this.tell(true);
    }
    return this.waiting.promise;
  }

  subscribe(listener: (waiting: boolean) => void): () => void {
    this.listeners.add(listener);
    listener(this.waiting !== undefined);
    return () => this.listeners.delete(listener);
  }

  settle(proved: boolean): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(proved);
    this.tell(false);
  }

  private tell(waiting: boolean): void {
    for (const listener of this.listeners) listener(waiting);
  }
}
