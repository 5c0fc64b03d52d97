import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Manifest } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The first-load budget of every public page: gzip level 9, 1 kB = 1 000 bytes (issue 24; issue 11 had 1 024). */
export const BUDGET_BYTES = 150_000;
const PAGES_DIR = 'src/ui/pages';
/** Pages only a signed-in reader opens: measured and shown, but the budget is for the public pages. */
const SIGNED_IN_PAGES = new Set(['src/ui/pages/UserCenterPage.tsx']);

export interface PageLoad {
  /** The page's own chunk, e.g. `src/ui/pages/HomePage.tsx`. */
  page: string;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
  /** Open to every reader (the budget's pages), not only to a signed-in one. */
  public: boolean;
}

export interface FirstLoadReport {
  pages: PageLoad[];
  budgetBytes: number;
  /** The heaviest public page over the budget: below 1 beats it. */
  ratio: number;
}

/** The chunk and everything it imports statically (what the browser must fetch before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * Builds the client (production, temporary folder) and measures, for every public page, the JavaScript it
 * needs before it is live: the boot script, the entry and its static imports, the page's chunk and its imports.
 */
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
    // The page's one script tag (src/boot.ts), which starts the entry after the first paint, is not in the manifest.
    const boot = /<script defer src="\/([^"]+)"/.exec(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1];
    const gzipped = new Map<string, number>();
    const gzipBytesOf = (file: string) => {
      if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length);
      return gzipped.get(file)!;
    };
    const pageSources = fs
      .readdirSync(path.join(ROOT, PAGES_DIR))
      .filter((name) => name.endsWith('Page.tsx'))
      .map((name) => `${PAGES_DIR}/${name}`);
    const pages = pageSources.map((page): PageLoad => {
      if (!manifest[page]) throw new Error(`${page} is not a chunk of the build`);
      const keys = staticClosure(manifest, page, staticClosure(manifest, entry));
      const files = [...new Set([...keys].map((key) => manifest[key]!.file).concat(boot ?? []))]
        .filter((file) => file.endsWith('.js'))
        .map((file) => ({ file, gzipBytes: gzipBytesOf(file) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
      return { page, files, gzipBytes, public: !SIGNED_IN_PAGES.has(page) };
    });
    pages.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const heaviest = pages.find((page) => page.public)!;
    return { pages, budgetBytes: BUDGET_BYTES, ratio: heaviest.gzipBytes / BUDGET_BYTES };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export function printFirstLoad(report: FirstLoadReport, options: { files?: boolean } = {}): void {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(`First-load JavaScript per page (gzip -9, 1 kB = 1 000 bytes; budget ${kB(report.budgetBytes)}):`);
  for (const { page, files, gzipBytes, public: isPublic } of report.pages) {
    const verdict = !isPublic ? '  (signed in only, not budgeted)' : gzipBytes <= report.budgetBytes ? '' : '  OVER BUDGET';
    console.log(`  ${kB(gzipBytes).padStart(9)}  ${path.basename(page, '.tsx')} (${files.length} files)${verdict}`);
    if (options.files) for (const f of files) console.log(`      ${kB(f.gzipBytes).padStart(9)}  ${f.file}`);
  }
  console.log(`  heaviest public page: ratio ${report.ratio.toFixed(3)} ` + (report.ratio <= 1 ? '(within budget)' : '(OVER BUDGET)'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await measureFirstLoad();
  printFirstLoad(report, { files: process.argv.includes('--files') });
  if (report.ratio > 1) process.exitCode = 1;
}
