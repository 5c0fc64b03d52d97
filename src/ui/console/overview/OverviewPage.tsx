import { useSelector } from '../../hooks/useSelector';
import { FileText, Handshake, Image, Images, MessageCircle, MessagesSquare, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { displayName } from '../../../domain/account/account';
import { ARTICLE_STATES, articlesInUse } from '../../../domain/console/overview/overview';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { QuickActions } from './QuickActions';
import { RecentArticles } from './RecentArticles';
import { StatCard } from './StatCard';
import { useOverview } from './useOverview';
import './overview.css';

const text = zhCN.consoleOverview;

/** 概览, the console's landing page: what the site holds, the articles edited last, the common actions. */
export default function OverviewPage() {
  const { overview, failed, retry } = useOverview();
  const user = useSelector(useService(TOKENS.session), (snapshot) => snapshot.context.user);
  const clock = useService(TOKENS.clock);

  useEffect(() => {
    document.title = `${text.title} - ${zhCN.console.title}`;
  }, []);

  return (
    <section className="console-page overview-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.title}</h1>
        {user && <span className="overview-page__greeting">{text.greeting(displayName(user))}</span>}
      </header>
      <QuickActions />
      {overview ? (
        <>
          <div className="overview-stats">
            <StatCard
              label={text.articles}
              value={articlesInUse(overview.articles)}
              to="/admin/articles"
              icon={<FileText />}
            >
              <ul className="overview-stat__breakdown">
                {ARTICLE_STATES.map((state) => (
                  <li key={state}>
                    <Link to={`/admin/articles?tab=${state}`}>
                      <span className="overview-status" data-status={state}>
                        {text.articleStatus[state]}
                      </span>
                      <span className="overview-stat__count">{overview.articles[state]}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </StatCard>
            <StatCard label={text.talks} value={overview.talks} to="/admin/talks" icon={<MessageCircle />} />
            <StatCard label={text.albums} value={overview.albums} to="/admin/albums" icon={<Images />} />
            <StatCard label={text.photos} value={overview.photos} to="/admin/albums" icon={<Image />} />
            <StatCard label={text.users} value={overview.users} icon={<Users />} />
            <StatCard label={text.pendingLinks} value={overview.pendingLinks} to="/admin/links" icon={<Handshake />} />
            <StatCard
              label={text.chatMessagesToday}
              value={overview.chatMessagesToday}
              to="/message/chat"
              icon={<MessagesSquare />}
            />
          </div>
          <RecentArticles articles={overview.recentArticles} now={clock.now()} />
        </>
      ) : failed ? (
        <div className="console-empty" role="alert">
          <p>{text.loadFailed}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            {text.retry}
          </button>
        </div>
      ) : (
        <Loading />
      )}
    </section>
  );
}
