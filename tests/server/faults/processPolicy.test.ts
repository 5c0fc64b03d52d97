import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { SHUTDOWN_TIMEOUT_MS } from '../../../server/main';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { bareSiteEnv, httpGet, readBody, startSiteProcess } from '../support/serverProcess';

/*
 * The process's policy for what nobody handled (server/cli/supervise.ts), in a real server process: an
 * unhandled rejection is logged and the site keeps serving; an uncaught exception is logged, then the
 * process drains like a SIGTERM (the download in flight finishes, new requests get 503) and exits 1.
 */

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

it('logs an unhandled rejection and keeps serving; stops cleanly with exit code 1 after an uncaught exception', async () => {
  const clientDir = writeFakeClient();
  const dataDir = temporaryFolder('blog-policy-');
  folders.push(clientDir, dataDir);
  const big = crypto.randomBytes(48 * 1024 * 1024);
  fs.writeFileSync(path.join(clientDir, 'big.bin'), big);
  const server = await startSiteProcess(bareSiteEnv(clientDir, dataDir), 'tests/server/faults/fixtures/supervisedServer.ts');
  try {
    const { url } = server;

    server.child.stdin!.write('reject\n');
    await server.waitFor(/未处理的 Promise 拒绝：已记录，继续服务/);
    expect(server.output()).toContain('没人等待的后台任务失败了');
    expect((await httpGet(`${url}/healthz`)).statusCode).toBe(200);
    expect(server.child.exitCode).toBe(null);

    const slow = await httpGet(`${url}/big.bin`);
    slow.pause();
    server.child.stdin!.write('throw\n');
    await server.waitFor(/未捕获的异常/);
    expect(server.output()).toContain('回调里抛出的异常');
    const refused = await httpGet(`${url}/healthz`);
    expect(refused.statusCode).toBe(503);
    expect(JSON.parse((await readBody(refused)).toString('utf8'))).toMatchObject({ message: zhCN.backup.shuttingDown });
    slow.resume();
    expect((await readBody(slow)).length).toBe(big.length);
    const stopped = performance.now();
    expect(await server.exit).toBe(1);
    expect(performance.now() - stopped).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  } finally {
    server.child.kill('SIGKILL');
  }
}, 60_000);
