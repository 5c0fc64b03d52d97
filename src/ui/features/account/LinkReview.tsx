import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { FriendLinkApplied } from '../../../domain/content/content';
import { TOKENS } from '../../../ports/tokens';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { formatDateTime } from '../content/format';
import { LinkCard } from '../content/LinkCards';
import { LoadFailed } from '../content/LoadFailed';
import { useLoad } from '../content/useLoad';
import '../content/content.css';
import './userCenter.css';

const text = zhCN.account.center;

/** The administrator approves or rejects friend-link applications; an approved link appears on /link/list. */
export function LinkReview() {
  const api = useService(TOKENS.contentApi);
  const notifier = useService(TOKENS.notifier);
  const { data, error, loading, reload } = useLoad('pending-links', () => api.pendingFriendLinks());
  const [reviewing, setReviewing] = useState<number | null>(null);

  const review = (link: FriendLinkApplied, approved: boolean) => {
    setReviewing(link.id);
    api.reviewFriendLink(link.id, approved).then(
      () => {
        setReviewing(null);
        notifier.notify({ level: 'success', message: approved ? text.linkApproved(link.name) : text.linkRejected(link.name) });
        reload();
      },
      (failure: unknown) => {
        setReviewing(null);
        if (failure instanceof Error && failure.message) notifier.notify({ level: 'error', message: failure.message });
      },
    );
  };

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) body = <EmptyState text={text.noPendingLinks} hint="" />;
  else
    body = (
      <ul className="link-review" aria-busy={loading}>
        {data.map((link) => (
          <li key={link.id} className="link-review__item">
            <LinkCard name={link.name} description={link.description} url={link.url} image={link.avatar} />
            <div className="link-review__actions">
              <time className="user-center__hint" dateTime={link.createdAt}>
                {text.appliedAt(formatDateTime(link.createdAt))}
              </time>
              <button
                type="button"
                className="button"
                disabled={reviewing !== null}
                aria-label={text.rejectLink(link.name)}
                onClick={() => review(link, false)}
              >
                <X aria-hidden="true" />
                {text.reject}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={reviewing !== null}
                aria-label={text.approveLink(link.name)}
                onClick={() => review(link, true)}
              >
                <Check aria-hidden="true" />
                {text.approve}
              </button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="user-center__section user-center__wide" aria-labelledby="link-review-title">
      <h2 id="link-review-title" className="user-center__heading">
        {text.linkReview}
        {data && data.length > 0 && <span className="user-center__count">{zhCN.content.itemCount(data.length)}</span>}
      </h2>
      {body}
    </section>
  );
}
