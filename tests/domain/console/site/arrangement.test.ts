import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped, groupsOf, idsOf, moveKind, moveWithinKind, upserted, type Kinded } from '../../../../src/domain/console/site/arrangement';

/** Items with unique ids and a few kinds, in any order (kinds interleaved, as rows added over time are). */
const items: fc.Arbitrary<Kinded[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 20 })
  .chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.constantFrom('文档', '工具', '社区', '设计'), { minLength: ids.length, maxLength: ids.length })))
  .map(([ids, kinds]) => ids.map((id, i) => ({ id, kind: kinds[i]! })));

const sortedIds = (list: readonly Kinded[]) => idsOf(list).sort((a, b) => a - b);
/** True when each kind's items stand together: no kind starts a second run. */
function contiguous(list: readonly Kinded[]): boolean {
  const runs = list.map((item) => item.kind).filter((kind, i, all) => i === 0 || kind !== all[i - 1]);
  return new Set(runs).size === runs.length;
}

describe('the order of resources and of the site list', () => {
  it('groups as the public page does: kinds by first appearance, each in its order', () => {
    const list = [
      { id: 1, kind: '工具' },
      { id: 2, kind: '文档' },
      { id: 3, kind: '工具' },
      { id: 4, kind: '社区' },
      { id: 5, kind: '文档' },
    ];
    expect(groupsOf(list)).toEqual([
      { kind: '工具', items: [list[0], list[2]] },
      { kind: '文档', items: [list[1], list[4]] },
      { kind: '社区', items: [list[3]] },
    ]);
    expect(idsOf(grouped(list))).toEqual([1, 3, 2, 5, 4]);
  });

  it('moves an item within its kind to where it is dropped, and ignores a drop on another kind', () => {
    const list = [
      { id: 1, kind: '工具' },
      { id: 2, kind: '工具' },
      { id: 3, kind: '工具' },
      { id: 4, kind: '文档' },
    ];
    expect(idsOf(moveWithinKind(list, 3, 1))).toEqual([3, 1, 2, 4]);
    expect(idsOf(moveWithinKind(list, 1, 3))).toEqual([2, 3, 1, 4]);
    expect(idsOf(moveWithinKind(list, 1, 4))).toEqual([1, 2, 3, 4]);
  });

  it('moves a whole kind up or down, and not past either end', () => {
    const list = [
      { id: 1, kind: '工具' },
      { id: 2, kind: '文档' },
      { id: 3, kind: '工具' },
    ];
    expect(idsOf(moveKind(list, '文档', -1))).toEqual([2, 1, 3]);
    expect(idsOf(moveKind(list, '工具', 1))).toEqual([2, 1, 3]);
    expect(idsOf(moveKind(list, '工具', -1))).toEqual([1, 3, 2]);
    expect(idsOf(moveKind(list, '文档', 1))).toEqual([1, 3, 2]);
  });

  it('every move keeps every item once and each kind together', () => {
    fc.assert(
      fc.property(items, fc.nat(), fc.nat(), fc.constantFrom<-1 | 1>(-1, 1), (list, a, b, step) => {
        const ids = idsOf(list);
        const active = ids[a % Math.max(1, ids.length)] ?? 0;
        const over = ids[b % Math.max(1, ids.length)] ?? 0;
        for (const result of [grouped(list), moveWithinKind(list, active, over), moveKind(list, list[0]?.kind ?? '', step)]) {
          expect(sortedIds(result)).toEqual(sortedIds(list));
          expect(contiguous(result)).toBe(true);
        }
      }),
    );
  });

  it('moving within a kind leaves the other kinds and their order alone, and moving back restores it', () => {
    fc.assert(
      fc.property(items, fc.nat(), fc.nat(), (list, a, b) => {
        fc.pre(list.length > 0);
        const ordered = grouped(list);
        const active = ordered[a % ordered.length]!;
        const sameKind = ordered.filter((item) => item.kind === active.kind);
        const over = sameKind[b % sameKind.length]!;
        const moved = moveWithinKind(ordered, active.id, over.id);
        expect(groupsOf(moved).map((group) => group.kind)).toEqual(groupsOf(ordered).map((group) => group.kind));
        for (const group of groupsOf(ordered).filter((g) => g.kind !== active.kind)) {
          expect(groupsOf(moved).find((g) => g.kind === group.kind)?.items).toEqual(group.items);
        }
        expect(moved.findIndex((item) => item.id === active.id)).toBe(ordered.findIndex((item) => item.id === over.id));
        // Dropping it back where it was is a move too: the original order returns.
        const back = ordered[ordered.findIndex((item) => item.id === active.id)]!;
        const neighbour = moved[ordered.indexOf(back)]!;
        expect(idsOf(moveWithinKind(moved, active.id, neighbour.id))).toEqual(idsOf(ordered));
      }),
    );
  });

  it('a kind moved down and up again is back where it was', () => {
    fc.assert(
      fc.property(items, fc.nat(), (list, k) => {
        const kinds = groupsOf(list).map((group) => group.kind);
        fc.pre(kinds.length > 1);
        const kind = kinds[k % (kinds.length - 1)]!;
        expect(idsOf(moveKind(moveKind(list, kind, 1), kind, -1))).toEqual(idsOf(grouped(list)));
      }),
    );
  });

  it('replaces an item by its id or adds it last', () => {
    const list = [
      { id: 1, kind: '工具' },
      { id: 2, kind: '文档' },
    ];
    expect(upserted(list, { id: 2, kind: '社区' })).toEqual([list[0], { id: 2, kind: '社区' }]);
    expect(upserted(list, { id: 3, kind: '社区' })).toEqual([...list, { id: 3, kind: '社区' }]);
  });
});
