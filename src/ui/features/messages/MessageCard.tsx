import { Heart, MessageCircle, PenLine } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { canManageMessage } from '../../../domain/content/messages';
import type { Message, MessageLike } from '../../../domain/content/content';
import { imageVariantUrl } from '../../../domain/media/imageVariants';
import { relativeTime } from '../../../domain/shared/relativeTime';
import { TOKENS } from '../../../ports/tokens';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { useAccount } from '../account/useAccount';
import { useNow } from '../../app/pageData';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { formatDate, formatDateTime, safeUrl } from '../content/format';
import { DeleteMessage } from './DeleteMessage';
import './messages.css';

/** How a post looks: its colour, or its background image under a shade so the text stays legible. */
export function messageStyle(message: Pick<Message, 'color' | 'bgImage'>): CSSProperties | undefined {
  const image = safeUrl(message.bgImage);
  // A card is at most a column of the board wide: the 640px variant of a raster picture is enough.
  if (image) return { backgroundImage: `url("${encodeURI(imageVariantUrl(image, 640))}")` };
  if (/^#[0-9a-f]{6}$/i.test(message.color)) return { backgroundColor: message.color };
  return undefined;
}

/** Beyond a month "N 天前" says less than the date itself. */
const RELATIVE_FOR_DAYS = 30;

/** "3分钟前" for recent posts, the date for older ones. */
export function useRelativeTime(): (iso: string) => string {
  const now = useNow();
  return (iso: string) => {
    const at = Date.parse(iso);
    if (Number.isNaN(at)) return '';
    const { value, unit } = relativeTime(now - at);
    if (unit === 'day' && value > RELATIVE_FOR_DAYS) return formatDate(iso);
    return zhCN.relativeTime[unit](value);
  };
}

export function MessageAvatar({ src, name }: { src: string; name: string }) {
  const image = safeUrl(src);
  if (image) return <LazyImage className="message__avatar" src={image} alt={zhCN.session.avatarAlt(name)} sizes={IMAGE_SIZES.avatar} />;
  return (
    <span className="message__avatar message__avatar--empty" aria-hidden="true">
      {Array.from(name)[0] ?? ''}
    </span>
  );
}

interface MessageCardProps {
  message: Message;
  layout: 'card' | 'row' | 'detail';
  onDeleted?: () => void;
}

/** One message-board post with its like button, reply count and, for its author or the administrator, edit and delete. */
export function MessageCard({ message, layout, onDeleted }: MessageCardProps) {
  const api = useService(TOKENS.contentApi);
  const { user, openLogin } = useAccount();
  const [like, setLike] = useState<MessageLike | null>(null);
  const ago = useRelativeTime();
  const text = zhCN.messages;
  const likes = like ?? { likes: message.likes, liked: message.liked };
  const manageable = canManageMessage(message, user);
  const painted = messageStyle(message);

  const toggleLike = () => {
    if (!user) {
      openLogin();
      return;
    }
    api.likeMessage(message.id).then(setLike, () => undefined);
  };

  return (
    <article
      className="message"
      data-layout={layout}
      data-painted={painted !== undefined}
      data-image={safeUrl(message.bgImage) !== undefined}
      style={layout === 'row' ? undefined : painted}
    >
      <header className="message__head">
        <MessageAvatar src={message.author.avatar} name={message.author.nickName} />
        <span className="message__who">
          <span className="message__author">{message.author.nickName}</span>
          <time className="message__time" dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {ago(message.createdAt)}
          </time>
        </span>
      </header>
      {layout === 'detail' ? (
        <p className="message__content">{message.content}</p>
      ) : (
        <Link to={`/message/detail?id=${message.id}`} className="message__content message__content--link">
          {message.content}
        </Link>
      )}
      <footer className="message__foot">
        <button
          type="button"
          className="message-action"
          data-active={likes.liked}
          aria-pressed={likes.liked}
          onClick={toggleLike}
        >
          <Heart aria-hidden="true" />
          {/* In the content, not aria-label: the name must hold the count the button shows. */}
          <span className="visually-hidden">{likes.liked ? text.unlike : text.like}</span>
          {likes.likes}
        </button>
        {layout === 'detail' ? (
          <span className="message-action message-action--static">
            <MessageCircle aria-hidden="true" />
            {text.replyCount(message.replyCount)}
          </span>
        ) : (
          <Link to={`/message/detail?id=${message.id}`} className="message-action" aria-label={text.replyCount(message.replyCount)}>
            <MessageCircle aria-hidden="true" />
            {message.replyCount}
          </Link>
        )}
        {manageable && (
          <>
            <Link to={`/message/publish?id=${message.id}`} className="message-action">
              <PenLine aria-hidden="true" />
              {text.edit}
            </Link>
            <DeleteMessage id={message.id} onDeleted={onDeleted} />
          </>
        )}
      </footer>
    </article>
  );
}
