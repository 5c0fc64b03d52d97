import { Link2, MessageCircle, Pin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { LikeState } from '../../../domain/comments/comments';
import type { Talk } from '../../../domain/content/content';
import type { SiteInfo } from '../../../domain/site/site';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import * as zhCN from '../../../i18n/zh-CN';
import { CommentsSlot } from '../comments/CommentsSlot';
import { TalkLike } from '../comments/TalkLike';
import { PhotoViewer } from '../gallery/PhotoViewer';
import { formatDateTime } from './format';
import './content.css';

interface TalkItemProps {
  talk: Talk;
  site: SiteInfo | null;
  /** Shown alone (`/talk?id=`): its comments are open. */
  single?: boolean;
  /** The reader's like, once the server has said. */
  like?: LikeState;
}

/**
 * One short post: the blogger's avatar and name, the text, up to nine images that open in the viewer, its
 * like and its comments (open when shown alone, a click away in the list).
 */
export function TalkItem({ talk, site, single = false, like }: TalkItemProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(single);
  const text = zhCN.talks;
  const images = talk.images.map((url) => ({ url, description: '' }));
  return (
    <article className="talk">
      {site?.avatar ? (
        <LazyImage className="talk__avatar" src={site.avatar} alt={site.author} sizes={IMAGE_SIZES.avatar} />
      ) : (
        <span className="talk__avatar" />
      )}
      <div className="talk__main">
        <header className="talk__head">
          <span className="talk__author">{site?.author ?? ''}</span>
          {talk.pinned && (
            <span className="pin-badge">
              <Pin aria-hidden="true" />
              {zhCN.content.pinned}
            </span>
          )}
          <time className="talk__time" dateTime={talk.createdAt}>
            {formatDateTime(talk.createdAt)}
          </time>
        </header>
        {talk.content && <p className="talk__content">{talk.content}</p>}
        {images.length > 0 && (
          <div className="talk__images" data-count={images.length}>
            {images.map((image, index) => (
              <button
                key={image.url + index}
                type="button"
                className="talk__image"
                onClick={() => setViewing(index)}
                aria-label={text.image(index + 1)}
              >
                <LazyImage src={image.url} alt="" sizes={images.length === 1 ? IMAGE_SIZES.talkSingle : IMAGE_SIZES.talkGrid} />
              </button>
            ))}
          </div>
        )}
        <footer className="talk__foot">
          <TalkLike id={talk.id} likes={talk.likes} known={like} />
          {!single && (
            <button
              type="button"
              className="talk__comments-toggle"
              aria-expanded={commentsOpen}
              onClick={() => setCommentsOpen((open) => !open)}
            >
              <MessageCircle aria-hidden="true" />
              {commentsOpen ? text.hideComments : text.comments(talk.comment_count)}
            </button>
          )}
          {!single && (
            <Link to={`/talk?id=${talk.id}`}>
              <Link2 aria-hidden="true" />
              {text.permalink}
            </Link>
          )}
        </footer>
        {commentsOpen && (
          <div className="talk__comments">
            <CommentsSlot type="talk" id={talk.id} count={talk.comment_count} />
          </div>
        )}
        <PhotoViewer images={images} index={viewing} onIndexChange={setViewing} />
      </div>
    </article>
  );
}
