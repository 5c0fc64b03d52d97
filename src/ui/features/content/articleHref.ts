/** An article's address. A module of its own: pages that only link to articles do not load the card. */
export function articleHref(id: number): string {
  return `/article?id=${id}`;
}
