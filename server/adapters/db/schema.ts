import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Dates are ISO-8601 text and booleans are 0/1 integers so that the same
 * queries and migrations run on SQLite and PostgreSQL.
 */
export interface SiteConfigTable {
  id: number;
  name: string;
  author: string;
  avatar: string;
  motto: string;
  /** JSON array of the mottos typed in the home banner. */
  typed_mottos: string;
  notice: string;
  filing_number: string;
  since: string;
  view_count: number;
  updated_at: string;
}

export interface PageHeaderTable {
  id: Generated<number>;
  route: string;
  image: string;
}

export interface Database {
  site_config: SiteConfigTable;
  page_header: PageHeaderTable;
}
