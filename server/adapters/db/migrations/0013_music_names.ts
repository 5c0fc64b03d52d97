import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Where a song's names came from when its tags lacked them (`guessed`: JSON of field → 'lyric' | 'path' | 'none',
 * '{}' when the tags gave all), and the version of the lyric file beside it when it was read: a song named from
 * its file or lyric is named again when that lyric file changes, while a tag added later wins because it changes
 * the audio file itself. Songs catalogued before are read again by the next scan (their version is cleared), so
 * their names and mojibake get the same care.
 */
export function musicNamesMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('music_song').addColumn('guessed', 'text', (c) => c.notNull().defaultTo('{}')).execute();
      await db.schema.alterTable('music_song').addColumn('lyric_version', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update music_song set version = ''`.execute(db);
    },
  };
}
