import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * What the console writes beside a song and the scanner reads back: `cover_file`, the song's own cover
 * (`<song base>.jpg`, '' when none), and `meta_version`, the version of its entry in the folder's `songs.json`
 * and of that cover (a change reads the song again without touching its audio URL).
 */
export function musicLibraryMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('music_song').addColumn('cover_file', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('music_song').addColumn('meta_version', 'text', (c) => c.notNull().defaultTo('')).execute();
    },
  };
}
