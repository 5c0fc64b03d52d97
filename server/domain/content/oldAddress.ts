/**
 * Old blog addresses (issue 49): what a reader's link to the old site is reduced to before it is stored or
 * looked up, so `https://old.example/2013/01/11/%E4%BD%A0%E5%A5%BD/`, `/2013/01/11/你好` and
 * `2013/01/11/你好/` are one address. WordPress's `/?p=ID` and `/?page_id=ID` keep their query (it is the
 * whole address); any other query and the fragment are dropped.
 */

/** Longer addresses are not worth remembering (and no reader types them). */
export const MAX_OLD_ADDRESS_LENGTH = 1000;

const SCHEME_AND_HOST = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i;
const WORDPRESS_ID = /^(?:.*&)?(p|page_id)=(\d+)(?:&.*)?$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The stored form of an old address, or undefined for one that names nothing (`/`, empty, too long). */
export function normaliseOldAddress(raw: string): string | undefined {
  const withoutHost = raw.trim().replace(SCHEME_AND_HOST, '');
  const [beforeFragment = ''] = withoutHost.split('#');
  const queryAt = beforeFragment.indexOf('?');
  const rawPath = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1);
  const segments = rawPath
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .map(decodeSegment);
  const path = `/${segments.join('/')}`;
  let address = path;
  if (path === '/' || /\/index\.php$/i.test(path)) {
    const id = WORDPRESS_ID.exec(query);
    address = id ? `/?${id[1]}=${id[2]}` : '/';
  }
  if (address === '/' || address.length > MAX_OLD_ADDRESS_LENGTH) return undefined;
  return address;
}

/** The WordPress address of a post or page by its id (`/?p=12`, `/?page_id=3`). */
export function wordpressIdAddress(id: number | string, kind: 'post' | 'page' = 'post'): string {
  return `/?${kind === 'page' ? 'page_id' : 'p'}=${id}`;
}

/** Distinct normalised addresses, in the order given, dropping those that name nothing. */
export function oldAddresses(raws: Iterable<string>): string[] {
  const result = new Set<string>();
  for (const raw of raws) {
    const address = normaliseOldAddress(raw);
    if (address !== undefined) result.add(address);
  }
  return [...result];
}
