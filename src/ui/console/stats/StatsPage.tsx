import { Download, Eye, MessagesSquare, Music, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { STATS_RANGES, STATS_TABLES, totalsOf, type StatsRange } from '../../../domain/console/stats/stats';
import * as zhCN from '../../../i18n/zh-CN';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { useService } from '../../di';
import { useLoad } from '../../features/content/useLoad';
import { ListStatus } from '../ListStatus';
import { StatCard } from '../overview/StatCard';
import { StatsChart, type ChartSeries } from './StatsChart';
import { StatsTableCard } from './StatsTableCard';
import '../overview/overview.css';
import './stats.css';

const text = zhCN.consoleStats;

const TRAFFIC: ChartSeries[] = [
  { label: text.totals.views, value: (day) => day.views, colour: '--color-primary' },
  { label: text.totals.visitors, value: (day) => day.visitors, colour: '--color-text-muted' },
];
const CHAT: ChartSeries[] = [{ label: text.totals.chatMessages, value: (day) => day.chatMessages, colour: '--color-primary' }];
const SONGS: ChartSeries[] = [{ label: text.totals.songsPlayed, value: (day) => day.songsPlayed, colour: '--color-primary' }];

/** 统计: the site's own counts for the last 7, 30 or 90 days, as charts and tables, each table as CSV. */
export default function StatsPage() {
  const [range, setRange] = useState<StatsRange>(7);
  const api = useService(CONSOLE_TOKENS.statsApi);
  // The last report stays shown while another range loads.
  const { data: report, loading, error, reload } = useLoad(`console-stats:${range}`, () => api.report(range));
  const totals = useMemo(() => (report ? totalsOf(report.days) : null), [report]);

  useEffect(() => {
    document.title = `${text.title} - ${zhCN.console.title}`;
  }, []);

  return (
    <section className="console-page stats-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.title}</h1>
        <div className="stats-range" role="group" aria-label={text.range}>
          {STATS_RANGES.map((days) => (
            <button
              key={days}
              type="button"
              className={days === range ? 'button button--primary' : 'button'}
              aria-pressed={days === range}
              onClick={() => setRange(days)}
            >
              {text.ranges[days]}
            </button>
          ))}
        </div>
      </header>
      <p className="stats-page__intro">{text.intro}</p>
      <ListStatus loading={loading} shown={report !== undefined} error={error} onRetry={reload} />
      {report && totals && (
        <div className="stats-body" aria-busy={loading}>
          <div className="overview-stats stats-totals">
            <StatCard label={text.totals.views} value={totals.views} icon={<Eye />} />
            <StatCard label={text.totals.visitors} value={totals.visitors} icon={<Users />} />
            <StatCard label={text.totals.chatMessages} value={totals.chatMessages} icon={<MessagesSquare />} />
            <StatCard label={text.totals.songsPlayed} value={totals.songsPlayed} icon={<Music />} />
          </div>
          <StatsChart title={text.charts.traffic} days={report.days} series={TRAFFIC} />
          <div className="stats-grid">
            <StatsChart title={text.charts.chat} days={report.days} series={CHAT} />
            <StatsChart title={text.charts.songs} days={report.days} series={SONGS} />
          </div>
          <a className="button stats-page__daily" href={report.csv.daily} download>
            <Download aria-hidden="true" />
            {text.downloadDaily}
          </a>
          <div className="stats-grid">
            {STATS_TABLES.map((table) => (
              <StatsTableCard
                key={table}
                title={text.tables[table].title}
                itemLabel={text.tables[table].item}
                rows={report.tables[table]}
                csv={report.csv[table]}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
