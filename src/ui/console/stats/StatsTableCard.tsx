import { Download } from 'lucide-react';
import type { StatsRow } from '../../../domain/console/stats/stats';
import * as zhCN from '../../../i18n/zh-CN';
import { currentLanguage } from '../../../i18n/language';

const text = zhCN.consoleStats;

/** One table of the report (its top rows) with the download of all its rows as CSV. */
export function StatsTableCard({ title, itemLabel, rows, csv }: { title: string; itemLabel: string; rows: StatsRow[]; csv: string }) {
  return (
    <section className="console-card stats-table">
      <header className="stats-table__head">
        <h2 className="stats-card__title">{title}</h2>
        <a className="button" href={csv} download>
          <Download aria-hidden="true" />
          {text.download}
        </a>
      </header>
      {rows.length === 0 ? (
        <p className="stats-table__empty">{text.empty}</p>
      ) : (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{itemLabel}</th>
              <th scope="col" className="stats-table__number">{text.columns.views}</th>
              <th scope="col" className="stats-table__number">{text.columns.visitors}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.item}>
                <td className="stats-table__item" title={row.item}>{row.label}</td>
                <td className="stats-table__number">{row.views.toLocaleString(currentLanguage())}</td>
                <td className="stats-table__number">{row.visitors.toLocaleString(currentLanguage())}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
