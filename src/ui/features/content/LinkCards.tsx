import { ExternalLink } from 'lucide-react';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { safeUrl } from './format';
import './content.css';

interface LinkCardProps {
  name: string;
  description: string;
  url: string;
  image: string;
  /** Round for a person's avatar, square for a site's icon. */
  shape?: 'round' | 'square';
}

/** A card leading to another site, opened in a new tab. */
export function LinkCard({ name, description, url, image, shape = 'round' }: LinkCardProps) {
  const href = safeUrl(url);
  const src = safeUrl(image);
  return (
    <a className="link-card" href={href} target="_blank" rel="noopener noreferrer">
      <span className={shape === 'square' ? 'link-card__icon link-card__icon--square' : 'link-card__icon'} aria-hidden="true">
        {src ? <LazyImage src={src} alt="" sizes={IMAGE_SIZES.avatar} /> : Array.from(name)[0]}
      </span>
      <span className="link-card__text">
        <span className="link-card__name">{name}</span>
        {description && <span className="link-card__description">{description}</span>}
        <span className="link-card__url">
          {url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          <ExternalLink aria-hidden="true" className="link-card__external" />
        </span>
      </span>
    </a>
  );
}
