import { sql, type RawBuilder } from 'kysely';

/*
 * The ASCII case fold of the search rules (server/domain/content/search.ts) in SQL. SQLite's built-in
 * lower() folds ASCII only, which is exactly the rule; on PostgreSQL lower() follows the locale, so the
 * fold is a translate() of the 26 letters. The PostgreSQL trigram indexes are built on this very
 * expression, so a query must use foldedColumn() for the planner to use them.
 */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

export function foldedColumn(dialect: 'sqlite' | 'postgres', column: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`translate(${sql.ref(column)}, ${sql.lit(UPPER)}, ${sql.lit(LOWER)})`
    : sql<string>`lower(${sql.ref(column)})`;
}
