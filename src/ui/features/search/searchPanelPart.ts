import { lazyPart } from '../../hooks/lazyPart';

// The panel inside the search dialog (results, hot list, history) is a chunk of its own; the idle
// prefetch takes it right after the dialog (see SearchEntry), so the first open shows the box at once.
export const searchPanel = lazyPart(() => import('./SearchPanel'));
