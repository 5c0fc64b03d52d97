/** Where the reader's app tells of an in-app navigation (apart from ./console/stats.ts: no schema in the entry). */
export const STATS_VIEW_PATH = '/api/stats/view';
