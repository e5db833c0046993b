import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../client.js';
import { rowsOf } from '../rows.js';
import { patients } from '../schema/index.js';
import type { FixKind, LegacyRow } from './row.js';

/** A row the importer turned away: where it is in the files and why. */
export interface Rejection {
  file: string;
  line: number;
  column: string;
  reason: string;
}

export interface Written {
  inserted: number;
  updated: number;
}

/** A read row with the line it came from, so that a write can still reject it. */
export interface Read<Row> {
  line: number;
  row: Row;
}

/** What a write may still say about its rows: reject one, or count a fix it made. */
export interface Outcome {
  reject(line: number, column: string, reason: string): void;
  fix(kind: FixKind): void;
}

/**
 * How one legacy table comes across: which file, which columns it must have, how a record becomes a
 * row (or is rejected), and how a batch of rows is written by its legacy key.
 */
export interface LegacyTable<Row, Context = unknown> {
  /** The file in the export folder, or a pattern for a family of files (`tarifx_<tabel>.csv`). */
  file: string | RegExp;
  /** Columns the header must have; the others are optional. */
  columns: readonly string[];
  /** The column(s) of the legacy key, as the report names them for a duplicate. */
  keyColumn: string;
  /** Rows per statement. */
  batchSize?: number;
  /** Loads what the rows refer to (codes → ids), inside the table's transaction. */
  prepare(tx: Transaction, file: string): Promise<Context>;
  /** One record into one row; throws `RowRejected` (through `row.reject`) for a row that cannot come. */
  read(row: LegacyRow, context: Context): Row;
  /** The legacy key: a second row with the same key is rejected as a duplicate. */
  key(row: Row): string;
  write(tx: Transaction, batch: Read<Row>[], context: Context, outcome: Outcome): Promise<Written>;
  /** After the last batch (e.g. move a sequence on, recount sessions); `apply` is false in a dry run. */
  finish?(tx: Transaction, context: Context, apply: boolean): Promise<void>;
}

/** A table as the importer runs it, whatever its row and context types. */
export type AnyLegacyTable = LegacyTable<unknown, unknown>;

/** Declares a table with its row and context types checked, then hands it to the importer. */
export const legacyTable = <Row, Context>(table: LegacyTable<Row, Context>) =>
  table as unknown as AnyLegacyTable;

/**
 * Inserts rows or updates the existing ones with the same key, in one statement: the batch travels
 * as one JSON parameter read by `json_populate_recordset`, so a thousand rows cost one parse. Rows
 * whose values are all the same are left alone (not counted as updated). A `deletedAt` column keeps
 * the first deletion time: the legacy flag says only whether, not when.
 */
export async function upsert<T extends PgTable>(
  tx: Transaction,
  table: T,
  values: Partial<T['$inferInsert']>[],
  key: Column[],
): Promise<Written> {
  if (values.length === 0) return { inserted: 0, updated: 0 };
  const columns = getTableColumns(table) as Record<string, Column>;
  const names = Object.keys(values[0] as object);
  const dbName = (name: string) => {
    const column = columns[name];
    if (!column) throw new Error(`${getTableName(table)} has no column ${name}`);
    return column.name;
  };
  const json = JSON.stringify(
    values.map((row) =>
      Object.fromEntries(names.map((name) => [dbName(name), (row as Record<string, unknown>)[name] ?? null])),
    ),
  );
  const keyNames = new Set(key.map((column) => column.name));
  const target = sql.identifier(getTableName(table));
  const id = (name: string) => sql.identifier(dbName(name));
  const list = sql.join(names.map(id), sql`, `);
  const updated = names.filter((name) => !keyNames.has(dbName(name)));
  const current = (name: string): SQL =>
    dbName(name) === 'deleted_at' ? sql`(${target}.deleted_at is null)` : sql`${target}.${id(name)}`;
  const incoming = (name: string): SQL =>
    dbName(name) === 'deleted_at' ? sql`(excluded.deleted_at is null)` : sql`excluded.${id(name)}`;
  const assign = (name: string): SQL =>
    dbName(name) === 'deleted_at'
      ? sql`deleted_at = case when excluded.deleted_at is null then null else coalesce(${target}.deleted_at, excluded.deleted_at) end`
      : sql`${id(name)} = excluded.${id(name)}`;
  const onConflict =
    updated.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(updated.map(assign), sql`, `)}
          where (${sql.join(updated.map(current), sql`, `)}) is distinct from (${sql.join(updated.map(incoming), sql`, `)})`;
  const rows = await rowsOf<{ inserted: boolean }>(
    tx.execute(sql`
    insert into ${target} (${list})
    select ${list} from json_populate_recordset(null::${target}, ${json}::json)
    on conflict (${sql.join(
      key.map((column) => sql.identifier(column.name)),
      sql`, `,
    )}) ${onConflict}
    returning (xmax = 0) as inserted`),
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * The patients of a batch by medical record number, looked up key by key through the unique index:
 * the lateral subquery (kept apart by `offset 0`) cannot become a hash join over all patients, which
 * is what the planner picks for `mrn = any(…)` or a plain join when the patients were imported
 * moments ago and have no statistics yet (a sequential scan of a million patients per batch).
 */
export async function patientIdsByMrn(tx: Transaction, mrns: Iterable<string>): Promise<Map<string, number>> {
  const found = await rowsOf<{ id: number; mrn: string }>(
    tx.execute(sql`
      select patient.id, wanted.mrn
      from unnest(${sql.param([...new Set(mrns)])}::text[]) as wanted(mrn)
      cross join lateral (select id from ${patients} where mrn = wanted.mrn offset 0) as patient`),
  );
  return new Map(found.map(({ id, mrn }) => [mrn, id]));
}
