/**
 * The order of the resources and of the site list. Public pages show them grouped by kind, kinds in order of
 * first appearance; the console shows the same groups and keeps the stored order grouped too, so what the
 * blogger arranges is exactly what readers see.
 */

export interface Kinded {
  id: number;
  kind: string;
}

/** Groups in order of first appearance, items in their given order. */
export function groupsOf<T extends Kinded>(items: readonly T[]): { kind: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.kind);
    if (group) group.push(item);
    else groups.set(item.kind, [item]);
  }
  return [...groups].map(([kind, list]) => ({ kind, items: list }));
}

/** The items with each kind's together, as the public page shows them. */
export function grouped<T extends Kinded>(items: readonly T[]): T[] {
  return groupsOf(items).flatMap((group) => group.items);
}

/**
 * `activeId` dropped where `overId` is, within their kind (a drop on another kind's item changes nothing):
 * the new order, grouped.
 */
export function moveWithinKind<T extends Kinded>(items: readonly T[], activeId: number, overId: number): T[] {
  const list = grouped(items);
  const from = list.findIndex((item) => item.id === activeId);
  const to = list.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to || list[from]!.kind !== list[to]!.kind) return list;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  return list;
}

/** A whole kind one place earlier (-1) or later (+1) among the kinds: the new order, grouped. */
export function moveKind<T extends Kinded>(items: readonly T[], kind: string, step: -1 | 1): T[] {
  const groups = groupsOf(items);
  const from = groups.findIndex((group) => group.kind === kind);
  const to = from + step;
  if (from < 0 || to < 0 || to >= groups.length) return grouped(items);
  [groups[from], groups[to]] = [groups[to]!, groups[from]!];
  return groups.flatMap((group) => group.items);
}

/** The ids in order: what the server is asked to store. */
export function idsOf(items: readonly { id: number }[]): number[] {
  return items.map((item) => item.id);
}

/** The list with `item` in place of the one with its id, or added last. */
export function upserted<T extends { id: number }>(items: readonly T[], item: T): T[] {
  return items.some((existing) => existing.id === item.id)
    ? items.map((existing) => (existing.id === item.id ? item : existing))
    : [...items, item];
}
