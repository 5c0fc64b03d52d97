import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * The music library's catalogue. The audio files stay on disk; these rows give each playlist folder and each
 * file a stable numeric id (keyed by its path inside the music folder) and keep the tags read from it, so a
 * restart serves the library at once and a rescan only reads what changed.
 */
export function musicMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('music_playlist')
        .$call(id)
        /** Folder path inside the music folder, '/'-separated; '' is the top level. */
        .addColumn('folder', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_file', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_version', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('present', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('music_song')
        .$call(id)
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('playlist_id', 'integer', (c) => c.notNull().references('music_playlist.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('artists', 'text', (c) => c.notNull())
        .addColumn('album', 'text', (c) => c.notNull())
        .addColumn('aliases', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('bitrate', 'integer', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('embedded_cover', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('present', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('music_song_playlist').on('music_song').columns(['playlist_id', 'position', 'id']).execute();
      await db.schema.createIndex('music_song_fingerprint').on('music_song').column('fingerprint').execute();
    },
  };
}
