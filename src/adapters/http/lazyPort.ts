import { loadOnce } from '../loadOnce';

/** A port every method of which answers a promise, so a call can wait for the adapter's code to arrive. */
export type AsyncPort<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };


/**
 * The port's adapter, loaded on its first call: the API adapters (and the schemas they import) are not
 * in the script a server-rendered page needs before it is live. `then` is absent so that the port is
 * not mistaken for a promise by whoever awaits it.
 */
export function lazyPort<T extends AsyncPort<T>>(load: () => Promise<T>): T {
  const adapter = loadOnce(load);
  return new Proxy({} as T, {
    get(_, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return (...args: never[]) =>
        adapter().then((api) => (api[name as keyof T] as (...args: never[]) => Promise<unknown>)(...args));
    },
  });
}
