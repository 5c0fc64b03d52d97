import path from 'node:path';
import type { Kysely } from 'kysely';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../adapters/db/connect';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
import { migrateToLatest } from '../adapters/db/migrations';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../adapters/import/markdownImporter';
import { LocalMediaStore } from '../adapters/media/localMediaStore';
import { ImportProblem } from '../domain/content/frontMatter';
import { contentMessages } from '../domain/content/messages';
import { createAccountServices } from '../main';

const text = contentMessages.importer;

/** `npm run import -- <folder or files…>`: Markdown posts into the configured database and media folder. */
async function main(targets: string[]): Promise<number> {
  if (targets.length === 0) {
    console.error(text.usage);
    return 2;
  }
  const config = loadConfig();
  const files = await findMarkdownFiles(targets);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    const importer = new MarkdownImporter({
      articles: new KyselyArticleRepository(database.db, database.dialect),
      media: new LocalMediaStore(path.join(config.dataDir, 'media')),
      notifications: createAccountServices(database.db).notifications,
    });
    const line = (outcome: ImportOutcome) =>
      outcome.status === 'failed'
        ? `${text.failed(outcome.file.relative)}\n  ${outcome.error}`
        : `${outcome.status === 'created' ? text.created(outcome.file.relative) : text.updated(outcome.file.relative)}${outcome.warning ? `\n  ${outcome.warning}` : ''}`;

    let outcomes: ImportOutcome[];
    if (process.stdout.isTTY) {
      const bars = new cliProgress.MultiBar(
        { format: `${text.progress} [{bar}] {value}/{total} {file}`, hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      );
      const bar = bars.create(files.length, 0, { file: '' });
      outcomes = await importer.importFiles(files, (outcome) => {
        if (outcome.status === 'failed' || outcome.warning) bars.log(`${line(outcome)}\n`);
        bar.increment({ file: outcome.file.relative });
      });
      bars.stop();
    } else {
      outcomes = await importer.importFiles(files, (outcome) => console.log(line(outcome)));
    }
    const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
    console.log(text.summary(count('created'), count('updated'), count('failed')));
    return count('failed') > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof ImportProblem) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
