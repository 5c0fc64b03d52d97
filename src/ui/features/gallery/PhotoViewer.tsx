import { Suspense } from 'react';
import { lazyPart, useOnceTrue } from '../../hooks/lazyPart';

export interface ViewerImage {
  url: string;
  description: string;
}

export interface PhotoViewerProps {
  images: ViewerImage[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

// The viewer (and the dialog library under it) shows nothing until a photo is opened: it stays out of
// the first load of the photo and talk pages and is fetched when the browser is idle, or on first open.
const viewer = lazyPart(() => import('./PhotoViewerDialog'), { idle: 'page' });

/** The full-screen photo viewer, mounted from the first open on (its code arrives then at the latest). */
export function PhotoViewer(props: PhotoViewerProps) {
  const mounted = useOnceTrue(props.index !== null);
  return mounted ? (
    <Suspense fallback={null}>
      <viewer.Component {...props} />
    </Suspense>
  ) : null;
}
