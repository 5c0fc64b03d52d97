import { useSelector } from '../../hooks/useSelector';
import { History, RotateCcw, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { Revision } from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { formatDateTime } from '../../features/content/format';
import { useLoad } from '../../features/content/useLoad';
import { DiffView } from './DiffView';
import type { ArticleDraftActor } from './useArticleDraft';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleArticles.revisions;

/** The chosen revision against the text on screen, and the button that brings it back. */
function RevisionDetail({ id, version, actor, onRestored }: { id: number; version: number; actor: ArticleDraftActor; onRestored: () => void }) {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const revision = useLoad(`console-revision:${id}:${version}`, () => api.revision(id, version));
  const current = useSelector(actor, (snapshot) => snapshot.context.draft.content);
  if (!revision.data || revision.data.version !== version) return revision.error ? <p className="revisions__error">{revision.error}</p> : <Loading />;
  const shown: Revision = revision.data;
  // A restore is an edit like any other: it goes through the autosave, its versions and its conflicts.
  const restore = () => {
    actor.send({ type: 'draft.change', change: { title: shown.title, content: shown.content, summary: shown.summary } });
    actor.send({ type: 'draft.save' });
    onRestored();
  };
  return (
    <div className="revisions__detail">
      <div className="revisions__detail-head">
        <h3>{text.diffTitle}</h3>
        <button type="button" className="button button--primary" onClick={restore}>
          <RotateCcw aria-hidden="true" />
          {text.restore}
        </button>
      </div>
      <DiffView before={shown.content} after={current} beforeLabel={text.version(shown.version)} afterLabel={text.current} />
    </div>
  );
}

/** 修订历史: every kept save with its time and size; one chosen shows its difference to the current text. */
export function RevisionsDrawer({ id, actor }: { id: number; actor: ArticleDraftActor }) {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  // Each opening lists the revisions anew: saves made since are in it.
  const [opened, setOpened] = useState(0);
  const revisions = useLoad(`console-revisions:${id}:${opened}`, () => (open ? api.revisions(id) : Promise.resolve([])));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpened((n) => n + 1);
        setChosen(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button">
          <History aria-hidden="true" />
          {zhCN.consoleArticles.editor.revisions}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="revisions-drawer">
          <div className="revisions-drawer__head">
            <Dialog.Title className="console-dialog__title">{text.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={text.close}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="console-dialog__text">{text.description}</Dialog.Description>
          {revisions.loading ? (
            <Loading />
          ) : revisions.error ? (
            <p className="revisions__error">{revisions.error || text.loadFailed}</p>
          ) : revisions.data?.length === 0 ? (
            <p className="revisions__empty">{text.empty}</p>
          ) : (
            <ol className="revisions__list">
              {revisions.data?.map((revision, i) => (
                <li key={revision.version}>
                  <button
                    type="button"
                    className="revisions__item"
                    aria-pressed={chosen === revision.version}
                    onClick={() => setChosen(revision.version)}
                  >
                    <span className="revisions__version">
                      {text.version(revision.version)}
                      {i === 0 && <span className="revisions__latest">{text.latest}</span>}
                    </span>
                    <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                    <span className="revisions__size">{text.size(revision.size)}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {chosen !== null && (
            <RevisionDetail
              id={id}
              version={chosen}
              actor={actor}
              onRestored={() => {
                notifier.notify({ level: 'success', message: text.restored(chosen) });
                setOpen(false);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
