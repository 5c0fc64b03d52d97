/** How the reader reached a location, as react-router tells it: Back/Forward is a POP. */
export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

export interface Arrival {
  /** Path and query of the location reached. */
  address: string;
  /** The route's path (the page), or the path itself for a page without a route. */
  page: string;
  /** Whether the page keeps its own scroll (spec section 2: /home and /message/list). */
  keepsScroll: boolean;
  /** The path shown before, null on the first render. */
  previousPath: string | null;
  navigation: NavigationKind;
}

/**
 * Where the window scrolls after a navigation. Spec section 2: to the top, except on the pages that keep
 * their scroll (kept alive). Such a page gets back the position it was left at only when the reader
 * returns to the very address they left: by Back or Forward, or by a link from another route to the
 * page as it was left. Any other address of it, another page of its list (首页 on /home?page=2), is new
 * content and starts at the top.
 */
export class ScrollMemory {
  /** Positions of addresses of the pages that keep their scroll, saved when the reader left them. */
  private readonly positions = new Map<string, number>();
  /** The address each of those pages showed last: what its kept-alive content still shows. */
  private readonly shownBy = new Map<string, string>();

  leave(address: string, keepsScroll: boolean, y: number): void {
    if (keepsScroll) this.positions.set(address, y);
  }

  /** The vertical position to scroll to on arriving. */
  arrive({ address, page, keepsScroll, previousPath, navigation }: Arrival): number {
    if (!keepsScroll) return 0;
    const shown = this.shownBy.get(page);
    this.shownBy.set(page, address);
    const saved = this.positions.get(address);
    if (saved === undefined) return 0;
    if (navigation === 'POP') return saved;
    return previousPath !== page && shown === address ? saved : 0;
  }
}
