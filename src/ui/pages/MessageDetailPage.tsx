import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Message } from '../../domain/content/content';
import { parseId } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { useAccount } from '../features/account/useAccount';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { useBoardVersion } from '../features/messages/boardVersion';
import { MessageCard } from '../features/messages/MessageCard';
import { MessageReplies } from '../features/messages/MessageReplies';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';
import '../features/messages/messages.css';

export default function MessageDetailPage() {
  const api = useService(TOKENS.contentApi);
  const navigate = useNavigate();
  const { user } = useAccount();
  const version = useBoardVersion();
  const id = parseId(useSearchParams()[0].get('id'));
  // The post deleted from this page: the board's change must not make the page ask for it again
  // while the navigation away is still pending.
  const [deleted, setDeleted] = useState<number | null>(null);
  const gone = id !== null && id === deleted;
  const { data, error, loading, reload } = useLoad<Message | null>(
    gone ? `message:${id}:deleted` : `message:${id}:${version}:${user?.id ?? 0}`,
    () => (id === null || gone ? Promise.resolve(null) : api.message(id)),
  );
  const text = zhCN.messages;
  // While the same post reloads (a reply changed its count) it stays on screen; another post's data never shows.
  const shown = loading ? (data && data.id === id ? data : undefined) : data;

  let body;
  if (gone) body = <Loading />;
  else if (id === null || shown === null) body = <EmptyState text={text.notFound} hint={zhCN.article.notFoundHint} />;
  else if (!shown) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else
    body = (
      <MessageCard
        key={shown.id}
        message={shown}
        layout="detail"
        onDeleted={() => {
          // Committed before the board's change renders (that one is a synchronous store update).
          flushSync(() => setDeleted(shown.id));
          navigate('/message/list', { replace: true });
        }}
      />
    );

  return (
    <div className="page">
      <PageBanner title={text.detailTitle} route="/message/detail" />
      <div className="page__body">
        <p className="page-back">
          <Link to="/message/list" className="button">
            <ArrowLeft aria-hidden="true" />
            {text.backToBoard}
          </Link>
        </p>
        <section className="card page__card">{body}</section>
        {shown && !gone && (
          <section className="card page__card replies-card">
            <MessageReplies key={shown.id} message={shown} />
          </section>
        )}
      </div>
    </div>
  );
}
