import { SITE_UTC_OFFSET_MINUTES } from './article';
import { oldAddresses } from './oldAddress';

/** Hexo's permalink when the blog's `_config.yml` does not name one. */
export const HEXO_DEFAULT_PERMALINK = ':year/:month/:day/:title/';

type Data = Record<string, unknown>;

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Paths given as one text or a list (Hugo `aliases`, Jekyll `redirect_from`). */
function paths(value: unknown): string[] {
  const items = Array.isArray(value) ? value.flat(Infinity) : [value];
  return items.map(scalar).filter((item): item is string => item !== undefined);
}

/** The post's path under `_posts` without its extension: Hexo's `:title` when no slug is written. */
function postName(relativePath: string): string {
  return relativePath
    .replace(/\\/g, '/')
    .replace(/^(?:.*\/)?(?:source\/)?_posts\//, '')
    .replace(/\.(md|markdown)$/i, '')
    .replace(/\/index$/, '');
}

/**
 * Fills a Hexo permalink pattern (`:year/:month/:day/:title/`, `posts/:abbrlink.html`, `:category/:urlname/`):
 * the date parts in site time, `:title` the slug, and any other `:key` a front-matter value. A pattern naming
 * something the post does not have gives no address.
 */
export function fillPermalink(pattern: string, data: Data, relativePath: string, createdAt: string): string | undefined {
  const local = new Date(Date.parse(createdAt) + SITE_UTC_OFFSET_MINUTES * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const title = scalar(data.slug) ?? postName(relativePath);
  const categories = paths(data.categories ?? data.category);
  const values: Record<string, string | undefined> = {
    year: String(local.getUTCFullYear()),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    i_month: String(local.getUTCMonth() + 1),
    i_day: String(local.getUTCDate()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
    second: two(local.getUTCSeconds()),
    title,
    name: title.split('/').pop(),
    category: categories.at(-1),
  };
  let missing = false;
  const filled = pattern.replace(/:([a-z_][a-z0-9_]*)/gi, (_, key: string) => {
    const value = key in values ? values[key] : scalar(data[key]);
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : filled;
}

/**
 * Every address a Markdown post may have had: its front matter's `permalink` (Hexo, Jekyll) or `url` (Hugo),
 * the blog's permalink pattern (Hexo's default unless given), hexo-abbrlink's `posts/:abbrlink/` and
 * `posts/:abbrlink.html`, a `urlname`, Hugo's `posts/<slug>/`, Hugo `aliases` and Jekyll `redirect_from`.
 * Normalised and distinct.
 */
export function markdownOldAddresses(input: {
  data: Data;
  relativePath: string;
  createdAt: string;
  /** The blog's Hexo `permalink` setting, when known. */
  permalink?: string | undefined;
}): string[] {
  const { data, relativePath, createdAt } = input;
  const candidates = [scalar(data.permalink), scalar(data.url), scalar(data.urlname)].filter((item) => item !== undefined);
  const pattern = fillPermalink(input.permalink ?? HEXO_DEFAULT_PERMALINK, data, relativePath, createdAt);
  if (pattern !== undefined) candidates.push(pattern);
  const abbrlink = scalar(data.abbrlink);
  if (abbrlink !== undefined) candidates.push(`posts/${abbrlink}/`, `posts/${abbrlink}.html`);
  candidates.push(`posts/${(scalar(data.slug) ?? postName(relativePath)).split('/').pop()}/`);
  candidates.push(...paths(data.aliases), ...paths(data.redirect_from));
  return oldAddresses(candidates);
}
