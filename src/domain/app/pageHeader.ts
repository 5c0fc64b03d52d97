/** Header image configured for one route of the site. */
export type PageHeader = { route: string; image: string };

// "/about/" and "/about" are the same page; the root stays "/".
function normalizeRoute(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Header image for a pathname: exact route match only (after ignoring a trailing
 * slash), so `/resources/front` and `/resources/back` each use their own entry and
 * never fall back to a `/resources` one. The first matching entry wins.
 */
export function headerImageFor(headers: readonly PageHeader[], pathname: string): string | undefined {
  const target = normalizeRoute(pathname);
  return headers.find((header) => normalizeRoute(header.route) === target)?.image;
}
