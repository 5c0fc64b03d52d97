import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { seedDemoContent } from '../../../server/adapters/seed/demoSite';
import { DEMO_CONTENT_DIR } from '../../../server/main';
import { systemClock } from '../../../server/ports/clock';
import { backends, POSTGRES_URL, type TestDatabase } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { draft } from './drafts';

const demo = JSON.parse(fs.readFileSync(path.join(DEMO_CONTENT_DIR, 'site.json'), 'utf8')) as {
  albums: unknown[];
  talks: unknown[];
  messages: unknown[];
};
const demoPostCount = fs.readdirSync(path.join(DEMO_CONTENT_DIR, 'posts')).filter((f) => f.endsWith('.md')).length;

/** A second connection to the same database (same SQLite file, or same PostgreSQL schema). */
async function secondHandle(database: TestDatabase, dataDir: string): Promise<DatabaseHandle> {
  if (database.handle.dialect === 'sqlite') return openDatabase({ dataDir });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.handle.db);
  return openDatabase({ dataDir: '', databaseUrl: `${POSTGRES_URL}?options=-c%20search_path%3D${rows[0]!.schema}` });
}

async function counts(handle: DatabaseHandle) {
  const count = async (table: 'article' | 'album' | 'talk' | 'board_message' | 'page_header' | 'seed_marker') =>
    Number((await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    articles: await count('article'),
    albums: await count('album'),
    talks: await count('talk'),
    messages: await count('board_message'),
    markers: await count('seed_marker'),
  };
}

describe.each(await backends())('demo seeding on $name', (backend) => {
  let database: TestDatabase;
  let mediaDir: string;

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    mediaDir = temporaryFolder('blog-seed-media-');
  });
  afterEach(async () => {
    await database?.dispose();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const seed = (handle: DatabaseHandle, media = mediaDir) =>
    seedDemoContent({ db: handle.db, dialect: handle.dialect, contentDir: DEMO_CONTENT_DIR, media: new LocalMediaStore(media), clock: systemClock });

  it('seeds everything once; a second run changes nothing', async () => {
    expect(await seed(database.handle)).toBe(true);
    const first = await counts(database.handle);
    expect(first).toEqual({ articles: demoPostCount, albums: demo.albums.length, talks: demo.talks.length, messages: demo.messages.length, markers: 1 });
    expect(await seed(database.handle)).toBe(false);
    expect(await counts(database.handle)).toEqual(first);
  });

  it('seeds exactly once when two instances start together', async () => {
    const dataDir = database.handle.dialect === 'sqlite' ? await sqliteDataDir(database.handle) : '';
    const other = await secondHandle(database, dataDir);
    // Its own media folder: LocalMediaStore names temporary files by process id, and both "instances" share one.
    const otherMedia = temporaryFolder('blog-seed-media-');
    try {
      const results = await Promise.all([seed(database.handle), seed(other, otherMedia)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await counts(database.handle)).toMatchObject({ articles: demoPostCount, albums: demo.albums.length, markers: 1 });
    } finally {
      await other.close();
      fs.rmSync(otherMedia, { recursive: true, force: true });
    }
  });

  it('leaves the demo posts out of a database that already has the blogger’s own articles', async () => {
    await new KyselyArticleRepository(database.handle.db, database.handle.dialect).upsert(draft({ title: '我自己的文章' }));
    expect(await seed(database.handle)).toBe(true);
    expect(await counts(database.handle)).toMatchObject({ articles: 1, albums: 0 });
    const config = await database.handle.db.selectFrom('site_config').select('name').executeTakeFirst();
    expect(config?.name).toBeTruthy();
  });
});

async function sqliteDataDir(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(handle.db);
  return path.dirname(rows[0]!.file);
}
