import type * as zhCN from '../zh-CN';

type Area = keyof typeof zhCN;

/** The console's areas, loaded with the console (its own chunk): a reader's English page does without them. */
export type ConsoleArea = Extract<Area, `console${string}`>;

/** Areas only the server speaks (backups, the music library's scans): never in the browser's English chunks. */
type ServerArea = 'backup' | 'musicServer';

/** What an English page loads before the app's modules run. */
export type ReaderArea = Exclude<Area, ConsoleArea | ServerArea>;
