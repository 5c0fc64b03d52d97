/** The items of a long list that skip layout while far from the window until they are laid out (components.css). */
const SKIPPED = ':is(.article-card, .talk, .home__side > *):not([data-laid-out])';
/**
 * Items laid out a frame. One: three made frames of 55–65 ms with the CPU 4× slower, each over 50 ms on a
 * calibrated Lighthouse phone (~9×), whose blocking time on `/talk` then doubled.
 */
const PER_FRAME = 1;

/**
 * Once the app is live, the items the page skipped while far from the window are laid out one a frame, then
 * the page is marked `data-full-layout` and nothing is skipped any more (the app's scroll positions are in
 * true heights). Laid out all at once, they made the start-up's longest task: a whole-page layout of 100–150 ms
 * with the CPU 4× slower. Each frame's change happens off screen: the browser keeps the text being read in place.
 */
export function layOutInSteps(root: HTMLElement = document.documentElement): void {
  if (root.hasAttribute('data-full-layout')) return;
  const step = () => {
    const items = Array.from(document.querySelectorAll(SKIPPED)).slice(0, PER_FRAME);
    if (items.length === 0) return root.setAttribute('data-full-layout', '');
    for (const item of items) item.setAttribute('data-laid-out', '');
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
