import { useSelector } from '../hooks/useSelector';
import { LayoutGrid, List, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { parsePage } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { useAccount } from '../features/account/useAccount';
import { LoadFailed } from '../features/content/LoadFailed';
import { Pager } from '../features/content/Pager';
import { useLoad } from '../features/content/useLoad';
import { useRouteParams } from '../features/content/useRouteParams';
import { useBoardVersion } from '../features/messages/boardVersion';
import { MessageCard } from '../features/messages/MessageCard';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';
import '../features/messages/messages.css';

const BOARD_PAGE_SIZE = 12;

/** The message board, as cards or as a list (the reader's stored choice). */
export default function MessageListPage() {
  const api = useService(TOKENS.contentApi);
  const preferences = useService(TOKENS.preferences);
  const cards = useSelector(preferences, (snapshot) => snapshot.context.messageCards);
  const { user } = useAccount();
  const version = useBoardVersion();
  const page = parsePage(useRouteParams('/message/list').get('page'));
  const { data, error, loading, reload } = useLoad(`board:${page}:${version}:${user?.id ?? 0}`, () =>
    api.messages({ current: page, size: BOARD_PAGE_SIZE }),
  );
  const text = zhCN.messages;
  const layout = cards ? 'card' : 'row';

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.total === 0) body = <EmptyState text={text.empty} />;
  else
    body = (
      <div aria-busy={loading}>
        <ul className="board" data-layout={layout}>
          {data.list.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} layout={layout} />
            </li>
          ))}
        </ul>
        <Pager current={data.current} total={data.total} size={data.size} />
      </div>
    );

  return (
    <div className="page">
      <PageBanner title={text.title} route="/message/list" />
      <div className="page__body">
        <section className="card page__card">
          <div className="board-toolbar">
            <span className="board-toolbar__count">{data ? text.count(data.total) : ''}</span>
            <div className="board-toolbar__actions">
              <button
                type="button"
                className="button"
                onClick={() => preferences.send({ type: 'cards.toggle' })}
                aria-label={cards ? text.showAsList : text.showAsCards}
              >
                {cards ? <List aria-hidden="true" /> : <LayoutGrid aria-hidden="true" />}
                {cards ? text.asList : text.asCards}
              </button>
              <Link to="/message/publish" className="button button--primary">
                <PenLine aria-hidden="true" />
                {text.publish}
              </Link>
            </div>
          </div>
          {body}
        </section>
      </div>
    </div>
  );
}
