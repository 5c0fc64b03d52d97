import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../main';

const CLIENT_SOURCES = ['src', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/** Builds the client when it is missing or older than its sources, so `npm start` alone serves a fresh site. */
export async function ensureClientBuilt(clientDir: string): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(...CLIENT_SOURCES.map((entry) => newestMtime(path.join(PROJECT_ROOT, entry))));
  if (built >= sources) return;
  console.log('正在构建前端…');
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
}
