import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Issue 11's budget: the JavaScript /home needs before it can render, gzip-compressed. */
export const BUDGET_BYTES = 150 * 1024;
const HOME_PAGE_SOURCE = 'src/ui/pages/HomePage.tsx';

export interface FirstLoadReport {
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
  budgetBytes: number;
  /** Measured size over budget: below 1 beats the budget. */
  ratio: number;
}

/** The chunk and everything it imports statically (what the browser must fetch before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Builds the client (production, temporary folder) and measures the JavaScript /home loads first. */
export async function measureFirstLoad(): Promise<FirstLoadReport> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-client-'));
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('the build has no entry chunk');
    if (!manifest[HOME_PAGE_SOURCE]) throw new Error(`${HOME_PAGE_SOURCE} is not a chunk of the build`);
    const keys = staticClosure(manifest, HOME_PAGE_SOURCE, staticClosure(manifest, entry));
    // The page's one script tag (src/boot.ts), which starts the entry after the first paint, is not in the manifest.
    const boot = /<script defer src="\/([^"]+)"/.exec(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1];
    const files = [...new Set([...keys].map((key) => manifest[key]!.file).concat(boot ?? []))]
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { files, gzipBytes, budgetBytes: BUDGET_BYTES, ratio: gzipBytes / BUDGET_BYTES };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export function printFirstLoad(report: FirstLoadReport): void {
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log('First-load JavaScript of /home (gzip):');
  for (const { file, gzipBytes } of report.files) console.log(`  ${kB(gzipBytes).padStart(9)}  ${file}`);
  console.log(
    `  total ${kB(report.gzipBytes)} of a ${kB(report.budgetBytes)} budget: ratio ${report.ratio.toFixed(2)} ` +
      (report.ratio <= 1 ? '(within budget)' : '(OVER BUDGET)'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await measureFirstLoad();
  printFirstLoad(report);
  if (report.ratio > 1) process.exitCode = 1;
}
