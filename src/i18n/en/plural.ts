/**
 * A count and its noun, the noun plural unless the count is exactly one: `1 comment`, `2 comments`, and for a
 * count already written out (compacted), `12.3k comments`.
 */
export function plural(count: number | string, one: string, many = `${one}s`): string {
  return `${count} ${String(count) === '1' ? one : many}`;
}
