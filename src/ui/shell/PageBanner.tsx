import { useSelector } from '../hooks/useSelector';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { headerImageFor } from '../../domain/app/pageHeader';
import { imageSrcSet } from '../../domain/media/imageVariants';
import { TOKENS } from '../../ports/tokens';
import { IMAGE_SIZES } from '../components/imageSizes';
import { useService } from '../di';
import { useSiteInfo } from '../hooks/useSiteInfo';
import './banner.css';

interface PageBannerProps {
  title: string;
  /** Which route's header image to show; defaults to the current path. */
  route?: string;
  /** The home page's banner fills the window. */
  full?: boolean;
  children?: ReactNode;
}

/** The image band at the top of a page, from the page-header data the session loaded at start. */
export function PageBanner({ title, route, full = false, children }: PageBannerProps) {
  const { pathname } = useLocation();
  const headers = useSelector(useService(TOKENS.appSession), (snapshot) => snapshot.context.pageHeaders);
  const image = headerImageFor(headers, route ?? pathname);
  const siteName = useSiteInfo()?.name;
  const srcSet = image ? imageSrcSet(image) : undefined;

  useEffect(() => {
    if (!siteName) return;
    document.title = title && title !== siteName ? `${title} | ${siteName}` : siteName;
  }, [title, siteName]);

  return (
    <section className="page-banner" data-full={full} data-has-image={image !== undefined}>
      {image && (
        // The first screen's picture: an element (found by the preload scanner in the server's HTML, unlike a
        // background), fetched first, in the variant as wide as the window; the band's own size holds its place.
        <img
          className="page-banner__image"
          src={image}
          srcSet={srcSet}
          sizes={srcSet ? IMAGE_SIZES.fullWidth : undefined}
          alt=""
          fetchPriority="high"
        />
      )}
      <div className="page-banner__content">
        <h1 className="page-banner__title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
