/** The console's English areas, installed before the console's chunk runs (see loadConsoleCatalogue). */
import * as areas from '../en/consoleAreas';
import type { ConsoleArea } from './areas';
import { installEnglish } from './install';

installEnglish(areas satisfies Record<ConsoleArea, object>);
