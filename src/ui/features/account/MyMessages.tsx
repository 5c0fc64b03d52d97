import { PenLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { parsePage } from '../../../domain/content/paging';
import { TOKENS } from '../../../ports/tokens';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { LoadFailed } from '../content/LoadFailed';
import { Pager } from '../content/Pager';
import { useLoad } from '../content/useLoad';
import { useBoardVersion } from '../messages/boardVersion';
import { MessageCard } from '../messages/MessageCard';
import '../content/content.css';
import '../messages/messages.css';
import './userCenter.css';

const MY_MESSAGES_PAGE_SIZE = 5;

/** The signed-in user's own message-board posts, newest first, paged by `?page=`. */
export function MyMessages({ userId }: { userId: number }) {
  const api = useService(TOKENS.contentApi);
  const version = useBoardVersion();
  const page = parsePage(useSearchParams()[0].get('page'));
  const { data, error, loading, reload } = useLoad(`my-messages:${userId}:${page}:${version}`, () =>
    api.messages({ current: page, size: MY_MESSAGES_PAGE_SIZE, userId }),
  );
  const text = zhCN.account.center;

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.total === 0)
    body = (
      <EmptyState text={text.noPosts} hint={text.noPostsHint}>
        <Link to="/message/publish" className="button button--primary">
          <PenLine aria-hidden="true" />
          {text.writePost}
        </Link>
      </EmptyState>
    );
  else
    body = (
      <div aria-busy={loading}>
        <ul className="board" data-layout="row">
          {data.list.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} layout="row" />
            </li>
          ))}
        </ul>
        <Pager current={data.current} total={data.total} size={data.size} />
      </div>
    );

  return (
    <section className="user-center__section user-center__wide" aria-labelledby="my-messages-title">
      <h2 id="my-messages-title" className="user-center__heading">
        {text.myPosts}
        {data && data.total > 0 && <span className="user-center__count">{zhCN.messages.count(data.total)}</span>}
      </h2>
      {body}
    </section>
  );
}
