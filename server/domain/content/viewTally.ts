import type { ArticleRepository } from '../../ports/articleRepository';
import type { ChangeNotifier } from '../../ports/readCache';

/**
 * Article views counted in memory and written together, one transaction for all the articles read since
 * the last write: a read then writes nothing, and readers of one article do not queue on its row. A crash
 * loses the views of the last interval at most; a stop writes them first.
 */
export class ViewTally {
  private counting = new Map<number, number>();
  private writing = new Map<number, number>();
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly articles: Pick<ArticleRepository, 'addViews'>,
    private readonly changes: ChangeNotifier,
  ) {}

  count(id: number): void {
    this.counting.set(id, (this.counting.get(id) ?? 0) + 1);
  }

  /** Views of this article counted and not yet stored, to add to the stored count. */
  unstored(id: number): number {
    return (this.counting.get(id) ?? 0) + (this.writing.get(id) ?? 0);
  }

  /** Stores the views counted so far; one write at a time, a failed one is counted again next time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.counting.size === 0) return;
    this.writing = this.counting;
    this.counting = new Map();
    this.flushing = this.write();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async write(): Promise<void> {
    try {
      await this.articles.addViews(this.writing);
      this.changes.changed(['articleCounters']);
    } catch (error) {
      for (const [id, views] of this.writing) this.counting.set(id, (this.counting.get(id) ?? 0) + views);
      throw error;
    } finally {
      this.writing = new Map();
    }
  }
}
