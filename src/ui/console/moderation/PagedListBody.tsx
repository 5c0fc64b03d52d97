import type { ReactNode } from 'react';
import { ListPager } from '../ListPager';
import { ListStatus } from '../ListStatus';
import type { PagedList } from './usePagedList';
import type { Row } from '../../../domain/console/moderation/pagedList.machine';

/** A paged list's rows between where it stands (loading, refused, empty) and its pager (when it has pages). */
export function PagedListBody<Item extends Row, Query, Action>({
  list,
  emptyText,
  children,
}: {
  list: PagedList<Item, Query, Action>;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <>
      <ListStatus
        loading={list.loading}
        shown={list.shown}
        error={list.error}
        empty={list.items.length === 0}
        emptyText={emptyText}
        onRetry={list.reload}
      />
      {children}
      {list.total > list.size && <ListPager total={list.total} current={list.current} size={list.size} onPage={list.goTo} />}
    </>
  );
}
