import type { Translation } from '../translation';
import type { shell as zh } from '../zh-CN/shell';

/** Words of the app shell. */
export const shell = {
  backToTop: 'Back to top',
  loading: 'Loading…',
  lazyLoadFailed: 'The page failed to load. Please refresh and try again.',
} as const satisfies Translation<typeof zh>;
