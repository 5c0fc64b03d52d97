import type { Translation } from '../translation';
import type { backup as zh } from '../zh-CN/backup';
import { plural } from './plural';

/** Backup, restore and shutdown (issue 12): the `backup`/`restore` commands and the draining server. */
export const backup = {
  backupUsage: 'Usage: npm run backup -- <backup file> [--without-music-files]',
  restoreUsage: 'Usage: npm run restore -- <backup file>, or npm run restore -- --from-bucket (the newest scheduled backup in the bucket)',
  noBucketBackup: 'No scheduled backup under the bucket\'s backups/ (needs MEDIA_STORE=s3 and BACKUP_TARGET=bucket)',
  stage: {
    database: 'Database',
    media: 'Media files',
    music: 'Music files',
    verify: 'Verifying backup',
    extract: 'Extracting files',
    rows: 'Writing data',
  },
  backedUp: (file: string, size: string, seconds: string) => `Backup complete: ${file} (${size}, took ${seconds} s)`,
  backupCounts: (rows: number, media: number, music: number, musicIncluded: boolean) =>
    `${plural(rows, 'row')} of data, ${plural(media, 'media file')}, ${musicIncluded ? plural(music, 'music file') : 'no music files'}`,
  restored: (seconds: string) => `Restore complete in ${seconds} s. You can start the site now.`,
  archiveMissing: (file: string) => `Backup file not found: ${file}`,
  foreign: 'This isn’t a backup of this site, so it wasn’t restored (no data was changed)',
  damaged:
    'The backup file is damaged (incomplete, or its checksum doesn’t match), so it wasn’t restored (no data was changed)',
  newerFormat: (version: number) =>
    `The backup’s format version (${version}) is newer than this program. Upgrade the program, then restore.`,
  newerSchema: (migration: string) =>
    `The backup’s database schema (${migration}) is newer than this program. Upgrade the program, then restore.`,
  schemaMismatch: (archive: string, current: string) =>
    `The backup’s database schema (${archive}) doesn’t match this program’s (${current}). Restoring to a different database needs the same schema: restore with the program version that made the backup, then upgrade.`,
  databaseFileExists: (file: string) =>
    `The data folder already holds a site database, ${file}. Backups can only be restored into an empty data folder: choose a new one (DATA_DIR).`,
  folderNotEmpty: (dir: string) =>
    `${dir} already contains files. Backups can only be restored into an empty data folder: choose a new one or empty it first.`,
  databaseNotEmpty: (table: string, rows: number) =>
    `The target database isn’t empty (table ${table} has ${plural(rows, 'row')}). Backups can only be restored into an empty database: create a new one.`,
  rolledBack: 'The restore failed partway, so everything it had written (data and files) was undone',
  shuttingDown: 'The server is restarting or under maintenance. Please try again shortly.',
  migrateUsage: 'Usage: npm run media:migrate -- <to-bucket|to-local> (with MEDIA_STORE=s3 and the S3_* variables set)',
  migrateNeedsBucket: 'Set MEDIA_STORE=s3 and S3_ENDPOINT, S3_BUCKET and the rest first: the migration needs to know the bucket',
  migrated: (part: string, copied: number, skipped: number) => `${part}: ${copied} files copied, ${skipped} already there and the same, skipped`,
  migrateMismatch: (key: string) => `A copied file’s size differs from the original: ${key} (the original is kept; try again)`,
  gcUsage: 'Usage: npm run media:gc [-- --dry-run] (--dry-run: list what would be deleted and its size, delete nothing)',
  gcNoSite: 'This database holds no site (no site settings), so no media were cleaned up: check that DATABASE_URL and DATA_DIR name the database the site uses',
  gcWouldDelete: (key: string, size: string) => `Would delete ${key} (${size})`,
  gcDone: (examined: number, objects: number, size: string, variants: number, variantSize: string, graceHours: number) =>
    `Clean-up done: ${plural(examined, 'media file')} checked; deleted ${plural(objects, 'file')} nothing refers to, uploaded over ${graceHours} h ago (${size}), and ${plural(variants, 'resized copy', 'resized copies')} (${variantSize})`,
  gcDryRun: (examined: number, objects: number, size: string, variants: number, variantSize: string, graceHours: number) =>
    `Dry run: ${plural(examined, 'media file')} checked; would delete ${plural(objects, 'file')} nothing refers to, uploaded over ${graceHours} h ago (${size}), and ${plural(variants, 'resized copy', 'resized copies')} (${variantSize}); nothing was deleted`,
  scheduledFailed: (reason: string) =>
    `The scheduled backup failed: ${reason}. Check the backup folder’s space and permissions; the site runs on and the next backup is tried as scheduled.`,
  /** A command-line tool that met a dependency's failure: what to do about it, with the system's own reason. */
  faults: {
    diskFull: 'The disk is full. Unfinished files were deleted; free up some space and try again.',
    unavailable: 'Can’t connect to the database. Make sure it’s running, then try again.',
    timeout: 'The database took too long to respond. Please try again shortly.',
  },
} as const satisfies Translation<typeof zh>;
