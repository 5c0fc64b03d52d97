import { HeartHandshake, Link2 } from 'lucide-react';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LinkApplyForm } from '../features/content/LinkApplyForm';
import { LinkCard } from '../features/content/LinkCards';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

export default function LinkListPage() {
  const api = useService(TOKENS.contentApi);
  const { data, error, reload } = useLoad('links', () => api.friendLinks());
  const text = zhCN.links;

  let links;
  if (!data) links = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) links = <EmptyState text={text.empty} />;
  else
    links = (
      <ul className="link-grid">
        {data.map((link) => (
          <li key={link.id}>
            <LinkCard name={link.name} description={link.description} url={link.url} image={link.avatar} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.links} />
      <div className="page__body">
        <section className="card page__card" aria-labelledby="links-title">
          <h2 id="links-title" className="section-title">
            <Link2 aria-hidden="true" />
            {text.title}
            {data && <span className="section-title__count">{text.count(data.length)}</span>}
          </h2>
          {links}
        </section>
        <section className="card page__card links-apply" aria-labelledby="links-apply">
          <h2 id="links-apply" className="section-title">
            <HeartHandshake aria-hidden="true" />
            {text.apply}
          </h2>
          <p className="page-summary">{text.applyHint}</p>
          <LinkApplyForm />
        </section>
      </div>
    </div>
  );
}
