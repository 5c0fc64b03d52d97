import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AUDIT_PAGE_SIZE, EMPTY_AUDIT_SEARCH, type AuditItem, type AuditSearch } from '../../../domain/console/audit/audit';
import * as zhCN from '../../../i18n/zh-CN';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { useService } from '../../di';
import { PagedListBody } from '../moderation/PagedListBody';
import { usePagedList } from '../moderation/usePagedList';
import { AuditFilters } from './AuditFilters';
import { AuditRow } from './AuditRow';
import '../moderation/moderation.css';
import './audit.css';

const words = zhCN.consoleAudit;
const columns = words.columns;

/** 操作日志: what was done on the site and by whom, searched and paged, and the same search as a CSV. */
export default function AuditPage() {
  const api = useService(CONSOLE_TOKENS.auditApi);
  const entries = usePagedList<AuditItem, AuditSearch, never>({
    query: EMPTY_AUDIT_SEARCH,
    size: AUDIT_PAGE_SIZE,
    fetchPage: (search, current, size) => api.entries(search, current, size),
  });
  const [csv, setCsv] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);

  useEffect(() => {
    let current = true;
    void api.csvUrl(entries.query).then((url) => current && setCsv(url));
    return () => {
      current = false;
    };
  }, [api, entries.query]);

  return (
    <section className="console-page mod-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
        {csv && (
          <a className="button" href={csv} download>
            <Download aria-hidden="true" />
            {words.download}
          </a>
        )}
      </header>
      <p className="audit-intro">{words.intro}</p>
      <div className="console-card mod-panel">
        <AuditFilters search={entries.query} onType={entries.type} onSearch={entries.search} />
        {entries.shown && entries.items.length > 0 && <p className="audit-total">{words.total(entries.total)}</p>}
        <PagedListBody list={entries} emptyText={words.empty}>
          {entries.items.length > 0 && (
            <table className="console-table console-table--cards audit-table" aria-busy={entries.loading}>
              <thead>
                <tr>
                  <th scope="col">{columns.at}</th>
                  <th scope="col">{columns.actor}</th>
                  <th scope="col">{columns.area}</th>
                  <th scope="col">{columns.summary}</th>
                  <th scope="col">{columns.address}</th>
                </tr>
              </thead>
              <tbody>
                {entries.items.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          )}
        </PagedListBody>
      </div>
    </section>
  );
}
