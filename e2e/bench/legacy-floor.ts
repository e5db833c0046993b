/**
 * The database's own share of the legacy import: the rows the import wrote, copied out of its
 * database and written back by COPY into an empty copy of the portal's tables, each table in one
 * transaction with its secondary indexes built after its rows, as the import fills an empty table. No
 * import of the files can put these rows into the portal's tables in less time. Measured twice: with
 * the tables' foreign keys and triggers, as a live portal keeps them, and without them
 * (`session_replication_role = replica`, a superuser's setting: skipped for another role), the least
 * the rows and their indexes alone cost.
 */
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';

/** One connection to a database the floor is measured in. */
export interface FloorDatabase {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  copyOut(table: string, file: string): Promise<void>;
  copyIn(table: string, file: string): Promise<void>;
}

export interface Floor {
  /** Seconds with the foreign keys and triggers. */
  keys: number;
  /** Seconds without them; undefined when the role may not set `session_replication_role`. */
  bare?: number;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The import's own record of its runs, not rows of the legacy data. */
const notImported = new Set(['__drizzle_migrations', 'legacy_imports', 'legacy_import_changes']);

interface PlannedTable {
  name: string;
  /** The secondary indexes, as `create index` statements. */
  indexes: { name: string; definition: string }[];
}

/** The tables holding rows, each after the tables it refers to. */
async function plan(db: FloorDatabase): Promise<PlannedTable[]> {
  const tables = await db.rows<{ name: string }>(
    `select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const filled: string[] = [];
  for (const { name } of tables) {
    if (notImported.has(name)) continue;
    const [found] = await db.rows<{ any: boolean }>(`select exists (select 1 from ${ident(name)}) as any`);
    if (found?.any) filled.push(name);
  }
  const references = await db.rows<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f' and c.conrelid <> c.confrelid`);
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name) || !filled.includes(name)) return;
    seen.add(name);
    for (const { parent } of references.filter((reference) => reference.child === name)) visit(parent, seen);
    ordered.push(name);
  };
  for (const name of filled) visit(name, new Set());
  const planned: PlannedTable[] = [];
  for (const name of ordered)
    planned.push({
      name,
      indexes: await db.rows<{ name: string; definition: string }>(
        `select index.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class index on index.oid = i.indexrelid
        where i.indrelid = $1::regclass and not i.indisunique and not i.indisprimary`,
        [ident(name)],
      ),
    });
  return planned;
}

/** Empties the planned tables, then times writing their rows back; `bare` without keys and triggers. */
async function load(db: FloorDatabase, tables: PlannedTable[], dir: string, bare: boolean): Promise<number> {
  await db.rows(`truncate ${tables.map((table) => ident(table.name)).join(', ')} cascade`);
  const started = performance.now();
  for (const table of tables) {
    await db.rows('begin');
    if (bare) await db.rows('set local session_replication_role = replica');
    if (table.indexes.length > 0)
      await db.rows(`drop index ${table.indexes.map((index) => ident(index.name)).join(', ')}`);
    await db.copyIn(table.name, path.join(dir, `${table.name}.copy`));
    await db.rows(`set local maintenance_work_mem = '256MB'`);
    for (const index of table.indexes) await db.rows(index.definition);
    await db.rows('commit');
  }
  return (performance.now() - started) / 1000;
}

/**
 * Measures the floor: the import's rows are copied out of `imported` into `dir`, then written back
 * into `copy`, a copy of the imported database made by `clone` once `imported` is done with.
 */
export async function measureFloor(
  imported: () => Promise<FloorDatabase & { close(): Promise<void> }>,
  clone: () => Promise<FloorDatabase & { close(): Promise<void> }>,
  dir: string,
): Promise<Floor> {
  const source = await imported();
  let tables: PlannedTable[];
  try {
    tables = await plan(source);
    for (const table of tables) await source.copyOut(table.name, path.join(dir, `${table.name}.copy`));
  } finally {
    await source.close();
  }
  const copy = await clone();
  try {
    const keys = await load(copy, tables, dir, false);
    const [role] = await copy.rows<{ super: boolean }>(
      'select rolsuper as super from pg_roles where rolname = current_user',
    );
    return { keys, bare: role?.super ? await load(copy, tables, dir, true) : undefined };
  } finally {
    await copy.close();
  }
}

/** A node-postgres connection as a floor database (COPY through `pg-copy-streams`). */
export function postgresFloor(client: pg.Client): FloorDatabase & { close(): Promise<void> } {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    copyOut: (table, file) =>
      pipeline(client.query(copyStreams.to(`copy ${ident(table)} to stdout`)), createWriteStream(file)),
    copyIn: (table, file) =>
      pipeline(createReadStream(file), client.query(copyStreams.from(`copy ${ident(table)} from stdin`))),
    close: () => client.end(),
  };
}

/** An embedded database as a floor database (COPY through `/dev/blob`). */
export function pgliteFloor(db: PGlite): FloorDatabase & { close(): Promise<void> } {
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    async copyOut(table, file) {
      const { blob } = await db.query(`copy ${ident(table)} to '/dev/blob'`);
      await writeFile(file, Buffer.from(await (blob as Blob).arrayBuffer()));
    },
    async copyIn(table, file) {
      await db.query(`copy ${ident(table)} from '/dev/blob'`, [], { blob: await openAsBlob(file) });
    },
    close: () => db.close(),
  };
}
