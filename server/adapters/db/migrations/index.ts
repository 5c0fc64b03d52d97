import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { siteMigration } from './0001_site';
import { accountsMigration } from './0002_accounts';
import { contentMigration } from './0003_content';
import { registrationThrottleMigration } from './0004_registration_throttle';
import { messageRepliesMigration } from './0005_message_replies';
import { searchTokensMigration } from './0006_search_tokens';
import { musicMigration } from './0007_music';
import { chatMigration } from './0008_chat';
import { usernameSkeletonMigration } from './0009_username_skeleton';
import { loginAttemptMigration } from './0010_login_attempt';
import { passwordChangeMigration } from './0011_password_change';
import { cueTracksMigration } from './0012_cue_tracks';
import { musicNamesMigration } from './0013_music_names';
import { articleEditingMigration } from './0014_article_editing';
import { showcaseEditingMigration } from './0015_showcase_editing';
import { siteSettingsMigration } from './0016_site_settings';
import { commentsMigration } from './0017_comments';
import { moderationMigration } from './0018_moderation';
import { musicLibraryMigration } from './0019_music_library';
import { statsMigration } from './0020_stats';
import { auditLogMigration } from './0029_audit_log';
import { commentsClosedMigration } from './0022_comments_closed';
import { oldAddressesMigration } from './0023_old_addresses';
import { twoStepMigration } from './0024_two_step';
import { backupRunsMigration } from './0026_backup_runs';
import { commentImportMigration } from './0028_comment_import';
import { passkeysMigration } from './0030_passkeys';
import { signInAlertsMigration } from './0031_sign_in_alerts';
import { mediaSweepsMigration } from './0032_media_sweeps';

/** What a migration needs to stay portable between SQLite and PostgreSQL. */
export interface MigrationContext {
  dialect: DialectName;
  /** Adds an auto-increment integer primary key named `id`. */
  id<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

function contextFor(dialect: DialectName): MigrationContext {
  return {
    dialect,
    id: (table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
  };
}

/** Ordered by name: a new migration gets the next number and is added here. */
function migrations(context: MigrationContext): Record<string, Migration> {
  return {
    '0001_site': siteMigration(context),
    '0002_accounts': accountsMigration(context),
    '0003_content': contentMigration(context),
    '0004_registration_throttle': registrationThrottleMigration(context),
    '0005_message_replies': messageRepliesMigration(context),
    '0006_search_tokens': searchTokensMigration(context),
    '0007_music': musicMigration(context),
    '0008_chat': chatMigration(context),
    '0009_username_skeleton': usernameSkeletonMigration(context),
    '0010_login_attempt': loginAttemptMigration(context),
    '0011_password_change': passwordChangeMigration(context),
    '0012_cue_tracks': cueTracksMigration(context),
    '0013_music_names': musicNamesMigration(context),
    '0014_article_editing': articleEditingMigration(context),
    '0015_showcase_editing': showcaseEditingMigration(context),
    '0016_site_settings': siteSettingsMigration(context),
    '0017_comments': commentsMigration(context),
    '0018_moderation': moderationMigration(context),
    '0019_music_library': musicLibraryMigration(context),
    '0020_stats': statsMigration(context),
    '0022_comments_closed': commentsClosedMigration(context),
    '0023_old_addresses': oldAddressesMigration(context),
    '0024_two_step': twoStepMigration(context),
    '0026_backup_runs': backupRunsMigration(context),
    '0028_comment_import': commentImportMigration(context),
    '0029_audit_log': auditLogMigration(context),
    '0030_passkeys': passkeysMigration(context),
    '0031_sign_in_alerts': signInAlertsMigration(context),
    '0032_media_sweeps': mediaSweepsMigration(context),
  };
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with another schema
  // of the same database migrated (tests, several sites), it would skip creating its own.
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(contextFor(dialect)) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
