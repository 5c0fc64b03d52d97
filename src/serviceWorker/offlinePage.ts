import { pwa } from '../i18n/zh-CN/pwa';

/** An article kept in the pages cache: where it is and its title. */
export interface ReadableArticle {
  url: string;
  title: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) =>
    entity === '&#x27;' ? "'" : (Object.entries(ENTITIES).find(([, value]) => value === entity)?.[0] ?? entity),
  );
}

/** A stored article page's title: its `og:title` (the article's own), else the tab's title; null when neither. */
export function pageTitle(html: string): string | null {
  const match = /<meta property="og:title" content="([^"]*)"/i.exec(html) ?? /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = match ? unescapeHtml(match[1]!).trim() : '';
  return title || null;
}

/**
 * The page shown for an address that was never stored while the reader is offline: what happened and the
 * articles that can be read. Self-contained (no script, its own styles), in the site's light or dark colours.
 */
export function offlinePageHtml(articles: readonly ReadableArticle[]): string {
  const text = pwa.offline;
  const list = articles.length
    ? `<p>${escapeHtml(text.readable)}</p><ul>${articles
        .map((article) => `<li><a href="${escapeHtml(article.url)}">${escapeHtml(article.title)}</a></li>`)
        .join('')}</ul>`
    : `<p class="muted">${escapeHtml(text.nothingSaved)}</p>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(text.title)} - ${escapeHtml(pwa.appName)}</title>
<style>
:root{color-scheme:light dark;--bg:#f3f5f9;--surface:#fff;--text:#1f2937;--muted:#4b5563;--primary:#2f6fbd;--border:#e5e8ef}
@media (prefers-color-scheme:dark){:root{--bg:#0f1217;--surface:#181c23;--text:#e4e7ec;--muted:#9aa3b2;--primary:#8bbcf4;--border:#2a303b}}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:var(--bg);color:var(--text);
font-family:-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;line-height:1.7}
main{box-sizing:border-box;width:min(640px,100% - 32px);margin:12vh 0 32px;padding:28px;background:var(--surface);border:1px solid var(--border);border-radius:14px}
h1{margin:0 0 8px;font-size:1.4rem}.muted{color:var(--muted)}ul{padding-left:1.2em}li{margin:6px 0}
a{color:var(--primary)}nav{display:flex;gap:16px;margin-top:20px}
</style>
</head>
<body>
<main data-offline-page>
<h1>${escapeHtml(text.heading)}</h1>
<p class="muted">${escapeHtml(text.message)}</p>
${list}
<nav><a href="/home">${escapeHtml(text.home)}</a><a href="">${escapeHtml(text.retry)}</a></nav>
</main>
</body>
</html>`;
}
