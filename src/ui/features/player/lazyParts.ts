import { lazyPart } from '../../hooks/lazyPart';
import type { OverlayProps } from './overlayProps';

// The overlay carries the tables, sliders, popovers and their styles: fetched when the player first opens.
export const playerOverlay = lazyPart<OverlayProps>(() => import('./PlayerOverlay'), { idle: 'player' });
