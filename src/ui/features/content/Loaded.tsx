import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { LoadFailed } from './LoadFailed';
import type { LoadState } from './useLoad';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** The states of loaded content: loading, failed (with a retry), empty, or the content itself. */
export function Loaded<T>({
  state,
  emptyText,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  state: Pick<LoadState<T>, 'data' | 'error' | 'reload'>;
  emptyText: string;
  /** Shown instead of the plain empty state with `emptyText`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (state.data === undefined) {
    return state.error ? <LoadFailed error={state.error} onRetry={state.reload} /> : <Loading />;
  }
  if (isEmpty(state.data)) return empty ?? <EmptyState text={emptyText} />;
  return <>{children(state.data)}</>;
}
