import { Coffee } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { imageSrcSet } from '../../domain/media/imageVariants';
import * as zhCN from '../../i18n/zh-CN';
import './components.css';

type LazyImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'srcSet' | 'sizes' | 'fetchPriority'> & {
  src: string;
  alt: string;
  /** The width the picture is laid out at (see IMAGE_SIZES): the browser picks the variant that fits. */
  sizes: string;
  /**
   * In the first screen: `eager` is fetched at once instead of lazily; `high` is the page's main picture,
   * fetched at once and before the others. Everything else loads lazily, as it nears the window.
   */
  priority?: 'eager' | 'high';
};

/**
 * The image-loading directive as a component: a coffee cup stands in until the image loads or fails,
 * then disappears without a word (until the app is live, the picture lies over it and the boot script hides
 * it, src/boot.ts). The box is sized by the view's stylesheet, so nothing moves when the picture arrives;
 * raster pictures of /media come in the width variants the server makes of them.
 */
export function LazyImage({ className, onLoad, onError, sizes, priority, ...image }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [settled, setSettled] = useState(false);
  const srcSet = imageSrcSet(image.src);

  useLayoutEffect(() => {
    // A cached image may finish before React attaches its handlers.
    setSettled(ref.current?.complete ?? false);
  }, [image.src]);

  return (
    <span className={['lazy-image', className].filter(Boolean).join(' ')}>
      <img
        {...image}
        ref={ref}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding="async"
        onLoad={(event) => {
          setSettled(true);
          onLoad?.(event);
        }}
        onError={(event) => {
          setSettled(true);
          onError?.(event);
        }}
      />
      {!settled && (
        <span className="lazy-image__placeholder" role="img" aria-label={zhCN.shell.loading}>
          <span className="lazy-image__cup">
            <Coffee aria-hidden="true" />
          </span>
        </span>
      )}
    </span>
  );
}
