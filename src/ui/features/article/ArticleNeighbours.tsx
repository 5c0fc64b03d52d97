import { ChevronLeft, ChevronRight, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ArticleLink, Recommendation } from '../../../domain/content/content';
import { imageVariantUrl } from '../../../domain/media/imageVariants';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import * as zhCN from '../../../i18n/zh-CN';
import { articleHref } from '../content/articleHref';
import { formatDate } from '../content/format';

// Below the article, so a chunk of its own (see NeighboursSlot): not part of the article's first load.

const text = zhCN.article;

function NeighbourLink({ link, direction }: { link: ArticleLink | null; direction: 'previous' | 'next' }) {
  const label = direction === 'previous' ? text.previous : text.next;
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  if (!link) {
    return (
      <div className="neighbour" data-direction={direction} data-empty="true">
        <span className="neighbour__label">
          <Icon aria-hidden="true" />
          {label}
        </span>
        <span className="neighbour__title">{text.noNeighbour}</span>
      </div>
    );
  }
  return (
    <Link
      to={articleHref(link.id)}
      className="neighbour"
      data-direction={direction}
      // Half the article's width at most, under a shade: the 960px variant of a raster cover is plenty.
      style={link.cover ? { backgroundImage: `url("${encodeURI(imageVariantUrl(link.cover, 960))}")` } : undefined}
    >
      <span className="neighbour__label">
        <Icon aria-hidden="true" />
        {label}
      </span>
      <span className="neighbour__title">{link.article_title}</span>
    </Link>
  );
}

/** Previous (older) and next (newer) articles, then up to six related ones. */
export default function ArticleNeighbours({ recommendation }: { recommendation: Recommendation }) {
  return (
    <>
      <nav className="neighbours" aria-label={text.neighbours}>
        <NeighbourLink link={recommendation.previous} direction="previous" />
        <NeighbourLink link={recommendation.next} direction="next" />
      </nav>
      {recommendation.related.length > 0 && (
        <section className="card related" aria-labelledby="related-title">
          <h2 id="related-title" className="section-title">
            {text.related}
          </h2>
          <ul className="related__grid">
            {recommendation.related.map((article) => (
              <li key={article.id}>
                <Link to={articleHref(article.id)} className="related__item">
                  {article.cover ? (
                    <LazyImage className="related__cover" src={article.cover} alt="" sizes={IMAGE_SIZES.thumbnail} />
                  ) : (
                    <span className="related__cover related__cover--empty" aria-hidden="true">
                      <FileText />
                    </span>
                  )}
                  <span className="related__text">
                    <span className="related__title">{article.article_title}</span>
                    <time className="related__date" dateTime={article.createdAt}>
                      {formatDate(article.createdAt)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
