import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/** Registration attempts per client address, for the registration throttle. */
export function registrationThrottleMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('registration_attempt')
        .$call(id)
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('attempted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('registration_attempt_address_idx')
        .on('registration_attempt')
        .columns(['address', 'attempted_at'])
        .execute();
      await db.schema
        .createIndex('registration_attempt_time_idx')
        .on('registration_attempt')
        .column('attempted_at')
        .execute();
    },
  };
}
