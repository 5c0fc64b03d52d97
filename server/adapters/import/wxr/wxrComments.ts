import type { ImportedComment, ImportedState } from '../../../domain/comments/importedComments';
import { commentOf, markdownOfHtml } from '../comments/record';
import type { WxrComment, WxrItem } from './wxrReader';

const NO_DATE = /^0000-00-00/;

/** `wp:comment_approved`: 1 approved, 0 held for review, spam, trash; a trashed post's comments stay with it. */
const STATES: Record<string, ImportedState> = {
  '1': 'approved',
  approve: 'approved',
  'post-trashed': 'approved',
  '0': 'waiting',
  hold: 'waiting',
  spam: 'spam',
  trash: 'deleted',
};

const isPingback = (comment: WxrComment) => comment.type === 'pingback' || comment.type === 'trackback';

/** What one post's comments bring: the comments in the shared shape, pingbacks counted, unreadable ones named. */
export interface WxrItemComments {
  comments: ImportedComment[];
  pingbacks: number;
  refused: string[];
}

/**
 * The comments of one WordPress post as the comment import reads them: `page` names the post (its old
 * addresses), the parent is kept for the thread, the owner is a post author's account. Pingbacks and
 * trackbacks are no one's words: they are counted and left out.
 */
export function wxrItemComments(item: WxrItem, page: string[]): WxrItemComments {
  const result: WxrItemComments = { comments: [], pingbacks: 0, refused: [] };
  for (const comment of item.comments) {
    if (isPingback(comment)) {
      result.pingbacks++;
      continue;
    }
    const read = commentOf({
      sourceId: comment.id,
      parentId: comment.parent,
      page,
      nickName: comment.author,
      email: comment.email,
      site: comment.url,
      content: markdownOfHtml(comment.content),
      time: comment.dateGmt !== '' && !NO_DATE.test(comment.dateGmt) ? comment.dateGmt : comment.date,
      state: STATES[comment.approved] ?? 'waiting',
      likes: 0,
      owner: comment.byAuthor,
    });
    if (typeof read === 'string') result.refused.push(read);
    else result.comments.push(read);
  }
  return result;
}
