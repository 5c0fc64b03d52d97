import type { Kysely } from 'kysely';
import type { SiteRepository } from '../../ports/siteRepository';
import type { PageHeader, SiteConfig } from '../../domain/site/site';
import type { Database } from './schema';

export class KyselySiteRepository implements SiteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async getConfig(): Promise<SiteConfig | undefined> {
    const row = await this.db.selectFrom('site_config').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return undefined;
    return {
      name: row.name,
      author: row.author,
      avatar: row.avatar,
      motto: row.motto,
      typedMottos: JSON.parse(row.typed_mottos) as string[],
      notice: row.notice,
      copyright: row.copyright,
      filingNumber: row.filing_number,
      since: row.since,
      viewCount: Number(row.view_count),
      updatedAt: row.updated_at,
    };
  }

  async saveConfig(config: Omit<SiteConfig, 'viewCount'>): Promise<void> {
    const values = {
      name: config.name,
      author: config.author,
      avatar: config.avatar,
      motto: config.motto,
      typed_mottos: JSON.stringify(config.typedMottos),
      notice: config.notice,
      copyright: config.copyright,
      filing_number: config.filingNumber,
      since: config.since,
      updated_at: config.updatedAt,
    };
    await this.db
      .insertInto('site_config')
      .values({ id: 1, view_count: 0, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async addView(): Promise<number> {
    // One statement, so concurrent views on several instances never lose a count.
    const row = await this.db
      .updateTable('site_config')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', 1)
      .returning('view_count')
      .executeTakeFirst();
    return Number(row?.view_count ?? 0);
  }

  listPageHeaders(): Promise<PageHeader[]> {
    return this.db.selectFrom('page_header').select(['route', 'image']).orderBy('id').execute();
  }

  async savePageHeader(header: PageHeader): Promise<void> {
    await this.db
      .insertInto('page_header')
      .values(header)
      .onConflict((oc) => oc.column('route').doUpdateSet({ image: header.image }))
      .execute();
  }

  async removePageHeader(route: string): Promise<void> {
    await this.db.deleteFrom('page_header').where('route', '=', route).execute();
  }
}
