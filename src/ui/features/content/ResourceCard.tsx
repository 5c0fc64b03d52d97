import type { Resource } from '../../../domain/content/content';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { safeUrl } from './format';
import './content.css';

/** A recommended resource: its picture (or its initial), name and what it is good for. */
export function ResourceCard({ resource }: { resource: Resource }) {
  const cover = safeUrl(resource.cover);
  return (
    <a className="resource-card" href={safeUrl(resource.url)} target="_blank" rel="noopener noreferrer">
      {cover ? (
        <LazyImage className="resource-card__cover" src={cover} alt="" sizes={IMAGE_SIZES.gridCover} />
      ) : (
        <span className="resource-card__cover resource-card__cover--empty" aria-hidden="true">
          {Array.from(resource.name)[0]}
        </span>
      )}
      <span className="resource-card__body">
        <span className="resource-card__name">{resource.name}</span>
        {resource.description && <span className="resource-card__description">{resource.description}</span>}
      </span>
    </a>
  );
}
