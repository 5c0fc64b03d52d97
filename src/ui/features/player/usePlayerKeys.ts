import { useEffect } from 'react';
import { sliderFromVolume } from '../../../domain/player/display';
import type { PlayerRuntime } from '../../../ports/playerRuntime';

export const SEEK_STEP_S = 5;
export const VOLUME_STEP = 5;

/** Typing in a text field (or using a slider, which has its own arrow keys) keeps its keys. */
function keepsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select')) return true;
  return key !== ' ' && target.closest('[role="slider"], [role="menu"], [role="listbox"]') !== null;
}

/**
 * While the player is open: space plays / pauses (unless a text field has focus), ←/→ seek 5 s,
 * ↑/↓ change the volume by 5.
 */
export function usePlayerKeys(runtime: PlayerRuntime, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const { player } = runtime;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (keepsKeys(event.target, event.key)) return;
      const { context } = player.getSnapshot();
      switch (event.key) {
        case ' ':
          event.preventDefault();
          if (!event.repeat) player.send({ type: 'playback.toggle' });
          return;
        case 'ArrowLeft':
        case 'ArrowRight': {
          if (!context.current) return;
          event.preventDefault();
          const delta = event.key === 'ArrowLeft' ? -SEEK_STEP_S : SEEK_STEP_S;
          const end = context.duration > 0 ? context.duration : Infinity;
          player.send({ type: 'seek.commit', time: Math.min(end, Math.max(0, context.currentTime + delta)) });
          return;
        }
        case 'ArrowUp':
        case 'ArrowDown': {
          event.preventDefault();
          const delta = event.key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP;
          player.send({ type: 'volume.set', percent: sliderFromVolume(context.volume) + delta });
          return;
        }
      }
    };
    // Space on a focused button would also click it on key-up: the player's meaning wins.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' && !keepsKeys(event.target, ' ')) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('keyup', onKeyUp);
    };
  }, [runtime, enabled]);
}
