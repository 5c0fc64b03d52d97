import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../../../server/adapters/import/markdownImporter';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { backends, type Backend, type TestDatabase } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';

export const backendList = await backends();
export const sqliteBackend = backendList.find((b) => b.name === 'SQLite')!;

export interface Fixture {
  database: TestDatabase;
  articles: KyselyArticleRepository;
  mediaDir: string;
  importer: MarkdownImporter;
}

/** An importer writing to a fresh database and media folder. */
export async function fixture(backend: Backend = sqliteBackend): Promise<Fixture> {
  const database = await backend.open();
  const articles = new KyselyArticleRepository(database.handle.db, database.handle.dialect);
  const mediaDir = temporaryFolder('blog-media-');
  const importer = new MarkdownImporter({ articles, media: new LocalMediaStore(mediaDir) });
  return { database, articles, mediaDir, importer };
}

export async function dispose(f: Fixture | undefined) {
  if (!f) return;
  await f.database.dispose();
  fs.rmSync(f.mediaDir, { recursive: true, force: true });
}

/** Writes files (relative path → text) into a fresh folder and returns it. */
export function folderWith(files: Record<string, string | Buffer>): string {
  const dir = temporaryFolder('blog-posts-');
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

export async function importFolder(f: Fixture, dir: string, root?: string): Promise<ImportOutcome[]> {
  return f.importer.importFiles(await findMarkdownFiles([dir], root === undefined ? {} : { root }));
}

export const tinyPng = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();

