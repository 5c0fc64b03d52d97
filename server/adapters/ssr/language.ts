import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { chooseLanguage, DEFAULT_LANGUAGE, languageFromAcceptLanguage, type Language } from '../../../src/domain/shared/language';
import { memoizeByHeader } from '../http/headerMemo';
import { LANGUAGE_COOKIE } from '../../../src/ports/pageSeed';
import { installLocaliser } from '../../../src/i18n/language';
import * as en from '../../../src/i18n/en';

/**
 * The page renderer's languages. Renders in different languages run at the same time (each streams while
 * others wait for their data), so nothing process-wide can say which language is current: each render runs
 * in `inLanguage`, and every area of the built renderer's catalogue is a proxy that reads the Chinese or the
 * English text according to the render it is read in, nested objects included. A module that keeps an area
 * (or a part of one) when it loads keeps the proxy, which still answers per render; only a text read when a
 * module loads would be frozen in the language of the render that loaded it (tests/i18n/moduleCaptures.test.ts
 * holds every module of the views to reading none).
 */
const storage = new AsyncLocalStorage<Language>();

type Catalogue = Record<string, unknown>;
const english = en as unknown as Catalogue;

/** One proxy per Chinese object, so a kept part of an area stays the same object. */
const proxies = new WeakMap<object, object>();

function isNested(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The Chinese object `zh` read in the current render's language; `englishOf` finds its English twin. */
function languageProxy<T extends object>(zh: T, englishOf: () => unknown): T {
  const known = proxies.get(zh);
  if (known) return known as T;
  const read = (key: string | symbol): unknown => {
    const value: unknown = Reflect.get(zh, key);
    if (isNested(value)) return languageProxy(value, () => Reflect.get(Object(englishOf()), key));
    if (storage.getStore() !== 'en') return value;
    const twin = englishOf();
    // A text missing in English (only while a catalogue is being written; a test requires every key) stays Chinese.
    return isNested(twin) && Reflect.has(twin, key) ? Reflect.get(twin, key) : value;
  };
  const proxy = new Proxy(zh, {
    get: (_target, key) => read(key),
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      return descriptor && 'value' in descriptor ? { ...descriptor, value: read(key) } : descriptor;
    },
  });
  proxies.set(zh, proxy);
  return proxy;
}

/** Installed once, before the built renderer (and so its catalogue) is loaded. */
export function installServerLocaliser(): void {
  installLocaliser({
    language: () => storage.getStore() ?? DEFAULT_LANGUAGE,
    area: (name, zh) => languageProxy(zh, () => english[name]),
  });
}

/** Runs `render` (and everything it starts) in `language`. */
export function inLanguage<T>(language: Language, render: () => T): T {
  return storage.run(language, render);
}

/** What a page's variant is read from: a Fastify request, or a raw one read the same way (pageHotPath.ts). */
export interface PageRequest {
  url: string;
  headers: IncomingHttpHeaders;
  cookies: Record<string, string | undefined>;
  protocol: string;
  host: string;
}

const headerLanguage = memoizeByHeader(languageFromAcceptLanguage);

/**
 * The language a page request asks for: `?lang=`, else the reader's choice (cookie), else `Accept-Language`.
 * The query is read from the address itself, so a request read before Fastify gets the same answer (a `lang`
 * given twice is no choice, as Fastify's query parser makes it a list).
 */
export function requestLanguage(request: Pick<PageRequest, 'url' | 'headers' | 'cookies'>): Language {
  const query = request.url.indexOf('?');
  const given = query === -1 ? [] : new URLSearchParams(request.url.slice(query + 1)).getAll('lang');
  return chooseLanguage({
    query: given.length === 1 ? given[0] : undefined,
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  }, (header) => headerLanguage(header ?? ''));
}
