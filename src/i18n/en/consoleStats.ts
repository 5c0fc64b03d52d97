import type { Translation } from '../translation';
import type { consoleStats as zh } from '../zh-CN/consoleStats';

/** The console's statistics page and its CSV downloads (issue 23). */
export const consoleStats = {
  title: 'Statistics',
  intro:
    'Visits counted by the site itself: no third parties, no tracking cookies, no visitor addresses kept. Visitors with Do Not Track on, bots and you yourself aren’t counted.',
  range: 'Period',
  ranges: { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days' },
  totals: {
    views: 'Views',
    visitors: 'Visitors (unique per day)',
    chatMessages: 'Chat messages',
    songsPlayed: 'Songs played',
  },
  charts: {
    traffic: 'Views and visitors',
    chat: 'Chat messages per day',
    songs: 'Songs played per day',
  },
  chartLabel: (title: string) => `Line chart: ${title}`,
  download: 'Download CSV',
  downloadDaily: 'Download daily data (CSV)',
  empty: 'No data for this period yet',
  tables: {
    articles: { title: 'Most read articles', item: 'Article' },
    landings: { title: 'Landing pages', item: 'Page' },
    referrers: { title: 'Referring sites', item: 'Source' },
    searches: { title: 'Site searches', item: 'Search' },
    devices: { title: 'Devices', item: 'Device' },
    browsers: { title: 'Browsers', item: 'Browser' },
    songs: { title: 'Songs played', item: 'Song' },
  },
  columns: { views: 'Views', visitors: 'Visitors' },
  csv: {
    day: 'Date',
    views: 'Views',
    visitors: 'Visitors',
    chatMessages: 'Chat messages',
    songsPlayed: 'Songs played',
  },
  devices: { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' },
  other: 'Other',
  deletedArticle: '(deleted article)',
  unknownSong: (id: string) => `(song ${id})`,
  server: {
    invalidRange: 'The period must be the last 7, 30 or 90 days',
    unknownTable: 'There’s no such statistics table',
    invalidPath: 'That page address isn’t valid',
  },
} as const satisfies Translation<typeof zh>;
