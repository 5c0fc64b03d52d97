import { runCommand, withDatabase } from './command';
import { recordCommand } from './commandAudit';
import { accountOptionsOf, createAccountServices } from '../accountServices';

const USAGE = `用法：npm run notify -- "消息内容"
  给每一位注册用户发送一条管理员通知（类型 4），点击后打开 ADMIN_URL 配置的地址。`;

async function run(args: string[]): Promise<number> {
  const message = args.join(' ').trim();
  if (message === '') {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (database, config) => {
    const { notifications } = createAccountServices(database.db, accountOptionsOf(config));
    const count = await notifications.adminNotice(message);
    console.log(`已向 ${count} 位用户发送通知，点击后打开：${config.adminUrl}`);
    await recordCommand(database, 'notices', `notify ${message.length > 40 ? `${message.slice(0, 40)}…` : message}`);
    return 0;
  });
}

await runCommand(run);
