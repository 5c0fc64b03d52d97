import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleComments;

/** 共 N 条 · 上一页 · 第 x / y 页 · 下一页. */
export function ReviewPager({ total, current, size, onPage }: { total: number; current: number; size: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="review-pager" aria-label={text.page(current, pages)}>
      <span>{text.total(total)}</span>
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
