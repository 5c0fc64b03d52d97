import { Link } from 'react-router-dom';
import { rowActions, type ArticleRow, type StatusChange } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { ConfirmDialog } from '../ConfirmDialog';
import { useArticleAction } from './useArticleAction';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleArticles;

/** 编辑, 发布/撤回, 隐藏/取消隐藏, 删除; in the 回收站 恢复 and 彻底删除. `onChanged` reloads the list. */
export function ArticleRowActions({ row, onChanged }: { row: ArticleRow; onChanged: () => void }) {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const act = useArticleAction();
  const can = rowActions(row.status);
  const run = async (work: () => Promise<unknown>, done: string) => {
    if (await act(work, done)) onChanged();
  };
  const change = (kind: StatusChange) => run(() => api.changeStatus(row.id, kind), text.done[kind]);
  const button = (label: string, onClick: () => void) => (
    <button type="button" className="article-action" onClick={onClick}>
      {label}
    </button>
  );

  return (
    <div className="article-actions">
      {!can.restore && (
        <Link className="article-action" to={`/admin/articles/${row.id}`}>
          {text.actions.edit}
        </Link>
      )}
      {can.publish && button(text.actions.publish, () => void run(() => api.publish(row.id, null), text.done.publish))}
      {can.unpublish && button(text.actions.unpublish, () => void change('unpublish'))}
      {can.hide && button(text.actions.hide, () => void change('hide'))}
      {can.unhide && button(text.actions.unhide, () => void change('unhide'))}
      {can.trash && button(text.actions.trash, () => void change('trash'))}
      {can.restore && button(text.actions.restore, () => void change('restore'))}
      {can.remove && (
        <ConfirmDialog
          title={text.confirm.removeTitle}
          description={text.confirm.removeText(row.title || text.untitled)}
          action={text.confirm.removeAction}
          onConfirm={() => run(() => api.remove(row.id), text.done.remove)}
        >
          <button type="button" className="article-action article-action--danger">
            {text.actions.remove}
          </button>
        </ConfirmDialog>
      )}
    </div>
  );
}
