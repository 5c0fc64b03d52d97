import { imageSrcSet } from '../../../domain/media/imageVariants';
import type { CommentAuthor } from '../../../domain/comments/comments';
import * as zhCN from '../../../i18n/zh-CN';
import { safeUrl } from '../content/format';

/** The author's avatar, or the first character of the nickname on a tinted disc. */
export function CommentAvatar({ author, size }: { author: CommentAuthor; size: number }) {
  const src = safeUrl(author.avatar);
  if (src) {
    return (
      <img
        className="comment__avatar"
        src={src}
        srcSet={imageSrcSet(src)}
        sizes={`${size}px`}
        width={size}
        height={size}
        loading="lazy"
        alt={zhCN.comments.avatarOf(author.nickName)}
      />
    );
  }
  return (
    <span className="comment__avatar comment__avatar--empty" style={{ width: size, height: size }} aria-hidden="true">
      {Array.from(author.nickName)[0] ?? ''}
    </span>
  );
}
