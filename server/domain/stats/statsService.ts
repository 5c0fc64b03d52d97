import * as zhCN from '../../../src/i18n/zh-CN';
import {
  STATS_RANGES,
  STATS_TOP_ROWS,
  type StatsCsv,
  type StatsDayDto,
  type StatsReportDto,
  type StatsRowDto,
  type StatsTable,
} from '../../../src/protocol/console/stats';
import type { Clock } from '../../ports/clock';
import type { StatsStore } from '../../ports/statsStore';
import { AppError } from '../errors';
import { RAW_DAYS, rollUp } from './rollUp';
import type { StatDimension } from './statEvent';
import type { StatsRecorder } from './statsRecorder';
import { dayBefore, localDay } from './visitorRules';

const text = zhCN.consoleStats;

/** Most rows a CSV download holds. */
export const CSV_MAX_ROWS = 10_000;

const ARTICLE_PATH = /^\/article\?id=(\d+)$/;

/** Where each table's rows come from. */
const TABLE_DIMENSION: Record<StatsTable, StatDimension> = {
  articles: 'page',
  landings: 'landing',
  referrers: 'referrer',
  searches: 'search',
  devices: 'device',
  browsers: 'browser',
  songs: 'song',
};

export interface StatsServiceDeps {
  store: StatsStore;
  clock: Clock;
  /** Absent when counting is off (STATS=off): the dashboard still shows what was counted before. */
  recorder?: StatsRecorder | undefined;
  /** Names of songs by id, for the songs table (missing ones absent). */
  songNames(ids: number[]): Promise<Map<number, string>>;
}

/**
 * The daily roll-up and the dashboard's reads. The roll-up recomputes each day that still has raw events
 * from all of them and replaces that day's totals, so it may run on every instance, at any time, as often
 * as it likes: the totals are the same. Raw events older than RAW_DAYS go after their day was rolled up.
 */
export class StatsService {
  private rolling: Promise<void> | undefined;

  constructor(private readonly deps: StatsServiceDeps) {}

  /** Rolls up the days with raw events, then prunes raw events and salts past their time. */
  rollUp(): Promise<void> {
    this.rolling ??= this.rollUpOnce().finally(() => (this.rolling = undefined));
    return this.rolling;
  }

  private async rollUpOnce(): Promise<void> {
    const { store } = this.deps;
    const today = localDay(this.deps.clock.now());
    for (const day of await store.eventDays()) await store.putDaily(day, rollUp(await store.eventsOf(day)));
    await store.pruneEventsBefore(dayBefore(today, RAW_DAYS - 1));
    await store.discardSaltsBefore(today);
  }

  /** What this instance counted, stored and rolled up: the dashboard shows a visit made a moment ago. */
  async settle(): Promise<void> {
    await this.deps.recorder?.flush();
    await this.rollUp();
  }

  async report(days: number): Promise<StatsReportDto> {
    const range = await this.range(days);
    const tables = Object.fromEntries(
      await Promise.all(
        (Object.keys(TABLE_DIMENSION) as StatsTable[]).map(async (table) => [table, (await this.rows(table, range)).slice(0, STATS_TOP_ROWS)] as const),
      ),
    ) as Record<StatsTable, StatsRowDto[]>;
    return { days: await this.series(range), tables };
  }

  /** A CSV download's header and rows, as text cells. */
  async csv(table: StatsCsv, days: number): Promise<string[][]> {
    const range = await this.range(days);
    const columns = text.csv;
    if (table === 'daily') {
      return [
        [columns.day, columns.views, columns.visitors, columns.chatMessages, columns.songsPlayed],
        ...(await this.series(range)).map((d) => [d.day, d.views, d.visitors, d.chatMessages, d.songsPlayed].map(String)),
      ];
    }
    return [
      [text.tables[table].item, columns.views, columns.visitors],
      ...(await this.rows(table, range)).slice(0, CSV_MAX_ROWS).map((row) => [row.label, String(row.views), String(row.visitors)]),
    ];
  }

  private async range(days: number): Promise<{ from: string; to: string; dayList: string[] }> {
    if (!(STATS_RANGES as readonly number[]).includes(days)) throw new AppError('invalid', text.server.invalidRange);
    await this.settle();
    const to = localDay(this.deps.clock.now());
    const dayList = Array.from({ length: days }, (_, i) => dayBefore(to, days - 1 - i));
    return { from: dayList[0] ?? to, to, dayList };
  }

  private async series({ from, to, dayList }: { from: string; to: string; dayList: string[] }): Promise<StatsDayDto[]> {
    const { store } = this.deps;
    const [totals, songs, chats] = await Promise.all([
      store.daily('all', from, to),
      store.daily('song', from, to),
      store.chatMessageTimes(new Date(`${from}T00:00:00`)),
    ]);
    const byDay = new Map(dayList.map((day) => [day, { day, views: 0, visitors: 0, chatMessages: 0, songsPlayed: 0 }]));
    for (const row of totals) {
      const entry = byDay.get(row.day);
      if (entry) Object.assign(entry, { views: row.views, visitors: row.visitors });
    }
    for (const row of songs) {
      const entry = byDay.get(row.day);
      if (entry) entry.songsPlayed += row.views;
    }
    for (const sent of chats) {
      const entry = byDay.get(localDay(new Date(sent)));
      if (entry) entry.chatMessages++;
    }
    return [...byDay.values()];
  }

  /** A table's rows over the range, summed per item, most viewed first. */
  private async rows(table: StatsTable, { from, to }: { from: string; to: string }): Promise<StatsRowDto[]> {
    let daily = await this.deps.store.daily(TABLE_DIMENSION[table], from, to);
    if (table === 'articles') daily = daily.filter((row) => ARTICLE_PATH.test(row.item));
    const summed = new Map<string, { views: number; visitors: number }>();
    for (const row of daily) {
      const entry = summed.get(row.item) ?? { views: 0, visitors: 0 };
      entry.views += row.views;
      entry.visitors += row.visitors;
      summed.set(row.item, entry);
    }
    const sorted = [...summed].sort(([a, x], [b, y]) => y.views - x.views || y.visitors - x.visitors || a.localeCompare(b));
    const label = await this.labeller(table, sorted.slice(0, CSV_MAX_ROWS).map(([item]) => item));
    return sorted.map(([item, counts]) => ({ item, label: label(item), ...counts }));
  }

  private async labeller(table: StatsTable, items: string[]): Promise<(item: string) => string> {
    switch (table) {
      case 'articles': {
        const ids = items.map((item) => Number(ARTICLE_PATH.exec(item)?.[1]));
        const titles = await this.deps.store.articleTitles(ids);
        return (item) => titles.get(Number(ARTICLE_PATH.exec(item)?.[1])) ?? text.deletedArticle;
      }
      case 'songs': {
        // An upstream music server that does not answer leaves the songs by their ids, not the report broken.
        const names = items.length === 0 ? new Map<number, string>() : await this.deps.songNames(items.map(Number)).catch(() => new Map<number, string>());
        return (item) => names.get(Number(item)) ?? text.unknownSong(item);
      }
      case 'devices':
        return (item) => text.devices[item as keyof typeof text.devices] ?? text.other;
      case 'browsers':
        return (item) => item || text.other;
      default:
        return (item) => item;
    }
  }
}
