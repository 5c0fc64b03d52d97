/**
 * What skips layout while far from the window until it is laid out: a long list's items (components.css) and an
 * article's blocks past its opening ones and what follows it (article.css).
 */
const SKIPPED =
  ':is(.article-card, .talk, .home__side > *, #article-body-preview > :nth-child(n + 7), .article-after > *):not([data-laid-out])';
/**
 * Items laid out a frame. One: three made frames of 55–65 ms with the CPU 4× slower, each over 50 ms on a
 * calibrated Lighthouse phone (~9×), whose blocking time on `/talk` then doubled.
 */
const PER_FRAME = 1;

/** The page's mark that nothing is skipped any more (components.css, article.css). */
const FULL_LAYOUT = 'data-full-layout';

/**
 * Once the app is live, the items the page skipped while far from the window are laid out one a frame, then
 * the page is marked `data-full-layout` and nothing is skipped any more (the app's scroll positions are in
 * true heights). Laid out all at once, they made the start-up's longest task: a whole-page layout of 100–150 ms
 * with the CPU 4× slower. Each frame's change happens off screen: the browser keeps the text being read in place.
 */
export function layOutInSteps(root: HTMLElement = document.documentElement): void {
  const step = () => {
    if (root.hasAttribute(FULL_LAYOUT)) return;
    const items = Array.from(document.querySelectorAll(SKIPPED)).slice(0, PER_FRAME);
    if (items.length === 0) return layOutEverything(root);
    for (const item of items) item.setAttribute('data-laid-out', '');
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Lays out at once whatever is still skipped: before a scroll to a place in the page (a heading, a comment),
 * which lands there only if everything above it is at its true height. A smooth scroll aimed past skipped
 * blocks ended a heading's height away from it, under the header, as the blocks it passed took their heights.
 */
export function layOutEverything(root: HTMLElement = document.documentElement): void {
  root.setAttribute(FULL_LAYOUT, '');
}
