import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type CsvRecord, openLegacyCsv, UnreadableCsv } from '../db/legacy/csv.js';
import type { SimrsClient, SimrsWarning } from './client.js';

// A SIMRS made from a legacy export folder (`legacy sample`, or a hospital's own export): the tables of
// schema.sql created in a MariaDB database, then each CSV file loaded into the table of its name. The
// files are read with the importer's reader (any separator, quoting, UTF-8 or Windows-1252 per line) and
// handed to `LOAD DATA LOCAL INFILE` as tab-separated UTF-8, so a million patients load in minutes. A
// record the reader cannot split into the header's columns is left out; a record MariaDB refuses (a
// second one under a unique key) is skipped by it; a value it has to adjust (a date that does not exist)
// is a warning. All are counted, none stops the load.

/** A folder that cannot be loaded, or a database that is not empty: the message says which and why. */
export class SimrsLoadError extends Error {}

export interface SimrsLoadedFile {
  file: string;
  table: string;
  /** Records in the file. */
  read: number;
  /** Rows the table holds from it. */
  loaded: number;
  /** Records left out: not readable as the header's columns (`unreadable`), or refused by MariaDB. */
  refused: number;
  unreadable: number;
  /** Values MariaDB adjusted to fit its column (an impossible date becomes 0000-00-00, …). */
  warnings: number;
  /**
   * The first of the reader's faults (by the file's line) and of MariaDB's warnings (its "row N" counts
   * the rows it was sent, without the unreadable ones), for a person to look at.
   */
  notes: string[];
  /** Header columns the table does not have: not loaded. */
  ignoredColumns: string[];
  seconds: number;
}

export interface SimrsLoadReport {
  files: SimrsLoadedFile[];
  /** CSV files of the folder that name no SIMRS table. */
  skipped: string[];
  seconds: number;
}

export interface SimrsLoadOptions {
  /** Called as each file is loaded. */
  onFile?: (file: SimrsLoadedFile) => void;
}

const schemaFile = new URL('./schema.sql', import.meta.url);
/** The table whose shape a tariff book's table takes when the schema does not have it. */
const tariffTemplate = 'tarifx_rj';
const tariffTable = /^tarifx_[a-z0-9_]{1,50}$/;
/** How much text is handed to the driver at a time. */
const chunkBytes = 256 * 1024;
const maxNotes = 20;

/** The statements of schema.sql: whole-line comments dropped, split at a `;` that ends a line. */
export async function simrsSchemaStatements(): Promise<string[]> {
  const text = await readFile(schemaFile, 'utf8');
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/** Creates the SIMRS tables of schema.sql that the database does not have yet. */
export async function createSimrsSchema(client: SimrsClient): Promise<void> {
  for (const statement of await simrsSchemaStatements()) await client.run(statement);
}

interface Column {
  name: string;
  kind: 'text' | 'date' | 'other';
}

async function tableColumns(client: SimrsClient): Promise<Map<string, Column[]>> {
  const rows = await client.rows<{ table: string; name: string; type: string }>(
    `select table_name as \`table\`, column_name as name, data_type as type
     from information_schema.columns where table_schema = database()
     order by table_name, ordinal_position`,
  );
  const tables = new Map<string, Column[]>();
  for (const { table, name, type } of rows) {
    const kind = /char|text/.test(type)
      ? 'text'
      : /^(date|datetime|timestamp)$/.test(type)
        ? 'date'
        : 'other';
    const key = table.toLowerCase();
    if (!tables.has(key)) tables.set(key, []);
    tables.get(key)?.push({ name, kind });
  }
  return tables;
}

/** The CSV files of the folder, by the table each names; throws `SimrsLoadError` for a wrong folder. */
async function planFolder(folder: string, known: (table: string) => boolean) {
  const found = await stat(folder).catch(() => undefined);
  if (!found) throw new SimrsLoadError(`Folder ${folder} tidak ada.`);
  if (!found.isDirectory())
    throw new SimrsLoadError(
      `${folder} adalah berkas, bukan folder: sebutkan folder berisi master_pasien.csv …`,
    );
  const csvFiles = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith('.csv')).sort();
  const tableOf = (file: string) => file.slice(0, -'.csv'.length).toLowerCase();
  const files = csvFiles.filter((file) => known(tableOf(file)) || tariffTable.test(tableOf(file)));
  if (files.length === 0)
    throw new SimrsLoadError(
      `Folder ${folder} tidak berisi satu pun berkas tabel SIMRS (master_pasien.csv, bil_rj_xbjalan.csv …).`,
    );
  return {
    files: files.map((file) => ({ file, table: tableOf(file) })),
    skipped: csvFiles.filter((file) => !files.includes(file)),
  };
}

/** A field as `LOAD DATA … FIELDS ESCAPED BY '\\'` reads it. */
const escaped = (text: string) => text.replace(/[\\\t\n\r\0]/g, (char) => escapes[char] ?? char);
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

/** A value for its column: an empty number or date is NULL; a date as dd/mm/yyyy (a spreadsheet's) is ISO. */
function field(value: string, column: Column): string {
  if (column.kind === 'text') return escaped(value);
  const trimmed = value.trim();
  if (trimmed === '') return '\\N';
  if (column.kind === 'date') {
    const dayFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(.*)$/.exec(trimmed);
    if (dayFirst) {
      const [, day, month, year, rest] = dayFirst as unknown as [string, string, string, string, string];
      return escaped(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}${rest}`);
    }
  }
  return escaped(trimmed);
}

/** Loads one file into its (empty) table. */
async function loadFile(
  client: SimrsClient,
  folder: string,
  file: string,
  table: string,
  columns: Column[],
): Promise<SimrsLoadedFile> {
  const started = performance.now();
  const csv = await openLegacyCsv(path.join(folder, file)).catch((err: unknown) => {
    throw err instanceof UnreadableCsv ? new SimrsLoadError(`${file}: ${err.message}`) : err;
  });
  const byName = new Map(columns.map((column) => [column.name.toLowerCase(), column]));
  const taken = [...new Set(csv.columns)].filter((name) => byName.has(name));
  const ignoredColumns = [...new Set(csv.columns)].filter((name) => name !== '' && !byName.has(name));
  if (taken.length === 0)
    throw new SimrsLoadError(
      `${file}: tidak satu pun kolom header ada di tabel ${table} (${csv.columns.join(', ')})`,
    );
  const targets = taken.map((name) => byName.get(name) as Column);

  let read = 0;
  let unreadable = 0;
  const notes: string[] = [];
  const refuse = (record: CsvRecord, why: string) => {
    unreadable++;
    if (notes.length < maxNotes) notes.push(`baris ${record.line}: ${why}`);
  };
  async function* tabSeparated() {
    let lines: string[] = [];
    let size = 0;
    for await (const record of csv.records()) {
      read++;
      if (record.fault) {
        refuse(record, `${record.fault.reason} (${record.fault.column})`);
        continue;
      }
      if (record.ragged) {
        refuse(record, 'jumlah kolom tidak sama dengan header');
        continue;
      }
      const line = taken.map((name, i) => field(record.fields[name] ?? '', targets[i] as Column)).join('\t');
      lines.push(line);
      size += line.length + 1;
      if (size >= chunkBytes) {
        yield Buffer.from(`${lines.join('\n')}\n`, 'utf8');
        lines = [];
        size = 0;
      }
    }
    if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  }

  const placeholders = targets.map(() => '??').join(', ');
  const outcome = await client.load(
    `LOAD DATA LOCAL INFILE ? IGNORE INTO TABLE ?? CHARACTER SET utf8mb4
     FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'
     (${placeholders})`,
    [file, table, ...targets.map((column) => column.name)],
    () => Readable.from(tabSeparated(), { objectMode: false }),
  );
  const skipped = Number(/Skipped:\s*(\d+)/.exec(outcome.info)?.[1] ?? 0);
  notes.push(...outcome.warnings.slice(0, maxNotes - notes.length).map(describeWarning));
  return {
    file,
    table,
    read,
    loaded: outcome.affectedRows,
    refused: unreadable + skipped,
    unreadable,
    warnings: outcome.warningCount - skipped,
    notes,
    ignoredColumns,
    seconds: (performance.now() - started) / 1000,
  };
}

const describeWarning = (warning: SimrsWarning) => `MariaDB ${warning.code}: ${warning.message}`;

/**
 * Creates the SIMRS tables in the client's database and loads every CSV file of `folder` named after one
 * (`master_pasien.csv` → `master_pasien`; a `tarifx_<book>.csv` gets a table like `tarifx_rj`). The
 * tables must be empty: a load never mixes with data already there.
 */
export async function loadSimrs(
  client: SimrsClient,
  folder: string,
  options: SimrsLoadOptions = {},
): Promise<SimrsLoadReport> {
  const started = performance.now();
  const schemaTables = new Set(
    (await simrsSchemaStatements()).flatMap(
      (statement) => /^CREATE TABLE (?:IF NOT EXISTS )?(\w+)/i.exec(statement)?.[1] ?? [],
    ),
  );
  const plan = await planFolder(folder, (table) => schemaTables.has(table));
  await createSimrsSchema(client);
  for (const { table } of plan.files)
    if (!schemaTables.has(table))
      await client.run('CREATE TABLE IF NOT EXISTS ?? LIKE ??', [table, tariffTemplate]);
  for (const { file, table } of plan.files) {
    const [held] = await client.rows<{ any: number }>('SELECT EXISTS (SELECT 1 FROM ??) AS `any`', [table]);
    if (held?.any)
      throw new SimrsLoadError(
        `Tabel ${table} di ${client.target} sudah berisi data: muat hanya ke basis data SIMRS yang kosong (${file}).`,
      );
  }
  const columns = await tableColumns(client);
  const files: SimrsLoadedFile[] = [];
  for (const { file, table } of plan.files) {
    const loaded = await loadFile(client, folder, file, table, columns.get(table) ?? []);
    files.push(loaded);
    options.onFile?.(loaded);
  }
  return { files, skipped: plan.skipped, seconds: (performance.now() - started) / 1000 };
}
