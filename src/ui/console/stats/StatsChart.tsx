import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayToSeconds, type StatsDay } from '../../../domain/console/stats/stats';
import * as zhCN from '../../../i18n/zh-CN';
import { currentLanguage } from '../../../i18n/language';

export interface ChartSeries {
  label: string;
  value: (day: StatsDay) => number;
  /** A CSS custom property of the theme, so the lines follow light and dark. */
  colour: string;
}

const HEIGHT = 220;

function themeColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/** A line chart of per-day values (uPlot, canvas), as wide as its card; rebuilt when the theme changes. */
export function StatsChart({ title, days, series }: { title: string; days: StatsDay[]; series: ChartSeries[] }) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: uPlot | undefined;
    const build = () => {
      chart?.destroy();
      const axis = { stroke: themeColour('--color-text-muted'), grid: { stroke: themeColour('--color-border'), width: 1 }, ticks: { show: false } };
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map((t) => { const d = new Date(t * 1000); return `${d.getMonth() + 1}/${d.getDate()}`; }) },
            { ...axis, size: 44, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
          ],
          series: [
            { label: zhCN.consoleStats.csv.day, value: (_u, t) => (t == null ? '' : new Date(t * 1000).toLocaleDateString(currentLanguage())) },
            ...series.map((line) => ({ label: line.label, stroke: themeColour(line.colour), width: 2, points: { size: 5 } })),
          ],
        },
        [days.map((day) => dayToSeconds(day.day)), ...series.map((line) => days.map(line.value))],
        element,
      );
    };
    build();
    // Charts are drawn on canvas: a new width or theme needs a redraw.
    const resized = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resized.observe(element);
    const themed = new MutationObserver(build);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resized.disconnect();
      themed.disconnect();
      chart?.destroy();
    };
  }, [days, series]);

  return (
    <section className="console-card stats-chart">
      <h2 className="stats-card__title">{title}</h2>
      <div ref={holder} className="stats-chart__plot" role="img" aria-label={zhCN.consoleStats.chartLabel(title)} />
    </section>
  );
}
