import type { PlayerRuntime } from '../../../ports/playerRuntime';

export interface OverlayProps {
  runtime: PlayerRuntime;
}
