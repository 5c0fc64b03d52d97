import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../../server/adapters/backup/backup';
import { verifyArchive } from '../../../server/adapters/backup/restore';
import { openDatabase } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { importReport, unknownShortcodes } from '../../../server/adapters/import/importReport';
import type { ImportOutcome } from '../../../server/adapters/import/markdownImporter';
import { temporaryFolder } from '../support/siteServer';

/*
 * What the console's transfer changed in code it shares with the command-line tools: the backup writes into
 * a stream as well as a file, and the importer's report totals the unconverted shortcodes in one place.
 */

const scratch = temporaryFolder('blog-transfer-shared-');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A migrated SQLite site of its own, with one category, in a fresh data folder. */
async function site() {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'site-'));
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  await handle.db.insertInto('category').values({ name: '随笔', created_at: '2026-01-01T00:00:00.000Z' }).execute();
  const backup = (file: string | PassThrough) =>
    createBackup({ database: handle, dataDir, musicDir: path.join(dataDir, 'music'), file, withMusicFiles: false });
  return { backup, close: () => handle.close() };
}

describe('the backup archive', () => {
  it('is the same whether written to a file (npm run backup) or into a stream (the download)', async () => {
    const source = await site();
    try {
      const file = path.join(scratch, 'site.backup');
      const toFile = await source.backup(file);
      expect(fs.existsSync(`${file}.partial`)).toBe(false);
      const stream = new PassThrough();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const toStream = await source.backup(stream);
      const streamed = path.join(scratch, 'streamed.backup');
      fs.writeFileSync(streamed, Buffer.concat(chunks));
      const [fromFile, fromStream] = await Promise.all([verifyArchive(file), verifyArchive(streamed)]);
      expect(fromFile.tables.category).toBe(1);
      expect(fromStream.tables).toEqual(fromFile.tables);
      expect(fromStream.entries.map((e) => e.name)).toEqual(toFile.entries.map((e) => e.name));
      expect(toStream.migration).toBe(toFile.migration);
    } finally {
      await source.close();
    }
  });

  it('stops when the stream closes early (a cancelled download), with an error, not a wait', async () => {
    const source = await site();
    try {
      const stream = new PassThrough();
      stream.once('data', () => stream.destroy());
      await expect(source.backup(stream)).rejects.toThrow();
    } finally {
      await source.close();
    }
  });
});

describe("the importer's report", () => {
  const imported = (relative: string, unknown: Record<string, number>, warnings: string[] = []): ImportOutcome => ({
    file: { path: `/x/${relative}`, relative, root: '/x' },
    status: 'created',
    id: 1,
    title: relative,
    warnings,
    unknownShortcodes: unknown,
  });
  const outcomes: ImportOutcome[] = [
    imported('a.md', { '{% youtube %}': 2, '{{< x >}}': 1 }, ['注意']),
    imported('b.md', { '{% youtube %}': 1 }),
    { file: { path: '/x/c.md', relative: 'c.md', root: '/x' }, status: 'failed', error: 'c.md：坏了' },
  ];

  it('totals the shortcodes kept as text, most frequent first, failed files left out', () => {
    expect(unknownShortcodes(outcomes)).toEqual([
      { name: '{% youtube %}', count: 3, posts: 2 },
      { name: '{{< x >}}', count: 1, posts: 1 },
    ]);
  });

  it('prints the warnings and the shortcodes as the command line always has', () => {
    expect(importReport(outcomes)).toEqual([
      '需要留意的文章：',
      '  a.md',
      '    注意',
      '未能转换的短代码和标签插件（已按原文显示在文章中）：',
      '  {% youtube %}：3 处，2 篇文章',
      '  {{< x >}}：1 处，1 篇文章',
    ]);
  });
});
