import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '../../domain/content/paging';
import * as zhCN from '../../i18n/zh-CN';

const text = zhCN.console.pager;

interface ListPagerProps {
  total: number;
  current: number;
  size: number;
  onPage: (page: number) => void;
  /** How the total reads (共 N 条 unless told). */
  totalText?: (count: number) => string;
}

/** 共 N 条 · 上一页 · 第 x / y 页 · 下一页: the pager under every console list. */
export function ListPager({ total, current, size, onPage, totalText = text.total }: ListPagerProps) {
  const pages = pageCount(total, size);
  return (
    <nav className="console-pager" aria-label={text.page(current, pages)}>
      <span className="console-pager__total">{totalText(total)}</span>
      <button type="button" className="icon-button" aria-label={text.previousPage} disabled={current <= 1} onClick={() => onPage(current - 1)}>
        <ChevronLeft aria-hidden="true" />
      </button>
      <span>{text.page(current, pages)}</span>
      <button type="button" className="icon-button" aria-label={text.nextPage} disabled={current >= pages} onClick={() => onPage(current + 1)}>
        <ChevronRight aria-hidden="true" />
      </button>
    </nav>
  );
}
