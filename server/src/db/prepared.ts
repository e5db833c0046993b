import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.js';
import { rowsOf } from './rows.js';

const dialect = new PgDialect();

/** Shapes kept per statement: a few are usual, and an admin may edit a template any number of times. */
const MAX_SHAPES = 32;

/**
 * A statement whose text is built once for each of its shapes (`build`, its values written as
 * `sql.placeholder(name)`; `db` for its query builders), then run with the values alone. Drizzle builds a
 * statement's text from its parts anew on every run: for a booking's statements (one of a dozen nested
 * parts) that was a fifth of the server's time per booking. The shape is what the text depends on (a
 * payer's column, a template's pieces); `key` names it.
 */
export function preparedStatement<Shape>(
  key: (shape: Shape) => string,
  build: (shape: Shape, db: Database | Transaction) => SQL,
) {
  const texts = new Map<string, Query>();
  return <Row>(db: Database | Transaction, shape: Shape, values: Record<string, unknown>): Promise<Row[]> => {
    const name = key(shape);
    let query = texts.get(name);
    if (!query) {
      if (texts.size >= MAX_SHAPES) texts.clear();
      query = dialect.sqlToQuery(build(shape, db));
      texts.set(name, query);
    }
    return rowsOf<Row>(db._.session.prepareQuery(query, undefined, undefined, false).execute(values));
  };
}
