import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client.js';
import { sqlState } from '../errors.js';
import { legacyImports } from '../schema/index.js';
import { type LegacyCsv, openLegacyCsv, UnreadableCsv } from './csv.js';
import { KeyLines } from './key-lines.js';
import { type FixKind, LegacyRow, RowRejected } from './row.js';
import {
  type AnyLegacyTable,
  IndexDeferral,
  type Notice,
  type Outcome,
  type Read,
  type Rejection,
} from './table.js';

/** What happened to one legacy file. */
export type TableStatus =
  /** Written and committed in this run. */
  | 'imported'
  /** Read and written in a transaction that was rolled back (dry run). */
  | 'checked'
  /** Unreadable as a whole (header, encoding) or stopped by the database: nothing of it is written. */
  | 'failed'
  /** The run was stopped (`signal`) while the file was being written, or before it: nothing of it is written. */
  | 'stopped'
  /** Not in the export folder. */
  | 'missing';

export interface TableReport {
  file: string;
  status: TableStatus;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Rows matching a record the portal created or changed: never applied (counted in `rejected`). */
  conflicts: number;
  fixes: Partial<Record<FixKind, number>>;
  /** The first rejections and the first conflicts (all of them go to `onReject`). */
  rejections: Rejection[];
  /** Rows taken that a person must act on (weak legacy passwords …): all of them. */
  notices: Notice[];
  encoding?: string;
  separator?: string;
  /** The highest numeric key of the file, rejected rows included (`numbering` tables). */
  highestKey?: string;
  seconds: number;
  error?: string;
}

export interface ImportReport {
  folder: string;
  apply: boolean;
  /** The run's id in `legacy_imports` (a dry run's is rolled back with it). */
  run: number;
  startedAt: Date;
  seconds: number;
  tables: TableReport[];
}

export interface Progress {
  file: string;
  /** 1-based position of the file in the run, and the number of files. */
  index: number;
  count: number;
  rows: number;
  /** Rows per second over the last seconds. */
  rate: number;
  /** Seconds left for the file and for the whole run (by the bytes still to read). */
  fileLeft: number;
  runLeft: number;
  seconds: number;
}

export interface ImportOptions {
  folder: string;
  /** Write for good; without it every table is written in a transaction that is rolled back. */
  apply: boolean;
  tables: readonly AnyLegacyTable[];
  onProgress?: (progress: Progress) => void;
  /** Each file as it is finished (or found missing). */
  onFile?: (report: TableReport, index: number, count: number) => void;
  /**
   * Every rejected row, as it is found; and every field a row was taken without, flagged on the record
   * for a person to complete (`flagged`, not counted as rejected).
   */
  onReject?: (rejection: Rejection) => void;
  /** Rejections kept per table for the report (all go to `onReject`). */
  keepRejections?: number;
  /**
   * Stops the run (the officer's Ctrl-C): the file being written is rolled back within a hundred rows, or
   * once its last step (the index builds) ends; the files before it stay, the ones after it are not run.
   */
  signal?: AbortSignal;
}

/**
 * Rows per write: a write costs a handful of round trips whatever its size, but a batch stays in
 * memory until the next one is read, and batches of ten thousand rows cost the garbage collector
 * twice the work of batches of two thousand, and the import 150 MB more memory.
 */
const defaultBatchSize = 2_000;

/** A file the importer cannot read as a whole: the table fails with this message. */
export class ImportFailure extends Error {}

/** The folder is not an export folder: nothing is read or written. */
export class ImportFolderError extends Error {}

class DryRunRollback extends Error {}

class ImportStopped extends Error {}

export const emptyReport = (file: string, status: TableStatus): TableReport => ({
  file,
  status,
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  conflicts: 0,
  fixes: {},
  rejections: [],
  notices: [],
  seconds: 0,
});

export interface PlannedFile {
  table: AnyLegacyTable;
  file: string;
  missing: boolean;
  size: number;
}

/**
 * The files of the export folder in import order: each table after those it refers to. Refuses a
 * path that is not a folder, or a folder without a single legacy file, before anything is written.
 */
export async function planImport(folder: string, tables: readonly AnyLegacyTable[]): Promise<PlannedFile[]> {
  const found = await stat(folder).catch(() => undefined);
  if (!found) throw new ImportFolderError(`Folder ${folder} tidak ada.`);
  if (!found.isDirectory())
    throw new ImportFolderError(
      `${folder} adalah berkas, bukan folder: sebutkan folder yang berisi berkas ekspor (master_pasien.csv …).`,
    );
  const present = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith('.csv'));
  const lower = new Map(present.map((name) => [name.toLowerCase(), name]));
  const files = tables.flatMap((table) => {
    if (typeof table.file === 'string') {
      const name = lower.get(table.file);
      return [{ table, file: name ?? table.file, missing: name === undefined }];
    }
    const pattern = table.file;
    return present
      .filter((name) => pattern.test(name.toLowerCase()))
      .sort()
      .map((file) => ({ table, file, missing: false }));
  });
  if (files.every((file) => file.missing))
    throw new ImportFolderError(
      `Folder ${folder} tidak berisi satu pun berkas ekspor portal lama (master_pasien.csv, bil_rj_xbjalan.csv …).`,
    );
  return Promise.all(
    files.map(async (file) => ({
      ...file,
      size: file.missing ? 0 : (await stat(path.join(folder, file.file))).size,
    })),
  );
}

/** An error the database raised about a row's values (data, constraint, size), not about itself. */
function rowFault(err: unknown): boolean {
  return /^(22|23|54)/.test(sqlState(err) ?? '');
}

/** The greater of two numeric keys written as digits (leading zeros allowed). */
function greaterKey(a: string | undefined, b: string): string {
  if (a === undefined) return b;
  const strip = (key: string) => key.replace(/^0+(?=\d)/, '');
  const [x, y] = [strip(a), strip(b)];
  return x.length !== y.length ? (x.length > y.length ? a : b) : x >= y ? a : b;
}

interface Pace {
  /** Bytes of the files before this one, and of all files. */
  done: number;
  total: number;
  runStarted: number;
}

/** Records to import as one file: a CSV file, or rows read from the SIMRS (the link). */
export type RecordSource = Pick<LegacyCsv, 'columns' | 'records'> &
  Partial<Pick<LegacyCsv, 'encoding' | 'separator' | 'size' | 'bytesRead' | 'dateOrder'>> & { name: string };

/** How one source is imported: `importLegacy`'s options, and the link's own. */
export type SourceOptions = Pick<
  ImportOptions,
  'apply' | 'onProgress' | 'onReject' | 'keepRejections' | 'signal'
> & {
  /**
   * The source owns the table (the SIMRS, in linked mode): its rows overwrite the portal's, none is a
   * conflict, and indexes stay in place (its batches commit one by one).
   */
  sourceWins?: boolean;
};

/** Imports the records of one source (not a file of the export folder) in `tx`, into `report`. */
export async function importRecords(
  tx: Transaction,
  table: AnyLegacyTable,
  source: RecordSource,
  report: TableReport,
  options: SourceOptions,
): Promise<void> {
  const pace: Pace = { done: 0, total: source.size ?? 0, runStarted: performance.now() };
  await importFile(tx, table, source, report, options, { index: 1, count: 1, pace });
}

async function importFile(
  tx: Transaction,
  table: AnyLegacyTable,
  csv: RecordSource,
  report: TableReport,
  options: SourceOptions,
  position: {
    index: number;
    count: number;
    pace: Pace;
    /** The export folder's files, lower-cased: a row's `companion` is looked for among them. */
    present?: ReadonlySet<string>;
  },
) {
  const file = csv.name;
  report.encoding = csv.encoding;
  report.separator = csv.separator;
  const absent = table.columns.filter((column) => !csv.columns.includes(column));
  if (absent.length > 0) throw new ImportFailure(`kolom wajib tidak ada di header: ${absent.join(', ')}`);

  const keep = options.keepRejections ?? 200;
  const rejectionOf = (line: number, key: string, column: string, reason: string, value: string) => ({
    file,
    line,
    key,
    column,
    reason,
    value: value.slice(0, 80),
  });
  const kept = { conflicts: 0, others: 0 };
  const reject = (rejection: Rejection) => {
    report.rejected++;
    if (rejection.conflict) report.conflicts++;
    const kind = rejection.conflict ? 'conflicts' : 'others';
    if (kept[kind] < keep) {
      kept[kind]++;
      report.rejections.push(rejection);
    }
    options.onReject?.(rejection);
  };
  const count = (kind: FixKind) => {
    report.fixes[kind] = (report.fixes[kind] ?? 0) + 1;
  };
  const keyColumns = table.keyColumn.split(/,\s*/);
  const rawKey = (fields: Record<string, string>) =>
    keyColumns.map((column) => (fields[column] ?? '').trim()).join('/');

  /**
   * Writes a batch in a savepoint; what it says of its rows (rejections, fixes, notices) counts only
   * once it is written. A batch the database refuses for a value is written again in halves, down to
   * single rows, so the one bad row is rejected with the database's reason and the others are taken.
   */
  const write = async (rows: Read<unknown>[]): Promise<void> => {
    const said: (() => void)[] = [];
    // The rows' keys by line, for the report: made only for a batch with a row rejected.
    let keys: Map<number, string> | undefined;
    const keyOf = (line: number) =>
      (keys ??= new Map(rows.map(({ line, row }) => [line, table.key(row)]))).get(line) ?? '';
    const outcome: Outcome = {
      file,
      reject: (line, column, reason, value = '') =>
        said.push(() => reject(rejectionOf(line, keyOf(line), column, reason, value))),
      conflict: (line, column, reason, value = '') =>
        said.push(() =>
          reject({
            ...rejectionOf(line, keyOf(line), column || table.keyColumn, reason, value),
            conflict: true,
          }),
        ),
      fix: (kind) => said.push(() => count(kind)),
      notice: (line, key, text) => said.push(() => report.notices.push({ file, line, key, text })),
      flag: (line, { column, reason, value }) =>
        said.push(() =>
          options.onReject?.({ ...rejectionOf(line, keyOf(line), column, reason, value), flagged: true }),
        ),
      indexes,
      sourceWins: options.sourceWins,
    };
    try {
      const written = await tx.transaction((savepoint) => table.write(savepoint, rows, context, outcome));
      report.inserted += written.inserted;
      report.updated += written.updated;
      for (const say of said) say();
    } catch (err) {
      if (!rowFault(err)) throw err;
      indexes?.rolledBack();
      if (rows.length > 1) {
        const half = Math.ceil(rows.length / 2);
        await write(rows.slice(0, half));
        await write(rows.slice(half));
        return;
      }
      const line = rows[0]?.line ?? 0;
      reject(rejectionOf(line, keyOf(line), '', `ditolak basis data: ${describe(err)}`, ''));
    }
  };

  const indexes = options.sourceWins ? undefined : new IndexDeferral();
  const context = await table.prepare(tx, file.toLowerCase());
  const seenKeys = new KeyLines();
  const started = performance.now();
  let shownAt = started;
  let batch: Read<unknown>[] = [];
  // The database writes one batch while the next is parsed: one write in flight at a time, its
  // failure kept until the next flush (an unawaited rejection would end the process).
  let writing: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  const settle = async () => {
    await writing;
    if (failure) throw failure.error;
  };
  const flush = async () => {
    await settle();
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    writing = write(rows).catch((error: unknown) => {
      failure = { error };
    });
  };
  // A row's fixes count only when the row is taken.
  const rowFixes: FixKind[] = [];
  const fixed = (kind: FixKind) => rowFixes.push(kind);
  const dates = csv.dateOrder ?? { order: 'dayFirst' };
  // The rate over the last seconds: a table slows down as it grows, so the average since the start
  // would promise too little time.
  let recent = { at: started, rows: 0, bytes: 0 };
  let rate = 0;
  let byteRate = 0;

  for await (const record of csv.records()) {
    report.read++;
    rowFixes.length = 0;
    rowFixes.push(...record.fixes);
    if (table.numbering) {
      const value = (record.fields[table.numbering] ?? '').trim();
      if (/^\d{1,18}$/.test(value)) report.highestKey = greaterKey(report.highestKey, value);
    }
    if (record.fault) {
      const { column, reason, value } = record.fault;
      reject(rejectionOf(record.line, rawKey(record.fields), column, reason, value));
      continue;
    }
    if (record.ragged) {
      reject(
        rejectionOf(record.line, rawKey(record.fields), '', 'jumlah kolom tidak sama dengan header', ''),
      );
      continue;
    }
    try {
      const row = table.read(new LegacyRow(record.line, record.fields, fixed, dates), context);
      const rowKey = table.key(row);
      const first = seenKeys.firstLine(rowKey, record.line);
      if (first !== undefined) {
        reject(
          rejectionOf(
            record.line,
            rowKey,
            table.keyColumn,
            `kunci ganda ${rowKey}: sudah ada di baris ${first}`,
            rowKey,
          ),
        );
        continue;
      }
      rowFixes.forEach(count);
      batch.push({ line: record.line, row });
      const wanted = position.present ? table.companion?.(row) : undefined;
      if (wanted && !position.present?.has(wanted.file))
        report.notices.push({ file, line: record.line, key: rowKey, text: wanted.missing });
    } catch (err) {
      if (!(err instanceof RowRejected)) throw err;
      reject(rejectionOf(record.line, rawKey(record.fields), err.column, err.reason, err.value));
      continue;
    }
    if (batch.length >= (table.batchSize ?? defaultBatchSize)) await flush();
    // The write in flight needs the event loop for each of its round trips, and the records come
    // through promises only: without a turn every hundred rows, each round trip would wait for the
    // next read of the file, or for hundreds of rows to be read.
    if (report.read % 100 === 0) {
      if (options.signal?.aborted) {
        await writing;
        throw new ImportStopped();
      }
      await setImmediate();
    }
    if (report.read % 1000 === 0 && performance.now() - shownAt >= 1000) {
      shownAt = performance.now();
      const bytes = csv.bytesRead?.() ?? 0;
      const span = (shownAt - recent.at) / 1000;
      if (span >= 1) {
        const weight = rate === 0 ? 1 : 0.3;
        rate += weight * ((report.read - recent.rows) / span - rate);
        byteRate += weight * ((bytes - recent.bytes) / span - byteRate);
        recent = { at: shownAt, rows: report.read, bytes };
      }
      const size = csv.size ?? 0;
      const fileLeft = byteRate > 0 ? (size - bytes) / byteRate : 0;
      const { pace } = position;
      const runBytes = pace.done + bytes;
      const runRate = runBytes / Math.max((shownAt - pace.runStarted) / 1000, 0.001);
      options.onProgress?.({
        file,
        index: position.index,
        count: position.count,
        rows: report.read,
        rate,
        fileLeft,
        runLeft: fileLeft + (pace.total - pace.done - size) / Math.max(runRate, 1),
        seconds: (shownAt - started) / 1000,
      });
    }
  }
  await flush();
  await settle();
  await indexes?.build(tx);
  if (report.highestKey !== undefined)
    await tx
      .update(legacyImports)
      .set({ highestMrn: report.highestKey })
      .where(eq(legacyImports.id, sql`nullif(current_setting('portal.import_run', true), '')::integer`));
  await table.finish?.(tx, context, { apply: options.apply, written: report.inserted + report.updated });
  report.unchanged = report.read - report.rejected - report.inserted - report.updated;
}

/** Why a whole file failed, in words: a CSV fault is named as such, never as a database error. */
function failureText(err: unknown): string {
  if (err instanceof ImportFailure || err instanceof UnreadableCsv) return err.message;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('CSV_'))
    return `berkas CSV tidak terbaca: ${(err as Error).message}`;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
    return `berkas tidak terbaca: ${(err as Error).message}`;
  return `galat basis data: ${describe(err)}`;
}

/**
 * Takes the legacy export folder across. Each file is one transaction (a dry run: one savepoint in a
 * transaction that is rolled back at the end), written in batches by its legacy keys, so a rerun
 * updates and never duplicates, and never touches a record the portal created or changed (such rows
 * are rejected as conflicts). A bad row costs that row; a file fails only when it cannot be read as a
 * whole, and the run goes on with the next file either way, so one dry run lists every problem.
 */
export async function importLegacy(db: Database, options: ImportOptions): Promise<ImportReport> {
  const startedAt = new Date();
  const files = await planImport(options.folder, options.tables);
  const present = new Set(files.filter((file) => !file.missing).map((file) => file.file.toLowerCase()));
  const reports: TableReport[] = [];
  const pace: Pace = {
    done: 0,
    total: files.reduce((sum, file) => sum + file.size, 0),
    runStarted: performance.now(),
  };

  const runAll = async (
    run: number,
    transaction: (work: (tx: Transaction) => Promise<void>) => Promise<void>,
  ) => {
    for (const [i, planned] of files.entries()) {
      const stopped = options.signal?.aborted === true;
      const report = emptyReport(
        planned.file,
        planned.missing ? 'missing' : stopped ? 'stopped' : options.apply ? 'imported' : 'checked',
      );
      reports.push(report);
      if (!planned.missing && !stopped) {
        const started = performance.now();
        try {
          await transaction(async (tx) => {
            await tx.execute(sql`select set_config('portal.import_run', ${String(run)}, true)`);
            const csv = await openLegacyCsv(path.join(options.folder, planned.file));
            await importFile(tx, planned.table, { ...csv, name: planned.file }, report, options, {
              index: i + 1,
              count: files.length,
              pace,
              present,
            });
          });
        } catch (err) {
          if (err instanceof ImportStopped) {
            // Rolled back: what it would have written is not there.
            Object.assign(report, { status: 'stopped', inserted: 0, updated: 0, unchanged: 0 });
          } else {
            report.status = 'failed';
            report.error = failureText(err);
          }
        }
        report.seconds = (performance.now() - started) / 1000;
        pace.done += planned.size;
      }
      options.onFile?.(report, i + 1, files.length);
    }
  };
  const summary = () =>
    Object.fromEntries(
      reports.map((t) => [
        t.file,
        {
          status: t.status,
          read: t.read,
          inserted: t.inserted,
          updated: t.updated,
          rejected: t.rejected,
          conflicts: t.conflicts,
        },
      ]),
    );
  const newRun = async (tx: Database | Transaction) => {
    const [row] = await tx
      .insert(legacyImports)
      .values({ folder: options.folder, apply: options.apply })
      .returning({ id: legacyImports.id });
    return row?.id ?? 0;
  };

  let run = 0;
  if (options.apply) {
    run = await newRun(db);
    await runAll(run, (work) => db.transaction(work));
    await db
      .update(legacyImports)
      .set({ finishedAt: new Date(), summary: summary() })
      .where(eq(legacyImports.id, run));
  } else {
    try {
      await db.transaction(async (outer) => {
        run = await newRun(outer);
        await runAll(run, (work) => outer.transaction(work));
        throw new DryRunRollback();
      });
    } catch (err) {
      if (!(err instanceof DryRunRollback)) throw err;
    }
  }
  return {
    folder: options.folder,
    apply: options.apply,
    run,
    startedAt,
    seconds: (Date.now() - startedAt.getTime()) / 1000,
    tables: reports,
  };
}

/** A database error without its parameters: they may hold patients' data or a legacy password. */
function describe(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause ?? err;
  const { message, code, constraint } = cause as { message?: string; code?: string; constraint?: string };
  const first = (message ?? String(cause)).split('\n')[0] ?? '';
  // Drizzle's message starts with the failed query and its parameters: never pass that on.
  const safe = first.startsWith('Failed query') ? 'perintah ke basis data gagal' : first;
  return [safe, code && `kode ${code}`, constraint && `batasan ${constraint}`].filter(Boolean).join(', ');
}
