import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../adapters/db/connect';
import { migrateToLatest } from '../adapters/db/migrations';
import { AppError } from '../domain/errors';
import { ImportProblem } from '../domain/content/frontMatter';
import { dependencyFault } from '../adapters/faults';
import * as zhCN from '../../src/i18n/zh-CN';

/** Errors a command reports as one plain line: the reader did something we can explain. */
const EXPLAINED = [ConfigError, AppError, ImportProblem];

/** Runs a command-line tool with its arguments and sets the exit code; a stack is shown only for real bugs. */
export async function runCommand(main: (args: string[]) => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    const fault = dependencyFault(error);
    if (fault) console.error(`${zhCN.backup.faults[fault]}（${(error as Error).message}）`);
    else if (EXPLAINED.some((kind) => error instanceof kind)) console.error((error as Error).message);
    else throw error;
    process.exitCode = 1;
  }
}

/** Opens the configured database, migrated to the latest schema, for the duration of `use`. */
export async function withDatabase<T>(use: (database: DatabaseHandle, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    return await use(database, config);
  } finally {
    await database.close();
  }
}
