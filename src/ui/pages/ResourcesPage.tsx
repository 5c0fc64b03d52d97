import { Boxes } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import type { ResourceSide } from '../../domain/content/content';
import { TOKENS } from '../../ports/tokens';
import { PageLayout } from '../components/PageLayout';
import { useService } from '../di';
import { KindGroup } from '../features/content/KindGroup';
import { Loaded } from '../features/content/Loaded';
import { ResourceCard } from '../features/content/ResourceCard';
import { useLoad } from '../features/content/useLoad';
import * as zhCN from '../../i18n/zh-CN';
import '../features/content/content.css';

/** One page for both recommendation lists; the path says which. */
export default function ResourcesPage() {
  const { pathname } = useLocation();
  const side: ResourceSide = pathname.startsWith('/resources/back') ? 'back' : 'front';
  const api = useService(TOKENS.contentApi);
  const load = useLoad(`resources:${side}`, () => api.resources(side));
  // Both paths share this page: while the other side loads, its old list must not show.
  const shown = { ...load, data: load.loading ? undefined : load.data };

  return (
    <PageLayout title={side === 'back' ? zhCN.nav.backResources : zhCN.nav.frontResources}>
      <Loaded state={shown} emptyText={zhCN.content.noResources}>
        {(groups) =>
          groups.map((group) => (
            <KindGroup
              key={group.kind}
              kind={group.kind}
              count={group.list.length}
              icon={<Boxes aria-hidden="true" />}
              gridClass="resource-grid"
            >
              {group.list.map((resource) => (
                <li key={resource.id}>
                  <ResourceCard resource={resource} />
                </li>
              ))}
            </KindGroup>
          ))
        }
      </Loaded>
    </PageLayout>
  );
}
