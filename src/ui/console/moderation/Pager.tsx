import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '../../../domain/console/moderation/pagedList.machine';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleModeration;

/** 共 N 条 · 上一页 · 第 x / y 页 · 下一页. */
export function Pager({ total, current, size, onPage }: { total: number; current: number; size: number; onPage: (page: number) => void }) {
  const pages = pageCount(total, size);
  return (
    <nav className="mod-pager" aria-label={text.page(current, pages)}>
      <span className="mod-pager__total">{text.total(total)}</span>
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
