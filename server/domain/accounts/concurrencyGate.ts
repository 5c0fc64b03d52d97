/**
 * Runs at most `limit` tasks at a time, keeps up to `queue` more waiting in order, and refuses the rest
 * at once with `refuse()`: a flood meets a quick refusal instead of an ever longer wait.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly queue: number,
    private readonly refuse: () => Error,
  ) {}

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** True when a task given now would be refused. */
  get full(): boolean {
    return this.running >= this.limit && this.waiting.length >= this.queue;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) throw this.refuse();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops while someone waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
