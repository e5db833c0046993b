import {
  type Column,
  getTableColumns,
  getTableName,
  inArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { normalizeMrn } from '../../modules/patients/service.js';
import type { Transaction } from '../client.js';
import { sqlState } from '../errors.js';
import { rowsOf } from '../rows.js';
import { legacyImportChanges, patients } from '../schema/index.js';
import { copyFrom, copyText } from './copy.js';
import type { FixKind, ImportIssue, LegacyRow } from './row.js';

/** A row the importer turned away: where it is in the files, its legacy key, and why. */
export interface Rejection {
  file: string;
  line: number;
  /** The row's legacy key as the file writes it (MRN, `noreg`, `kode` …); '' when it has none. */
  key: string;
  column: string;
  reason: string;
  /** The offending value (cut to 80 characters); '' when the reason is not one value. */
  value: string;
  /** The row matches a record the portal created or changed: the report lists these first. */
  conflict?: boolean;
  /** Not a rejection: the row was taken without this value, flagged for a person to complete. */
  flagged?: boolean;
}

/** Something a row needs from a person although it was taken (a weak legacy password …). */
export interface Notice {
  file: string;
  line: number;
  key: string;
  text: string;
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
  /** The file the rows come from. */
  file: string;
  reject(line: number, column: string, reason: string, value?: string): void;
  /**
   * Rejects a row that matches a record the portal created or changed: never applied, listed first.
   * An empty column names the file's key column.
   */
  conflict(line: number, column: string, reason: string, value?: string): void;
  fix(kind: FixKind): void;
  /** Lists the row for a person to act on; the row is taken. */
  notice(line: number, key: string, text: string): void;
  /**
   * Lists a field the row was taken without, flagged on the record for a person to complete (beside
   * the rejected rows, as `onReject` hands them on), with the value as written.
   */
  flag(line: number, issue: ImportIssue): void;
  /** The file's load: the indexes it sets aside while it fills an empty table (see `IndexDeferral`). */
  indexes?: IndexDeferral;
  /** The source owns the table (the SIMRS): its rows overwrite the portal's, none is a conflict. */
  sourceWins?: boolean;
}

/**
 * The secondary indexes of the tables a file fills while they are empty, dropped at the file's first
 * write to each and built once the file is written, in the file's transaction: a million patients
 * carry five trigram and eight sort indexes, and keeping them row by row costs several times building
 * them once (measured in docs/benchmarks.md#legacy-import-at-hospital-scale). Unique indexes stay, as
 * the writes find their rows by them. Dropping an index locks the table until the file commits, so a
 * table with a single row keeps its indexes: the portal's reads of it are never held up. A batch the
 * database refuses takes its drop back with it; `build` then finds the index there.
 */
export class IndexDeferral {
  private readonly seen = new Set<string>();
  /** The tables found empty and locked by the file's transaction. */
  private readonly held = new Set<string>();
  private readonly dropped: string[] = [];

  /** Whether the file holds `table`, empty when it came to it, locked against the portal's writes. */
  holds(table: PgTable): boolean {
    return this.held.has(getTableName(table));
  }

  /**
   * A batch was taken back (a savepoint rolled back): it may have taken a table's lock with it, so no
   * table counts as held any more. Its dropped indexes are built again either way.
   */
  rolledBack(): void {
    this.held.clear();
  }

  async defer(tx: Transaction, table: PgTable): Promise<void> {
    const name = getTableName(table);
    if (this.seen.has(name)) return;
    this.seen.add(name);
    const target = sql.identifier(name);
    const indexes = await rowsOf<{ name: string; definition: string }>(
      tx.execute(sql`
        select index.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class index on index.oid = i.indexrelid
        where i.indrelid = ${name}::regclass and not i.indisunique and not i.indisprimary`),
    );
    if (indexes.length === 0) return;
    class NotEmpty extends Error {}
    // Taken in a savepoint of its own, so that a table found not empty (or busy) lets its lock go at once.
    await tx
      .transaction(async (savepoint) => {
        await savepoint.execute(sql`lock table ${target} in access exclusive mode nowait`);
        const [found] = await rowsOf<{ any: boolean }>(
          savepoint.execute(sql`select exists (select 1 from ${target}) as any`),
        );
        if (found?.any !== false) throw new NotEmpty();
        await savepoint.execute(
          sql`drop index ${sql.join(
            indexes.map((index) => sql.identifier(index.name)),
            sql`, `,
          )}`,
        );
        this.dropped.push(...indexes.map((index) => index.definition));
        this.held.add(name);
      })
      .catch((err: unknown) => {
        // 55P03: another session holds the table; the file keeps its indexes up as it goes.
        if (!(err instanceof NotEmpty) && sqlState(err) !== '55P03') throw err;
      });
  }

  /** Builds the indexes set aside, with the memory a build of a million rows wants. */
  async build(tx: Transaction): Promise<void> {
    if (this.dropped.length === 0) return;
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const definition of this.dropped.splice(0))
      await tx.execute(sql.raw(definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
  }
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
  /**
   * A column of numbers that the portal's own numbering continues after (the medical record number):
   * the highest in the file counts, rejected rows included, so the portal never hands out a number
   * that a legacy row holds.
   */
  numbering?: string;
  /**
   * A file of the export folder that a row wants beside it (a tariff book's items, `tarifx_<tabel>.csv`),
   * with what the report says when the folder lacks it; undefined when the row wants none.
   */
  companion?(row: Row): { file: string; missing: string } | undefined;
  /** Rows per write (2,000 unless set). */
  batchSize?: number;
  /** Loads what the rows refer to (codes → ids), inside the table's transaction. */
  prepare(tx: Transaction, file: string): Promise<Context>;
  /** One record into one row; throws `RowRejected` (through `row.reject`) for a row that cannot come. */
  read(row: LegacyRow, context: Context): Row;
  /** The legacy key: a second row with the same key is rejected as a duplicate. */
  key(row: Row): string;
  write(tx: Transaction, batch: Read<Row>[], context: Context, outcome: Outcome): Promise<Written>;
  /**
   * After the last batch (e.g. move a sequence on, recount sessions): `apply` is false in a dry run,
   * `written` the rows it inserted or updated (a whole file, or the few of a SIMRS link's change round).
   */
  finish?(tx: Transaction, context: Context, done: { apply: boolean; written: number }): Promise<void>;
}

/** A table as the importer runs it, whatever its row and context types. */
export type AnyLegacyTable = LegacyTable<unknown, unknown>;

/** Declares a table with its row and context types checked, then hands it to the importer. */
export const legacyTable = <Row, Context>(table: LegacyTable<Row, Context>) =>
  table as unknown as AnyLegacyTable;

/**
 * Whether the file found `table` empty and holds it locked against the portal's writes (see
 * `IndexDeferral`): then it has no record but those the file wrote, and no lookup in it can find one
 * of the portal's.
 */
export async function holdsEmpty(tx: Transaction, table: PgTable, outcome: Outcome): Promise<boolean> {
  if (!outcome.indexes) return false;
  await outcome.indexes.defer(tx, table);
  return outcome.indexes.holds(table);
}

/** The key of a row as the report and `legacy_import_changes` write it: its key values joined by "/". */
const keyText = (values: unknown[]) => values.map((value) => String(value)).join('/');

/**
 * Inserts rows or updates the existing ones with the same key, in one statement: the batch is copied
 * (COPY) into a temporary staging table and merged from there, set-based, by its key. Rows
 * whose values are all the same are left alone (not counted as updated). A `deletedAt` column keeps
 * the first deletion time: the legacy flag says only whether, not when.
 *
 * A table the file found empty and holds (`holdsEmpty`) is filled by COPY straight into it.
 *
 * In a table with `import_run`, only rows an import wrote and the portal has not changed since are
 * updated: a row whose key belongs to a record the portal created or changed is a conflict, rejected
 * and never applied. Written rows carry the running import's id; each update is recorded in
 * `legacy_import_changes` with its file and line.
 */
export async function upsert<T extends PgTable>(
  tx: Transaction,
  table: T,
  batch: Read<Partial<T['$inferInsert']>>[],
  key: Column[],
  outcome: Outcome,
  /** The column that names a record for a person (a patient's name), quoted in a conflict. */
  label?: Column,
): Promise<Written> {
  if (batch.length === 0) return { inserted: 0, updated: 0 };
  const fresh = await holdsEmpty(tx, table, outcome);
  const columns = getTableColumns(table) as Record<string, Column>;
  const owned = 'importRun' in columns;
  const names = Object.keys(batch[0]?.row as object);
  const columnOf = (name: string) => {
    const column = columns[name];
    if (!column) throw new Error(`${getTableName(table)} has no column ${name}`);
    return column;
  };
  const dbName = (name: string) => columnOf(name).name;
  const propertyOf = new Map(Object.entries(columns).map(([name, column]) => [column.name, name]));
  const keyOf = (row: Partial<T['$inferInsert']>) =>
    keyText(key.map((column) => (row as Record<string, unknown>)[propertyOf.get(column.name) ?? ''] ?? ''));
  const target = sql.identifier(getTableName(table));
  const keyColumns = sql.join(
    key.map((column) => sql`${target}.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const keyValue = sql`concat_ws('/', ${keyColumns})`;
  const valuesOf = (rows: Read<Partial<T['$inferInsert']>>[]) =>
    rows.map(({ row }) => names.map((name) => (row as Record<string, unknown>)[name]));
  const copyInto = (into: SQLWrapper, copied: Column[], values: unknown[][]) =>
    copyFrom(
      tx,
      sql`${into} (${sql.join(
        copied.map((column) => sql.identifier(column.name)),
        sql`, `,
      )})`,
      copyText(copied, values),
    );
  const stageColumns = names.map(columnOf);

  // A table the file found empty and holds locked has no rows but the file's own, and their keys all
  // differ (the importer rejects a second row with a key): nothing to merge with or to protect, so the
  // batch goes in by COPY, as the statement below would insert it.
  if (fresh) {
    const values = valuesOf(batch);
    if (!owned) await copyInto(target, stageColumns, values);
    else {
      const [current] = await rowsOf<{ run: number | null }>(
        tx.execute(sql`select nullif(current_setting('portal.import_run', true), '')::integer as run`),
      );
      for (const row of values) row.push(current?.run ?? null);
      await copyInto(target, [...stageColumns, columnOf('importRun')], values);
    }
    return { inserted: batch.length, updated: 0 };
  }

  // The batch goes in by COPY into a staging table of the target's columns, read by the set-based
  // statements below: a JSON parameter cost the database about twice as much per row. The table is
  // temporary and dropped with the file's transaction; a batch taken back takes it with it.
  const stageName = `legacy_stage_${getTableName(table)}`;
  const stage = sql.identifier(stageName);
  const toStage = async (rows: Read<Partial<T['$inferInsert']>>[]) => {
    const [staged] = await rowsOf<{ exists: boolean }>(
      tx.execute(sql`select to_regclass(${`pg_temp.${stageName}`}) is not null as exists`),
    );
    await tx.execute(
      staged?.exists
        ? sql`truncate ${stage}`
        : sql`create temp table ${stage} on commit drop as select * from ${target} with no data`,
    );
    await copyInto(stage, stageColumns, valuesOf(rows));
  };
  await toStage(batch);

  let rows = batch;
  if (owned && !outcome.sourceWins) {
    // Key by key through the unique index (see `patientIdsByMrn`): the records the portal owns.
    const sameKey = sql.join(
      key.map(
        (column) => sql`${target}.${sql.identifier(column.name)} = incoming.${sql.identifier(column.name)}`,
      ),
      sql` and `,
    );
    const labelColumn = label ? sql`${target}.${sql.identifier(label.name)}` : sql`null`;
    // The portal's columns whose value the row would change: the conflict names them.
    const compared = names.map(dbName).filter((name) => !key.some((column) => column.name === name));
    const valueIn = (from: SQL, name: string) =>
      name === 'deleted_at' ? sql`(${from}.deleted_at is null)` : sql`${from}.${sql.identifier(name)}`;
    const differs = sql`array_remove(array[${sql.join(
      compared.map(
        (name) =>
          sql`case when ${valueIn(sql`${target}`, name)} is distinct from ${valueIn(sql`incoming`, name)} then ${name} end`,
      ),
      sql`, `,
    )}]::text[], null)`;
    const portal = await rowsOf<{ key: string; run: number | null; label: string | null; differs: string[] }>(
      tx.execute(sql`
        select owned.* from ${stage} as incoming
        cross join lateral (
          select ${keyValue} as key, ${target}.import_run as run, ${labelColumn}::text as label,
            ${differs} as differs
          from ${target}
          where ${sameKey} and (${target}.import_run is null or ${target}.import_run < 0) offset 0
        ) as owned`),
    );
    if (portal.length > 0) {
      const ownedBy = new Map(portal.map((record) => [record.key, record]));
      rows = batch.filter(({ line, row }) => {
        const record = ownedBy.get(keyOf(row));
        if (!record) return true;
        // The file says what the portal holds already: nothing to settle, the record stays as it is.
        if (record.differs.length === 0) return false;
        const how = record.run === null ? 'dibuat di portal' : `diimpor, lalu diubah di portal`;
        const named = label ? ` "${record.label ?? ''}"` : '';
        const [first, more] = [record.differs.slice(0, 6), record.differs.length - 6];
        outcome.conflict(
          line,
          '',
          `${keyOf(row)}${named} sudah ada di portal (${how}); berkas berbeda di kolom portal ${first.join(', ')}${more > 0 ? ` dan ${more} lainnya` : ''}; baris tidak diterapkan`,
          keyOf(row),
        );
        return false;
      });
      if (rows.length === 0) return { inserted: 0, updated: 0 };
      await toStage(rows);
    }
  }

  const keyNames = new Set(key.map((column) => column.name));
  const id = (name: string) => sql.identifier(dbName(name));
  const list = sql.join(names.map(id), sql`, `);
  const updated = names.filter((name) => !keyNames.has(dbName(name)));
  // A source that owns the table takes over a row the portal wrote too, though its values are the same.
  const changing = owned && outcome.sourceWins ? [...updated, 'importRun'] : updated;
  const current = (name: string): SQL =>
    dbName(name) === 'deleted_at' ? sql`(${target}.deleted_at is null)` : sql`${target}.${id(name)}`;
  const incoming = (name: string): SQL =>
    dbName(name) === 'deleted_at' ? sql`(excluded.deleted_at is null)` : sql`excluded.${id(name)}`;
  const assign = (name: string): SQL =>
    dbName(name) === 'deleted_at'
      ? sql`deleted_at = case when excluded.deleted_at is null then null else coalesce(${target}.deleted_at, excluded.deleted_at) end`
      : sql`${id(name)} = excluded.${id(name)}`;
  const run = sql`nullif(current_setting('portal.import_run', true), '')::integer`;
  const onConflict =
    updated.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(updated.map(assign), sql`, `)}${owned ? sql`, import_run = excluded.import_run` : sql``}
          where ${owned && !outcome.sourceWins ? sql`${target}.import_run > 0 and ` : sql``}(${sql.join(changing.map(current), sql`, `)})
            is distinct from (${sql.join(changing.map(incoming), sql`, `)})`;
  const written = await rowsOf<{ inserted: boolean; key: string }>(
    tx.execute(sql`
    insert into ${target} (${list}${owned ? sql`, import_run` : sql``})
    select ${list}${owned ? sql`, ${run}` : sql``} from ${stage}
    on conflict (${sql.join(
      key.map((column) => sql.identifier(column.name)),
      sql`, `,
    )}) ${onConflict}
    returning (xmax = 0) as inserted, ${keyValue} as key`),
  );
  const changed = written.filter((row) => !row.inserted);
  if (changed.length > 0) {
    const lineOf = new Map(rows.map(({ line, row }) => [keyOf(row), line]));
    await tx
      .insert(legacyImportChanges)
      .values(
        changed.map((row) => ({
          importId: sql`${run}`,
          tableName: getTableName(table),
          legacyKey: row.key,
          file: outcome.file,
          line: lineOf.get(row.key) ?? 0,
        })),
      )
      .onConflictDoNothing();
  }
  return { inserted: written.length - changed.length, updated: changed.length };
}

/**
 * The numbers among `mrns` written without the zeros of a patient the portal holds (a file saved from
 * Excel: `2` where `000002` was imported), each with the number held. A legacy system that never wrote the
 * zeros (`2` alone) has no such patient: the desks find `2` as typed (`mrnLookups`).
 */
export async function strippedMrns(tx: Transaction, mrns: Iterable<string>): Promise<Map<string, string>> {
  const written = new Map<string, string>();
  for (const mrn of mrns) {
    const normal = normalizeMrn(mrn);
    if (normal !== mrn && /^\d+$/.test(mrn)) written.set(normal, mrn);
  }
  if (written.size === 0) return new Map();
  const held = await tx
    .select({ mrn: patients.mrn })
    .from(patients)
    .where(inArray(patients.mrn, [...written.keys()]));
  return new Map(held.map(({ mrn }) => [written.get(mrn) as string, mrn]));
}

/** The patients rows refer to by medical record number, as `patientsByMrn` found them. */
export class PatientsByMrn {
  constructor(
    private readonly ids: Map<string, number>,
    private readonly portal: Set<string>,
    /** Numbers not found that are a held patient's without its zeros (`strippedMrns`). */
    private readonly stripped: Map<string, string> = new Map(),
  ) {}

  /** The patient of the legacy data under this number (imported, changed in the portal since or not). */
  get(mrn: string): number | undefined {
    return this.ids.get(mrn);
  }

  /** The ids of the legacy data's patients found. */
  all(): number[] {
    return [...this.ids.values()];
  }

  /**
   * Rejects a row whose patient is not the legacy data's: none has the number, or the portal created
   * its own patient under it (a conflict: the row would join someone else's record).
   */
  reject(outcome: Outcome, line: number, column: string, mrn: string) {
    if (this.portal.has(mrn))
      outcome.conflict(
        line,
        column,
        `pasien ${mrn} di portal didaftarkan di portal, bukan dari data lama; baris tidak diterapkan`,
        mrn,
      );
    else {
      const held = this.stripped.get(mrn);
      outcome.reject(
        line,
        column,
        held === undefined
          ? `pasien ${mrn} tidak ada`
          : `pasien ${mrn} tidak ada; nomor RM tanpa nol di depan (dibuka di Excel?): pasien ${held} ada di portal, ekspor ulang berkas ini tanpa membukanya di Excel`,
        mrn,
      );
    }
  }
}

/**
 * The patients of a batch by medical record number, looked up key by key through the unique index:
 * the lateral subquery (kept apart by `offset 0`) cannot become a hash join over all patients, which
 * is what the planner picks for `mrn = any(…)` or a plain join when the patients were imported
 * moments ago and have no statistics yet (a sequential scan of a million patients per batch).
 */
export async function patientsByMrn(
  tx: Transaction,
  mrns: Iterable<string>,
  outcome: Pick<Outcome, 'sourceWins'>,
): Promise<PatientsByMrn> {
  const wanted = [...new Set(mrns)];
  const found = await rowsOf<{ id: number; mrn: string; imported: boolean }>(
    tx.execute(sql`
      select patient.id, patient.imported, wanted.mrn
      from unnest(${sql.param(wanted)}::text[]) as wanted(mrn)
      cross join lateral (
        select id, import_run is not null as imported from ${patients} where mrn = wanted.mrn offset 0
      ) as patient`),
  );
  // A source that owns the patients (the SIMRS) has every patient the portal holds.
  const theirs = (patient: { imported: boolean }) => patient.imported || outcome.sourceWins === true;
  const held = new Set(found.map(({ mrn }) => mrn));
  return new PatientsByMrn(
    new Map(found.filter(theirs).map(({ id, mrn }) => [mrn, id])),
    new Set(found.filter((patient) => !theirs(patient)).map(({ mrn }) => mrn)),
    await strippedMrns(
      tx,
      wanted.filter((mrn) => !held.has(mrn)),
    ),
  );
}
