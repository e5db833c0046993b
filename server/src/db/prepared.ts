import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.js';

type Values = Record<string, unknown>;

interface Runnable<R> {
  execute(values?: Values): Promise<R>;
}

interface Preparable<R> extends Runnable<R> {
  prepare(name: string): Runnable<R>;
}

/**
 * A query of a hot path, written with placeholders (`sql.placeholder`) and prepared once per database:
 * no request pays for building it (about a third of a hot route's time on node-postgres), and
 * PostgreSQL parses and plans it once per connection. In a transaction, whose connection a prepared
 * query cannot join, it is built for the call.
 */
export function hotQuery<R>(
  name: string,
  build: (db: Database | Transaction) => Preparable<R>,
): (db: Database | Transaction) => Runnable<R> {
  const prepared = new WeakMap<Database, Runnable<R>>();
  return (db) => {
    if (is(db, PgTransaction)) return build(db);
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = build(db).prepare(name)));
    return query;
  };
}
