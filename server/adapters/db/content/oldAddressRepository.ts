import type { Kysely } from 'kysely';
import { normaliseOldAddress } from '../../../domain/content/oldAddress';
import type { OldAddressRepository } from '../../../ports/oldAddressRepository';
import type { Database } from '../schema';

/** Rows per insert: well under SQLite's bound-parameter limit. */
const BATCH = 200;

export class KyselyOldAddressRepository implements OldAddressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async remember(articleId: number, addresses: readonly string[]): Promise<void> {
    for (let start = 0; start < addresses.length; start += BATCH) {
      const rows = addresses.slice(start, start + BATCH).map((address) => ({ address, article_id: articleId }));
      await this.db
        .insertInto('article_old_address')
        .values(rows)
        .onConflict((oc) => oc.column('address').doUpdateSet({ article_id: (eb) => eb.ref('excluded.article_id') }))
        .execute();
    }
  }

  async findArticleIdByOldAddress(address: string, options: { publicOnly?: boolean } = {}): Promise<number | undefined> {
    const normalised = normaliseOldAddress(address);
    if (normalised === undefined) return undefined;
    const row = await this.db
      .selectFrom('article_old_address as o')
      .innerJoin('article as a', 'a.id', 'o.article_id')
      .select('a.id')
      .where('o.address', '=', normalised)
      .$if(options.publicOnly === true, (q) => q.where('a.status', '=', 'public'))
      .executeTakeFirst();
    return row?.id;
  }
}
