import type { ChatAdmission, ChatLimits } from '../../ports/chatLimits';
import { CHAT_POLICY } from './policy';

/**
 * Sliding-window log: at most `limit` acquisitions per key in any window of `windowMs` (half-open on the
 * left: an acquisition at t frees its slot at t + windowMs). Time is passed in, so tests drive it.
 */
export class SlidingWindowLimiter {
  private readonly log = new Map<string | number, number[]>();

  constructor(
    readonly limit: number = CHAT_POLICY.rateLimit,
    readonly windowMs: number = CHAT_POLICY.rateWindowMs,
  ) {}

  /** Takes a slot at `nowMs` if one is free; false means refused (and nothing is recorded). */
  tryAcquire(key: string | number, nowMs: number): boolean {
    const times = this.recent(key, nowMs);
    if (times.length >= this.limit) return false;
    times.push(nowMs);
    this.log.set(key, times);
    return true;
  }

  private recent(key: string | number, nowMs: number): number[] {
    const times = this.log.get(key) ?? [];
    // Entries from a clock that stepped back stay "recent" until time catches up: stricter, never looser.
    const kept = times.filter((t) => t > nowMs - this.windowMs);
    if (kept.length === 0) this.log.delete(key);
    return kept;
  }

  /** Drops keys with nothing in the window (call now and then so idle users cost nothing). */
  sweep(nowMs: number): void {
    for (const key of [...this.log.keys()]) {
      const kept = this.recent(key, nowMs);
      if (kept.length > 0) this.log.set(key, kept);
    }
  }

  get size(): number {
    return this.log.size;
  }
}

/** Refuses the same text from the same user within `windowMs` of an accepted one. */
export class DuplicateGuard {
  private readonly seen = new Map<string | number, { text: string; at: number }[]>();

  constructor(readonly windowMs: number = CHAT_POLICY.duplicateWindowMs) {}

  /** True when `text` repeats an accepted text of `key` still inside the window. */
  isDuplicate(key: string | number, text: string, nowMs: number): boolean {
    const normal = normalise(text);
    return this.recent(key, nowMs).some((entry) => entry.text === normal);
  }

  accept(key: string | number, text: string, nowMs: number): void {
    const list = this.recent(key, nowMs);
    list.push({ text: normalise(text), at: nowMs });
    this.seen.set(key, list);
  }

  private recent(key: string | number, nowMs: number) {
    const kept = (this.seen.get(key) ?? []).filter((e) => e.at > nowMs - this.windowMs);
    if (kept.length === 0) this.seen.delete(key);
    else this.seen.set(key, kept);
    return kept;
  }

  sweep(nowMs: number): void {
    for (const key of [...this.seen.keys()]) this.recent(key, nowMs);
  }

  get size(): number {
    return this.seen.size;
  }
}

/** The limits of one process: the fallback of the shared ones, and all there is without Redis. */
export class MemoryChatLimits implements ChatLimits {
  private readonly rate = new SlidingWindowLimiter();
  private readonly duplicates = new DuplicateGuard();
  private admitted = 0;

  async admit(userId: number, text: string, nowMs: number): Promise<ChatAdmission> {
    if (this.duplicates.isDuplicate(userId, text, nowMs)) return 'duplicate';
    if (!this.rate.tryAcquire(userId, nowMs)) return 'rate_limited';
    this.duplicates.accept(userId, text, nowMs);
    if (++this.admitted % 1000 === 0) {
      this.rate.sweep(nowMs);
      this.duplicates.sweep(nowMs);
    }
    return 'ok';
  }
}

/** "hi", " hi " and "hi\n" are the same message to a reader. */
export function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
