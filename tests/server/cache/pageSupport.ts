import fs from 'node:fs';
import path from 'node:path';
import { SSR_FOLDER } from '../../../server/adapters/ssr/pageRenderer';
import { temporaryFolder } from '../support/siteServer';

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>听雨小筑</title>' +
  '<script defer src="/assets/boot-b.js" data-entry="/assets/index-i.js" data-preload=""></script>' +
  '</head><body><div id="root"></div></body></html>';

const MANIFEST = {
  'index.html': { file: 'assets/index-i.js', isEntry: true },
  'src/ui/pages/HomePage.tsx': { file: 'assets/HomePage-h.js', isDynamicEntry: true },
};

/**
 * A renderer with the real one's contract (src/entry-server.tsx) that shows, through the same ports, what
 * the four busiest pages show: the reader, the site's settings, the home list, an article with its
 * comments, the talks and the message board. Long enough to be compressed.
 */
const RENDERER = `
const item = (text) => '<li>' + text + '</li>';
export async function renderPage({ url, ports, seed }) {
  const address = new URL(url, 'http://render.invalid');
  const parts = [
    '<p id="reader">' + (seed.user ? seed.user.nickName : '访客') + '</p>',
    '<p id="site">' + (seed.config ? seed.config.name + '|' + seed.config.notice : '') + '</p>',
  ];
  if (address.pathname === '/home') parts.push(...(await ports.contentApi.homeArticles(1, 50)).list.map((a) => item(a.article_title)));
  if (address.pathname === '/article') {
    const id = Number(address.searchParams.get('id'));
    const article = await ports.contentApi.article(id);
    parts.push('<h1>' + (article ? article.article_title : '没有这篇文章') + '</h1>');
    if (article) parts.push(...(await ports.commentsApi.page({ type: 'article', id }, 'newest', null)).list.map((c) => item(c.content)));
  }
  if (address.pathname === '/talk') parts.push(...(await ports.contentApi.talks(1, 50)).list.map((t) => item(t.content)));
  if (address.pathname === '/message/list') {
    parts.push(...(await ports.contentApi.messages({ current: 1, size: 50 })).list.map((m) => item(m.content)));
  }
  parts.push('<footer>' + '听雨小筑的页脚。'.repeat(100) + '</footer>');
  return { html: parts.join(''), seed: { ...seed, loads: {} }, pageSource: 'src/ui/pages/HomePage.tsx' };
}
`;

/** A built client whose server renderer is the one above. */
export function writeRenderingClient(): string {
  const dir = temporaryFolder('blog-pages-client-');
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(dir, SSR_FOLDER));
  fs.writeFileSync(path.join(dir, SSR_FOLDER, 'entry-server.js'), RENDERER);
  return dir;
}
