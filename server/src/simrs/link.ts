import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import type { CsvRecord } from '../db/legacy/csv.js';
import { emptyReport, importRecords, type TableReport } from '../db/legacy/import.js';
import type { AnyLegacyTable } from '../db/legacy/table.js';
import { legacyTables } from '../db/legacy/tables/index.js';
import { bookingsTable } from '../db/legacy/tables/bookings.js';
import { csStaffTable, dutyStaffTable } from '../db/legacy/tables/staff.js';
import { admissionsTable } from '../db/legacy/tables/admissions.js';
import { roomsTable } from '../db/legacy/tables/rooms.js';
import { legacyImports, simrsLinkTables } from '../db/schema/index.js';
import { type AplicaresSetup, reportChangedRooms } from '../modules/aplicares/reports.js';
import { liveRooms } from '../modules/ward/occupancy.js';
import {
  type Change,
  forgetChanges,
  installed,
  installStatements,
  oldestChanges,
  type Statement,
} from './changes.js';
import type { SimrsClient } from './client.js';

// The linked mode's mirror: the SIMRS's tables copied into the portal's database through the legacy
// importer's table mappings (the same reading, rules and writing as an export file), first whole and
// then change by change from the SIMRS's change log (changes.ts). The SIMRS owns these tables: what it
// holds wins over the portal's copy. Staff, Mobile JKN bookings and the rest are the portal's own.

/** What the link mirrors: every table the importer maps except those the portal owns. */
export const mirroredTables: readonly AnyLegacyTable[] = legacyTables.filter(
  (table) => ![dutyStaffTable, csStaffTable, bookingsTable].includes(table),
);

export interface RoundOptions {
  /** Records read from the SIMRS per statement (first mirror), or changes taken per round. */
  chunk?: number;
  /** BPJS Aplicares, told of the rooms whose beds or capacity the SIMRS changed; undefined when off. */
  aplicares?: AplicaresSetup;
}

/**
 * The files whose rows change a room's beds: the rooms themselves, and the stays that fill them (by file:
 * the first mirror's chunks carry a copy of their mapping).
 */
const bedFiles = new Set([roomsTable.file, admissionsTable.file]);

export interface MirroredTable {
  mapping: AnyLegacyTable;
  /** The SIMRS table, e.g. `master_pasien`. */
  name: string;
}

/** The SIMRS tables behind each mapping, in the importer's order (a family like `tarifx_*` by name). */
export async function simrsTables(simrs: SimrsClient): Promise<MirroredTable[]> {
  const rows = await simrs.rows<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = database() order by table_name`,
  );
  // Matched as the export's files are (in lower case); queried under the SIMRS's own spelling.
  const file = (name: string) => `${name.toLowerCase()}.csv`;
  return mirroredTables.flatMap((mapping) =>
    rows
      .filter(({ name }) =>
        typeof mapping.file === 'string' ? file(name) === mapping.file : mapping.file.test(file(name)),
      )
      .map(({ name }) => ({ mapping, name })),
  );
}

/** The names of the SIMRS tables the link mirrors. */
export async function linkTableNames(simrs: SimrsClient): Promise<string[]> {
  return (await simrsTables(simrs)).map((table) => table.name);
}

/** The change log and its triggers for the SIMRS's mirrored tables (`runStatements` runs them). */
export async function linkInstallStatements(simrs: SimrsClient): Promise<Statement[]> {
  return installStatements(simrs, await linkTableNames(simrs));
}

/** Runs statements on the SIMRS one after the other. */
export async function runStatements(simrs: SimrsClient, statements: readonly Statement[]): Promise<void> {
  for (const statement of statements) await simrs.run(statement.sql, statement.values);
}

/** A SIMRS value as the importer reads a CSV field: text, '' for NULL. */
const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : Buffer.isBuffer(value)
      ? value.toString('latin1')
      : String(value);

/** SIMRS rows as the importer's records; a record's "line" is its `sr_recno`. */
function recordsOf(rows: Record<string, unknown>[]): { columns: string[]; records: CsvRecord[] } {
  const columns = Object.keys(rows[0] ?? {}).map((name) => name.toLowerCase());
  const records = rows.map((row) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(row)) fields[name.toLowerCase()] = text(value);
    return { line: Number(row.sr_recno ?? 0), fields, ragged: false, fixes: [] };
  });
  return { columns, records };
}

async function* iterate<T>(items: T[]) {
  yield* items;
}

/** The link's own run of `legacy_imports`: the rows it writes carry it. Made on first use. */
async function linkRun(db: Database, target: string): Promise<number> {
  const folder = `SIMRS ${target}`;
  const [found] = await db
    .select({ id: legacyImports.id })
    .from(legacyImports)
    .where(eq(legacyImports.folder, folder))
    .limit(1);
  if (found) return found.id;
  const [made] = await db
    .insert(legacyImports)
    .values({ folder, apply: true })
    .returning({ id: legacyImports.id });
  return made?.id ?? 0;
}

/**
 * Applies SIMRS rows of one table in one portal transaction, with `also` inside it. Rooms whose beds or
 * capacity the rows changed are reported to BPJS Aplicares in the same transaction, as a ward change is.
 */
async function apply(
  db: Database,
  run: number,
  table: MirroredTable,
  rows: Record<string, unknown>[],
  also: (tx: Transaction, counts: ReturnType<typeof counted>) => Promise<void>,
  aplicares?: AplicaresSetup,
): Promise<TableReport> {
  const report = emptyReport(table.name, 'imported');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.import_run', ${String(run)}, true)`);
    if (rows.length > 0) {
      const beds = aplicares && bedFiles.has(table.mapping.file) ? await liveRooms(tx) : undefined;
      const { columns, records } = recordsOf(rows);
      const source = { name: `${table.name}.csv`, columns, records: () => iterate(records) };
      await importRecords(tx, table.mapping, source, report, {
        apply: true,
        sourceWins: true,
        keepRejections: 20,
      });
      if (beds) await reportChangedRooms(tx, aplicares, beds, await liveRooms(tx), 'perubahan di SIMRS');
    }
    await also(tx, counted(rows.length, report));
  });
  return report;
}

/**
 * Takes SIMRS rows of one mirrored table into the portal's copy now, as the next round would (which
 * applies them again from the change log: no harm). A write-through that met a row the SIMRS changed
 * shows the clerk the SIMRS's values at once.
 */
export async function mirrorRows(
  db: Database,
  simrs: SimrsClient,
  name: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const table = (await simrsTables(simrs)).find((mirrored) => mirrored.name === name);
  if (!table) throw new Error(`${name} is not a mirrored SIMRS table`);
  await apply(db, await linkRun(db, simrs.target), table, rows, async () => undefined);
}

/** What a batch adds to a table's counts: rows read and applied or turned away, and the last reason. */
function counted(read: number, report: TableReport) {
  const last = report.rejections.at(-1);
  return {
    rowsMirrored: sql`${simrsLinkTables.rowsMirrored} + ${read - report.rejected}`,
    rowsRejected: sql`${simrsLinkTables.rowsRejected} + ${report.rejected}`,
    ...(last
      ? { lastRejection: `sr_recno ${last.line} (${last.key}): ${last.column} ${last.reason}`.trim() }
      : {}),
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export interface RoundResult {
  /** Rows applied in this round. */
  applied: number;
  /** More is waiting (the first mirror is not done, or the change log holds more). */
  more: boolean;
}

/**
 * One round of the link: the next chunk of the first full mirror while one is unfinished (each chunk
 * committed with its position, so an interrupted mirror goes on where it stopped), else the oldest
 * changes of the change log. A table whose copy has every change is marked synced as of the round's start.
 */
export async function linkRound(
  db: Database,
  simrs: SimrsClient,
  { chunk = 5000, aplicares }: RoundOptions = {},
): Promise<RoundResult> {
  const startedAt = new Date();
  const run = await linkRun(db, simrs.target);
  const tables = await simrsTables(simrs);
  const missing = await installed(
    simrs,
    tables.map((table) => table.name),
  );
  if (missing.length > 0)
    throw new Error(
      `log perubahan SIMRS belum terpasang (${missing.slice(0, 3).join(', ')}): jalankan npm run cli -- link install`,
    );
  // Every table is on record from the first round: one the first mirror has not reached is not current.
  if (tables.length > 0)
    await db
      .insert(simrsLinkTables)
      .values(tables.map((table) => ({ tableName: table.name, importId: run })))
      .onConflictDoNothing();
  const states = new Map((await db.select().from(simrsLinkTables)).map((state) => [state.tableName, state]));

  for (const table of tables) {
    const state = states.get(table.name);
    if (state?.fullDoneAt) continue;
    const after = state?.fullRecno ?? 0;
    const rows = await simrs.rows<Record<string, unknown>>(
      'select * from ?? where sr_recno > ? order by sr_recno limit ?',
      [table.name, after, chunk],
    );
    const last = Number(rows.at(-1)?.sr_recno ?? after);
    const done = rows.length < chunk;
    // What a mapping does once a file is whole (the patients': the number sequence moved on and
    // `analyze`, a pass over the whole table) is done once, with the table's last chunk, for every row
    // the mirror wrote: after every chunk it took most of the mirror's time at 200,000 patients.
    const { finish } = table.mapping;
    const whole: AnyLegacyTable['finish'] = finish
      ? (tx, context, { apply }) =>
          finish(tx, context, { apply, written: (state?.rowsMirrored ?? 0) + rows.length })
      : undefined;
    const chunkOf: MirroredTable = {
      ...table,
      mapping: { ...table.mapping, finish: done ? whole : undefined },
    };
    await apply(
      db,
      run,
      chunkOf,
      rows,
      async (tx, counts) => {
        await tx
          .update(simrsLinkTables)
          .set({
            ...counts,
            fullRecno: last,
            // Done, the copy holds every record up to the start of this round: the changes made since
            // are in the change log, which was there before the first record was read.
            fullDoneAt: done ? sql`now()` : null,
            syncedAt: done ? startedAt : null,
            lastError: null,
          })
          .where(eq(simrsLinkTables.tableName, table.name));
      },
      aplicares,
    );
    return { applied: rows.length, more: true };
  }

  const changes = await oldestChanges(simrs, chunk);
  const byTable = new Map<string, Change[]>();
  for (const change of changes) byTable.set(change.table, [...(byTable.get(change.table) ?? []), change]);
  let applied = 0;
  // With the whole log read, every change made before this round started is in.
  const caughtUp = changes.length < chunk;
  const idle: string[] = [];
  for (const table of tables) {
    const waiting = byTable.get(table.name) ?? [];
    if (waiting.length === 0) {
      idle.push(table.name);
      continue;
    }
    const recnos = [...new Set(waiting.map((change) => change.recno))];
    const current = await simrs.rows<Record<string, unknown>>('select * from ?? where sr_recno in (?)', [
      table.name,
      recnos,
    ]);
    // A record that is gone comes as it was last, marked deleted: the mapping hides it.
    const present = new Set(current.map((row) => Number(row.sr_recno)));
    const removed = waiting
      .filter((change) => change.removed && !present.has(change.recno))
      .map((change) => ({ ...change.removed, sr_deleted: '1' }));
    const rows = [...current, ...removed];
    await apply(
      db,
      run,
      table,
      rows,
      async (tx, counts) => {
        await tx
          .update(simrsLinkTables)
          .set({
            ...counts,
            ...(caughtUp ? { syncedAt: startedAt } : {}),
            lastError: null,
          })
          .where(eq(simrsLinkTables.tableName, table.name));
      },
      aplicares,
    );
    applied += rows.length;
  }
  if (idle.length > 0)
    await db
      .update(simrsLinkTables)
      .set({ ...(caughtUp ? { syncedAt: startedAt } : {}), lastError: null })
      .where(inArray(simrsLinkTables.tableName, idle));
  // Applied in the portal: gone from the queue (were this to fail, they are applied again: no harm).
  await forgetChanges(
    simrs,
    changes.map((change) => change.id),
  );
  return { applied, more: changes.length === chunk };
}

/** Records the round's failure on every table: the screens show the copy's age, the logs the reason. */
export async function recordLinkError(db: Database, err: unknown): Promise<void> {
  await db.update(simrsLinkTables).set({ lastError: errorText(err), lastErrorAt: new Date() });
}

export interface LinkTableStatus {
  table: string;
  rowsMirrored: number;
  rowsRejected: number;
  lastRejection: string | null;
  /** The first full mirror: done, or the record number it got to. */
  fullDone: boolean;
  fullRecno: number;
  /** The copy holds every change made before this moment; null while the first mirror runs. */
  syncedAt: Date | null;
  /** Seconds between `syncedAt` and now; null while the first mirror runs. */
  lagSeconds: number | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** Per mirrored table: how far the copy is, from the portal's own records (the SIMRS is not asked). */
export async function linkStatus(db: Database, now = new Date()): Promise<LinkTableStatus[]> {
  const rows = await db.select().from(simrsLinkTables).orderBy(simrsLinkTables.tableName);
  return rows.map((row) => ({
    table: row.tableName,
    rowsMirrored: row.rowsMirrored,
    rowsRejected: row.rowsRejected,
    lastRejection: row.lastRejection,
    fullDone: row.fullDoneAt !== null,
    fullRecno: row.fullRecno,
    syncedAt: row.syncedAt,
    lagSeconds: row.syncedAt ? Math.max(0, (now.getTime() - row.syncedAt.getTime()) / 1000) : null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
  }));
}
