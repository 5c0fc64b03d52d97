import type { Database } from '../db/schema';

/** A table a backup carries, with the columns its rows are ordered by. */
export interface BackupTable {
  name: keyof Database;
  key: readonly string[];
}

/**
 * Every table of the site in dependency order: a row's parents come before it, so a restore inserts in
 * this order with foreign keys on. Derived tables are left out and rebuilt: the search indexes
 * (`article_fts`, `article_grams` on SQLite, `article_tokens` on PostgreSQL) and Kysely's bookkeeping.
 */
export const BACKUP_TABLES = [
  { name: 'site_config', key: ['id'] },
  { name: 'page_header', key: ['id'] },
  { name: 'user_account', key: ['id'] },
  { name: 'user_session', key: ['id'] },
  { name: 'notification', key: ['id'] },
  { name: 'login_attempt', key: ['throttle_key'] },
  { name: 'user_two_step', key: ['user_id'] },
  { name: 'user_recovery_code', key: ['id'] },
  { name: 'login_challenge', key: ['id'] },
  { name: 'user_device', key: ['id'] },
  { name: 'sign_in_alert', key: ['id'] },
  { name: 'user_passkey', key: ['id'] },
  { name: 'webauthn_challenge', key: ['id'] },
  { name: 'registration_attempt', key: ['id'] },
  { name: 'category', key: ['id'] },
  { name: 'tag', key: ['id'] },
  { name: 'article', key: ['id'] },
  { name: 'article_body', key: ['article_id'] },
  { name: 'article_tag', key: ['article_id', 'tag_id'] },
  { name: 'article_old_address', key: ['address'] },
  { name: 'article_revision', key: ['id'] },
  { name: 'album', key: ['id'] },
  { name: 'photo', key: ['id'] },
  { name: 'talk', key: ['id'] },
  { name: 'friend_link', key: ['id'] },
  { name: 'resource', key: ['id'] },
  { name: 'site_entry', key: ['id'] },
  { name: 'board_message', key: ['id'] },
  { name: 'board_message_like', key: ['message_id', 'user_id'] },
  { name: 'message_reply', key: ['id'] },
  { name: 'comment', key: ['id'] },
  { name: 'comment_like', key: ['comment_id', 'liker'] },
  { name: 'talk_like', key: ['talk_id', 'liker'] },
  { name: 'comment_settings', key: ['id'] },
  { name: 'seed_marker', key: ['name'] },
  { name: 'music_playlist', key: ['id'] },
  { name: 'music_song', key: ['id'] },
  { name: 'chat_message', key: ['id'] },
  { name: 'chat_clear', key: ['id'] },
  { name: 'chat_ban', key: ['user_id'] },
  // The scheduled backups' history: a restored site knows which scheduled times already ran.
  { name: 'backup_run', key: ['slot'] },
  { name: 'media_sweep_run', key: ['slot'] },
  { name: 'audit_log', key: ['id'] },
] as const satisfies readonly BackupTable[];

// A table added to the schema but not here fails to compile: a backup must never silently miss one.
type Missing = Exclude<keyof Database, (typeof BACKUP_TABLES)[number]['name']>;
const everyTableListed: [Missing] extends [never] ? true : Missing = true;
void everyTableListed;

/** Tables of the database that are derived or bookkeeping, never carried by a backup. */
export const DERIVED_TABLES = /^(article_fts|article_grams|article_tokens|kysely_migration|kysely_migration_lock|sqlite_.*|article_(fts|grams)_.*)$/;
