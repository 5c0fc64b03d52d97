/** A cover at a given square size, NetEase style (`?param=200y200`); '' stays '' (the default cover is drawn). */
export function sizedCover(url: string, px: number): string {
  if (!url) return '';
  const param = `param=${px}y${px}`;
  if (/[?&]param=\d+y\d+/.test(url)) return url.replace(/param=\d+y\d+/, param);
  return `${url}${url.includes('?') ? '&' : '?'}${param}`;
}

/** The artists as one line, or the "singer got lost" placeholder. */
export function artistLine(artists: readonly string[], unknown: string): string {
  return artists.length > 0 ? artists.join(' / ') : unknown;
}
