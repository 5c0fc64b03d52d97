import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type PointerEvent } from 'react';
import { imageSrcSet } from '../../../domain/media/imageVariants';
import { IMAGE_SIZES } from '../../components/imageSizes';
import * as zhCN from '../../../i18n/zh-CN';
import type { PhotoViewerProps } from './PhotoViewer';
import './gallery.css';

/** A horizontal drag longer than this (px) turns the page; shorter ones are taps. */
const SWIPE_PX = 50;

/** Full-screen viewer: ← and → (or a swipe) move between images, Esc closes. */
export default function PhotoViewerDialog({ images, index, onIndexChange }: PhotoViewerProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const text = zhCN.gallery;
  const count = images.length;
  const image = index === null ? undefined : images[index];
  const go = (step: number) => {
    if (index === null || count === 0) return;
    onIndexChange((index + step + count) % count);
  };

  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) go(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog.Root open={image !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="viewer__overlay" />
        <Dialog.Content
          className="viewer"
          aria-describedby={undefined}
          onKeyDown={(event) => {
            if (event.key === 'ArrowLeft') go(-1);
            else if (event.key === 'ArrowRight') go(1);
          }}
        >
          <Dialog.Title className="visually-hidden">{text.viewer}</Dialog.Title>
          {image && index !== null && (
            <>
              <figure
                className="viewer__stage"
                onPointerDown={onPointerDown}
                onPointerUp={onPointerUp}
                onPointerCancel={() => {
                  start.current = null;
                }}
              >
                <img
                  key={image.url}
                  className="viewer__image"
                  src={image.url}
                  srcSet={imageSrcSet(image.url)}
                  sizes={IMAGE_SIZES.fullWidth}
                  alt={image.description}
                  draggable={false}
                />
                {image.description && <figcaption className="viewer__caption">{image.description}</figcaption>}
              </figure>
              <p className="viewer__position" aria-live="polite">
                {text.position(index + 1, count)}
              </p>
              {count > 1 && (
                <>
                  <button type="button" className="viewer__nav" data-side="left" aria-label={text.previous} onClick={() => go(-1)}>
                    <ChevronLeft aria-hidden="true" />
                  </button>
                  <button type="button" className="viewer__nav" data-side="right" aria-label={text.next} onClick={() => go(1)}>
                    <ChevronRight aria-hidden="true" />
                  </button>
                </>
              )}
              <Dialog.Close asChild>
                <button type="button" className="viewer__close" aria-label={text.close}>
                  <X aria-hidden="true" />
                </button>
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
