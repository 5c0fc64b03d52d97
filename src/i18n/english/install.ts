import type { Localiser } from '../language';

/**
 * The registered symbol of ../language.ts, written here rather than imported: an import of that module would
 * make this chunk load the app's shell chunk, and so run the app's modules, before the English areas are in.
 */
const LOCALISER = Symbol.for('tingyu.localiser');

const areas: Record<string, object> = {};

/** Makes the page English: every Chinese area created from now on is the English one given here. */
export function installEnglish(more: Record<string, object>): void {
  Object.assign(areas, more);
  (globalThis as { [LOCALISER]?: Localiser })[LOCALISER] ??= {
    language: () => 'en',
    area: (name, zh) => areas[name] ?? zh,
  };
}
