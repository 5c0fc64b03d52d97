import { describe, expect, it } from 'vitest';
import { ScrollMemory, type NavigationKind } from '../../../src/ui/app/scrollMemory';

const KEEPS = new Set(['/home', '/message/list']);

/** Drives the memory like PageOutlet: leave the address shown at `y`, then arrive at the next one. */
function reader() {
  const memory = new ScrollMemory();
  let shown: { address: string; path: string } | null = null;
  return (address: string, y: number, navigation: NavigationKind = 'PUSH') => {
    const path = address.split('?')[0]!;
    if (shown) memory.leave(shown.address, KEEPS.has(shown.path), y);
    const target = memory.arrive({ address, page: path, keepsScroll: KEEPS.has(path), previousPath: shown?.path ?? null, navigation });
    shown = { address, path };
    return target;
  };
}

describe('ScrollMemory (spec section 2: top after navigation, except the pages that keep their scroll)', () => {
  it('other pages always start at the top', () => {
    const go = reader();
    expect(go('/archives', 0)).toBe(0);
    expect(go('/article?id=1', 500)).toBe(0);
    expect(go('/archives', 900, 'POP')).toBe(0);
  });

  it('/home gets its position back after a visit elsewhere, by Back or by a link to it', () => {
    const go = reader();
    go('/home', 0);
    expect(go('/archives', 600)).toBe(0);
    expect(go('/home', 100, 'POP')).toBe(600);
    go('/article?id=3', 700);
    expect(go('/home', 0, 'PUSH')).toBe(700);
  });

  it('首页 on page 2 shows page 1 from the top, not at page 2’s position nor page 1’s old one', () => {
    const go = reader();
    go('/home', 0);
    expect(go('/home?page=2', 1500)).toBe(0);
    expect(go('/home', 2000)).toBe(0);
  });

  it('page 1 reached from another route after leaving /home on page 2 starts at the top', () => {
    const go = reader();
    go('/home', 0);
    go('/home?page=2', 1500);
    go('/archives', 2000);
    expect(go('/home', 300)).toBe(0);
  });

  it('Back from an article opened on page 2 returns to page 2 where it was left; Back through the pages too', () => {
    const go = reader();
    go('/home', 0);
    go('/home?page=2', 1500);
    go('/article?id=9', 1200);
    expect(go('/home?page=2', 0, 'POP')).toBe(1200);
    expect(go('/home', 1300, 'POP')).toBe(1500);
    expect(go('/home?page=2', 1500, 'POP')).toBe(1300);
  });
});
