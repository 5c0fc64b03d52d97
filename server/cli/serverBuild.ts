import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Where the server is built ahead: `node dist-server/start.js` runs it without compiling TypeScript at load. */
export const SERVER_OUT_DIR = 'dist-server';

/**
 * V8's flags for the server process, the same in `npm start`, the image and the systemd unit (a test holds
 * them equal): a 1 MB young generation instead of 16 MB (its two halves are touched by every scavenge) and
 * V8's smaller heap growth and code, which bring an idle instance from about 193 MB to about 141 MB resident
 * (docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'] as const;

const SOURCES = ['server', 'src/i18n', 'src/protocol', 'src/domain', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/**
 * Bundles the server's own code into `root/dist-server` (packages stay in node_modules, loaded as usual);
 * modules loaded on demand (pg, ioredis, the Redis adapters) stay separate chunks, loaded only when used.
 */
export async function buildServer(root: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: { start: 'server/cli/start.ts' },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    chunkNames: 'chunks/[name]-[hash]',
  });
}

/** Builds the server when it was never built or its sources changed since. */
export async function ensureServerBuilt(root: string): Promise<void> {
  const built = path.join(root, SERVER_OUT_DIR, 'start.js');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))))) return;
  await buildServer(root);
}
