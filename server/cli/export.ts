import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../adapters/db/connect';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
import { migrateToLatest } from '../adapters/db/migrations';
import { exportArticles } from '../adapters/import/markdownExporter';
import { contentMessages } from '../domain/content/messages';

const text = contentMessages.importer;

/** `npm run export -- <folder>`: every article as Markdown with front matter, and the images it uses. */
async function main(args: string[]): Promise<number> {
  const [target] = args;
  if (!target || args.length > 1) {
    console.error(text.exportUsage);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    const folder = path.resolve(target);
    const report = await exportArticles(
      { articles: new KyselyArticleRepository(database.db, database.dialect), mediaDir: path.join(config.dataDir, 'media') },
      folder,
    );
    for (const missing of report.missingMedia) console.error(text.missingMedia(missing));
    console.log(text.exported(report.files.length, folder));
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
