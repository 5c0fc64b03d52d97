import { openSiteStores } from '../adapters/storage/siteStores';
import path from 'node:path';
import { runCommand, withDatabase } from './command';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
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
  return withDatabase(async (database, config) => {
    const folder = path.resolve(target);
    const stores = await openSiteStores(config.dataDir, config.storage);
    const report = await exportArticles(
      { articles: new KyselyArticleRepository(database.db, database.dialect), media: stores.media },
      folder,
    ).finally(() => stores.close());
    for (const missing of report.missingMedia) console.error(text.missingMedia(missing));
    console.log(text.exported(report.files.length, folder));
    return 0;
  });
}

await runCommand(main);
