import type { Kysely } from 'kysely';
import { usernameSkeleton } from '../../../domain/accounts/usernameSkeleton';
import type { MigrationContext } from './index';

/**
 * The skeleton of each user name (look-alike letters folded) under a unique index, so a name that reads
 * like an existing one cannot be registered. Existing look-alike pairs keep both accounts: the later one's
 * skeleton gets its id appended.
 */
export function usernameSkeletonMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user_account').addColumn('username_skeleton', 'text').execute();
      const users = db as unknown as Kysely<{ user_account: { id: number; username: string; username_skeleton: string | null } }>;
      const rows = await users.selectFrom('user_account').select(['id', 'username']).orderBy('id').execute();
      const seen = new Set<string>();
      for (const row of rows) {
        let skeleton = usernameSkeleton(row.username);
        if (seen.has(skeleton)) skeleton = `${skeleton}#${row.id}`;
        seen.add(skeleton);
        await users.updateTable('user_account').set({ username_skeleton: skeleton }).where('id', '=', row.id).execute();
      }
      await db.schema.createIndex('user_account_skeleton_idx').on('user_account').column('username_skeleton').unique().execute();
    },
  };
}
