import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../main';
import { SSR_FOLDER } from '../adapters/ssr/pageRenderer';

const CLIENT_SOURCES = ['src', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/**
 * Builds the browser client into `outDir` (with the manifest the server reads to link a page's chunk and
 * styles) and then the server renderer beside it, in `outDir/.ssr` (never served: see the static route).
 */
export async function buildClient(outDir: string): Promise<void> {
  // Vite checks whether the config would load under its future native loader and prints a page of advice to
  // whoever runs `npm start`; the config loads with the bundling loader, which needs none of it.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { build } = await import('vite');
  const common = { root: PROJECT_ROOT, configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn' as const };
  // Vitest sets NODE_ENV=test; the browser must get the production build the server really ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ ...common, build: { outDir, emptyOutDir: true, manifest: true } });
    await build({
      ...common,
      build: { outDir: path.join(outDir, SSR_FOLDER), emptyOutDir: true, ssr: 'src/entry-server.tsx', copyPublicDir: false },
      // Self-contained, so a build anywhere (a temporary folder in the tests) runs without node_modules beside it.
      ssr: { noExternal: true },
      // The bundled React picks its build by NODE_ENV when the server runs, and `npm start` does not set it: the
      // development build (prop checks, owner stacks) renders a page about twice as slowly.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds the client when it is missing or older than its sources, so `npm start` alone serves a fresh site. */
export async function ensureClientBuilt(clientDir: string): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(...CLIENT_SOURCES.map((entry) => newestMtime(path.join(PROJECT_ROOT, entry))));
  if (built >= sources) return;
  console.log('正在构建前端…');
  await buildClient(clientDir);
}
