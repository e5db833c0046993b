import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** LIKE pattern for "contains `term`", with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Case-insensitive substring match (API.md: `q`). Written as upper(column) LIKE upper(pattern) so
 * that the trigram indexes on upper(column) serve it.
 */
export function contains(column: AnyPgColumn, term: string): SQL {
  return sql`upper(${column}) like upper(${containsPattern(term)})`;
}

/** Orders matches with the term nearer the start first; it never adds rows. */
export function matchPosition(column: AnyPgColumn, term: string): SQL {
  return sql`strpos(upper(${column}), upper(${term}))`;
}
