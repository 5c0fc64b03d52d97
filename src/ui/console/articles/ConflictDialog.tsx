import { useSelector } from '../../hooks/useSelector';
import { Dialog } from 'radix-ui';
import { useMemo } from 'react';
import type { ArticleDraft } from '../../../domain/console/articles/articleDraft';
import type { DiffLine } from '../../../domain/console/articles/lineDiff';
import * as zhCN from '../../../i18n/zh-CN';
import { formatDateTime } from '../../features/content/format';
import { diffByLine, DiffText } from './DiffView';
import type { ArticleDraftActor } from './useArticleDraft';

const text = zhCN.consoleArticles.conflict;

/** One side of the conflict: its title and its whole body, the lines the other side lacks marked. */
function ConflictSide({ label, draft, lines, side }: { label: string; draft: ArticleDraft; lines: DiffLine[]; side: 'mine' | 'theirs' }) {
  return (
    <section className="conflict-side" data-side={side} aria-label={label}>
      <h3 className="conflict-side__label">{label}</h3>
      <p className="conflict-side__title">{draft.title || text.emptyTitle}</p>
      <ol className="diff-view__lines conflict-side__body">
        {lines.map((line, i) => (
          <li key={i} data-kind={line.kind}>
            <DiffText kind={line.kind}>{line.text || ' '}</DiffText>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The server holds a version this editor never saw: both texts side by side, and the writer's choice. The
 * dialog cannot be dismissed without choosing, so nothing is saved over either text by accident.
 */
export function ConflictDialog({ actor }: { actor: ArticleDraftActor }) {
  const conflict = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches('conflict') && snapshot.context.theirs ? { mine: snapshot.context.draft, theirs: snapshot.context.theirs } : null,
    (a, b) => a?.mine === b?.mine && a?.theirs === b?.theirs,
  );
  const lines = useMemo(() => (conflict ? diffByLine(conflict.theirs.draft.content, conflict.mine.content) : []), [conflict]);
  if (!conflict) return null;
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content
          className="console-dialog conflict-dialog"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="console-dialog__title">{text.title}</Dialog.Title>
          <Dialog.Description className="console-dialog__text">{text.description}</Dialog.Description>
          <div className="conflict-dialog__sides">
            <ConflictSide label={text.mine} draft={conflict.mine} lines={lines.filter((line) => line.kind !== 'removed')} side="mine" />
            <ConflictSide
              label={text.theirs(formatDateTime(conflict.theirs.updatedAt))}
              draft={conflict.theirs.draft}
              lines={lines.filter((line) => line.kind !== 'added')}
              side="theirs"
            />
          </div>
          <div className="console-dialog__actions">
            <button type="button" className="button" title={text.takeTheirsHint} onClick={() => actor.send({ type: 'conflict.takeTheirs' })}>
              {text.takeTheirs}
            </button>
            <button type="button" className="button button--primary" title={text.keepMineHint} onClick={() => actor.send({ type: 'conflict.keepMine' })}>
              {text.keepMine}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
