import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import {
  IMPORT_LIMITS,
  uploadPercent,
  zipChoiceProblem,
  type ImportReport,
} from '../../../../src/domain/console/transfer/transfer';
import { zipImportMachine, type ZipImportReport } from '../../../../src/domain/console/transfer/zipImport.machine';
import { startOfDay, articlesInUse } from '../../../../src/domain/console/overview/overview';
import {
  IMPORT_MAX_FILES,
  IMPORT_MAX_UNZIPPED_BYTES,
  IMPORT_MAX_ZIP_BYTES,
} from '../../../../src/protocol/console/transfer';

const REPORT: ImportReport = {
  layout: 'hexo',
  folders: ['blog/source/_posts'],
  created: 1,
  updated: 0,
  failed: 0,
  files: [{ file: 'blog/source/_posts/a.md', status: 'created', articleId: 7, title: '甲', error: '', warnings: [] }],
  unknownShortcodes: [],
  summary: '导入完成：新增 1 篇，更新 0 篇，失败 0 篇',
  dryRun: false,
};
const DRY: ImportReport = { ...REPORT, files: [{ ...REPORT.files[0]!, articleId: null }], dryRun: true };

/** The machine with an upload the test drives by hand: `uploads` holds each started upload's way back. */
function start() {
  const uploads: { name: string; dryRun: boolean; report: (event: ZipImportReport) => void }[] = [];
  const actor = createActor(
    zipImportMachine.provide({
      actors: {
        importZip: fromCallback<EventObject, { name: string; dryRun: boolean }>(({ sendBack, input }) => {
          uploads.push({ name: input.name, dryRun: input.dryRun, report: sendBack });
        }),
      },
    }),
  ).start();
  return { actor, uploads, state: () => actor.getSnapshot() };
}

describe('zipImportMachine', () => {
  it('uploads a chosen zip for a dry run, shows its report, imports it on 确认导入, then shows the report; 再导入一个 goes back', () => {
    const { actor, uploads, state } = start();
    expect(state().hasTag('ready')).toBe(true);
    actor.send({ type: 'zip.choose', name: '博客.zip', size: 2000 });
    expect(state().value).toBe('importing');
    expect(state().hasTag('busy')).toBe(true);
    expect(state().context).toMatchObject({ fileName: '博客.zip', sent: 0, total: 2000 });
    expect(uploads.map((u) => [u.name, u.dryRun])).toEqual([['博客.zip', true]]);
    uploads[0]!.report({ type: 'upload.progress', sent: 500, total: 2000 });
    expect(uploadPercent(state().context.sent, state().context.total)).toBe(25);
    uploads[0]!.report({ type: 'import.done', report: DRY });
    // Nothing more is sent until the blogger goes ahead; a file chosen now starts over.
    expect(state().value).toBe('reviewing');
    expect(state().context.report).toEqual(DRY);
    expect(uploads).toHaveLength(1);
    actor.send({ type: 'import.confirm' });
    expect(state().value).toBe('confirmed');
    expect(state().hasTag('busy')).toBe(true);
    expect(uploads.map((u) => [u.name, u.dryRun])).toEqual([['博客.zip', true], ['博客.zip', false]]);
    uploads[1]!.report({ type: 'import.done', report: REPORT });
    expect(state().value).toBe('done');
    expect(state().context.report).toEqual(REPORT);
    actor.send({ type: 'import.reset' });
    expect(state().value).toBe('idle');
    expect(state().context.report).toBeNull();
  });

  it('sends nothing for a file not named .zip or over the limit, and says which', () => {
    const { actor, uploads, state } = start();
    actor.send({ type: 'zip.choose', name: 'posts.tar.gz', size: 10 });
    expect(state().value).toBe('failed');
    expect(state().hasTag('error')).toBe(true);
    expect(state().context.error).toEqual({ reason: 'notZip' });
    actor.send({ type: 'zip.choose', name: 'big.zip', size: IMPORT_LIMITS.zipBytes + 1 });
    expect(state().context.error).toEqual({ reason: 'tooLarge' });
    expect(uploads).toEqual([]);
    // A good file after a refusal goes up at once.
    actor.send({ type: 'zip.choose', name: 'ok.ZIP', size: IMPORT_LIMITS.zipBytes });
    expect(state().value).toBe('importing');
    expect(state().context.error).toBeNull();
  });

  it("shows the server's refusal, and a later zip starts over", () => {
    const { actor, uploads, state } = start();
    actor.send({ type: 'zip.choose', name: 'a.zip', size: 1 });
    uploads[0]!.report({ type: 'import.failed', message: '压缩包已损坏或不完整，无法解压' });
    expect(state().value).toBe('failed');
    expect(state().context.error).toEqual({ reason: 'refused', message: '压缩包已损坏或不完整，无法解压' });
    actor.send({ type: 'zip.choose', name: 'b.zip', size: 1 });
    expect(state().value).toBe('importing');
    expect(uploads.map((u) => u.name)).toEqual(['a.zip', 'b.zip']);
  });

  it('cancels after the dry run without importing', () => {
    const { actor, uploads, state } = start();
    actor.send({ type: 'zip.choose', name: 'a.zip', size: 1 });
    uploads[0]!.report({ type: 'import.done', report: DRY });
    actor.send({ type: 'import.reset' });
    expect(state().value).toBe('idle');
    expect(uploads).toHaveLength(1);
  });

  it('ignores a second zip while one is on its way: one import at a time', () => {
    const { actor, uploads, state } = start();
    actor.send({ type: 'zip.choose', name: 'a.zip', size: 1 });
    actor.send({ type: 'zip.choose', name: 'b.zip', size: 1 });
    expect(uploads).toHaveLength(1);
    expect(state().context.fileName).toBe('a.zip');
  });
});

describe('the import rules the page applies before sending', () => {
  it('states the limits the server enforces', () => {
    expect(IMPORT_LIMITS).toEqual({
      zipBytes: IMPORT_MAX_ZIP_BYTES,
      unzippedBytes: IMPORT_MAX_UNZIPPED_BYTES,
      files: IMPORT_MAX_FILES,
    });
  });

  it('sends a .zip, a WordPress .xml, a Typecho .dat or a comment export (.json, .jsonl, .xml), up to the limit and nothing else', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('.zip', '.ZIP', '.Zip', '.zip.txt', '.rar', '', '.json', '.JSONL', '.xml', '.XML', '.xml.bak', '.dat', '.DAT', '.dat.gz'),
        fc.nat({ max: 2 * IMPORT_LIMITS.zipBytes }),
        (stem, ext, size) => {
          const problem = zipChoiceProblem(`${stem}${ext}`, size);
          if (!/\.(zip|json|jsonl|xml|dat)$/i.test(`${stem}${ext}`)) expect(problem).toBe('notZip');
          else expect(problem).toBe(size > IMPORT_LIMITS.zipBytes ? 'tooLarge' : undefined);
        },
      ),
    );
  });

  it('shows upload progress as 0–100, rising with the bytes sent', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (a, b, total) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const lowPercent = uploadPercent(low, total);
        expect(lowPercent).toBeGreaterThanOrEqual(0);
        expect(uploadPercent(high, total)).toBeLessThanOrEqual(100);
        expect(uploadPercent(high, total)).toBeGreaterThanOrEqual(lowPercent);
      }),
    );
    expect(uploadPercent(5, 0)).toBe(0);
    expect(uploadPercent(10, 10)).toBe(100);
  });
});

describe('the overview', () => {
  it("counts the articles outside the 回收站, and finds the day's local midnight", () => {
    expect(articlesInUse({ published: 3, draft: 2, scheduled: 1, hidden: 4, trash: 9 })).toBe(10);
    fc.assert(
      fc.property(fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }), (now) => {
        const start = startOfDay(now);
        expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getMilliseconds()]).toEqual([
          0, 0, 0, 0,
        ]);
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(start.toDateString()).toBe(now.toDateString());
      }),
    );
  });
});
