import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Transaction } from '../client.js';
import { openLegacyCsv } from './csv.js';
import { KeyLines } from './key-lines.js';
import { type FixKind, LegacyRow, RowRejected } from './row.js';
import type { AnyLegacyTable, Read, Rejection } from './table.js';

/** What happened to one legacy file. */
export type TableStatus =
  /** Written and committed in this run. */
  | 'imported'
  /** Read and written in a transaction that was rolled back (dry run). */
  | 'checked'
  /** Stopped by an error: its transaction was rolled back, nothing of it is written. */
  | 'failed'
  /** Not started because an earlier table failed: untouched. */
  | 'not-started'
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
  fixes: Partial<Record<FixKind, number>>;
  /** The first rejections (all of them go to `onReject`). */
  rejections: Rejection[];
  encoding?: string;
  separator?: string;
  seconds: number;
  error?: string;
}

export interface ImportReport {
  folder: string;
  apply: boolean;
  startedAt: Date;
  seconds: number;
  tables: TableReport[];
}

export interface Progress {
  file: string;
  rows: number;
  bytes: number;
  size: number;
  seconds: number;
}

export interface ImportOptions {
  folder: string;
  /** Write for good; without it every table is written in a transaction that is rolled back. */
  apply: boolean;
  tables: readonly AnyLegacyTable[];
  onProgress?: (progress: Progress) => void;
  /** Every rejected row, as it is found. */
  onReject?: (rejection: Rejection) => void;
  /** Rejections kept per table for the report (all go to `onReject`). */
  keepRejections?: number;
}

/** A file the importer cannot read as a whole: the table fails with this message. */
export class ImportFailure extends Error {}

class DryRunRollback extends Error {}

const emptyReport = (file: string, status: TableStatus): TableReport => ({
  file,
  status,
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  fixes: {},
  rejections: [],
  seconds: 0,
});

/** The files of the export folder in import order: each table after those it refers to. */
async function plan(folder: string, tables: readonly AnyLegacyTable[]) {
  const present = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith('.csv'));
  const lower = new Map(present.map((name) => [name.toLowerCase(), name]));
  return tables.flatMap((table) => {
    if (typeof table.file === 'string') {
      const found = lower.get(table.file);
      return [{ table, file: found ?? table.file, missing: found === undefined }];
    }
    const pattern = table.file;
    return present
      .filter((name) => pattern.test(name.toLowerCase()))
      .sort()
      .map((file) => ({ table, file, missing: false }));
  });
}

async function importFile(
  tx: Transaction,
  table: AnyLegacyTable,
  filePath: string,
  report: TableReport,
  options: ImportOptions,
) {
  const file = path.basename(filePath);
  const csv = await openLegacyCsv(filePath);
  report.encoding = csv.encoding;
  report.separator = csv.separator;
  const absent = table.columns.filter((column) => !csv.columns.includes(column));
  if (absent.length > 0) throw new ImportFailure(`kolom wajib tidak ada di header: ${absent.join(', ')}`);

  const keep = options.keepRejections ?? 200;
  const reject = (line: number, column: string, reason: string) => {
    report.rejected++;
    const rejection = { file, line, column, reason };
    if (report.rejections.length < keep) report.rejections.push(rejection);
    options.onReject?.(rejection);
  };
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
    writing = table.write(tx, rows, context, { reject, fix: count }).then(
      (written) => {
        report.inserted += written.inserted;
        report.updated += written.updated;
      },
      (error: unknown) => {
        failure = { error };
      },
    );
  };
  const count = (kind: FixKind) => {
    report.fixes[kind] = (report.fixes[kind] ?? 0) + 1;
  };
  // A row's fixes count only when the row is taken.
  const rowFixes: FixKind[] = [];
  const fixed = (kind: FixKind) => rowFixes.push(kind);

  for await (const record of csv.records()) {
    report.read++;
    rowFixes.length = 0;
    if (record.ragged) {
      reject(record.line, '', 'jumlah kolom tidak sama dengan header');
      continue;
    }
    try {
      const row = table.read(new LegacyRow(record.line, record.fields, fixed), context);
      const key = table.key(row);
      const first = seenKeys.firstLine(key, record.line);
      if (first !== undefined) {
        reject(record.line, table.keyColumn, `kunci ganda ${key}: sudah ada di baris ${first}`);
        continue;
      }
      rowFixes.forEach(count);
      batch.push({ line: record.line, row });
    } catch (err) {
      if (!(err instanceof RowRejected)) throw err;
      reject(record.line, err.column, err.reason);
      continue;
    }
    if (batch.length >= (table.batchSize ?? 1000)) await flush();
    if (report.read % 1000 === 0 && performance.now() - shownAt >= 1000) {
      shownAt = performance.now();
      options.onProgress?.({
        file,
        rows: report.read,
        bytes: csv.bytesRead(),
        size: csv.size,
        seconds: (shownAt - started) / 1000,
      });
    }
  }
  await flush();
  await settle();
  await table.finish?.(tx, context, options.apply);
  report.unchanged = report.read - report.rejected - report.inserted - report.updated;
}

/**
 * Takes the legacy export folder across. Each file is one transaction (a dry run: one savepoint in a
 * transaction that is rolled back at the end), written in batches by its legacy keys, so a rerun
 * updates and never duplicates. The first file that fails stops the run: it and the files after it
 * are untouched, the ones before it stay imported, and the report says which is which.
 */
export async function importLegacy(db: Database, options: ImportOptions): Promise<ImportReport> {
  const startedAt = new Date();
  const files = await plan(options.folder, options.tables);
  const reports: TableReport[] = [];

  const runAll = async (transaction: (work: (tx: Transaction) => Promise<void>) => Promise<void>) => {
    let failed = false;
    for (const { table, file, missing } of files) {
      if (missing) {
        reports.push(emptyReport(file, 'missing'));
        continue;
      }
      if (failed) {
        reports.push(emptyReport(file, 'not-started'));
        continue;
      }
      const report = emptyReport(file, options.apply ? 'imported' : 'checked');
      reports.push(report);
      const started = performance.now();
      try {
        await transaction((tx) => importFile(tx, table, path.join(options.folder, file), report, options));
      } catch (err) {
        failed = true;
        report.status = 'failed';
        report.error = err instanceof ImportFailure ? err.message : `galat basis data: ${describe(err)}`;
      }
      report.seconds = (performance.now() - started) / 1000;
    }
  };

  if (options.apply) {
    await runAll((work) => db.transaction(work));
  } else {
    try {
      await db.transaction(async (outer) => {
        await runAll((work) => outer.transaction(work));
        throw new DryRunRollback();
      });
    } catch (err) {
      if (!(err instanceof DryRunRollback)) throw err;
    }
  }
  return {
    folder: options.folder,
    apply: options.apply,
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
