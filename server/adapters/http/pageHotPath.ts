import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { OFFLINE_COPY_HEADER } from '../../../src/protocol/offline';
import type { KeptPage, PageCache } from '../ssr/pageCache';
import type { PageRequest } from '../ssr/language';
import { PAGE_VARY } from '../ssr/pageRenderer';
import { SESSION_COOKIE } from './auth';
import { preferredEncoding } from './hotPath';
import type { RawRequestReader } from './rawRequest';

/**
 * A visitor's kept page: a shared cache (a CDN) may keep it briefly and serve it while it asks again; the
 * browser asks every time (and gets a 304 while the page is unchanged).
 */
export const VISITOR_PAGE_CACHING = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

/** How a kept page is answered to one request: 304 to a matching validator, else its best encoding. */
type AnswerForm = 'notModified' | 'br' | 'gzip' | 'identity';

function answerForm(page: KeptPage, headers: { 'if-none-match'?: string | undefined; 'accept-encoding'?: string | undefined }): AnswerForm {
  if (matchesValidator(headers['if-none-match'], page.etag)) return 'notModified';
  return preferredEncoding(headers['accept-encoding'] ?? '') ?? 'identity';
}

interface KeptAnswer {
  status: 200 | 304;
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
}

function formAnswer(page: KeptPage, form: AnswerForm, caching: string): KeptAnswer {
  const common = { 'cache-control': caching, vary: PAGE_VARY, etag: page.etag };
  if (form === 'notModified') return { status: 304, headers: common, body: undefined };
  const type = { ...common, 'content-type': 'text/html; charset=utf-8' };
  return form === 'identity'
    ? { status: 200, headers: type, body: page.identity }
    : { status: 200, headers: { ...type, 'content-encoding': form }, body: page[form] };
}

/** A kept page as answered to one request: 304 to a matching validator, else the bytes in its best encoding. */
export function keptPageAnswer(
  page: KeptPage,
  headers: { 'if-none-match'?: string | undefined; 'accept-encoding'?: string | undefined },
  caching: string,
): KeptAnswer {
  return formAnswer(page, answerForm(page, headers), caching);
}

/** If-None-Match's weak comparison: any listed tag (or `*`) with the same opaque value. */
export function matchesValidator(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export interface VisitorPagesOptions {
  pages: PageCache;
  /** The renderer's variant of a page request (PageRenderer.visitorVariant). */
  variantOf(request: PageRequest): string;
  /** The app's own cookie parser (@fastify/cookie's), so the same cookies are read as Fastify reads. */
  parseCookie(header: string): Record<string, string | undefined>;
  reader: RawRequestReader;
  /** A path the app shows (a client route): anything else is never looked up. */
  isPage(pathname: string): boolean;
  /** Headers every answer carries (the security headers). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Counts an article's view, as a rendered page does. */
  countView(articleId: number): void;
  /** Counts the page's arrival in the site's statistics, as a rendered page does. */
  countArrival?(request: IncomingMessage, ip: string, host: string): void;
  /** Counts an answer given here. */
  answered(status: number): void;
}

/**
 * Answers a visitor's page kept in the page cache straight from the Node server, before Fastify's routing,
 * hooks and compression: the same bytes, headers, validator and counting (the article's view, the visit)
 * as the not-found handler in app.ts gives a kept page. Only a GET of a page with no session cookie whose
 * variant is kept; a miss, a session (a signed-in reader's page is never shared) or anything else goes on
 * to Fastify, which renders and keeps the page. A copy is only ever kept by Fastify's own answer to that
 * very address, so a kept copy also proves Fastify would have routed the request to a page.
 */
export function visitorPageAnswerer(options: VisitorPagesOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const common: OutgoingHttpHeaders = Object.fromEntries(options.headers);
  // Each kept page's answers with all their headers, made once rather than for every request.
  const answers = new WeakMap<KeptPage, Partial<Record<AnswerForm, KeptAnswer>>>();
  const answerOf = (page: KeptPage, form: AnswerForm): KeptAnswer => {
    let forms = answers.get(page);
    if (forms === undefined) answers.set(page, (forms = {}));
    const made = forms[form];
    if (made !== undefined) return made;
    const answer = formAnswer(page, form, VISITOR_PAGE_CACHING);
    const length = answer.body === undefined ? {} : { 'content-length': answer.body.length };
    return (forms[form] = { ...answer, headers: { ...common, ...answer.headers, ...length } });
  };
  return (request, response) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined) return false;
    const query = url.indexOf('?');
    if (!options.isPage(query === -1 ? url : url.slice(0, query))) return false;
    const cookies = request.headers.cookie ? options.parseCookie(request.headers.cookie) : {};
    if (cookies[SESSION_COOKIE] !== undefined) return false;
    const host = options.reader.host(request);
    let variant: string;
    try {
      variant = options.variantOf({ url, headers: request.headers, cookies, protocol: options.reader.protocol(request), host });
    } catch {
      // An address no URL can be made of (a malformed Host): Fastify answers it, as it would any other.
      return false;
    }
    const page = options.pages.kept(variant);
    if (page === undefined) return false;
    const answer = answerOf(page, answerForm(page, request.headers));
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    for (const id of page.articles) options.countView(id);
    if (request.headers[OFFLINE_COPY_HEADER] === undefined) options.countArrival?.(request, options.reader.ip(request), host);
    options.answered(answer.status);
    return true;
  };
}
