import { Compass } from 'lucide-react';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LinkCard } from '../features/content/LinkCards';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { zhCN } from '../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

/** A navigation page of useful sites, grouped by kind. */
export default function SiteListPage() {
  const api = useService(TOKENS.contentApi);
  const { data, error, reload } = useLoad('sites', () => api.sites());

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) body = <EmptyState text={zhCN.content.noSites} />;
  else
    body = data.map((group) => (
      <section key={group.kind} className="group" aria-label={group.kind}>
        <h2 className="section-title">
          <Compass aria-hidden="true" />
          {group.kind}
          <span className="section-title__count">{zhCN.content.itemCount(group.list.length)}</span>
        </h2>
        <ul className="link-grid">
          {group.list.map((site) => (
            <li key={site.id}>
              <LinkCard name={site.name} description={site.description} url={site.url} image={site.icon} shape="square" />
            </li>
          ))}
        </ul>
      </section>
    ));

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.siteList} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
