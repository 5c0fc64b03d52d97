import { ChevronDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { parsePage } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { AuthorCard } from '../components/AuthorCard';
import { Typewriter } from '../components/Typewriter';
import { useService } from '../di';
import { ArticleFeed } from '../features/content/ArticleFeed';
import { isPagerNavigation } from '../features/content/Pager';
import { AuthorCounts, HotArticlesCard, SiteFactsCard, TagCloudCard } from '../features/content/SideCards';
import { useLoad } from '../features/content/useLoad';
import { useRouteParams } from '../features/content/useRouteParams';
import { useSiteInfo } from '../hooks/useSiteInfo';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import './pages.css';

const HOME_PAGE_SIZE = 8;

export default function HomePage() {
  const site = useSiteInfo();
  const api = useService(TOKENS.contentApi);
  const page = parsePage(useRouteParams('/home').get('page'));
  const articles = useLoad(`home:${page}`, () => api.homeArticles(page, HOME_PAGE_SIZE));
  const facts = useLoad('facts', () => api.siteFacts());
  const hot = useLoad('hot', () => api.hotArticles());
  const tags = useLoad('tags', () => api.tags());
  const feed = useRef<HTMLElement>(null);
  const shownPage = useRef(page);
  const { state } = useLocation();
  const navigation = useNavigationType();

  // Paging keeps the reader at the list, not at the top of the banner. Another way to another page of
  // the list (首页 in the header, Back) leaves the scroll to PageOutlet: the top, or where it was left.
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    if (navigation !== 'POP' && isPagerNavigation(state)) feed.current?.scrollIntoView({ block: 'start' });
  }, [page, state, navigation]);

  return (
    <div className="page home">
      <PageBanner full route="/home" title={site?.name ?? ''}>
        {site && <Typewriter texts={site.typedMottos} />}
        <button
          type="button"
          className="home__scroll"
          aria-label={zhCN.home.scrollDown}
          onClick={() => feed.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        >
          <ChevronDown aria-hidden="true" />
        </button>
      </PageBanner>
      <div className="page__body home__body">
        <section ref={feed} className="home__main" aria-label={zhCN.content.latestArticles}>
          <ArticleFeed state={articles} />
        </section>
        <div className="home__side">
          {site && <AuthorCard site={site} />}
          {facts.data && <AuthorCounts facts={facts.data} />}
          {hot.data && <HotArticlesCard articles={hot.data} />}
          {tags.data && <TagCloudCard tags={tags.data} />}
          {facts.data && <SiteFactsCard facts={facts.data} />}
        </div>
      </div>
    </div>
  );
}
