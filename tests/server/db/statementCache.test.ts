import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../server/adapters/db/connect';
import { temporaryFolder } from '../support/siteServer';

interface Tables {
  note: { id: number; text: string };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A real SQLite file whose `prepare` calls are counted by SQL text. */
function countedFile() {
  const folder = temporaryFolder('blog-statements-');
  folders.push(folder);
  const file = new SQLite(path.join(folder, 'test.sqlite'));
  const prepared = new Map<string, number>();
  const prepare = file.prepare.bind(file);
  file.prepare = ((sql: string) => {
    prepared.set(sql, (prepared.get(sql) ?? 0) + 1);
    return prepare(sql);
  }) as typeof file.prepare;
  return { file, prepared };
}

describe('statements prepared once (SQLite)', () => {
  it('prepares each query text once however often Kysely runs it, with any parameters', async () => {
    const { file, prepared } = countedFile();
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(file, 16) }) });
    await db.schema
      .createTable('note')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('text', 'text')
      .execute();
    for (let id = 1; id <= 5; id++)
      await db
        .insertInto('note')
        .values({ id, text: `第${id}条` })
        .execute();
    for (let id = 1; id <= 5; id++) {
      const row = await db.selectFrom('note').select('text').where('id', '=', id).executeTakeFirst();
      expect(row?.text).toBe(`第${id}条`);
    }
    const select = [...prepared].filter(([sql]) => sql.startsWith('select'));
    const insert = [...prepared].filter(([sql]) => sql.startsWith('insert'));
    expect(select).toEqual([[expect.any(String), 1]]);
    expect(insert).toEqual([[expect.any(String), 1]]);
    await db.destroy();
  });

  it('keeps at most `limit` statements, dropping the least recently used', async () => {
    const { file, prepared } = countedFile();
    const cached = withStatementCache(file, 2);
    const a = 'select 1 as a';
    const b = 'select 2 as b';
    const c = 'select 3 as c';
    for (const sql of [a, b, a, c, a, b]) cached.prepare(sql);
    // a stays (used last before c came), b was the least recently used when c arrived and is prepared again.
    expect(Object.fromEntries(prepared)).toEqual({ [a]: 1, [b]: 2, [c]: 1 });
    cached.close();
  });

  it('still runs a kept statement after a migration changes the table under it', async () => {
    const { file } = countedFile();
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(file, 16) }) });
    await db.schema
      .createTable('note')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('text', 'text')
      .execute();
    await db.insertInto('note').values({ id: 1, text: '旧' }).execute();
    const read = () => db.selectFrom('note').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(await read()).toEqual({ id: 1, text: '旧' });
    await db.schema
      .alterTable('note')
      .addColumn('extra', 'text', (c) => c.defaultTo('新列'))
      .execute();
    expect(await read()).toEqual({ id: 1, text: '旧', extra: '新列' });
    await db.destroy();
  });
});
