import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { SHUTDOWN_TIMEOUT_MS } from '../../../server/main';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { bareSiteEnv, httpGet, readBody, startSiteProcess } from '../support/serverProcess';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

it('SIGTERM lets a slow download finish, refuses new requests with 503 and closes the database, then exits 0 in time', async () => {
  const clientDir = writeFakeClient();
  const dataDir = temporaryFolder('blog-shutdown-');
  folders.push(clientDir, dataDir);
  // Far larger than the socket buffers: the download stays in flight while the client does not read.
  const big = crypto.randomBytes(48 * 1024 * 1024);
  fs.writeFileSync(path.join(clientDir, 'big.bin'), big);
  // Newer than any client source, so the start does not rebuild the client.
  const future = new Date(Date.now() + 24 * 3600_000);
  fs.utimesSync(path.join(clientDir, 'index.html'), future, future);

  const { child, url, exit } = await startSiteProcess(bareSiteEnv(clientDir, dataDir));
  expect((await httpGet(`${url}/healthz`)).statusCode).toBe(200);

  const slow = await httpGet(`${url}/big.bin`);
  expect(slow.statusCode).toBe(200);
  slow.pause();

  const signalled = Date.now();
  child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));

  const refused = await httpGet(`${url}/healthz`);
  expect(refused.statusCode).toBe(503);
  expect(refused.headers.connection).toBe('close');
  expect(JSON.parse((await readBody(refused)).toString('utf8'))).toEqual({ code: 503, result: null, message: zhCN.backup.shuttingDown });
  expect(child.exitCode).toBe(null);

  // The slow download was not cut: every byte arrives.
  slow.resume();
  const received = await readBody(slow);
  expect(received.length).toBe(big.length);
  expect(received.equals(big)).toBe(true);

  expect(await exit).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  // A clean close checkpoints the write-ahead log and removes it.
  expect(fs.existsSync(path.join(dataDir, 'blog.sqlite'))).toBe(true);
  expect(fs.existsSync(path.join(dataDir, 'blog.sqlite-wal'))).toBe(false);
}, 60_000);
