import type { ArticleStatus } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';

/** 草稿 / 已发布 / 定时发布 / 已隐藏 / 回收站, coloured by status. */
export function StatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <span className="article-status" data-status={status}>
      {zhCN.consoleArticles.tabs[status]}
    </span>
  );
}
