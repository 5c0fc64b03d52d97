import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, backends, type TestDatabase } from '../support/databases';

const postgres = (await backends()).find((backend) => backend.name === 'PostgreSQL')!;
const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const database of opened) await database.dispose();
});

describe.skipIf(postgres.skipReason)('PostgreSQL introspection (what the migrator asks before it migrates)', () => {
  it('sees its own schema only, and is not failed by another site dropping its schema meanwhile', async () => {
    const database = await postgres.open();
    opened.push(database);
    const other = `t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create schema ${other}; create table ${other}.elsewhere (id serial primary key)`);

    // A repeatable-read snapshot taken before the drop still lists the other schema's rows in the
    // catalogue, while any look-up by name sees it gone: the moment a concurrent drop used to fail us.
    const tables = await database.handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await adminQuery(`drop schema ${other} cascade`);
        return trx.introspection.getTables({ withInternalKyselyTables: true });
      });

    const names = tables.map((table) => table.name);
    expect(names).toContain('kysely_migration');
    expect(names).toContain('article');
    expect(names).not.toContain('elsewhere');
    const article = tables.find((table) => table.name === 'article')!;
    expect(article.columns.find((column) => column.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
  });
});
