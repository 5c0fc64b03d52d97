import { useSelector } from '../../hooks/useSelector';
import { ExternalLink, Save, Send, Undo2 } from 'lucide-react';
import { waitFor } from 'xstate';
import { canCreate } from '../../../domain/console/articles/articleDraft';
import type { ArticleStatus, ConsoleArticle } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { formatDateTime } from '../../features/content/format';
import { RevisionsDrawer } from './RevisionsDrawer';
import { ScheduleDialog } from './ScheduleDialog';
import { useArticleAction } from './useArticleAction';
import type { ArticleDraftActor } from './useArticleDraft';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleArticles.editor;

/** Where the opened article stands: what the publishing buttons read and change. */
export type ArticleMeta = Pick<ConsoleArticle, 'status' | 'publishAt' | 'views' | 'likes'>;

interface PublishControlsProps {
  actor: ArticleDraftActor;
  meta: ArticleMeta;
  onMeta: (meta: ArticleMeta) => void;
}

/** 保存草稿, 修订历史, and by status 定时发布 / 发布 / 立即发布 / 取消定时 / 撤回为草稿. */
export function PublishControls({ actor, meta, onMeta }: PublishControlsProps) {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const act = useArticleAction();
  const id = useSelector(actor, (snapshot) => snapshot.context.id);
  const status: ArticleStatus = meta.status;

  /** Saves what is unsent and answers the article's id once the server has the text on screen. */
  const saved = async (): Promise<number | null> => {
    const { context } = actor.getSnapshot();
    if (context.id === null && !canCreate(context.draft)) {
      notifier.notify({ level: 'warning', message: text.needsTitle });
      return null;
    }
    actor.send({ type: 'draft.save' });
    const settled = await waitFor(actor, (snapshot) => snapshot.hasTag('ready') || snapshot.hasTag('error'));
    if (settled.hasTag('ready') && settled.context.id !== null) return settled.context.id;
    notifier.notify({ level: 'warning', message: text.notSaved });
    return null;
  };
  const apply = (article: ConsoleArticle) => onMeta({ status: article.status, publishAt: article.publishAt, views: article.views, likes: article.likes });

  const publish = async (publishAt: string | null) => {
    const articleId = await saved();
    if (articleId === null) return false;
    return act(
      async () => apply(await api.publish(articleId, publishAt)),
      publishAt === null ? text.published : text.scheduled(formatDateTime(publishAt)),
    );
  };
  const unpublish = () => {
    if (id !== null) void act(async () => apply(await api.changeStatus(id, 'unpublish')), text.unpublished);
  };

  return (
    <div className="publish-controls">
      {id !== null && <RevisionsDrawer id={id} actor={actor} />}
      {status === 'published' && id !== null && (
        <a className="button" href={`/article?id=${id}`} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" />
          {text.view}
        </a>
      )}
      {/* Never disabled while a save runs: leaving the body to click here is itself a save (on blur). */}
      <button type="button" className="button" onClick={() => void saved()}>
        <Save aria-hidden="true" />
        {text.saveDraft}
      </button>
      {status === 'draft' && <ScheduleDialog onSchedule={publish} />}
      {(status === 'published' || status === 'scheduled') && (
        <button type="button" className="button" onClick={unpublish}>
          <Undo2 aria-hidden="true" />
          {status === 'scheduled' ? text.cancelSchedule : text.unpublish}
        </button>
      )}
      {status !== 'published' && (
        <button type="button" className="button button--primary" onClick={() => void publish(null)}>
          <Send aria-hidden="true" />
          {status === 'scheduled' ? text.publishNow : text.publish}
        </button>
      )}
    </div>
  );
}
