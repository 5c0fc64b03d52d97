import type { ArticleStatus } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';

const TONE: Record<ArticleStatus, string | undefined> = {
  draft: undefined,
  published: 'success',
  scheduled: 'primary',
  hidden: 'warning',
  trash: 'error',
};

/** 草稿 / 已发布 / 定时发布 / 已隐藏 / 回收站, coloured by status (`article-status` finds it, unstyled). */
export function StatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <span className="console-badge article-status" data-tone={TONE[status]}>
      {zhCN.consoleArticles.tabs[status]}
    </span>
  );
}
