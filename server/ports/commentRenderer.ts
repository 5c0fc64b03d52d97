/** Turns a comment's Markdown into HTML that is safe to insert as it is. */
export interface CommentRenderer {
  /** Only the comment subset (bold, italic, code, code blocks, links, line breaks); links carry rel and target. */
  render(markdown: string): string;
  /** Links the text makes (Markdown links and bare addresses), as the renderer finds them. */
  linkCount(markdown: string): number;
}
