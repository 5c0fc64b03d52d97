import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { signedIn } from './support';
import { openDatabase } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { KyselyNotificationRepository } from '../../../server/adapters/db/notificationRepository';
import { KyselyAuditLogRepository } from '../../../server/adapters/db/auditLogRepository';
import * as zhCN from '../../../src/i18n/zh-CN';
import { createAccountServices } from '../../../server/accountServices';
import { PROJECT_ROOT } from '../../../server/main';
import { temporaryFolder } from '../support/siteServer';

const run = promisify(execFile);
const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');

let dataDir: string;
const cli = (script: string, args: string[]) =>
  run(TSX, [path.join(PROJECT_ROOT, 'server', 'cli', script), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_URL: 'https://admin.example.com/panel' },
  });

async function withServices<T>(body: (services: ReturnType<typeof createAccountServices>, db: ReturnType<typeof openDatabase>) => Promise<T>) {
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    return await body(createAccountServices(database.db, { secret: () => 'test-secret' }), database);
  } finally {
    await database.close();
  }
}

beforeAll(() => {
  dataDir = temporaryFolder('blog-cli-');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run user', { timeout: 60_000 }, () => {
  it('creates a user and prints a generated password that logs in', async () => {
    const { stdout } = await cli('user.ts', ['create', 'cli_reader', '命令行读者']);
    const password = /初始密码：(\S+)/.exec(stdout)?.[1];
    expect(password).toBeDefined();
    await withServices(async ({ accounts }) => {
      const session = signedIn(await accounts.login({ username: 'cli_reader', password: password!, remember: false, address: 'cli' }));
      expect(session.user).toMatchObject({ nickName: '命令行读者', role: 2 });
    });
  });

  it('sets a role and resets a password', async () => {
    await cli('user.ts', ['set-role', 'cli_reader', '1']);
    const { stdout } = await cli('user.ts', ['reset-password', 'cli_reader']);
    const password = /新密码：(\S+)/.exec(stdout)?.[1];
    await withServices(async ({ accounts }, database) => {
      const session = signedIn(await accounts.login({ username: 'cli_reader', password: password!, remember: false, address: 'cli' }));
      expect(session.user.role).toBe(1);
      // The administrator's log has each command, as the command line, and no password.
      const log = await new KyselyAuditLogRepository(database.db).list({ area: 'users' }, 10, 0);
      expect(log.rows.map((row) => [row.actorName, row.summary])).toEqual([
        ['', zhCN.consoleAudit.command('user reset-password cli_reader')],
        ['', zhCN.consoleAudit.command('user set-role cli_reader 1')],
        ['', zhCN.consoleAudit.command('user create cli_reader 命令行读者')],
      ]);
      expect(JSON.stringify(log.rows)).not.toContain(password);
    });
  });

  it('resets two-step sign-in for someone who lost the app and the recovery codes', async () => {
    const readerOf = async (services: ReturnType<typeof createAccountServices>, database: ReturnType<typeof openDatabase>) => {
      const row = await database.db.selectFrom('user_account').select('id').where('username', '=', 'cli_reader').executeTakeFirstOrThrow();
      return services.accounts.userInfo(Number(row.id));
    };
    await withServices(async (services, database) => {
      const user = await readerOf(services, database);
      const { secret } = await services.accounts.startTwoStep(user);
      const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
      await services.accounts.enableTwoStep(user, code, { address: 'cli', token: '', endOthers: false });
      expect((await services.accounts.twoStepStatus(user)).enabled).toBe(true);
    });
    const { stdout } = await cli('user.ts', ['reset-two-step', 'cli_reader']);
    expect(stdout).toContain('已关闭 cli_reader 的两步验证');
    await withServices(async (services, database) => {
      expect((await services.accounts.twoStepStatus(await readerOf(services, database))).enabled).toBe(false);
    });
  });

  it('fails with usage on bad arguments and with a message for an unknown user', async () => {
    await expect(cli('user.ts', ['frobnicate'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('用法') });
    await expect(cli('user.ts', ['reset-password', 'no_such_user'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('用户不存在') });
  });
});

describe('npm run notify', { timeout: 60_000 }, () => {
  it('sends a type-4 notice to every user and names where it leads', async () => {
    const { stdout } = await cli('notify.ts', ['站点将于今晚维护']);
    expect(stdout).toContain('https://admin.example.com/panel');
    await withServices(async (_services, database) => {
      const users = await database.db.selectFrom('user_account').select('id').execute();
      expect(users.length).toBeGreaterThan(0);
      const repository = new KyselyNotificationRepository(database.db);
      for (const { id } of users) {
        const page = await repository.page(Number(id), 0, 10);
        expect(page.list[0]).toMatchObject({ type: 4, message: '站点将于今晚维护', toId: null, isView: 1 });
      }
    });
  });

  it('refuses an empty message with usage', async () => {
    await expect(cli('notify.ts', [])).rejects.toMatchObject({ code: 2 });
  });
});
