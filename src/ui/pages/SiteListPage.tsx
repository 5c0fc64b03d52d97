import { Compass } from 'lucide-react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { LinkCard } from '../features/content/LinkCards';
import { KindGroup } from '../features/content/KindGroup';
import { Loaded } from '../features/content/Loaded';
import { useLoad } from '../features/content/useLoad';
import { PageLayout } from '../components/PageLayout';
import * as zhCN from '../../i18n/zh-CN';
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
            <KindGroup
              key={group.kind}
              kind={group.kind}
              count={group.list.length}
              icon={<Compass aria-hidden="true" />}
              gridClass="link-grid"
            >
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
            </KindGroup>
          ))
        }
      </Loaded>
    </PageLayout>
  );
}
