import * as zhCN from '../../../i18n/zh-CN';
import { CommentSettingsPanel } from './CommentSettingsPanel';
import { ReviewQueue } from './ReviewQueue';
import './comments.css';

/** 评论管理: the review queue, and the settings beside it (issue 22). */
export default function CommentsPage() {
  return (
    <div className="console-page review-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{zhCN.consoleComments.title}</h1>
      </header>
      <div className="review-page__layout">
        <ReviewQueue />
        <CommentSettingsPanel />
      </div>
    </div>
  );
}
