import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { mathAsText } from '../../../../src/domain/content/math';
import * as zhCN from '../../../../src/i18n/zh-CN';
import type { ArticleDetail } from '../../../domain/content/article';
import type { ArticleService } from '../../../domain/content/articleService';
import { escapeHtml } from '../../../domain/content/html';
import { contentMessages } from '../../../domain/content/messages';
import type { SiteService } from '../../../domain/site/siteService';

const FEED_SIZE = 20;
const DESCRIPTION_LENGTH = 160;
/** Pages worth indexing besides the articles themselves. */
const LISTED_PAGES = ['/home', '/archives', '/category', '/tag', '/photoAlbum', '/talk', '/link/list', '/resources/front', '/resources/back', '/siteList', '/message/list'];

// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex
const xmlText = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

const clip = (text: string, max: number) => {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** An article's summary as readers of feeds and link previews get it: a formula written in it reads as its TeX. */
const summaryText = (article: ArticleDetail) => mathAsText(article.summary);

function originOf(request: FastifyRequest, siteUrl: string | undefined): string {
  return siteUrl ?? `${request.protocol}://${request.host}`;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

async function siteName(site: SiteService): Promise<string> {
  return (await siteIdentity(site)).name;
}

async function siteIdentity(site: SiteService): Promise<{ name: string; author: string }> {
  return site
    .config()
    .then((config) => ({ name: config.name, author: config.author }))
    .catch(() => ({ name: zhCN.site.defaultName, author: zhCN.site.defaultName }));
}

/** schema.org's BlogPosting for search engines, as JSON that cannot close its script element. */
function blogPostingJsonLd(article: ArticleDetail, url: string, origin: string, identity: { name: string; author: string }): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: clip(summaryText(article), DESCRIPTION_LENGTH),
    ...(article.cover ? { image: absolute(origin, article.cover) } : {}),
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
    author: { '@type': 'Person', name: identity.author },
    publisher: { '@type': 'Organization', name: identity.name },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: 'zh-CN',
    wordCount: article.wordCount,
    ...(article.category ? { articleSection: article.category.name } : {}),
    ...(article.tags.length > 0 ? { keywords: article.tags.map((tag) => tag.name).join(',') } : {}),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export interface FeedOptions {
  articles: ArticleService;
  site: SiteService;
  siteUrl?: string | undefined;
  serveRobots: boolean;
}

/** RSS of the newest articles, the sitemap and robots.txt: plain documents for feed readers and crawlers. */
export const feedRoutes: FastifyPluginAsync<FeedOptions> = async (app, { articles, site, siteUrl, serveRobots }) => {
  app.get('/rss.xml', async (request, reply) => {
    const origin = originOf(request, siteUrl);
    const [name, items] = await Promise.all([siteName(site), articles.newest(FEED_SIZE)]);
    const entries = items.map((article) => {
      const link = `${origin}/article?id=${article.id}`;
      const categories = [article.category?.name, ...article.tags.map((t) => t.name)].filter((c): c is string => Boolean(c));
      return [
        '<item>',
        `<title>${xmlText(article.title)}</title>`,
        `<link>${xmlText(link)}</link>`,
        `<guid isPermaLink="true">${xmlText(link)}</guid>`,
        `<pubDate>${new Date(article.createdAt).toUTCString()}</pubDate>`,
        ...categories.map((c) => `<category>${xmlText(c)}</category>`),
        `<description>${xmlText(summaryText(article))}</description>`,
        '</item>',
      ].join('');
    });
    const built = items[0] ? new Date(items[0].updatedAt > items[0].createdAt ? items[0].updatedAt : items[0].createdAt) : new Date(0);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${xmlText(name)}</title>`,
      `<link>${xmlText(`${origin}/`)}</link>`,
      `<description>${xmlText(contentMessages.feed.description(name))}</description>`,
      '<language>zh-CN</language>',
      `<atom:link href="${xmlText(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      `<lastBuildDate>${built.toUTCString()}</lastBuildDate>`,
      ...entries,
      '</channel>',
      '</rss>',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request, siteUrl);
    const index = await articles.sitemap();
    const urls = [
      ...LISTED_PAGES.map((page) => `<url><loc>${xmlText(origin + page)}</loc></url>`),
      ...index.map(
        (entry) =>
          `<url><loc>${xmlText(`${origin}/article?id=${entry.id}`)}</loc><lastmod>${xmlText(entry.updatedAt)}</lastmod></url>`,
      ),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });

  if (serveRobots) {
    app.get('/robots.txt', async (request, reply) => {
      const origin = originOf(request, siteUrl);
      const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /wapi/', 'Disallow: /userCenter', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    });
  }
};

/**
 * The app shell for a page, with what crawlers and link previews read: for `/article?id=N` of a public
 * article its title, description, canonical link and Open Graph tags; every other page gets the shell as is.
 */
export function pageHtmlProvider(articles: ArticleService, site: SiteService, siteUrl: string | undefined) {
  return async (request: FastifyRequest, pathname: string, shell: string): Promise<string> => {
    if (pathname.replace(/\/+$/, '') !== '/article') return shell;
    const raw = (request.query as Record<string, unknown>).id;
    if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return shell;
    const article = await articles.peek(Number(raw)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'article metadata unavailable');
      return undefined;
    });
    if (!article) return shell;
    const origin = originOf(request, siteUrl);
    const identity = await siteIdentity(site);
    const name = identity.name;
    const title = contentMessages.feed.pageTitle(article.title, name);
    const description = clip(summaryText(article), DESCRIPTION_LENGTH);
    const url = `${origin}/article?id=${article.id}`;
    const meta = (attribute: 'name' | 'property', key: string, value: string) =>
      `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      meta('name', 'description', description),
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      meta('property', 'og:type', 'article'),
      meta('property', 'og:site_name', name),
      meta('property', 'og:title', article.title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      ...(article.cover ? [meta('property', 'og:image', absolute(origin, article.cover))] : []),
      meta('property', 'article:published_time', article.createdAt),
      meta('property', 'article:modified_time', article.updatedAt),
      meta('name', 'twitter:card', article.cover ? 'summary_large_image' : 'summary'),
      `<script type="application/ld+json">${blogPostingJsonLd(article, url, origin, identity)}</script>`,
    ].join('\n    ');
    const withoutTitle = shell.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
    return withoutTitle.includes('</head>') ? withoutTitle.replace('</head>', () => `    ${head}\n  </head>`) : `${head}\n${withoutTitle}`;
  };
}
