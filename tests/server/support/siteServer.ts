import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../../../server/config';
import { createServer } from '../../../server/main';

/** A fake built client: an index page, a hashed asset large enough to be compressed, and an unhashed file. */
export const CLIENT_FILES = {
  index: '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/index-B3xY9kLm.js"></script></head><body><div id="root"></div></body></html>',
  assetPath: '/assets/index-B3xY9kLm.js',
  asset: `export const words = ${JSON.stringify('听雨小筑 '.repeat(2000))};\n`,
  unhashedPath: '/robots.txt',
  unhashed: 'User-agent: *\nAllow: /\n',
};

export function temporaryFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function writeFakeClient(): string {
  const dir = temporaryFolder('blog-client-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), CLIENT_FILES.index);
  fs.writeFileSync(path.join(dir, CLIENT_FILES.assetPath), CLIENT_FILES.asset);
  fs.writeFileSync(path.join(dir, CLIENT_FILES.unhashedPath), CLIENT_FILES.unhashed);
  return dir;
}

/** The real server composition (migrations, demo seed, static client) on a fresh SQLite file. */
export async function startTestServer(overrides: Partial<AppConfig> = {}) {
  const ownsData = overrides.dataDir === undefined;
  const dataDir = overrides.dataDir ?? temporaryFolder('blog-data-');
  const clientDir = writeFakeClient();
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true', RATE_LIMIT_PER_MINUTE: '100000' }, dataDir),
    ...overrides,
    dataDir,
    clientDir,
  };
  const server = await createServer(config);
  return {
    app: server.app,
    dataDir,
    async close() {
      await server.close();
      if (ownsData) fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
