import crypto from 'node:crypto';
import { LIGHT_FROM_HOUR, LIGHT_UNTIL_HOUR } from '../../../src/domain/theme/themeByHour';

/**
 * Runs before the first paint when the reader never chose a theme: the site is light from 8 to 18 o'clock
 * local time, which only the browser knows. (A chosen theme comes with the page, from the UI cookie.)
 */
export const THEME_SCRIPT =
  `(function(){var h=new Date().getHours(),t=h>=${LIGHT_FROM_HOUR}&&h<=${LIGHT_UNTIL_HOUR}?'light':'dark',` +
  `e=document.documentElement;e.dataset.theme=t;e.style.colorScheme=t})()`;

/** The script's hash for the CSP's `script-src`, which otherwise allows no inline script. */
export const THEME_SCRIPT_CSP_SOURCE = `'sha256-${crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
