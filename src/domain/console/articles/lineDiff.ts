/** A line-by-line difference as the revision drawer and the conflict dialog show it. */

export type DiffLineKind = 'same' | 'added' | 'removed';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

/** Unchanged lines kept around each change; longer unchanged runs fold into one "N lines unchanged" row. */
export const DIFF_CONTEXT_LINES = 2;

export type DiffRow = DiffLine | { kind: 'folded'; lines: number };

/** Splits change runs (text with line breaks, as a line diff gives them) into one entry per line. */
export function toLines(runs: readonly { value: string; added?: boolean; removed?: boolean }[]): DiffLine[] {
  return runs.flatMap((run) => {
    const kind: DiffLineKind = run.added ? 'added' : run.removed ? 'removed' : 'same';
    const lines = run.value.endsWith('\n') ? run.value.slice(0, -1).split('\n') : run.value.split('\n');
    return run.value === '' ? [] : lines.map((text) => ({ kind, text }));
  });
}

/** Keeps every change and `context` unchanged lines either side of it; folds the rest. */
export function foldUnchanged(lines: readonly DiffLine[], context = DIFF_CONTEXT_LINES): DiffRow[] {
  const near = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j += 1) near[j] = true;
  });
  const rows: DiffRow[] = [];
  let folded = 0;
  lines.forEach((line, i) => {
    if (line.kind !== 'same' || near[i]) {
      if (folded > 0) rows.push({ kind: 'folded', lines: folded });
      folded = 0;
      rows.push(line);
    } else folded += 1;
  });
  if (folded > 0) rows.push({ kind: 'folded', lines: folded });
  return rows;
}

export function countChanges(lines: readonly DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((line) => line.kind === 'added').length,
    removed: lines.filter((line) => line.kind === 'removed').length,
  };
}
