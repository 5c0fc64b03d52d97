/**
 * The English catalogue of the reading pages, a chunk of its own: the server links it before the app's modules
 * on an English page (server/adapters/ssr/pageRenderer.ts), so it is installed before any area is created.
 * Imports nothing of the app at run time (see install.ts).
 */
import * as areas from '../en/readerAreas';
import type { ReaderArea } from './areas';
import { installEnglish } from './install';

installEnglish(areas satisfies Record<ReaderArea, object>);
