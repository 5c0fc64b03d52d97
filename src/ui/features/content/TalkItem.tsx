import { Heart, Link2, Pin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Talk } from '../../../domain/content/content';
import type { SiteInfo } from '../../../domain/site/site';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import * as zhCN from '../../../i18n/zh-CN';
import { PhotoViewer } from '../gallery/PhotoViewer';
import { formatDateTime } from './format';
import './content.css';

/** One short post: the blogger's avatar and name, the text, up to nine images that open in the viewer. */
export function TalkItem({ talk, site, single = false }: { talk: Talk; site: SiteInfo | null; single?: boolean }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const text = zhCN.content.talk;
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
          <span aria-label={text.likes(talk.likes)}>
            <Heart aria-hidden="true" />
            {talk.likes}
          </span>
          {!single && (
            <Link to={`/talk?id=${talk.id}`}>
              <Link2 aria-hidden="true" />
              {text.permalink}
            </Link>
          )}
        </footer>
        <PhotoViewer images={images} index={viewing} onIndexChange={setViewing} />
      </div>
    </article>
  );
}
