import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A term with the user's own %, _ and backslash taken literally in a LIKE pattern. */
const literal = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** LIKE pattern for "contains `term`", with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${literal(term)}%`;
}

/**
 * Case-insensitive substring match (API.md: `q`). Written as upper(column) LIKE upper(pattern) so
 * that the trigram indexes on upper(column) serve it.
 */
export function contains(column: AnyPgColumn, term: string): SQL {
  return likeContains(column, containsPattern(term));
}

/** `contains` with its pattern given: `containsPattern(term)`, or a placeholder for it. */
export function likeContains(column: AnyPgColumn, pattern: unknown): SQL {
  return sql`upper(${column}) like upper(${pattern})`;
}

/** Orders matches with the term nearer the start first; it never adds rows. */
export function matchPosition(column: AnyPgColumn, term: string): SQL {
  return sql`strpos(upper(${column}), upper(${term}))`;
}

/**
 * upper(column) in byte order ("C" collation, whatever the database's default): a btree index on
 * this expression serves both `startsWith` (as a range scan) and ordering by it, so a search that
 * wants the first rows in this order stops after reading them.
 */
export function sortKey(column: AnyPgColumn): SQL {
  return sql`(upper(${column}) collate "C")`;
}

/** LIKE pattern for "starts with `term`", with the user's own % and _ taken literally. */
export function prefixPattern(term: string): string {
  return `${literal(term)}%`;
}

/** Case-insensitive "starts with `term`", written so that the btree index on `sortKey` serves it. */
export function startsWith(column: AnyPgColumn, term: string): SQL {
  return likePrefix(column, prefixPattern(term));
}

/** `startsWith` with its pattern given: `prefixPattern(term)`, or a placeholder for it. */
export function likePrefix(column: AnyPgColumn, pattern: unknown): SQL {
  return sql`${sortKey(column)} like upper(${pattern})`;
}
