import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createContainer, loadHttpApis } from './composition-root';
import type { PageSeed } from './ports/pageSeed';
import { App } from './ui/app/App';
import { PageDataProvider } from './ui/app/pageData';
import { pageFor } from './ui/app/routes';
import { ServicesProvider } from './ui/di';
import { prefetchWhenIdle } from './ui/hooks/idlePrefetch';
import { deferredShell } from './ui/shell/deferredShell';
import { registerOfflineWorkerWhenIdle } from './serviceWorker/whenIdle';
import './ui/styles/global.css';

/** The id of the JSON the server embeds beside the markup it rendered. */
const SEED_ID = 'page-seed';

function readSeed(): PageSeed | null {
  const element = document.getElementById(SEED_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageSeed) : null;
}

prefetchWhenIdle('transport', loadHttpApis);
registerOfflineWorkerWhenIdle();

function appFor(seed: PageSeed | null) {
  return (
    <StrictMode>
      <ServicesProvider container={createContainer(seed)}>
        <PageDataProvider value={{ seed }}>
          <App />
        </PageDataProvider>
      </ServicesProvider>
    </StrictMode>
  );
}

const seed = readSeed();
const root = document.getElementById('root')!;

if (seed) {
  // The page's chunk and the deferred shell's first (the server already linked the page's), so hydration
  // meets the markup it rendered. The container is built after them too, in a task of its own rather than
  // in the long one that evaluates the code.
  void Promise.all([pageFor(window.location.pathname).load().catch(() => undefined), deferredShell.prefetch()])
    .then(() => {
      const app = appFor(seed);
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
      // thread for the whole tree (a blocking lane is never time-sliced); a tap meanwhile hydrates at once.
      // The page's own boundary may then hydrate after answers have come in: what it reads from a store
      // must start from what the server rendered (see useSiteViewCount).
      startTransition(() => {
        hydrateRoot(root, app, {
          // A mismatch is a defect (the page would be rendered again in the browser): say so in the console.
          onRecoverableError: (error) => console.error('hydration', error),
        });
      });
    });
} else {
  createRoot(root).render(appFor(null));
}
