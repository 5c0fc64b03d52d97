import fs from 'node:fs';

/**
 * The browser the end-to-end tests drive: `CHROMIUM_PATH`, else Debian's headless shell (package
 * chromium-headless-shell, what Playwright itself runs for headless tests), else Debian's full Chromium.
 * The shell is Chromium's engine without the desktop browser around it: it draws a frame only when asked,
 * where the full browser in `--headless` composites every frame. Per cold page load it cost the suite's
 * browsers 1.7 CPU-s against 4.7 (bench/e2ePageCost.bench.ts, docs/testing.md).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ?? '/usr/bin/chromium-headless-shell';
