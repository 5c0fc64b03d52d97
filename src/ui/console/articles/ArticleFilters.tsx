import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { ARTICLE_LIMITS, type ArticleListQuery, type ArticleOptions } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleArticles;
/** Quiet time after the last keystroke in the search box before the list follows it. */
const SEARCH_DEBOUNCE_MS = 300;

interface ArticleFiltersProps {
  query: ArticleListQuery;
  options: ArticleOptions | undefined;
  onChange: (change: Partial<Pick<ArticleListQuery, 'keyword' | 'categoryId' | 'tagId'>>) => void;
}

/** Title search (as you type), and the category and tag filters. */
export function ArticleFilters({ query, options, onChange }: ArticleFiltersProps) {
  const [keyword, setKeyword] = useState(query.keyword);
  const follow = useEffectEvent((value: string) => {
    if (value !== query.keyword) onChange({ keyword: value });
  });
  useEffect(() => {
    const timer = setTimeout(() => follow(keyword.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  const id = (value: string) => (value === '' ? null : Number(value));
  return (
    <div className="article-filters">
      <label className="article-filters__search">
        <Search aria-hidden="true" />
        <input
          type="search"
          value={keyword}
          maxLength={ARTICLE_LIMITS.keyword}
          placeholder={text.search}
          aria-label={text.search}
          onChange={(event) => setKeyword(event.target.value)}
        />
      </label>
      <select
        aria-label={text.categoryFilter}
        value={query.categoryId ?? ''}
        onChange={(event) => onChange({ categoryId: id(event.target.value) })}
      >
        <option value="">{text.allCategories}</option>
        {options?.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      <select aria-label={text.tagFilter} value={query.tagId ?? ''} onChange={(event) => onChange({ tagId: id(event.target.value) })}>
        <option value="">{text.allTags}</option>
        {options?.tags.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
    </div>
  );
}
