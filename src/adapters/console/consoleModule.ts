import { ContainerModule } from 'inversify';
import type { HttpClient } from '../http/httpClient';
import { lazyPort, type AsyncPort } from '../http/lazyPort';

/**
 * A console port bound to its HTTP adapter, whose code (and schemas) arrive on the port's first call: a
 * reader's pages never load any of it.
 */
export function consolePort<T extends AsyncPort<T>>(load: (http: HttpClient) => Promise<T>) {
  return (http: HttpClient) => lazyPort(() => load(http));
}

/**
 * The console's ports, one binding per area; `http` is the token of the app's one HTTP client (a 401 from a
 * console call ends the session like any other).
 */
export function consoleModule(http: symbol): ContainerModule {
  return new ContainerModule(({ bind }) => {
    void bind;
    void http;
  });
}
