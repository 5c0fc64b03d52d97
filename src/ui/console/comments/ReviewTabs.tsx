import { COMMENT_STATUSES, type CommentStatus } from '../../../domain/comments/comments';
import type { ReviewCounts } from '../../../domain/console/comments/reviewQueue';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleComments;

/** 待审核 / 已通过 / 垃圾, each with how many comments it holds. */
export function ReviewTabs({ status, counts, onChange }: { status: CommentStatus; counts: ReviewCounts | undefined; onChange(status: CommentStatus): void }) {
  return (
    <div className="review-tabs" role="tablist" aria-label={text.tabsLabel}>
      {COMMENT_STATUSES.map((each) => (
        <button key={each} type="button" role="tab" aria-selected={each === status} className="review-tabs__tab" onClick={() => onChange(each)}>
          {text.tabs[each]}
          {counts && (
            <span className="review-tabs__count" data-attention={each === 'pending' && counts.pending > 0}>
              {counts[each]}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
