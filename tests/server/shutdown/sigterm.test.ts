import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { SHUTDOWN_TIMEOUT_MS } from '../../../server/main';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The real `npm start` entry in its own process, on a free port, with an empty data folder. */
async function startProcess(clientDir: string, dataDir: string): Promise<{ child: ChildProcess; url: string; exit: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      SEED_DEMO: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /博客已启动：(http:\/\/[\d.:]+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exit.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return { child, url, exit };
}

function get(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, resolve);
    request.on('error', reject);
  });
}

async function body(response: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

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

  const { child, url, exit } = await startProcess(clientDir, dataDir);
  expect((await get(`${url}/healthz`)).statusCode).toBe(200);

  const slow = await get(`${url}/big.bin`);
  expect(slow.statusCode).toBe(200);
  slow.pause();

  const signalled = Date.now();
  child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));

  const refused = await get(`${url}/healthz`);
  expect(refused.statusCode).toBe(503);
  expect(refused.headers.connection).toBe('close');
  expect(JSON.parse((await body(refused)).toString('utf8'))).toEqual({ code: 503, result: null, message: zhCN.backup.shuttingDown });
  expect(child.exitCode).toBe(null);

  // The slow download was not cut: every byte arrives.
  slow.resume();
  const received = await body(slow);
  expect(received.length).toBe(big.length);
  expect(received.equals(big)).toBe(true);

  expect(await exit).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  // A clean close checkpoints the write-ahead log and removes it.
  expect(fs.existsSync(path.join(dataDir, 'blog.sqlite'))).toBe(true);
  expect(fs.existsSync(path.join(dataDir, 'blog.sqlite-wal'))).toBe(false);
}, 60_000);
