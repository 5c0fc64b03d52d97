import { DEFAULT_LANGUAGE, type Language } from '../domain/shared/language';

/**
 * How the interface language reaches the catalogue. Each Chinese area is created through `localised`, which
 * asks the installed `Localiser` for the area to use instead; with none installed (a Chinese page) it is the
 * Chinese area itself, at the cost of one property read. Installed on `globalThis` (under a registered symbol)
 * so that whoever installs it needs nothing from the app's own modules:
 * - in the browser, the English catalogue's chunk (src/i18n/english/*.ts), which the server links before the
 *   app's modules on an English page: every area, and so every module-level capture of one, is English;
 * - on the server, the page renderer (server/adapters/ssr/language.ts), before it loads the built renderer:
 *   each area is a proxy answering in the language of the request being rendered.
 */
export interface Localiser {
  language(): Language;
  area(name: string, zh: object): object;
}

const LOCALISER = Symbol.for('tingyu.localiser');

type Scope = { [LOCALISER]?: Localiser };

export function installLocaliser(localiser: Localiser): void {
  (globalThis as Scope)[LOCALISER] = localiser;
}

/**
 * The area to read for a Chinese area of the catalogue. Marked free of side effects, so the build still leaves
 * out every area a chunk does not read (a call at the top of a module would otherwise keep them all).
 */
/* #__NO_SIDE_EFFECTS__ */
export function localised<Area extends object>(name: string, zh: Area): Area {
  const localiser = (globalThis as Scope)[LOCALISER];
  return localiser ? (localiser.area(name, zh) as Area) : zh;
}

/** The interface language of the page (in the browser) or of the request being rendered (on the server). */
export function currentLanguage(): Language {
  return (globalThis as Scope)[LOCALISER]?.language() ?? DEFAULT_LANGUAGE;
}
