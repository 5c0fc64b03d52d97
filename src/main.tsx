import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Container } from 'inversify';
import { loadHttpApis, startContainer } from './composition-root';
import { yieldToMain } from './ui/app/yieldToMain';
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

function appFor(seed: PageSeed | null, container: Container) {
  return (
    <StrictMode>
      <ServicesProvider container={container}>
        <PageDataProvider value={{ seed }}>
          <App />
        </PageDataProvider>
      </ServicesProvider>
    </StrictMode>
  );
}

/**
 * The start-up in steps, the main thread handed back to the browser between them (issue 48): with the CPU
 * 4× slower, evaluating the code, building the container, starting the actors and hydrating had made tasks
 * of 150–700 ms, and a tap meanwhile waited for them. Each step is short; a tap between two is answered
 * before the next (docs/benchmarks.md, Before the app).
 */
async function start(seed: PageSeed | null, root: HTMLElement) {
  await yieldToMain();
  if (seed) {
    // The page's chunk and the deferred shell's first (the server already linked the page's), so hydration
    // meets the markup it rendered.
    await Promise.all([pageFor(window.location.pathname).load().catch(() => undefined), deferredShell.prefetch()]);
  }
  const app = appFor(seed, await startContainer(seed, yieldToMain));
  await yieldToMain();
  if (!seed) return createRoot(root).render(app);
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
}

void start(readSeed(), document.getElementById('root')!);
