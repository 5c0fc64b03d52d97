import { LogIn } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { Message } from '../../domain/content/content';
import { canManageMessage } from '../../domain/content/messages';
import { parseId } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { useAccount } from '../features/account/useAccount';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { MessageForm } from '../features/messages/MessageForm';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';
import '../features/messages/messages.css';

/** Publishes a message, or edits one (`?id=`) for its author or the administrator. */
export default function MessagePublishPage() {
  const api = useService(TOKENS.contentApi);
  const { user, openLogin } = useAccount();
  const id = parseId(useSearchParams()[0].get('id'));
  const existing = useLoad<Message | null>(`message:${id}`, () => (id === null ? Promise.resolve(null) : api.message(id)));
  const text = zhCN.messages;
  const editing = id !== null;

  let body;
  if (!user) {
    body = (
      <EmptyState text={text.loginToPublish} hint="">
        <button type="button" className="button button--primary" onClick={openLogin}>
          <LogIn aria-hidden="true" />
          {zhCN.nav.goLogin}
        </button>
      </EmptyState>
    );
  } else if (!editing) {
    body = <MessageForm />;
  } else if (existing.loading) {
    body = existing.error ? <LoadFailed error={existing.error} onRetry={existing.reload} /> : <Loading />;
  } else if (!existing.data) {
    body = <EmptyState text={text.notFound} />;
  } else if (!canManageMessage(existing.data, user)) {
    body = <EmptyState text={text.notYours} />;
  } else {
    body = <MessageForm key={existing.data.id} existing={existing.data} />;
  }

  return (
    <div className="page">
      <PageBanner title={editing ? text.editTitle : text.publishTitle} route="/message/publish" />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
