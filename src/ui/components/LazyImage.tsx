import { Coffee } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import * as zhCN from '../../i18n/zh-CN';
import './components.css';

type LazyImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading'> & { src: string; alt: string };

/**
 * The image-loading directive as a component: a coffee cup stands in until the image loads or fails,
 * then disappears without a word.
 */
export function LazyImage({ className, onLoad, onError, ...image }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [settled, setSettled] = useState(false);

  useLayoutEffect(() => {
    // A cached image may finish before React attaches its handlers.
    setSettled(ref.current?.complete ?? false);
  }, [image.src]);

  return (
    <span className={['lazy-image', className].filter(Boolean).join(' ')} data-loaded={settled}>
      <img
        {...image}
        ref={ref}
        loading="lazy"
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
        <span className="lazy-image__placeholder" role="img" aria-label={zhCN.loading}>
          <Coffee aria-hidden="true" />
        </span>
      )}
    </span>
  );
}
