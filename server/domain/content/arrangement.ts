/** What is wrong with an order the blogger sent, if anything. */
export type ArrangementProblem = 'repeated' | 'foreign';

/**
 * The whole order after the blogger arranged a list: the `requested` ids first, in that order, then the
 * ones it does not name (added meanwhile, say, in another tab) in their `current` order. An id named twice,
 * or one that is not in the list (deleted meanwhile), is a problem rather than a guess.
 */
export function arrange(
  current: readonly number[],
  requested: readonly number[],
): { order: number[] } | { problem: ArrangementProblem } {
  const present = new Set(current);
  const named = new Set<number>();
  for (const id of requested) {
    if (named.has(id)) return { problem: 'repeated' };
    if (!present.has(id)) return { problem: 'foreign' };
    named.add(id);
  }
  return { order: [...requested, ...current.filter((id) => !named.has(id))] };
}
