/**
 * `Content-Disposition: attachment` naming a download: `filename` for clients that read only ASCII (every
 * other character becomes `_`), and the real name as RFC 5987 `filename*` (UTF-8, percent-encoded), which
 * browsers prefer.
 */
export function attachment(name: string, asciiName: string): string {
  const ascii = asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
