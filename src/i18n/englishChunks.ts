import { currentLanguage } from './language';

/** The English catalogue of the reading pages (the language switch fetches it before reloading in English). */
export const loadEnglishCatalogue = (): Promise<unknown> => import('./english/reader');

/** On an English page, the console's English areas, installed before the console's chunk runs. */
export function loadConsoleCatalogue(): Promise<unknown> {
  return currentLanguage() === 'en' ? import('./english/console') : Promise.resolve();
}
