import crypto from 'node:crypto';
import { LIGHT_FROM_HOUR, LIGHT_UNTIL_HOUR } from '../../../src/domain/theme/themeByHour';

/**
 * Runs before the first paint when the reader never chose a theme: the site is light from 8 to 18 o'clock
 * local time, which only the browser knows. (A chosen theme comes with the page, from the UI cookie.)
 */
export const THEME_SCRIPT =
  `(function(){var h=new Date().getHours(),t=h>=${LIGHT_FROM_HOUR}&&h<=${LIGHT_UNTIL_HOUR}?'light':'dark',` +
  `e=document.documentElement;e.dataset.theme=t;e.style.colorScheme=t})()`;

/**
 * Runs first on every rendered page: a reload or a Back marks the page `data-full-layout`, so the items a
 * fresh visit leaves unrendered until they near the window are laid out at once (components.css) and the
 * browser can put the reader back exactly where they were. The navigation API says how the page was reached
 * where there is one, the navigation's timing entry elsewhere.
 */
export const FULL_LAYOUT_SCRIPT =
  `(function(){var a=window.navigation&&navigation.activation,` +
  `n=!a&&performance.getEntriesByType&&performance.getEntriesByType('navigation')[0],t=a?a.navigationType:n&&n.type;` +
  `if(t==='reload'||t==='traverse'||t==='back_forward')document.documentElement.setAttribute('data-full-layout','')})()`;

/** The inline scripts' hashes for the CSP's `script-src`, which otherwise allows no inline script. */
export const INLINE_SCRIPT_CSP_SOURCES = [THEME_SCRIPT, FULL_LAYOUT_SCRIPT].map(
  (script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`,
);
