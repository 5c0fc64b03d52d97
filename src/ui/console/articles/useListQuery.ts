import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ARTICLE_TABS, type ArticleListQuery, type ArticleTab } from '../../../domain/console/articles/articles';
import { parseId } from '../../../domain/content/paging';

/** Rows a page of the list shows. */
export const ARTICLE_PAGE_SIZE = 10;

type QueryChange = Partial<Omit<ArticleListQuery, 'size'>>;

/**
 * The list's tab, search, filters and page live in the address (?tab=&q=&category=&tag=&page=), so the
 * editor's 文章列表 link and the browser's back button return to the same rows.
 */
export function useListQuery(): [ArticleListQuery, (change: QueryChange) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo<ArticleListQuery>(() => {
    const tab = params.get('tab');
    return {
      tab: ARTICLE_TABS.includes(tab as ArticleTab) ? (tab as ArticleTab) : 'all',
      keyword: params.get('q') ?? '',
      categoryId: parseId(params.get('category')),
      tagId: parseId(params.get('tag')),
      current: parseId(params.get('page')) ?? 1,
      size: ARTICLE_PAGE_SIZE,
    };
  }, [params]);

  const change = useCallback(
    (next: QueryChange) => {
      const merged = { ...query, current: 1, ...next };
      const entries: [string, string][] = [];
      if (merged.tab !== 'all') entries.push(['tab', merged.tab]);
      if (merged.keyword !== '') entries.push(['q', merged.keyword]);
      if (merged.categoryId !== null) entries.push(['category', String(merged.categoryId)]);
      if (merged.tagId !== null) entries.push(['tag', String(merged.tagId)]);
      if (merged.current > 1) entries.push(['page', String(merged.current)]);
      setParams(entries, { replace: true });
    },
    [query, setParams],
  );
  return [query, change];
}
