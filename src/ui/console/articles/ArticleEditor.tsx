import { useSelector } from '../../hooks/useSelector';
import { ArchiveRestore, ArrowLeft } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ArticleDraft } from '../../../domain/console/articles/articleDraft';
import { ARTICLE_LIMITS, type ArticleOptions, type ConsoleArticle } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { ThemePicker, useReadingThemes } from '../../features/article/ThemePicker';
import { formatDateTime } from '../../features/content/format';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { useTheme } from '../../shell/useTheme';
import { CategoryField } from './CategoryField';
import { ConflictDialog } from './ConflictDialog';
import { CoverField } from './CoverField';
import { MarkdownField } from './MarkdownField';
import { PublishControls, type ArticleMeta } from './PublishControls';
import { SaveIndicator } from './SaveIndicator';
import { StatusBadge } from './StatusBadge';
import { TagsField } from './TagsField';
import { useArticleAction } from './useArticleAction';
import { useArticleDraft } from './useArticleDraft';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleArticles.editor;
/** Below this width the body is edited and previewed in turn rather than side by side. */
const SIDE_PREVIEW_QUERY = '(min-width: 1100px)';

interface ArticleEditorProps {
  /** The article as loaded, or null for 写文章. */
  article: ConsoleArticle | null;
  options: ArticleOptions;
  /** The first save created the article. */
  onCreated: (id: number) => void;
}

/** The editor of one article: its fields over the autosave machine, the save state, publishing. */
export function ArticleEditor({ article, options, onCreated }: ArticleEditorProps) {
  const actor = useArticleDraft(article, onCreated);
  const [meta, setMeta] = useState<ArticleMeta>(() =>
    article ? { status: article.status, publishAt: article.publishAt, views: article.views, likes: article.likes } : { status: 'draft', publishAt: null, views: 0, likes: 0 },
  );
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const id = useSelector(actor, (snapshot) => snapshot.context.id);
  const { theme } = useTheme();
  const { previewTheme, codeTheme } = useReadingThemes();
  const sidePreview = useMediaQuery(SIDE_PREVIEW_QUERY, true);
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const act = useArticleAction();
  const titleId = useId();
  const summaryId = useId();

  const edit = (change: Partial<ArticleDraft>) => actor.send({ type: 'draft.change', change });
  const blur = () => actor.send({ type: 'draft.blur' });
  const inBin = meta.status === 'trash';
  const restore = () => {
    if (id !== null)
      void act(async () => {
        const restored = await api.changeStatus(id, 'restore');
        setMeta({ status: restored.status, publishAt: restored.publishAt, views: restored.views, likes: restored.likes });
      }, zhCN.consoleArticles.done.restore);
  };

  return (
    <section className="console-page article-editor">
      <header className="article-editor__head">
        <Link className="article-editor__back" to="/admin/articles">
          <ArrowLeft aria-hidden="true" />
          {text.back}
        </Link>
        <h1 className="console-page__title">{id === null ? text.newTitle : text.editTitle}</h1>
        <StatusBadge status={meta.status} />
        {meta.status === 'scheduled' && meta.publishAt && <span className="article-editor__when">{text.scheduledFor(formatDateTime(meta.publishAt))}</span>}
        <SaveIndicator actor={actor} />
        {!inBin && <PublishControls actor={actor} meta={meta} onMeta={setMeta} />}
      </header>
      {inBin && (
        <div className="article-editor__bin" role="note">
          <span>{zhCN.consoleArticlesServer.inTrash}</span>
          <button type="button" className="button" onClick={restore}>
            <ArchiveRestore aria-hidden="true" />
            {zhCN.consoleArticles.actions.restore}
          </button>
        </div>
      )}
      <div className="article-editor__layout">
        <div className="article-editor__main">
          <label className="visually-hidden" htmlFor={titleId}>
            {text.title}
          </label>
          <input
            id={titleId}
            className="article-editor__title"
            value={draft.title}
            maxLength={ARTICLE_LIMITS.title}
            placeholder={text.titlePlaceholder}
            disabled={inBin}
            onChange={(event) => edit({ title: event.target.value })}
            onBlur={blur}
          />
          <MarkdownField
            value={draft.content}
            theme={theme}
            previewTheme={previewTheme}
            codeTheme={codeTheme}
            preview={sidePreview}
            readOnly={inBin}
            onChange={(content) => edit({ content })}
            onBlur={blur}
          />
          <ThemePicker />
        </div>
        <aside className="article-editor__side console-card">
          <CoverField cover={draft.cover} disabled={inBin} onChange={(cover) => edit({ cover })} />
          <CategoryField value={draft.category} categories={options.categories} disabled={inBin} onChange={(category) => edit({ category })} onBlur={blur} />
          <TagsField value={draft.tags} tags={options.tags} disabled={inBin} onChange={(tags) => edit({ tags })} />
          <div className="console-field">
            <label htmlFor={summaryId}>{text.summary}</label>
            <textarea
              id={summaryId}
              rows={4}
              value={draft.summary}
              maxLength={ARTICLE_LIMITS.summary}
              placeholder={text.summaryPlaceholder}
              disabled={inBin}
              onChange={(event) => edit({ summary: event.target.value })}
              onBlur={blur}
            />
          </div>
          <label className="article-editor__switch">
            <span>{text.pinned}</span>
            <Switch.Root className="console-switch" checked={draft.pinned} disabled={inBin} onCheckedChange={(pinned) => edit({ pinned })}>
              <Switch.Thumb className="console-switch__thumb" />
            </Switch.Root>
          </label>
          <label className="article-editor__switch">
            <span>{text.commentsClosed}</span>
            <Switch.Root
              className="console-switch"
              checked={draft.commentsClosed}
              disabled={inBin}
              onCheckedChange={(commentsClosed) => edit({ commentsClosed })}
            >
              <Switch.Thumb className="console-switch__thumb" />
            </Switch.Root>
          </label>
          {id !== null && <p className="article-editor__stats">{text.stats(meta.views, meta.likes)}</p>}
        </aside>
      </div>
      <ConflictDialog actor={actor} />
    </section>
  );
}
