import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Transaction } from '../client.js';

// COPY's text format: a row a line, values apart by tabs, `\N` for null, backslash escapes.

const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value as COPY's text format writes it, mapped for the database as Drizzle maps it. */
function copyValue(column: Column, value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const mapped: unknown = column.mapToDriverValue(value);
  const text =
    typeof mapped === 'string'
      ? mapped
      : typeof mapped === 'boolean'
        ? mapped
          ? 't'
          : 'f'
        : mapped instanceof Date
          ? mapped.toISOString()
          : typeof mapped === 'object'
            ? JSON.stringify(mapped)
            : String(mapped);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => escapes[c] ?? c) : text;
}

/** Rows as COPY's text format: `values` of each row in the order of `columns`. */
export function copyText(columns: Column[], rows: Iterable<readonly unknown[]>): string {
  let text = '';
  for (const values of rows) {
    let line = copyValue(columns[0] as Column, values[0]);
    for (let i = 1; i < values.length; i++) line += `\t${copyValue(columns[i] as Column, values[i])}`;
    text += `${line}\n`;
  }
  return text;
}

interface PgliteClient {
  query(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

const dialect = new PgDialect();

/** A statement without parameters as its text: COPY takes none, and its table and columns are identifiers. */
function statement(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('a COPY statement takes no parameters');
  return text;
}

/**
 * Runs `copy <into> from stdin` with `text` as its data, on the transaction's own connection: the
 * node-postgres client through a copy stream, PGlite with the text as the blob of `/dev/blob`. `into`
 * is the table and its columns, as identifiers.
 */
export async function copyFrom(tx: Transaction, into: SQL, text: string): Promise<void> {
  // Drizzle keeps the driver's connection of a transaction in its session.
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Pool) throw new Error('copyFrom runs in a transaction, on its connection');
  if (client instanceof pg.Client) {
    const stream = client.query(copyStreams.from(statement(sql`copy ${into} from stdin`)));
    await pipeline(Readable.from([text]), stream);
    return;
  }
  await (client as PgliteClient).query(statement(sql`copy ${into} from '/dev/blob'`), [], {
    blob: new Blob([text]),
  });
}
