import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Manifest } from 'vite';
import type { PageSeed, UiCookie } from '../../../src/ports/pageSeed';
import { UI_COOKIE } from '../../../src/ports/pageSeed';
import { restorePreferences } from '../../../src/domain/preferences/preferences';
import type { CurrentUser } from '../../domain/accounts/currentUser';
import type { SiteService } from '../../domain/site/siteService';
import type { ContentServices } from '../http/routes/content';
import { SESSION_COOKIE } from '../http/auth';
import { orNull, renderPorts, type RenderPortsFor } from './renderPorts';
import { FULL_LAYOUT_SCRIPT, THEME_SCRIPT } from './inlineScripts';
import { sanitizeArticleHtml } from './htmlSanitizer';
import { inLanguage, installServerLocaliser, requestLanguage, type PageRequest } from './language';
import type { Language } from '../../../src/domain/shared/language';

/** The article bodies' markup kept between renders, in characters (about 2 MB). */
const KEPT_MARKUP_CHARS = 1_000_000;

/**
 * Markup made from Markdown, kept by a digest of what it was made from (the Markdown and its look) so the key
 * costs no memory of its size: a signed-in reader's article is rendered for each request, its body once.
 */
function keptMarkupStore() {
  const kept = new LRUCache<string, string>({ maxSize: KEPT_MARKUP_CHARS, sizeCalculation: (html) => Math.max(1, html.length) });
  const digest = (key: string) => createHash('sha256').update(key).digest('base64');
  return {
    get: (key: string) => kept.get(digest(key)),
    set: (key: string, html: string) => void kept.set(digest(key), html),
  };
}

/** Where the build puts the server renderer, inside the client folder (never served, see app.ts). */
export const SSR_FOLDER = '.ssr';
const SEED_ID = 'page-seed';

/** The built `src/entry-server.tsx`, loaded at run time (the server never imports the views themselves). */
interface RendererModule {
  renderPage(request: {
    url: string;
    ports: RenderPortsFor;
    seed: Omit<PageSeed, 'loads'>;
    sanitizeHtml: (html: string) => string;
    keptMarkup: { get(key: string): string | undefined; set(key: string, html: string): void };
  }): Promise<{
    html: string;
    seed: PageSeed;
    pageSource: string;
  }>;
}

export interface PageRendererOptions {
  clientDir: string;
  site: SiteService;
  content: ContentServices;
  authenticate(token: string): Promise<CurrentUser | undefined>;
  /** The site's public address, for the alternate languages' links (else the request's own). */
  siteUrl?: string;
}

export interface RenderedPage {
  html: string;
  /** The articles the page shows in full (their views are counted each time a kept copy is served). */
  articles: number[];
  /** Every read of the render answered: a page missing some of its data is not kept for others. */
  complete: boolean;
}

export interface PageRenderer {
  /**
   * The page as complete HTML around the client's shell. `shared`: the copy every visitor of the variant
   * gets (`visitorVariant`): no session is looked at, nothing personal is read and no view is counted.
   */
  render(request: FastifyRequest, shell: string, mode?: { shared: boolean }): Promise<RenderedPage>;
  /** The shell alone in the request's language, for the browser to render (the console, a failed render). */
  shell(request: FastifyRequest, shell: string): string;
  /**
   * What a visitor's page depends on besides its data: the key of the copy kept for all such visitors. Read
   * from the request's address and headers only, so the hot path in front of Fastify finds the same copy.
   */
  visitorVariant(request: PageRequest): string;
}

/**
 * The request headers a page's HTML depends on (its `Vary`): the encoding, the language (Accept-Language,
 * or the `lang` cookie), the theme and reading preferences (the UI cookie). Never the User-Agent: the layout
 * for each width is decided by CSS.
 */
export const PAGE_VARY = 'accept-encoding, accept-language, cookie';

/** `<`, `>` and `&` escaped, so embedded JSON can never close its script element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function readUiCookie(raw: string | undefined): UiCookie {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as UiCookie) : {};
  } catch {
    return {};
  }
}

/** The chunk's static imports, depth first, each once: what the page needs before it runs. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((child) => closure(manifest, child, seen))];
}

/** A page's own chunks and styles (the entry's are in the shell already). */
function pageAssets(manifest: Manifest, source: string): { styles: string; scripts: string[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inShell = new Set(entry ? closure(manifest, entry) : []);
  const chunks = closure(manifest, source).filter((key) => !inShell.has(key));
  const styles = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))];
  return {
    styles: styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
    scripts: chunks.map((key) => `/${manifest[key]!.file}`),
  };
}

/**
 * The deferred shell's chunk (src/ui/shell/deferredShell.ts): every page hydrates once it is in, so the boot
 * script fetches it beside the entry rather than after the entry has run.
 */
const DEFERRED_SHELL = 'src/ui/shell/DeferredShell.tsx';

/** The English catalogue's chunk (src/i18n/english/reader.ts), which an English page runs before the app. */
const ENGLISH_CATALOGUE = 'src/i18n/english/reader.ts';
const OG_LOCALE: Record<Language, string> = { 'zh-CN': 'zh_CN', en: 'en_US' };

/**
 * A page's language in its head: `<html lang>`, `og:locale`, the addresses of the page in each language
 * (`?lang=`, and without it for a reader whose browser chooses) and, on an English page, the English
 * catalogue's module script before the boot script, so it runs before the app's modules (module and deferred
 * scripts run in document order).
 */
function withLanguage(html: string, language: Language, pageUrl: URL, englishScripts: string[]): string {
  const address = (lang: Language | null) => {
    const url = new URL(pageUrl);
    if (lang) url.searchParams.set('lang', lang);
    else url.searchParams.delete('lang');
    return escapeAttribute(url.href);
  };
  const head =
    `<meta property="og:locale" content="${OG_LOCALE[language]}">` +
    `<meta property="og:locale:alternate" content="${OG_LOCALE[language === 'en' ? 'zh-CN' : 'en']}">` +
    `<link rel="alternate" hreflang="zh-CN" href="${address('zh-CN')}">` +
    `<link rel="alternate" hreflang="en" href="${address('en')}">` +
    `<link rel="alternate" hreflang="x-default" href="${address(null)}">`;
  const scripts = language === 'en' ? englishScripts.map((src) => `<script type="module" crossorigin src="${src}"></script>`).join('') : '';
  return html
    .replace('<html lang="zh-CN"', `<html lang="${language}"`)
    .replace('</head>', () => `${head}</head>`)
    .replace(/<script defer src="[^"]*" data-entry=/, (boot) => `${scripts}${boot}`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The boot script's list of chunks to fetch beside the entry once the page has painted (src/boot.ts). */
const BOOT_PRELOAD = /(<script defer src="[^"]*" data-entry="[^"]*" data-preload=")([^"]*)"/;

/**
 * The shell's first script or stylesheet (or the end of its head): where the banner's preload and the
 * full-layout script go.
 */
const FIRST_SUBRESOURCE = /<script\b|<link rel="(?:stylesheet|modulepreload)"|<\/head>/;

/**
 * A preload of the banner picture the rendered page shows (its `<img>` as React wrote it, so the same
 * variant is chosen), for the head before the styles and scripts: the first screen's largest paint starts
 * sooner (over HTTP/1.1 its request would otherwise queue behind the dozen module preloads).
 */
export function bannerPreload(html: string): string {
  const tag = /<img\b[^>]*\bclass="page-banner__image"[^>]*>/.exec(html)?.[0];
  if (!tag) return '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const src = attribute('src');
  if (!src) return '';
  const srcset = attribute('srcset');
  const sizes = attribute('sizes');
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${srcset && sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`;
}

/**
 * Server rendering of the reading pages: the built renderer (`.ssr/entry-server.js`, the same React views
 * as the browser's) is given ports served by our own services, and its markup and data go into the shell.
 * Without a built renderer the shell is served as it is and the browser renders alone.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer | undefined {
  const rendererFile = path.join(options.clientDir, SSR_FOLDER, 'entry-server.js');
  const manifestFile = path.join(options.clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(rendererFile) || !fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const englishScripts = closure(manifest, ENGLISH_CATALOGUE).map((key) => `/${manifest[key]!.file}`);
  const deferredShellScripts = pageAssets(manifest, DEFERRED_SHELL).scripts;
  const keptMarkup = keptMarkupStore();
  // Before the renderer's catalogue is created: its areas answer in each render's language.
  installServerLocaliser();
  let renderer: Promise<RendererModule> | undefined;
  const load = () => (renderer ??= import(pathToFileURL(rendererFile).href) as Promise<RendererModule>);
  const pageUrl = (request: PageRequest) => new URL(request.url, options.siteUrl ?? `${request.protocol}://${request.host}`);

  const viewerOf = async (request: FastifyRequest): Promise<CurrentUser | null> => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? ((await options.authenticate(token)) ?? null) : null;
  };

  return {
    shell: (request, shell) => withLanguage(shell, requestLanguage(request), pageUrl(request), englishScripts),
    visitorVariant(request) {
      const ui = readUiCookie(request.cookies[UI_COOKIE]);
      const theme = ui.theme === 'dark' || ui.theme === 'light' ? ui.theme : 'system';
      return JSON.stringify([
        pageUrl(request).href,
        requestLanguage(request),
        theme,
        restorePreferences(ui.preferences),
      ]);
    },
    async render(request, shell, { shared } = { shared: false }) {
      const [module, viewer] = await Promise.all([load(), shared ? null : viewerOf(request)]);
      // Known to what follows the render (the statistics leave the administrator's own pages out).
      if (!shared) request.user = viewer;
      const reads = { articles: new Set<number>(), failed: false };
      const ports = renderPorts(
        options.site,
        options.content,
        viewer,
        // The shared copy holds no visitor's own state (their likes): their app asks for it.
        shared
          ? { user: null, address: '', userAgent: '' }
          : {
              user: viewer ? { id: viewer.id, role: viewer.role, nickName: viewer.nickName, avatar: viewer.avatar } : null,
              address: request.ip,
              userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
            },
        {
          countViews: !shared,
          shownArticle: (id) => reads.articles.add(id),
          failed: () => (reads.failed = true),
        },
      );
      // A site not yet set up renders without its configuration; the browser then says what is missing.
      const [config, pageHeaders] = await Promise.all([orNull(() => ports.siteApi.config()), ports.siteApi.pageHeaders()]);
      const ui = readUiCookie(request.cookies[UI_COOKIE]);
      const seed: Omit<PageSeed, 'loads'> = {
        renderedAt: Date.now(),
        config,
        pageHeaders,
        user: viewer
          ? {
              id: viewer.id,
              nickName: viewer.nickName,
              avatar: viewer.avatar,
              role: viewer.role,
              username: viewer.username,
              ...(viewer.mustChangePassword ? { mustChangePassword: true } : {}),
              ...(viewer.mustSetUpTwoStep ? { mustSetUpTwoStep: true } : {}),
            }
          : null,
        theme: ui.theme === 'dark' || ui.theme === 'light' ? ui.theme : 'light',
        preferences: restorePreferences(ui.preferences),
      };
      const language = requestLanguage(request);
      const page = await inLanguage(language, () =>
        module.renderPage({ url: request.url, ports, seed, sanitizeHtml: sanitizeArticleHtml, keptMarkup }),
      );
      const themeHead =
        ui.theme === 'dark' || ui.theme === 'light' ? '' : `<script>${THEME_SCRIPT}</script>`;
      const assets = pageAssets(manifest, page.pageSource);
      const html = withLanguage(shell, language, pageUrl(request), englishScripts)
        .replace(`<html lang="${language}">`, `<html lang="${language}" data-theme="${seed.theme}" style="color-scheme:${seed.theme}">`)
        .replace(FIRST_SUBRESOURCE, (first) => `${bannerPreload(page.html)}<script>${FULL_LAYOUT_SCRIPT}</script>${first}`)
        .replace('</head>', () => `${themeHead}${assets.styles}</head>`)
        .replace(BOOT_PRELOAD, (_, start: string, shellChunks: string) => {
          const preloads = new Set([...shellChunks.split(' '), ...deferredShellScripts, ...assets.scripts].filter(Boolean));
          return `${start}${[...preloads].join(' ')}"`;
        })
        .replace(
          '<div id="root"></div>',
          () => `<div id="root">${page.html}</div><script type="application/json" id="${SEED_ID}">${scriptSafeJson(page.seed)}</script>`,
        );
      return { html, articles: [...reads.articles], complete: !reads.failed };
    },
  };
}
