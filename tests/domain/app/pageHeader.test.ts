import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { PageHeader } from '../../../src/domain/app/pageHeader';
import { headerImageFor } from '../../../src/domain/app/pageHeader';

const HEADERS: PageHeader[] = [
  { route: '/', image: 'home.jpg' },
  { route: '/about', image: 'about.jpg' },
  { route: '/resources', image: 'resources.jpg' },
  { route: '/resources/front', image: 'front.jpg' },
  { route: '/resources/back', image: 'back.jpg' },
];

describe('headerImageFor', () => {
  it('matches exact routes', () => {
    expect(headerImageFor(HEADERS, '/')).toBe('home.jpg');
    expect(headerImageFor(HEADERS, '/about')).toBe('about.jpg');
    expect(headerImageFor(HEADERS, '/resources')).toBe('resources.jpg');
  });

  it('gives /resources/front and /resources/back their own images', () => {
    expect(headerImageFor(HEADERS, '/resources/front')).toBe('front.jpg');
    expect(headerImageFor(HEADERS, '/resources/back')).toBe('back.jpg');
  });

  it('does not fall back to a prefix route', () => {
    expect(headerImageFor(HEADERS, '/resources/other')).toBeUndefined();
    expect(headerImageFor(HEADERS, '/about/team')).toBeUndefined();
    expect(headerImageFor(HEADERS, '/abo')).toBeUndefined();
    expect(headerImageFor([], '/')).toBeUndefined();
  });

  it('ignores a trailing slash', () => {
    expect(headerImageFor(HEADERS, '/resources/front/')).toBe('front.jpg');
    expect(headerImageFor([{ route: '/about/', image: 'a.jpg' }], '/about')).toBe('a.jpg');
  });

  it('finds every route of a table with unique routes, and the first entry on duplicates', () => {
    const segment = fc.string({ unit: fc.constantFrom(...'abcxyz-'), minLength: 1, maxLength: 6 });
    const route = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ route, image: fc.string() }), { selector: (h) => h.route, maxLength: 10 }),
        (headers) => {
          for (const header of headers) expect(headerImageFor(headers, header.route)).toBe(header.image);
          const first = headers[0];
          if (first) {
            const withDuplicate = [...headers, { route: first.route, image: `${first.image}-late` }];
            expect(headerImageFor(withDuplicate, first.route)).toBe(first.image);
          }
        },
      ),
    );
  });
});
