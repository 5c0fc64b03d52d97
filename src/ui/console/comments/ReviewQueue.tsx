import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { Ban, Check, Search } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { REVIEW_KEYWORD_MAX_LENGTH, type ReviewComment } from '../../../domain/console/comments/reviewQueue';
import { reviewQueueMachine } from '../../../domain/console/comments/reviewQueue.machine';
import { TOKENS } from '../../../ports/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { AuthorComments } from './AuthorComments';
import { ConfirmDelete } from './ConfirmDelete';
import { ListPager } from '../ListPager';
import { ReviewRow } from './ReviewRow';
import { ReviewTabs } from './ReviewTabs';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleComments;

/** The review queue: tabs, search, batch actions and the comments of the tab, over the review machine. */
export function ReviewQueue() {
  const api = useService(CONSOLE_TOKENS.commentsConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const machine = useMemo(
    () =>
      reviewQueueMachine.provide({
        actors: {
          loadQueue: fromPromise(({ input }) => api.queue(input)),
          act: fromPromise(async ({ input: { ids, action } }) => {
            if (ids.length > 1) return api.batch(ids, action);
            const [id] = ids;
            if (id === undefined) return 0;
            if (action === 'delete') await api.delete(id);
            else await api.setStatus(id, action === 'approve' ? 'approved' : 'spam');
            return 1;
          }),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine);
  const { query, page, selected, error } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const [keyword, setKeyword] = useState('');
  const [author, setAuthor] = useState<ReviewComment | null>(null);

  useEffect(() => {
    const subscriptions = [
      actor.on('acted', ({ action, count }) => notifier.notify({ level: 'success', message: text.acted[action](count) })),
      actor.on('failed', ({ message, reported }) => {
        if (!reported) notifier.notify({ level: 'error', message });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, notifier]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search', keyword });
  };

  const list = page?.list ?? [];
  const allSelected = list.length > 0 && list.every((comment) => selected.includes(comment.id));

  let body;
  if (failed) {
    body = (
      <div className="console-state">
        <p>{error ?? text.loadFailed}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'list.refresh' })}>
          {text.retry}
        </button>
      </div>
    );
  } else if (!page) {
    body = <Loading />;
  } else if (list.length === 0) {
    body = <p className="console-state">{query.keyword ? text.noMatch : text.empty[query.status]}</p>;
  } else {
    body = (
      <ol className="review-list" aria-busy={busy}>
        {list.map((comment) => (
          <ReviewRow
            key={comment.id}
            comment={comment}
            selected={selected.includes(comment.id)}
            busy={busy}
            onSelect={() => actor.send({ type: 'selection.toggle', id: comment.id })}
            onAct={(action) => actor.send({ type: 'comment.act', id: comment.id, action })}
            onAuthor={() => setAuthor(comment)}
          />
        ))}
      </ol>
    );
  }

  return (
    <section className="console-card review-queue">
      <div className="review-queue__bar">
        <ReviewTabs status={query.status} counts={page?.counts} onChange={(status) => actor.send({ type: 'tab.select', status })} />
        <form className="review-search" role="search" onSubmit={search}>
          <input
            type="search"
            className="review-search__input"
            aria-label={text.searchLabel}
            placeholder={text.searchPlaceholder}
            value={keyword}
            maxLength={REVIEW_KEYWORD_MAX_LENGTH}
            onChange={(event) => setKeyword(event.target.value)}
          />
          <button type="submit" className="button">
            <Search aria-hidden="true" />
            {text.search}
          </button>
        </form>
      </div>
      {list.length > 0 && (
        <div className="review-batch">
          <label className="review-batch__all">
            <input type="checkbox" checked={allSelected} onChange={() => actor.send({ type: 'selection.all' })} />
            {text.selectAll}
          </label>
          {selected.length > 0 && (
            <>
              <span className="review-batch__count">{text.selected(selected.length)}</span>
              {query.status !== 'approved' && (
                <button type="button" className="button review-action" disabled={busy} onClick={() => actor.send({ type: 'selected.act', action: 'approve' })}>
                  <Check aria-hidden="true" />
                  {text.approve}
                </button>
              )}
              {query.status !== 'spam' && (
                <button type="button" className="button review-action" disabled={busy} onClick={() => actor.send({ type: 'selected.act', action: 'spam' })}>
                  <Ban aria-hidden="true" />
                  {text.spam}
                </button>
              )}
              <ConfirmDelete count={selected.length} disabled={busy} onConfirm={() => actor.send({ type: 'selected.act', action: 'delete' })} />
            </>
          )}
        </div>
      )}
      {body}
      {page && page.total > page.size && (
        <ListPager total={page.total} current={page.current} size={page.size} onPage={(next) => actor.send({ type: 'page.go', page: next })} />
      )}
      <AuthorComments of={author} onClose={() => setAuthor(null)} onChanged={() => actor.send({ type: 'list.refresh' })} />
    </section>
  );
}
