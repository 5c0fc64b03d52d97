import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createServer } from '../../../server/main';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

it('a stop is bounded: a download that never finishes is cut when the wait runs out, and everything closes', async () => {
  const clientDir = writeFakeClient();
  const dataDir = temporaryFolder('blog-drain-');
  folders.push(clientDir, dataDir);
  fs.writeFileSync(path.join(clientDir, 'big.bin'), crypto.randomBytes(48 * 1024 * 1024));
  const server = await createServer(
    { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, dataDir), dataDir, clientDir, musicDir: path.join(dataDir, 'music') },
    { announce: () => undefined },
  );
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });

  const stuck = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${address}/big.bin`, { agent: false }, resolve).on('error', reject),
  );
  stuck.pause(); // and never read again

  const started = Date.now();
  expect(await server.shutdown(300)).toBe(false);
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(290);
  expect(took).toBeLessThan(3000);
  // Reading again finds the connection cut short of the whole file.
  let received = 0;
  stuck.on('data', (chunk: Buffer) => (received += chunk.length));
  stuck.on('error', () => undefined);
  stuck.resume();
  await new Promise<void>((resolve) => stuck.socket.once('close', () => resolve()));
  expect(stuck.complete).toBe(false);
  expect(received).toBeLessThan(48 * 1024 * 1024);
  expect(server.app.server.listening).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'blog.sqlite-wal'))).toBe(false);
});
