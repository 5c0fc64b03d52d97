import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../adapters/db/connect';
import { migrateToLatest } from '../adapters/db/migrations';
import { createAccountServices } from '../main';
import { AppError } from '../domain/errors';

const USAGE = `用法：npm run notify -- "消息内容"
  给每一位注册用户发送一条管理员通知（类型 4），点击后打开 ADMIN_URL 配置的地址。`;

async function run(args: string[]): Promise<number> {
  const message = args.join(' ').trim();
  if (message === '') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    const { notifications } = createAccountServices(database.db);
    const count = await notifications.adminNotice(message);
    console.log(`已向 ${count} 位用户发送通知，点击后打开：${config.adminUrl}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
