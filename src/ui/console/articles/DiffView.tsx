import { diffLines } from 'diff';
import { useMemo } from 'react';
import { countChanges, foldUnchanged, toLines, type DiffLine, type DiffLineKind } from '../../../domain/console/articles/lineDiff';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleArticles.revisions;

/** A final line without its line break is still the same line. */
const ended = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

export function diffByLine(before: string, after: string): DiffLine[] {
  return toLines(diffLines(ended(before), ended(after)));
}

/** An added line is an insertion, a removed one a deletion, for screen readers too. */
export function DiffText({ kind, children }: { kind: DiffLineKind; children: string }) {
  const Element = kind === 'added' ? 'ins' : kind === 'removed' ? 'del' : 'span';
  return <Element className="diff-view__text">{children}</Element>;
}

/** The lines `before` lacks (+) and the lines `after` lost (−), with unchanged stretches folded. */
export function DiffView({ before, after, beforeLabel, afterLabel }: { before: string; after: string; beforeLabel: string; afterLabel: string }) {
  const lines = useMemo(() => diffByLine(before, after), [before, after]);
  const { added, removed } = countChanges(lines);
  if (added === 0 && removed === 0) return <p className="diff-view__same">{text.same}</p>;
  return (
    <div className="diff-view">
      <p className="diff-view__legend">
        <span data-kind="removed">
          {text.removed(removed)} {beforeLabel}
        </span>
        <span data-kind="added">
          {text.added(added)} {afterLabel}
        </span>
      </p>
      <ol className="diff-view__lines">
        {foldUnchanged(lines).map((row, i) =>
          row.kind === 'folded' ? (
            <li key={i} className="diff-view__folded">
              {text.unchangedLines(row.lines)}
            </li>
          ) : (
            <li key={i} data-kind={row.kind}>
              <span className="diff-view__mark" aria-hidden="true">
                {row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ' '}
              </span>
              <DiffText kind={row.kind}>{row.text || ' '}</DiffText>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
