/**
 * Longest texts of the console's site areas, in characters (a Chinese character is one): the server refuses
 * longer ones, the forms stop there.
 */
export const SITE_LIMITS = {
  name: 30,
  author: 20,
  motto: 100,
  typedMotto: 60,
  typedMottos: 10,
  notice: 500,
  copyright: 100,
  filingNumber: 50,
  taxonomyName: 30,
  linkName: 30,
  linkDescription: 100,
  url: 255,
  kind: 20,
  entryName: 40,
  entryDescription: 200,
} as const;
