import { Compass } from 'lucide-react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { LinkCard } from '../features/content/LinkCards';
import { Loaded } from '../features/content/Loaded';
import { useLoad } from '../features/content/useLoad';
import { PageLayout } from '../components/PageLayout';
import { zhCN } from '../i18n/zh-CN';
import '../features/content/content.css';

/** A navigation page of useful sites, grouped by kind. */
export default function SiteListPage() {
  const api = useService(TOKENS.contentApi);
  const load = useLoad('sites', () => api.sites());

  return (
    <PageLayout title={zhCN.nav.siteList}>
      <Loaded state={load} emptyText={zhCN.content.noSites}>
        {(data) =>
          data.map((group) => (
            <section key={group.kind} className="group" aria-label={group.kind}>
              <h2 className="section-title">
                <Compass aria-hidden="true" />
                {group.kind}
                <span className="section-title__count">{zhCN.content.itemCount(group.list.length)}</span>
              </h2>
              <ul className="link-grid">
                {group.list.map((site) => (
                  <li key={site.id}>
                    <LinkCard
                      name={site.name}
                      description={site.description}
                      url={site.url}
                      image={site.icon}
                      shape="square"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        }
      </Loaded>
    </PageLayout>
  );
}
