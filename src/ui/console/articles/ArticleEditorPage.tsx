import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ArticleOptions, ConsoleArticle } from '../../../domain/console/articles/articles';
import { parseId } from '../../../domain/content/paging';
import * as zhCN from '../../../i18n/zh-CN';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { LoadFailed } from '../../features/content/LoadFailed';
import { useLoad } from '../../features/content/useLoad';
import { ArticleEditor } from './ArticleEditor';
import './articles.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const NO_OPTIONS: ArticleOptions = { categories: [], tags: [] };

/** Loads the article of /admin/articles/:id (none for /new) and the pickers' options, then edits it. */
function EditorLoader({ id, onCreated }: { id: number | null; onCreated: (id: number) => void }) {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const article = useLoad<ConsoleArticle | null>(`console-article:${id}`, () => (id === null ? Promise.resolve(null) : api.read(id)));
  const options = useLoad('console-article-options', () => api.options());
  if (article.loading && !article.error) return <Loading />;
  if (article.error || article.data === undefined) {
    return <LoadFailed error={article.error || zhCN.consoleArticles.editor.loadFailed} onRetry={article.reload} />;
  }
  return <ArticleEditor article={article.data} options={options.data ?? NO_OPTIONS} onCreated={onCreated} />;
}

interface Opened {
  param: string;
  /** Names one editor: a new key opens the article afresh. */
  key: number;
  /** The article that editor loaded (null: a new one). */
  requested: number | null;
  /** The id the open editor's first save created: the address follows it without reopening. */
  created: number | null;
}

const requestedBy = (param: string) => (param === 'new' ? null : parseId(param));

/** 写文章 (/admin/articles/new) and 编辑文章 (/admin/articles/:id). */
export default function ArticleEditorPage() {
  const param = useParams().id ?? 'new';
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened>({ param, key: 0, requested: requestedBy(param), created: null });
  if (opened.param !== param) {
    const follows = opened.created !== null && param === String(opened.created);
    setOpened(follows ? { ...opened, param } : { param, key: opened.key + 1, requested: requestedBy(param), created: null });
  }
  if (param !== 'new' && requestedBy(param) === null) {
    return <LoadFailed error={zhCN.consoleArticles.editor.loadFailed} onRetry={() => navigate('/admin/articles')} />;
  }

  const created = (id: number) => {
    setOpened((current) => ({ ...current, created: id }));
    navigate(`/admin/articles/${id}`, { replace: true });
  };
  return <EditorLoader key={opened.key} id={opened.requested} onCreated={created} />;
}
