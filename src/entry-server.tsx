import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Writable } from 'node:stream';
import { createRenderContainer, type RenderPorts } from './composition-root';
import type { PageSeed } from './ports/pageSeed';
import { AppRoutes } from './ui/app/App';
import { PageDataProvider, type KeptMarkup, type LoadOutcome } from './ui/app/pageData';
import { pageFor } from './ui/app/routes';
import { ServicesProvider } from './ui/di';

export type { RenderPorts };

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  ports: RenderPorts;
  /** Everything of the seed but the page's own loads, which the render collects. */
  seed: Omit<PageSeed, 'loads'>;
  /** The server's HTML sanitiser for Markdown output (DOMPurify needs a browser). */
  sanitizeHtml: (html: string) => string;
  /** The article bodies' markup made in earlier renders (see PageData). */
  keptMarkup: KeptMarkup;
}

export interface RenderedPage {
  html: string;
  seed: PageSeed;
  /** The page's module as the client build's manifest names it (its chunk and styles go into the head). */
  pageSource: string;
}

/** How long a render may wait for its data before the page is sent as it is (the browser loads the rest). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders a reading page with the same views the browser uses: its loads run against the server's ports,
 * the render waits for all of them (and for the page's lazy chunk), and their answers form the seed.
 */
export function renderPage({ url, ports, seed, sanitizeHtml, keptMarkup }: RenderRequest): Promise<RenderedPage> {
  const loads = new Map<string, Promise<LoadOutcome>>();
  const answers: Record<string, unknown> = {};
  const collect = (key: string, load: () => Promise<unknown>) => {
    let outcome = loads.get(key);
    if (!outcome) {
      outcome = load().then(
        (data): LoadOutcome => {
          answers[key] = data;
          return { ok: true, data };
        },
        (): LoadOutcome => ({ ok: false }),
      );
      loads.set(key, outcome);
    }
    return outcome;
  };
  const fullSeed: PageSeed = { ...seed, loads: answers };
  const container = createRenderContainer(ports, fullSeed);
  const pathname = new URL(url, 'http://render.invalid').pathname;

  return new Promise((resolve, reject) => {
    let html = '';
    // A view that fails on the server would be rendered again by the browser alone: send the shell instead.
    let failure: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        clearTimeout(timeout);
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve({ html, seed: fullSeed, pageSource: pageFor(pathname).source });
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <ServicesProvider container={container}>
          <PageDataProvider value={{ seed: fullSeed, collect, sanitizeHtml, keptMarkup }}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </PageDataProvider>
        </ServicesProvider>
      </StrictMode>,
      {
        onAllReady: () => stream.pipe(sink),
        // One piece of markup in place: no boundary is outlined for progressive streaming, which would need
        // inline scripts (the CSP allows none) to put it where it belongs.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellError: reject,
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    const timeout = setTimeout(() => stream.abort(new Error(`rendering ${url} took longer than ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
    timeout.unref();
  });
}
