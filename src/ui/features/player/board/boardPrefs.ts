import { useSyncExternalStore } from 'react';

/**
 * What the lyric board keeps for the visit outside the player machine: the background image chosen from a
 * local file (an object URL: the file never leaves the browser) and the professional (black) background.
 */
export interface BoardPrefs {
  background: { url: string; name: string } | null;
  professional: boolean;
}

let prefs: BoardPrefs = { background: null, professional: false };
const listeners = new Set<() => void>();

function update(next: BoardPrefs): void {
  prefs = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBoardPrefs(): BoardPrefs {
  return useSyncExternalStore(subscribe, () => prefs, () => prefs);
}

/** Shows a local image as the board's background (the previous one's object URL is released). */
export function setBackgroundFile(file: File | null): void {
  if (prefs.background) URL.revokeObjectURL(prefs.background.url);
  update({ ...prefs, background: file ? { url: URL.createObjectURL(file), name: file.name } : null });
}

export function setProfessional(professional: boolean): void {
  update({ ...prefs, professional });
}
