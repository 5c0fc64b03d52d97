/**
 * How stored media are named. An uploaded or imported object is named by its content: the first 24 hex digits
 * of its SHA-256 and its extension (ContentMediaStore.save); a width variant of a picture is named after its
 * original, the original's version and the width.
 */

/** An object named by its content: `<24 hex digits>.<extension>`. Anything else in the store was put there by hand. */
const CONTENT_NAME = /^([0-9a-f]{24})\.[0-9a-z]+$/;

/**
 * A content name's 24 hex digits followed by a dot, wherever it stands: `/media/<name>`, `/media/w/640/<name>`,
 * `https://cdn…/media/<name>?v=2`, HTML attributes, srcsets, JSON arrays, upper case. The dot may be
 * percent-encoded. A longer run of hex digits yields its last 24 (a few more objects kept, never one less).
 */
const STEM_IN_TEXT = /([0-9a-f]{24})(?:\.|%2e)/gi;

/** The content hash part of a content-named object, or undefined for a name the site did not make. */
export function contentStem(name: string): string | undefined {
  return CONTENT_NAME.exec(name)?.[1];
}

/** Adds to `into` the stem of every content-named object `text` may refer to, lower-cased. */
export function addReferencedStems(text: string, into: Set<string>): Set<string> {
  for (const match of text.matchAll(STEM_IN_TEXT)) into.add(match[1]!.toLowerCase());
  return into;
}

/** The key a width variant of `name` is kept under (in the bucket's `variants/`, or the local variants folder). */
export function variantKey(name: string, version: string, width: number): string {
  return `${name}-${version}-w${width}.webp`;
}

const VARIANT_KEY = /^(.+)-[0-9a-f]{10}-w[0-9]+\.webp$/;

/** The original's name of a variant key, or undefined for a key that is no variant. */
export function originalOfVariant(key: string): string | undefined {
  return VARIANT_KEY.exec(key)?.[1];
}
