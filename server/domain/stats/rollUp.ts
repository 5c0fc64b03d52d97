import type { DailyRow, StatDimension, StatEvent } from './statEvent';

/** How many days raw events are kept (today and yesterday): a late event still finds its day's rows. */
export const RAW_DAYS = 2;

/** The dimensions an event counts in, with the item it counts under. */
function countsIn(event: StatEvent): Array<[StatDimension, string]> {
  switch (event.kind) {
    case 'view': {
      const dimensions: Array<[StatDimension, string]> = [
        ['all', ''],
        ['page', event.item],
        ['device', event.device],
        ['browser', event.browser],
      ];
      if (event.landing) dimensions.push(['landing', event.item]);
      if (event.landing && event.referrer !== '') dimensions.push(['referrer', event.referrer]);
      return dimensions;
    }
    case 'search':
      return [['search', event.item]];
    case 'play':
      return [['song', event.item]];
  }
}

/**
 * One day's totals from that day's raw events, recomputed whole each time: the result depends only on the
 * set of events, so running it again (or on another instance) writes the same rows.
 */
export function rollUp(events: Iterable<StatEvent>): DailyRow[] {
  const totals = new Map<string, { row: DailyRow; visitors: Set<string> }>();
  for (const event of events) {
    for (const [dimension, item] of countsIn(event)) {
      const key = `${event.day}\u0000${dimension}\u0000${item}`;
      let entry = totals.get(key);
      if (!entry) {
        entry = { row: { day: event.day, dimension, item, views: 0, visitors: 0 }, visitors: new Set() };
        totals.set(key, entry);
      }
      entry.row.views++;
      entry.visitors.add(event.visitor);
    }
  }
  return [...totals.values()].map(({ row, visitors }) => ({
    ...row,
    visitors: visitors.size,
    // A song counts once per visitor and day, however often it was started.
    views: row.dimension === 'song' ? visitors.size : row.views,
  }));
}
