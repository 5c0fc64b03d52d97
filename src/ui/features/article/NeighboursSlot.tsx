import { lazy, memo, Suspense } from 'react';
import type { Recommendation } from '../../../domain/content/content';

// The previous/next and related articles sit below the article: their code is not in the page's first load.
// A server-rendered list stays as the server sent it until the chunk arrives and hydrates it in place.
const ArticleNeighbours = lazy(() => import('./ArticleNeighbours'));

/**
 * Memoised on its one prop (the loaded recommendation, the same object across renders): while the server's
 * markup waits for its code, a render of the article around it must not reach the boundary (React would drop
 * the markup and show the empty fallback).
 */
export const NeighboursSlot = memo(function NeighboursSlot({ recommendation }: { recommendation: Recommendation }) {
  return (
    <Suspense fallback={null}>
      <ArticleNeighbours recommendation={recommendation} />
    </Suspense>
  );
});
