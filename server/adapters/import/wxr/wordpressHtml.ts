import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/** Block-level tags wpautop leaves alone: text between them is a paragraph of its own. */
const BLOCK = 'table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|iframe|video|audio|object|embed';
const STARTS_BLOCK = new RegExp(`^<(?:${BLOCK})[\\s/>]`, 'i');

/** Shortcodes turned into HTML here; any other `[name …]` is kept as written and counted. */
const KNOWN_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'video', 'audio', 'code', 'sourcecode']);

/** HTML that survives into the Markdown (what Markdown cannot say): no script, style, event or foreign scheme. */
const KEEP = ['iframe', 'video', 'audio', 'source', 'sup', 'sub', 'mark', 'kbd', 'u', 'ins', 'details', 'summary', 'abbr'];
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'del', 's', 'strike', ...KEEP],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src'],
    video: ['src', 'poster', 'controls'],
    audio: ['src', 'controls'],
    source: ['src', 'type'],
    code: ['class'],
    pre: ['class', 'lang'],
    abbr: ['title'],
    td: ['align', 'colspan', 'rowspan'],
    th: ['align', 'colspan', 'rowspan'],
    figure: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
};

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface WordpressHtmlContext {
  /** An attachment's address by its id: `[gallery ids="…"]` names pictures by id. */
  attachmentUrl(id: string): string | undefined;
}

export interface ConvertedHtml {
  markdown: string;
  /** Shortcodes kept as written, by name, with how often. */
  unknown: Record<string, number>;
}

/**
 * WordPress's shortcodes that have an HTML meaning: `[caption]` becomes a figure, `[gallery]` its pictures,
 * `[embed]`, `[video]`, `[audio]` links, `[code]`/`[sourcecode]` a code block. Unknown ones are counted.
 */
function expandShortcodes(html: string, context: WordpressHtmlContext, unknown: Record<string, number>): string {
  let result = html.replace(/\[(caption|wp_caption)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi, (_, _name: string, attributes: string, inner: string) => {
    const image = /<img\b[^>]*>/i.exec(inner)?.[0] ?? '';
    const caption = attribute(attributes, 'caption') ?? inner.replace(/<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>/i, '').trim();
    return `<figure>${image}<figcaption>${caption}</figcaption></figure>`;
  });
  result = result.replace(/\[gallery([^\]]*)\]/gi, (_, attributes: string) => {
    const ids = (attribute(attributes, 'ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    const images = ids.flatMap((id) => {
      const url = context.attachmentUrl(id);
      return url ? [`<p><img src="${escapeHtml(url)}" alt=""></p>`] : [];
    });
    return `<figure class="gallery">${images.join('')}</figure>`;
  });
  result = result.replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_, url: string) => `<a href="${escapeHtml(url.trim())}">${escapeHtml(url.trim())}</a>`);
  result = result.replace(/\[(video|audio)([^\]]*)\](?:\[\/\1\])?/gi, (whole: string, _name: string, attributes: string) => {
    const src = attribute(attributes, 'src') ?? attribute(attributes, 'mp4') ?? attribute(attributes, 'mp3');
    return src ? `<a href="${escapeHtml(src)}">${escapeHtml(src)}</a>` : whole;
  });
  result = result.replace(/\[(code|sourcecode)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi, (_, _name: string, attributes: string, code: string) => {
    const language = attribute(attributes, 'lang') ?? attribute(attributes, 'language') ?? '';
    return `<pre><code${language ? ` class="language-${escapeHtml(language)}"` : ''}>${escapeHtml(code.replace(/^\n|\n$/g, ''))}</code></pre>`;
  });
  for (const match of result.matchAll(/\[([a-z][\w-]*)(?=[\s\]])[^\]]*\]/gi)) {
    const name = match[1]!.toLowerCase();
    if (KNOWN_SHORTCODES.has(name)) continue;
    // A word in brackets is text; a shortcode has attributes or a closing tag.
    if (!/=/.test(match[0]) && !result.includes(`[/${match[1]}]`)) continue;
    unknown[name] = (unknown[name] ?? 0) + 1;
  }
  return result;
}

/** WordPress's wpautop: text separated by blank lines becomes paragraphs, single line breaks `<br>`; `<pre>` is left as it is. */
export function wpautop(html: string): string {
  const kept: string[] = [];
  const protectedHtml = html.replace(/<pre\b[\s\S]*?<\/pre>/gi, (block) => `\uE000${kept.push(block) - 1}\uE000`);
  const paragraphs = protectedHtml
    .replace(/\r\n?/g, '\n')
    .replace(new RegExp(`(<(?:${BLOCK})[\\s/>])`, 'gi'), '\n\n$1')
    .replace(new RegExp(`(</(?:${BLOCK})>)`, 'gi'), '$1\n\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    // A link alone on its line is an embed for WordPress: a link here.
    .map((chunk) => (/^https?:\/\/\S+$/.test(chunk) ? `<p><a href="${escapeHtml(chunk)}">${escapeHtml(chunk)}</a></p>` : chunk))
    .map((chunk) => (STARTS_BLOCK.test(chunk) || /^<\//.test(chunk) || /^\uE000\d+\uE000$/.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`));
  return paragraphs.join('\n').replace(/\uE000(\d+)\uE000/g, (_, index: string) => kept[Number(index)]!);
}

function imageMarkdown(alt: string, src: string, caption: string): string {
  const label = alt.replace(/[[\]\\]/g, '\\$&');
  const title = caption ? ` "${caption.replace(/["\\]/g, '\\$&')}"` : '';
  return `![${label}](${src.replace(/[()\s]/g, encodeURIComponent)}${title})`;
}

function createTurndown(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*', hr: '---' });
  service.use(gfm);
  service.keep(KEEP.filter((tag) => tag !== 'iframe' && tag !== 'source') as TurndownService.TagName[]);
  // An image with its caption: the caption is the image's title, which the article page shows under it.
  service.addRule('figure', {
    filter: (node) => node.nodeName === 'FIGURE' && node.querySelectorAll('img').length === 1,
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const image = element.querySelector('img')!;
      const caption = element.querySelector('figcaption')?.textContent?.trim() ?? '';
      return `\n\n${imageMarkdown(image.getAttribute('alt') ?? '', image.getAttribute('src') ?? '', caption)}\n\n`;
    },
  });
  // Embeds are links: the player of another site is not ours to run.
  service.addRule('embed', {
    filter: ['iframe'],
    replacement: (_content, node) => {
      const src = (node as HTMLElement).getAttribute('src') ?? '';
      return src ? `\n\n<${src}>\n\n` : '';
    },
  });
  return service;
}

let turndown: TurndownService | undefined;

/**
 * A WordPress post body as Markdown: Gutenberg's block comments dropped, shortcodes expanded, implicit
 * paragraphs made explicit, the HTML sanitised and converted by turndown with GitHub's tables and strike.
 */
export function wordpressToMarkdown(html: string, context: WordpressHtmlContext): ConvertedHtml {
  const unknown: Record<string, number> = {};
  const withoutBlocks = html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '');
  // A `<pre>` without `<code>` is still code (classic editor posts): turndown fences only `pre > code`.
  const expanded = expandShortcodes(withoutBlocks, context, unknown).replace(
    /<pre\b([^>]*)>(?!\s*<code)([\s\S]*?)<\/pre>/gi,
    '<pre$1><code>$2</code></pre>',
  );
  const clean = sanitizeHtml(wpautop(expanded), SANITIZE);
  turndown ??= createTurndown();
  return { markdown: turndown.turndown(clean).trim(), unknown };
}

/** A title as text: WordPress allows HTML and entities in titles. */
export function titleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
