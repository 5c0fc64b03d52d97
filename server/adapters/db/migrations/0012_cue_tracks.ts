import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Songs that are tracks of a CUE sheet: the track number and its span of the audio file in ms (`end_ms` null:
 * to the file's end). Such a row's `file` key is the audio file's path followed by `#` and the track number,
 * so the unique key stays one column; the path served is the part before it. Null for a song that is a whole file.
 */
export function cueTracksMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      for (const column of ['cue_track', 'start_ms', 'end_ms']) {
        await db.schema.alterTable('music_song').addColumn(column, 'integer').execute();
      }
    },
  };
}
