/**
 * The browser the end-to-end tests drive: `CHROMIUM_PATH`, else Debian's Chromium. (Debian's headless shell,
 * chromium-headless-shell, costs a third of the CPU per cold page load in bench/e2ePageCost.bench.ts, but the
 * suite beside it failed on the player bar's hover and timed out loading the lyric board: see docs/testing.md.)
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
