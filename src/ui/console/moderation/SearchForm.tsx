import { Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

/** A list's search: its fields, then 搜索 (which also runs on Enter in a field). */
export function SearchForm({ className = '', onSearch, children }: { className?: string; onSearch: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className={`mod-search ${className}`.trim()} role="search" onSubmit={submit}>
      {children}
      <button type="submit" className="button button--primary mod-search__submit">
        <Search aria-hidden="true" />
        {zhCN.consoleModeration.search}
      </button>
    </form>
  );
}
