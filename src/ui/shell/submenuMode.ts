/**
 * How a header submenu is open: not at all, while the mouse rests on it (`hover`), or until it is
 * dismissed (`pinned`: opened by a click or from the keyboard). Keeping the two apart is what stops the
 * hover and the click that follows it from fighting: the click pins what the hover opened.
 */
export type SubmenuMode = 'closed' | 'hover' | 'pinned';

export type SubmenuEvent =
  /** The mouse entered the trigger or the menu. */
  | 'pointer.enter'
  /** The mouse left both. */
  | 'pointer.leave'
  /** A click on the trigger (or Enter / Space on it). */
  | 'trigger.toggle'
  /** ArrowDown / ArrowUp on the trigger: open, whatever it was. */
  | 'key.open'
  /** Escape, a click elsewhere, focus leaving, an entry chosen. */
  | 'dismiss';

export function nextSubmenuMode(mode: SubmenuMode, event: SubmenuEvent): SubmenuMode {
  switch (event) {
    case 'pointer.enter':
      return mode === 'closed' ? 'hover' : mode;
    case 'pointer.leave':
      return mode === 'hover' ? 'closed' : mode;
    case 'trigger.toggle':
      return mode === 'pinned' ? 'closed' : 'pinned';
    case 'key.open':
      return 'pinned';
    case 'dismiss':
      return 'closed';
  }
}
