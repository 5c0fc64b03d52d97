import { Boxes } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import type { ResourceSide } from '../../domain/content/content';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LoadFailed } from '../features/content/LoadFailed';
import { ResourceCard } from '../features/content/ResourceCard';
import { useLoad } from '../features/content/useLoad';
import { zhCN } from '../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

/** One page for both recommendation lists; the path says which. */
export default function ResourcesPage() {
  const { pathname } = useLocation();
  const side: ResourceSide = pathname.startsWith('/resources/back') ? 'back' : 'front';
  const api = useService(TOKENS.contentApi);
  const { data, error, loading, reload } = useLoad(`resources:${side}`, () => api.resources(side));
  const shown = loading ? undefined : data;

  let body;
  if (!shown) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (shown.length === 0) body = <EmptyState text={zhCN.content.noResources} />;
  else
    body = shown.map((group) => (
      <section key={group.kind} className="group" aria-label={group.kind}>
        <h2 className="section-title">
          <Boxes aria-hidden="true" />
          {group.kind}
          <span className="section-title__count">{zhCN.content.itemCount(group.list.length)}</span>
        </h2>
        <ul className="resource-grid">
          {group.list.map((resource) => (
            <li key={resource.id}>
              <ResourceCard resource={resource} />
            </li>
          ))}
        </ul>
      </section>
    ));

  return (
    <div className="page">
      <PageBanner title={side === 'back' ? zhCN.nav.backResources : zhCN.nav.frontResources} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
