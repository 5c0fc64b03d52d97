/** The addresses imported articles had on the old blog (issue 49), stored normalised (domain/content/oldAddress.ts). */
export interface OldAddressRepository {
  /**
   * Remembers the article's old addresses (already normalised). An address already known for another article
   * moves to this one (the latest import is right); one already known for it changes nothing.
   */
  remember(articleId: number, addresses: readonly string[]): Promise<void>;
  /**
   * The article an old address (any form: full URL, encoded, trailing slash) belonged to, whatever its status:
   * comment imports attach comments to drafts too. `publicOnly` is the reader's view (redirects).
   */
  findArticleIdByOldAddress(address: string, options?: { publicOnly?: boolean }): Promise<number | undefined>;
}
