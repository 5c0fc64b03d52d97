import type { ActiveNotice, Notice, NoticeFeed, Notifier } from '../../ports/notifier';

const DEFAULT_DURATION_MS = 3000;

/** Keeps the notices on screen and removes each after its duration. */
export class NoticeCenter implements Notifier, NoticeFeed {
  private notices: readonly ActiveNotice[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  notify(notice: Notice): void {
    const active = { ...notice, id: this.nextId++ };
    this.update([...this.notices, active]);
    setTimeout(() => this.dismiss(active.id), notice.durationMs ?? DEFAULT_DURATION_MS);
  }

  dismiss(id: number): void {
    if (this.notices.some((n) => n.id === id)) this.update(this.notices.filter((n) => n.id !== id));
  }

  current(): readonly ActiveNotice[] {
    return this.notices;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(next: readonly ActiveNotice[]): void {
    this.notices = next;
    for (const listener of this.listeners) listener();
  }
}
