import { ARTICLE_TABS, type ArticleCounts, type ArticleTab } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleArticles;

/** 全部 / 草稿 / 已发布 / 定时发布 / 已隐藏 / 回收站, each with how many articles it holds. */
export function ArticleStatusTabs({ tab, counts, onChange }: { tab: ArticleTab; counts: ArticleCounts | undefined; onChange: (tab: ArticleTab) => void }) {
  return (
    <div className="console-tabs" role="tablist" aria-label={text.tabsLabel}>
      {ARTICLE_TABS.map((each) => (
        <button
          key={each}
          type="button"
          role="tab"
          aria-selected={each === tab}
          className="console-tabs__tab"
          onClick={() => onChange(each)}
        >
          {text.tabs[each]}
          {counts && <span className="console-tabs__count">{counts[each]}</span>}
        </button>
      ))}
    </div>
  );
}
