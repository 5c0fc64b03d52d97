import { runCommand, withDatabase } from './command';
import { recordCommand } from './commandAudit';
import { accountOptionsOf, createAccountServices } from '../accountServices';

const USAGE = `用法：
  npm run user -- create <用户名> <昵称>           创建普通用户并打印随机初始密码
  npm run user -- reset-password <用户名>          重置密码（打印新密码，并让该用户的所有登录失效）
  npm run user -- set-role <用户名> <角色>         设置角色（1 为管理员，2 为普通用户）
  npm run user -- reset-two-step <用户名>          关闭该用户的两步验证（丢失身份验证器和恢复码时使用）`;

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const valid =
    (command === 'create' && (rest.length === 1 || rest.length === 2)) ||
    (command === 'reset-password' && rest.length === 1) ||
    (command === 'reset-two-step' && rest.length === 1) ||
    (command === 'set-role' && rest.length === 2);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (database, config) => {
    const { accounts } = createAccountServices(database.db, accountOptionsOf(config));
    const [username = '', second = ''] = rest;
    switch (command) {
      case 'create': {
        const { user, password } = await accounts.createUser(username, second || username);
        console.log(`已创建用户 ${user.username}（id ${user.id}），初始密码：${password}`);
        break;
      }
      case 'reset-password': {
        const password = await accounts.resetPassword(username);
        console.log(`已重置 ${username} 的密码，新密码：${password}`);
        break;
      }
      case 'reset-two-step': {
        await accounts.resetTwoStep(username);
        console.log(`已关闭 ${username} 的两步验证，下次登录只需密码（如站点要求，登录后需重新设置）`);
        break;
      }
      case 'set-role': {
        await accounts.setRole(username, Number(second));
        console.log(`已将 ${username} 的角色设为 ${second}`);
        break;
      }
    }
    await recordCommand(database, 'users', ['user', ...args].join(' '));
    return 0;
  });
}

await runCommand(run);
