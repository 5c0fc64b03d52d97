import { sql, type Expression, type SqlBool } from 'kysely';
import { containsPattern } from '../../domain/content/search';

/**
 * `column` holds `text` anywhere, letter case ignored by the database's own `lower` (ASCII on SQLite, every
 * script on PostgreSQL, the same on both sides of the comparison); `%` and `_` are matched literally.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(text)}) escape ${sql.lit('\\')}`;
}
