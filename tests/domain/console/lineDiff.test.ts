import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countChanges, foldUnchanged, toLines, type DiffLine } from '../../../src/domain/console/articles/lineDiff';

const line = fc.record({ kind: fc.constantFrom('same' as const, 'added' as const, 'removed' as const), text: fc.string({ maxLength: 3 }) });

describe('line diff rows', () => {
  it('splits runs into lines, without the empty line after a final break', () => {
    expect(toLines([{ value: 'a\nb\n' }, { value: 'c\n', added: true }, { value: 'd', removed: true }])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: 'b' },
      { kind: 'added', text: 'c' },
      { kind: 'removed', text: 'd' },
    ]);
  });

  it('folds unchanged lines far from any change and keeps everything else in order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.integer({ min: 0, max: 3 }), (lines: DiffLine[], context) => {
        const rows = foldUnchanged(lines, context);
        // Unfolding gives back the same number of lines, every change kept in place.
        const kept = rows.flatMap((row) => (row.kind === 'folded' ? Array<null>(row.lines).fill(null) : [row]));
        expect(kept).toHaveLength(lines.length);
        kept.forEach((row, i) => {
          if (row !== null) expect(row).toEqual(lines[i]);
          else expect(lines[i]!.kind).toBe('same');
        });
        // A folded line is more than `context` lines away from every change.
        kept.forEach((row, i) => {
          if (row !== null) return;
          for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j += 1)
            expect(lines[j]!.kind).toBe('same');
        });
        // No two folds touch.
        rows.forEach((row, i) => {
          if (row.kind === 'folded') expect(rows[i + 1]?.kind).not.toBe('folded');
        });
      }),
    );
  });

  it('counts added and removed lines', () => {
    expect(countChanges(toLines([{ value: 'a\nb\n', added: true }, { value: 'c\n', removed: true }, { value: 'd\n' }]))).toEqual({ added: 2, removed: 1 });
  });
});
