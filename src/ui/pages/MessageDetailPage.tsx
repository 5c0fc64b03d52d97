import { ArrowLeft } from 'lucide-react';
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
import { zhCN } from '../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';
import '../features/messages/messages.css';

export default function MessageDetailPage() {
  const api = useService(TOKENS.contentApi);
  const navigate = useNavigate();
  const { user } = useAccount();
  const version = useBoardVersion();
  const id = parseId(useSearchParams()[0].get('id'));
  const { data, error, loading, reload } = useLoad<Message | null>(`message:${id}:${version}:${user?.id ?? 0}`, () =>
    id === null ? Promise.resolve(null) : api.message(id),
  );
  const text = zhCN.messages;
  // While the same post reloads (a reply changed its count) it stays on screen; another post's data never shows.
  const shown = loading ? (data && data.id === id ? data : undefined) : data;

  let body;
  if (id === null || shown === null) body = <EmptyState text={text.notFound} />;
  else if (!shown) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else
    body = (
      <MessageCard key={shown.id} message={shown} layout="detail" onDeleted={() => navigate('/message/list', { replace: true })} />
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
        {shown && (
          <section className="card page__card replies-card">
            <MessageReplies key={shown.id} message={shown} />
          </section>
        )}
      </div>
    </div>
  );
}
