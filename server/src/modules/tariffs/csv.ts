import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import type { z } from 'zod';
import { fromWindows1252 } from '../../db/legacy/csv.js';
import { AppError } from '../../errors.js';

/**
 * A spreadsheet's file as text: UTF-8 (with or without BOM), or else Windows-1252, which Excel writes
 * for "CSV (Comma delimited)" on an Indonesian Windows.
 */
export const spreadsheetText = (bytes: Buffer): string =>
  isUtf8(bytes) ? bytes.toString('utf-8') : fromWindows1252(bytes);

/** The most data rows one file may have. */
const MAX_IMPORT_ROWS = 10_000;
const MAX_REPORTED_ERRORS = 50;
/** A row longer than this is no tariff (a file that is one line, or not text). */
const MAX_ROW_CHARACTERS = 10_000;
/** Rows read between two turns of the other requests: a large file never holds the server up. */
const ROWS_PER_TURN = 500;

const readFailures: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'ada tanda kutip (") yang tidak ditutup',
  CSV_MAX_RECORD_SIZE: `ada baris yang lebih dari ${MAX_ROW_CHARACTERS.toLocaleString('id-ID')} karakter`,
};

/**
 * Reads a tariff file as spreadsheets save it: comma or semicolon separated (Indonesian Excel uses
 * semicolons), quoted fields with doubled quotes, CRLF or LF, optional BOM. Blank rows are left out. It
 * reads a chunk at a time, other requests served in between, and stops at the first row past
 * `MAX_IMPORT_ROWS`: a text that is not CSV at all (a quote never closed) or too long is a 400
 * `INVALID_CSV`.
 */
export async function parseCsv(text: string): Promise<string[][]> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  // The request that brought the file took its turn: copying it to bytes and each slice read take theirs.
  await nextTurn();
  const bytes = Buffer.from(text);
  await nextTurn();
  const parser = Readable.from(chunksOf(bytes)).pipe(
    parse({
      delimiter: separator,
      // Files pasted together from several sources may mix line endings.
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_CHARACTERS,
    }),
  );
  const rows: string[][] = [];
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (row.every((cell) => cell.trim() === '')) continue;
      // The header and one row too many: enough to refuse the file.
      if (rows.push(row) > MAX_IMPORT_ROWS + 1) break;
      if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw csvError(
      `Berkas CSV tidak dapat dibaca: ${readFailures[err.code] ?? 'simpan ulang sebagai CSV dari spreadsheet'}.`,
    );
  }
  return rows;
}

/**
 * The bytes in slices the parser takes one at a time (it joins a character cut in two). It reads each slice
 * at once: 8 KB is about 1,400 short rows, a few milliseconds.
 */
function* chunksOf(bytes: Buffer, size = 8 * 1024): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * Whole Rupiah from how people write it: "150000", "150.000", "Rp 150.000", "150,000".
 * Null for anything else, including decimals: tariffs are whole Rupiah.
 */
export function parseRupiah(text: string): number | null {
  const compact = text.replace(/^\s*Rp\.?\s*/i, '').replace(/\s/g, '');
  let digits: string;
  if (/^\d+$/.test(compact)) digits = compact;
  else if (/^\d{1,3}([.,]\d{3})+$/.test(compact) && new Set(compact.match(/[.,]/g)).size === 1) {
    digits = compact.replace(/[.,]/g, '');
  } else return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The columns of an import: per column, the header names taken for it (case-insensitively), the first being
 * how messages name it; and the columns the header must have.
 */
export interface CsvLayout<Column extends string> {
  columns: Record<Column, readonly [string, ...string[]]>;
  required: readonly Column[];
}

export interface CsvTable<Column extends string> {
  /** The known columns the header has. */
  present: ReadonlySet<Column>;
  rows: CsvRow<Column>[];
}

export interface CsvRow<Column extends string> {
  /** The line as a spreadsheet numbers it, the header being line 1. */
  line: number;
  /** The cells of the file's known columns, trimmed; a column the header lacks is absent. */
  cells: Partial<Record<Column, string>>;
  /** More cells than the header: usually a decimal comma or an unquoted comma that split a cell in two. */
  overflow: boolean;
}

function csvError(message: string, fields?: Record<string, string>): AppError {
  return new AppError(400, 'INVALID_CSV', message, { fields });
}

/** `baris N`, as the import reports name a line. */
export const lineLabel = (line: number) => `baris ${line}`;

/**
 * Reads a file whose first row names its columns into rows of named cells. A file that is empty, lacks a
 * required column, has no data rows or too many is a 400 `INVALID_CSV` that says which.
 */
export async function readCsvTable<Column extends string>(
  text: string,
  layout: CsvLayout<Column>,
): Promise<CsvTable<Column>> {
  const [header, ...lines] = await parseCsv(text);
  if (!header) throw csvError('Berkas CSV kosong.');
  const names = Object.entries(layout.columns) as [Column, readonly string[]][];
  const columnOf = new Map(names.flatMap(([column, aliases]) => aliases.map((alias) => [alias, column])));
  const columns = header.map((name) => columnOf.get(name.trim().toLowerCase()));
  const missing = layout.required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    const known = names.map(([, [name, ...others]]) =>
      others.length > 0 ? `${name} (atau ${others.join(', ')})` : name,
    );
    throw csvError(
      `Baris judul harus memuat kolom ${missing.map((column) => layout.columns[column][0]).join(', ')}.`,
      { [lineLabel(1)]: `Kolom yang dikenal: ${known.join(', ')}.` },
    );
  }
  if (lines.length === 0) throw csvError('Berkas CSV tidak berisi baris data.');
  if (lines.length > MAX_IMPORT_ROWS)
    throw csvError(`Paling banyak ${MAX_IMPORT_ROWS.toLocaleString('id-ID')} baris per berkas.`);
  const rows = lines.map((cells, index) => {
    const named: Partial<Record<Column, string>> = {};
    columns.forEach((column, i) => {
      if (column) named[column] = cells[i]?.trim() ?? '';
    });
    return { line: index + 2, cells: named, overflow: cells.length > header.length };
  });
  return { present: new Set(columns.filter((column) => column !== undefined)), rows };
}

/**
 * A row's cells checked by `schema`, a `price` column read as whole Rupiah first: the values, or why the row
 * is refused, starting with the column as the file's header would name it ("tarif: …").
 */
export function checkCsvRow<Column extends string, Row>(
  row: CsvRow<Column>,
  layout: CsvLayout<Column>,
  schema: z.ZodType<Row>,
): { value: Row } | { problem: string } {
  if (row.overflow) {
    return { problem: 'lebih banyak kolom daripada baris judul; beri tanda kutip pada teks berkoma.' };
  }
  const nameOf = (column: string) => (layout.columns as Record<string, readonly string[]>)[column]?.[0];
  const input: Record<string, unknown> = { ...row.cells };
  if (typeof input.price === 'string') {
    const price = parseRupiah(input.price);
    if (price === null) return { problem: `${nameOf('price')}: "${input.price}" bukan jumlah rupiah bulat.` };
    input.price = price;
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: `${nameOf(String(issue?.path[0])) ?? 'data'}: ${issue?.message ?? 'tidak valid'}` };
}

/** The refusal of a file with bad rows: nothing was imported; each bad line named (the first 50). */
export function rowsRefused(problems: ReadonlyMap<number, string>): AppError {
  const shown = [...problems].slice(0, MAX_REPORTED_ERRORS);
  return csvError(
    `${problems.size} baris tidak valid; tidak ada yang diimpor. Perbaiki lalu unggah ulang.`,
    Object.fromEntries(shown.map(([line, problem]) => [lineLabel(line), problem])),
  );
}
