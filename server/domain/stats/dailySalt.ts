import type { StatsStore } from '../../ports/statsStore';

/**
 * The salt of each day's visitor hashes: one per day, shared by every instance through the store (the first
 * instance to need it stores it), kept in memory for today and yesterday only. Once a day's salt is gone, a
 * visitor's hash from that day cannot be linked to any address or to any other day.
 */
export class DailySalts {
  private readonly salts = new Map<string, string>();

  constructor(
    private readonly store: Pick<StatsStore, 'claimSalt'>,
    private readonly randomSalt: () => string,
  ) {}

  async saltFor(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known !== undefined) return known;
    const salt = await this.store.claimSalt(day, this.randomSalt());
    this.salts.set(day, salt);
    // Days arrive in order: what is older than the two newest is never asked for again.
    const days = [...this.salts.keys()].sort();
    for (const old of days.slice(0, -2)) this.salts.delete(old);
    return salt;
  }

  /** Days whose salt is held in memory (for tests of the rotation). */
  heldDays(): string[] {
    return [...this.salts.keys()].sort();
  }
}
