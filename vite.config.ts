import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { minify, transformWithOxc, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { offlinePlugins } from './server/cli/pwaBuild';

/** The boot script's source: compiled and hashed by `startAfterFirstPaint`. */
const BOOT_SOURCE = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
/** The chunks the boot script evaluates before the entry, in this order (`data-first`): React, then the other libraries. */
const FIRST_CHUNKS = ['react', 'libs'] as const;

/**
 * The server sends every page rendered: its scripts only make it live. The built page carries one small
 * deferred script (src/boot.ts) in place of the module script and its preloads; it starts them after the
 * first paint, so a slow connection paints the page before it downloads any of them.
 */
function startAfterFirstPaint(): Plugin {
  let boot: { fileName: string; code: string } | undefined;
  const compiled = async () => {
    if (boot) return boot;
    const compiledTs = await transformWithOxc(fs.readFileSync(BOOT_SOURCE, 'utf8'), BOOT_SOURCE, { lang: 'ts' });
    const { code } = await minify('boot.js', compiledTs.code);
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
    return (boot = { fileName: `assets/boot-${hash}.js`, code });
  };
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    async generateBundle() {
      // The server renderer's build has no page to start.
      if (this.environment.config.build.ssr) return;
      const { fileName, code } = await compiled();
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const { fileName } = await compiled();
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html has no module script to start after the first paint');
        const preloads: string[] = [];
        const rest = html.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => {
          preloads.push(href);
          return '';
        });
        const first = FIRST_CHUNKS.map((name) => {
          const chunk = Object.values(context.bundle ?? {}).find((output) => output.type === 'chunk' && output.name === name);
          if (!chunk) throw new Error(`the build has no ${name} chunk to evaluate before the entry`);
          return `/${chunk.fileName}`;
        });
        // The server finds the tag by its first attributes (server/adapters/ssr/pageRenderer.ts): keep their order.
        const tag = `<script defer src="/${fileName}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" data-first="${first.join(' ')}"></script>`;
        return rest.replace('</head>', `  ${tag}\n  </head>`);
      },
    },
  };
}

/** The client's chunks as the build wrote them, for `notLoadedYet`: kept before Vite lists each dynamic import's preloads. */
let clientChunks: Rolldown.OutputBundle | undefined;

function rememberClientChunks(): Plugin {
  return {
    name: 'remember-client-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        if (!this.environment.config.build.ssr) clientChunks = bundle;
      },
    },
  };
}

/**
 * What a dynamic import preloads: not the chunks its importer imports statically, which are loaded since the
 * importer runs. Vite lists them all, and its helper adds a `<link rel=modulepreload>` for each one no link
 * names yet, in the middle of the render that reached the lazy part: each costs its fetch's set-up on the main
 * thread (a profile of the article's start-up, CPU 4× slower, found 13 of them there, 10 already loaded).
 */
function notLoadedYet(_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }): string[] {
  if (hostType !== 'js' || !clientChunks) return deps;
  const loaded = new Set<string>();
  const visit = (file: string) => {
    const chunk = clientChunks?.[file];
    if (chunk?.type !== 'chunk' || loaded.has(file)) return;
    loaded.add(file);
    chunk.imports.forEach(visit);
  };
  visit(hostId);
  return deps.filter((dep) => !loaded.has(dep));
}

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The manifest, icons and offline worker (issue 25): see server/cli/pwaBuild.ts.
  plugins: [react(), startAfterFirstPaint(), rememberClientChunks(), ...offlinePlugins(fileURLToPath(new URL('.', import.meta.url)))],
  resolve: {
    // The two functions inversify calls in place of the whole polyfill (see the file).
    alias: { 'reflect-metadata/lite': fileURLToPath(new URL('./src/adapters/reflectMetadataLite.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // The size report is the first-load budget the benchmark reads.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 800,
    // No polyfill (0.3 kB on every page): a browser without modulepreload (Safari before 17) fetches the chunks as
    // the modules import them instead.
    modulePreload: { polyfill: false, resolveDependencies: notLoadedYet },
    rollupOptions: {
      output: {
        // Everything the entry imports in three chunks, evaluated one after the other (src/boot.ts): React, the
        // other libraries, the app. One chunk was evaluated in one task of 125–165 ms on a phone with the CPU
        // 4× slower. (Many small chunks compress worse than a few: -4.6 kB gzip for one instead of a dozen.)
        codeSplitting: {
          groups: [
            { name: FIRST_CHUNKS[0], tags: ['$initial'], test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: FIRST_CHUNKS[1], tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/wapi': apiTarget,
      '/media': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Two let the server
    // files run beside the end-to-end ones; three gained nothing once tests closed their pages (702 s vs 685 s).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**', 'tests/server/**'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // Server test files share their worker's modules: importing the server once per worker instead of once
          // per file saves minutes. Each file builds its own app, databases and folders, and none mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/support/globalSetup.ts'],
          // As for the server files: each end-to-end file starts its own server and browser, and none mocks a
          // module, so importing the server once per worker rather than once per file costs nothing in isolation.
          isolate: false,
          // Alone a test here takes seconds; beside the heaviest file on a loaded machine (load average 12 on two
          // cores) a few pages' worth took over 60 s.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A state the page reaches in a frame or two here can take seconds on a loaded machine: a poll waits
          // 10 s unless it says otherwise (1 s by default), which costs a passing test nothing.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
