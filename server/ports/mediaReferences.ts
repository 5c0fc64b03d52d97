/** Everything the site's data holds that may name a media object (see server/domain/media/mediaSweep.ts). */
export interface MediaReferenceSource {
  /**
   * Every text that may hold a media URL (articles and their drafts, revisions and bin, talks, photos, avatars,
   * settings, chat…), a batch at a time so a large site is never held whole. Throws when the data cannot be
   * read completely: a sweep must then delete nothing.
   */
  texts(): AsyncIterable<string[]>;
}
