import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwa } from '../../src/i18n/zh-CN/pwa';

/**
 * The installable app (issue 25), built with the client: the manifest and the offline worker
 * (vite-plugin-pwa, injectManifest from src/serviceWorker/sw.ts), the icons drawn from the site's own
 * favicon with sharp at build time (nothing binary is committed), and the theme-color metas.
 */

/** The site's background colours (--color-bg in src/ui/styles/global.css), light and dark. */
export const THEME_COLOURS = { light: '#f3f5f9', dark: '#0f1217' } as const;

/**
 * The icons browsers ask for: any-purpose at 192 and 512, a maskable 512, Apple's 180, and the tab's favicon.
 * The favicon the pages link is a PNG: given an SVG one, Chromium draws it in the page's own renderer, on its
 * main thread, as a document of its own (a task of 10–60 ms after the first paint on every page, docs/benchmarks.md).
 */
export const ICONS = [
  { file: 'favicon-48.png', size: 48, purpose: 'favicon', fullBleed: false },
  { file: 'icon-192.png', size: 192, purpose: 'any', fullBleed: false },
  { file: 'icon-512.png', size: 512, purpose: 'any', fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable', fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, purpose: 'apple', fullBleed: true },
] as const;

/**
 * The favicon drawn edge to edge for masks (Android) and Apple's own rounding: square corners, and the
 * mark scaled into the central 80% every mask keeps.
 */
export function fullBleedSvg(favicon: string): string {
  const square = favicon.replace(/<rect([^>]*?) rx="[^"]*"/, '<rect$1');
  const marks = /<\/rect>|<rect[^>]*\/>/.exec(square);
  if (!marks || square === favicon) throw new Error('public/favicon.svg: expected a rounded background <rect>');
  const at = marks.index + marks[0].length;
  return `${square.slice(0, at)}<g transform="translate(6.4 6.4) scale(.8)">${square.slice(at).replace('</svg>', '</g></svg>')}`;
}

function pwaIcons(root: string): Plugin {
  return {
    name: 'pwa-icons',
    apply: 'build',
    async generateBundle() {
      if (this.environment.config.build.ssr) return;
      const { default: sharp } = await import('sharp');
      const favicon = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
      for (const icon of ICONS) {
        const svg = Buffer.from(icon.fullBleed ? fullBleedSvg(favicon) : favicon);
        const source = await sharp(svg, { density: (72 * icon.size) / 64 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source });
      }
    },
  };
}

/** index.html's favicon link, which serves the development server (public/ has no PNG until a build). */
const SVG_FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
const FAVICON = ICONS.find((icon) => icon.purpose === 'favicon')!;
const PNG_FAVICON_LINK = `<link rel="icon" href="/${FAVICON.file}" sizes="${FAVICON.size}x${FAVICON.size}" type="image/png" />`;

/** The head tags the server-rendered pages inherit from the built index.html: the favicon as a PNG, and the rest. */
function pwaHead(): Plugin {
  return {
    name: 'pwa-head',
    apply: 'build',
    transformIndexHtml: (html) => {
      if (!html.includes(SVG_FAVICON_LINK)) throw new Error(`index.html: expected ${SVG_FAVICON_LINK}`);
      return {
        html: html.replace(SVG_FAVICON_LINK, PNG_FAVICON_LINK),
        tags: [
          { tag: 'meta', attrs: { name: 'theme-color', media: '(prefers-color-scheme: light)', content: THEME_COLOURS.light }, injectTo: 'head' },
          { tag: 'meta', attrs: { name: 'theme-color', media: '(prefers-color-scheme: dark)', content: THEME_COLOURS.dark }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, injectTo: 'head' },
        ],
      };
    },
  };
}

export function offlinePlugins(root: string): PluginOption[] {
  return [
    pwaIcons(root),
    pwaHead(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      // Registration is ours (src/serviceWorker/whenIdle.ts): after load, when idle, from its own chunk.
      injectRegister: false,
      registerType: 'prompt',
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: pwa.appName,
        short_name: pwa.shortName,
        description: pwa.description,
        lang: 'zh-CN',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOURS.light,
        background_color: THEME_COLOURS.light,
        icons: ICONS.filter((icon) => icon.purpose === 'any' || icon.purpose === 'maskable').map((icon) => ({
          src: `/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      },
      injectManifest: {
        // Only the icons up front (the plugin adds the manifest): pages and their code are kept as the reader opens them.
        globPatterns: ['*.{png,svg}'],
        // A classic script: the worker is one file either way, and the module format's build prints a deprecation
        // warning (its inlineDynamicImports) to whoever runs `npm start`.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
      // The worker's own build speaks only of problems, like the client's (`npm start` prints no build log).
      integration: {
        configureCustomSWViteBuild: (config) => {
          config.logLevel = 'warn';
        },
      },
    }),
  ];
}
