import { CalendarDays, Eye, Megaphone } from 'lucide-react';
import { formatCount } from '../features/content/format';
import { DAY_MS } from '../../domain/shared/relativeTime';
import type { SiteInfo } from '../../domain/site/site';
import { useNow } from '../app/pageData';
import { useSiteViewCount } from '../hooks/useSiteInfo';
import * as zhCN from '../../i18n/zh-CN';
import { LazyImage } from './LazyImage';
import { IMAGE_SIZES } from './imageSizes';
import './components.css';

function runningDays(since: string, now: number): number | null {
  const start = Date.parse(since);
  return Number.isNaN(start) ? null : Math.max(0, Math.floor((now - start) / DAY_MS));
}

/** The blogger at a glance: avatar, name, motto, the site notice and a few facts. */
export function AuthorCard({ site }: { site: SiteInfo }) {
  const now = useNow();
  const viewCount = useSiteViewCount() ?? site.viewCount;
  const days = runningDays(site.since, now);
  const text = zhCN.home;
  return (
    <aside className="card author-card" aria-label={text.author}>
      <LazyImage className="author-card__avatar" src={site.avatar} alt={site.author} width={96} height={96} sizes={IMAGE_SIZES.thumbnail} />
      <h2 className="author-card__name">{site.author}</h2>
      {site.motto && <p className="author-card__motto">{site.motto}</p>}
      <dl className="author-card__facts">
        {days !== null && (
          <div>
            <dt>
              <CalendarDays aria-hidden="true" />
              {text.runningDays}
            </dt>
            <dd>{text.days(days)}</dd>
          </div>
        )}
        <div>
          <dt>
            <Eye aria-hidden="true" />
            {text.totalViews}
          </dt>
          <dd>{formatCount(viewCount)}</dd>
        </div>
      </dl>
      {site.notice && (
        <section className="author-card__notice">
          <h3>
            <Megaphone aria-hidden="true" />
            {text.notice}
          </h3>
          <p>{site.notice}</p>
        </section>
      )}
    </aside>
  );
}
