/**
 * The browser the end-to-end tests drive: `CHROMIUM_PATH`, else Debian's Chromium headless shell (package
 * chromium-headless-shell, what Playwright itself runs headless). Per cold page load it costs the machine a
 * third of the full browser's CPU (bench/e2ePageCost.bench.ts), and the suite is bound by that CPU: four files
 * side by side took 169 s in the shell against 259 s in the full browser (docs/testing.md). The benches that
 * need the full browser (Lighthouse) use /usr/bin/chromium.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
