import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { CommentRenderer } from '../../ports/commentRenderer';

/** The link attributes every comment link carries: no endorsement, user content, no window.opener. */
export const COMMENT_LINK_REL = 'nofollow ugc noopener';

const LINK_SCHEME = /^(https?:|mailto:)/i;

/**
 * Markdown-it from its empty preset with only the comment subset switched on: paragraphs and line breaks,
 * bold and italic, inline code, fenced and indented code blocks, links, `<https://…>` and bare addresses.
 * Raw HTML is off (it stays text); headings, lists, quotes, tables and images stay their plain source.
 */
function commentMarkdown(): MarkdownIt {
  const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true });
  md.enable(['code', 'fence', 'newline', 'escape', 'backticks', 'emphasis', 'link', 'autolink', 'entity', 'linkify']);
  // `www.example.com` is not a link: only what says http(s) or mailto is.
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  // Nor is `[x](page)` or `[x](/path)`: a comment links out by a full address, and anything else stays its source.
  md.validateLink = (url) => LINK_SCHEME.test(url);
  return md;
}

/** The second wall: whatever markdown-it let through, only these tags and attributes survive. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'code', 'pre', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: COMMENT_LINK_REL, target: '_blank' },
    }),
  },
};

export function createCommentRenderer(): CommentRenderer {
  const md = commentMarkdown();
  return {
    render(markdown) {
      return sanitizeHtml(md.render(markdown), SANITIZE).trim();
    },
    linkCount(markdown) {
      let links = 0;
      for (const token of md.parse(markdown, {})) {
        for (const child of token.children ?? []) if (child.type === 'link_open') links++;
      }
      return links;
    },
  };
}
