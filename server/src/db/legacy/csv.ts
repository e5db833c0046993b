import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { DateOrder, FixKind } from './row.js';

// Legacy tables arrive as CSV files the way PostgreSQL `COPY … CSV HEADER`, MySQL or a spreadsheet
// writes them: comma, semicolon or tab separated, quoted fields, CRLF or LF, UTF-8 (with or without
// BOM) or Windows-1252; or as `mysql -B` writes a query's result: tab separated, never quoted, with
// backslash escapes and NULL. A fault in a record (a quote out of place, a file cut inside a quoted
// field) costs that record, never the file: only a header or an encoding that cannot be read fails it.
//
// The reader is line-based rather than csv-parse: the encoding is decided per line, a faulty record
// is told apart from the lines after it, and it takes a third of csv-parse's CPU time.

export type LegacyEncoding = 'utf-8' | 'windows-1252';
export type LegacySeparator = ',' | ';' | '\t';
/** `csv`: quoted fields as CSV writers write them; `mysql-batch`: what `mysql -B` writes. */
export type LegacyFormat = 'csv' | 'mysql-batch';

/** Why a record could not be read as fields: the importer rejects it. */
export interface CsvFault {
  column: string;
  reason: string;
  /** The record's text where it went wrong, as written (cut to 80 characters). */
  value: string;
}

export interface CsvRecord {
  /** The file's line where the record ends (1 is the header; most records take one line). */
  line: number;
  /** Fields by lower-cased, trimmed header name; an unquoted NULL or \N is ''. */
  fields: Record<string, string>;
  /** Whether the record has another number of fields than the header. */
  ragged: boolean;
  /** Set when the record is not readable; `fields` then holds those read before the fault. */
  fault?: CsvFault;
  /** What the reader fixed in the record: to be counted when its row is taken. */
  fixes: readonly FixKind[];
}

export interface LegacyCsv {
  encoding: LegacyEncoding;
  separator: LegacySeparator;
  format: LegacyFormat;
  columns: string[];
  size: number;
  /** Bytes read so far: with `size`, the progress of a long file. */
  bytesRead(): number;
  records(): AsyncIterable<CsvRecord>;
  /** How the file writes dates with slashes. */
  dateOrder: DateOrder;
}

/** A file that cannot be read at all (its header or its encoding): the message says which and why. */
export class UnreadableCsv extends Error {}

const newline = 0x0a;
const quote = 0x22;
const bom = Buffer.from([0xef, 0xbb, 0xbf]);
/** A quoted field longer than this many lines is taken for a quote that was never closed. */
const maxQuotedLines = 1000;

/** Windows-1252's 0x80–0x9F; the rest of it is Latin-1. */
const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Windows-1252 by hand: Node 20's TextDecoder reads 0x80–0x9F as Latin-1 (`–` as U+0096). */
export const fromWindows1252 = (bytes: Buffer) =>
  bytes
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (char) => windows1252High.charAt(char.charCodeAt(0) - 0x80));

/** Whole lines of a file, as bytes without their `\n`, a chunk at a time; the BOM is left out. */
async function* byteLines(path: string, onRead: (bytes: number) => void): AsyncGenerator<Buffer> {
  let rest: Buffer | undefined;
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    onRead(chunk.length);
    let bytes = rest ? Buffer.concat([rest, chunk]) : chunk;
    if (first && bytes.length >= 3) {
      first = false;
      if (bytes.subarray(0, 3).equals(bom)) bytes = bytes.subarray(3);
    }
    const end = bytes.lastIndexOf(newline);
    if (end === -1) {
      rest = bytes;
      continue;
    }
    rest = bytes.subarray(end + 1);
    yield bytes.subarray(0, end);
  }
  if (first && rest?.subarray(0, 3).equals(bom)) rest = rest.subarray(3);
  if (rest && rest.length > 0) yield rest;
}

/** Splits lines (as bytes, without their `\n`) at each `\n`. */
function splitBytes(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let end = bytes.indexOf(newline); end !== -1; end = bytes.indexOf(newline, start)) {
    lines.push(bytes.subarray(start, end));
    start = end + 1;
  }
  lines.push(bytes.subarray(start));
  return lines;
}

interface DecodedLines {
  texts: string[];
  /** Which of them were not UTF-8 and were read as Windows-1252 (in a UTF-8 file). */
  windows1252?: Set<number>;
}

/**
 * A UTF-8 file may hold lines that are not UTF-8 (one record pasted from Excel): those are read as
 * Windows-1252, each on its own, so that one byte does not turn the other lines into mojibake.
 */
function decodeLines(bytes: Buffer, encoding: LegacyEncoding): DecodedLines {
  if (encoding === 'windows-1252') return { texts: fromWindows1252(bytes).split('\n') };
  if (isUtf8(bytes)) return { texts: bytes.toString('utf-8').split('\n') };
  const windows1252Lines = new Set<number>();
  const texts = splitBytes(bytes).map((line, i) => {
    if (isUtf8(line)) return line.toString('utf-8');
    windows1252Lines.add(i);
    return fromWindows1252(line);
  });
  return { texts, windows1252: windows1252Lines };
}

/** A field that is a date with slashes (dots, dashes), a time after it or not: its first two numbers. */
const slashDateField = /(?:^|[,;\t"]) *(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}(?=[ T",;\t\r]|$)/gm;

/**
 * The file's encoding and its order of dates, in one pass over its bytes.
 *
 * Encoding: UTF-8 when every line is UTF-8, or when some lines are and others are not (those are read
 * as Windows-1252, and counted); Windows-1252 when no line with other than ASCII is UTF-8.
 *
 * Dates with slashes: day first when some date can only be read so (`25/03/2020`) or none tells (the
 * legacy system's order); month first when some can only be read so (`3/25/2020`) and none day first;
 * `mixed` when the file holds both. Whole fields only, read off the bytes: the numbers and separators
 * are ASCII in every encoding the reader takes.
 */
async function inspect(path: string): Promise<{ encoding: LegacyEncoding; dateOrder: DateOrder }> {
  let utf8 = false;
  let other = false;
  // The first date of each order: its line and the date as written.
  let dayFirst: string | undefined;
  let monthFirst: string | undefined;
  let line = 1;
  for await (const bytes of byteLines(path, () => {})) {
    // Read until a date of each order is found: then the file is `mixed` whatever comes after.
    if (dayFirst === undefined || monthFirst === undefined) {
      const text = bytes.toString('latin1');
      for (const match of text.matchAll(slashDateField)) {
        const [first, second] = [Number(match[1]), Number(match[2])];
        const order = first > 12 && second <= 12 ? 'day' : second > 12 && first <= 12 ? 'month' : undefined;
        if (order === undefined || (order === 'day' ? dayFirst : monthFirst) !== undefined) continue;
        const at = line + (text.slice(0, match.index).match(/\n/g)?.length ?? 0);
        const seen = `baris ${at}: ${match[0].replace(/^[,;\t"]/, '').trim()}`;
        if (order === 'day') dayFirst = seen;
        else monthFirst = seen;
      }
      line += (text.match(/\n/g)?.length ?? 0) + 1;
    }
    if (utf8 && other) continue;
    if (isUtf8(bytes)) {
      utf8 ||= !isAscii(bytes);
      continue;
    }
    other = true;
    for (const line of splitBytes(bytes)) if (isUtf8(line) && !isAscii(line)) utf8 = true;
  }
  return {
    encoding: other && !utf8 ? 'windows-1252' : 'utf-8',
    dateOrder:
      dayFirst !== undefined && monthFirst !== undefined
        ? { order: 'mixed', seen: `${dayFirst}; ${monthFirst}` }
        : { order: monthFirst === undefined ? 'dayFirst' : 'monthFirst' },
  };
}

/** The first line's bytes (at most 1 MB), for the separator and the header. */
async function firstLine(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(1 << 20), position: 0 });
    const head = buffer.subarray(0, bytesRead);
    if (
      head.length >= 2 &&
      ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    )
      throw new UnreadableCsv(
        'pengodean tidak terbaca: berkas UTF-16 (Excel "Unicode Text"); simpan ulang sebagai CSV UTF-8',
      );
    const end = head.indexOf(newline);
    if (end === -1 && bytesRead === buffer.length)
      throw new UnreadableCsv('header tidak terbaca: baris pertama lebih dari 1 MB');
    const line = head.subarray(head.subarray(0, 3).equals(bom) ? 3 : 0, end === -1 ? head.length : end);
    if (line.includes(0))
      throw new UnreadableCsv('pengodean tidak terbaca: header berisi byte 0 (UTF-16 atau bukan teks)');
    return line;
  } finally {
    await file.close();
  }
}

/** The one of `;`, `,` and tab that occurs most often in the header outside quotes (`,` on a tie). */
function detectSeparator(header: string): LegacySeparator {
  const bare = header.replace(/"[^"]*"/g, '');
  const count = (separator: string) => bare.split(separator).length - 1;
  const [comma, semicolon, tab] = [count(','), count(';'), count('\t')];
  if (tab > comma && tab > semicolon) return '\t';
  return semicolon > comma ? ';' : ',';
}

const mysqlEscapes: Record<string, string> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  '\\': '\\',
};

/** A `mysql -B` field: NULL (or \N, as `SELECT … INTO OUTFILE` writes it) is empty; escapes decoded. */
function mysqlField(text: string): string {
  if (text === 'NULL' || text === '\\N') return '';
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/gs, (escape, char: string) => mysqlEscapes[char] ?? escape);
}

/** An unquoted CSV field: NULL or \N (as MySQL and PostgreSQL write a null) is empty. */
const csvField = (text: string) => (text === 'NULL' || text === '\\N' ? '' : text);

const cut = (text: string) => text.slice(0, 80);

/** `values` with each replaced by `read` of it, in place (a record's fields, millions of them). */
function each(values: string[], read: (text: string) => string): string[] {
  for (let i = 0; i < values.length; i++) values[i] = read(values[i] as string);
  return values;
}

interface Line {
  text: string;
  number: number;
  windows1252: boolean;
}

const withoutCr = (text: string) => (text.endsWith('\r') ? text.slice(0, -1) : text);

/**
 * Turns lines into records. A quoted field may run over several lines; when it turns out not to
 * close (another quote follows it, the file ends, or it runs too long), only its first line is
 * rejected and the lines after it are read again as records of their own.
 */
class RecordReader {
  /** The record being read: its fields so far, its lines and its fixes. */
  private values: string[] = [];
  private lines: Line[] = [];
  private fixes: FixKind[] = [];
  /** The quoted field being read, while it runs on into the next line. */
  private open: string | undefined;
  /** The values of the last record read, as they are (the header's names). */
  lastValues: string[] = [];
  private readonly emptyFields: Record<string, string>;

  constructor(
    private readonly format: LegacyFormat,
    private readonly separator: LegacySeparator,
    private readonly columns: string[],
    private readonly encoding: LegacyEncoding,
  ) {
    this.emptyFields = Object.fromEntries(columns.map((name) => [name, '']));
  }

  /** Reads one line, adding the records it ends to `out`. */
  line(line: Line, out: CsvRecord[]): void {
    const text = withoutCr(line.text);
    if (this.open !== undefined) {
      this.lines.push(line);
      const pos = this.quoted(text, 0, out);
      if (pos !== -1) this.fields(text, pos, out);
      return;
    }
    if (text === '') return;
    this.lines = [line];
    if (this.format === 'mysql-batch') {
      out.push(this.record(each(text.split('\t'), mysqlField), []));
      return;
    }
    // Most lines have no quote at all.
    if (!text.includes('"')) {
      out.push(this.record(each(text.split(this.separator), csvField), []));
      return;
    }
    this.values = [];
    this.fixes = [];
    this.fields(text, 0, out);
  }

  /** The end of the file: a quoted field still open is a record cut short. */
  end(out: CsvRecord[]): void {
    if (this.open === undefined) return;
    if (this.lines.length > 1) return this.reread(out);
    const [line] = this.lines as [Line];
    const { values, index, start } = this.unclosed(withoutCr(line.text));
    out.push(
      this.fault(
        line,
        values,
        index,
        'baris terakhir terpotong di dalam tanda kutip',
        withoutCr(line.text).slice(start),
      ),
    );
    this.open = undefined;
  }

  /** The fields of `text` from `pos` (the start of a field) to the end of the line. */
  private fields(text: string, pos: number, out: CsvRecord[]): void {
    for (;;) {
      if (text.charCodeAt(pos) === quote) {
        this.open = '';
        pos = this.quoted(text, pos + 1, out);
        if (pos === -1) return;
        continue;
      }
      const next = text.indexOf(this.separator, pos);
      const value = text.slice(pos, next === -1 ? undefined : next);
      // A quote inside a field that does not start with one is part of the text (`Jl. "Merdeka"`).
      if (value.includes('"') && !this.fixes.includes('strayQuote')) this.fixes.push('strayQuote');
      this.values.push(csvField(value));
      if (next === -1) {
        out.push(this.record(this.values, this.fixes));
        return;
      }
      pos = next + 1;
    }
  }

  /**
   * Reads on in the open quoted field from `pos`; answers where the next field starts, or -1 when
   * the record ended (it is in `out`) or the field goes on in the next line.
   */
  private quoted(text: string, pos: number, out: CsvRecord[]): number {
    for (;;) {
      const at = text.indexOf('"', pos);
      if (at === -1) {
        const lines = this.lines;
        this.open += `${text.slice(pos)}${lines[lines.length - 1]?.text.endsWith('\r') ? '\r\n' : '\n'}`;
        if (lines.length >= maxQuotedLines) this.reread(out);
        return -1;
      }
      if (text.charCodeAt(at + 1) === quote) {
        this.open += text.slice(pos, at + 1);
        pos = at + 2;
        continue;
      }
      const value = `${this.open}${text.slice(pos, at)}`;
      const after = at + 1;
      if (after < text.length && !text.startsWith(this.separator, after)) {
        // Text after the closing quote: a quote inside the value that was not doubled, or one missing.
        if (this.lines.length > 1) {
          this.reread(out);
          return -1;
        }
        const next = text.indexOf(this.separator, after);
        const written = `"${value}"${text.slice(after, next === -1 ? undefined : next)}`;
        const [line] = this.lines as [Line];
        out.push(this.fault(line, this.values, this.values.length, 'tanda kutip tidak seimbang', written));
        this.open = undefined;
        return -1;
      }
      this.open = undefined;
      this.values.push(value);
      if (after >= text.length) {
        out.push(this.record(this.values, this.fixes));
        return -1;
      }
      return after + 1;
    }
  }

  /**
   * The open quoted field never closed: the record's first line is rejected, and the lines after it
   * are read again on their own.
   */
  private reread(out: CsvRecord[]): void {
    const [first, ...rest] = this.lines as [Line, ...Line[]];
    this.open = undefined;
    const text = withoutCr(first.text);
    const { values, index, start } = this.unclosed(text);
    out.push(this.fault(first, values, index, 'tanda kutip tidak ditutup', text.slice(start)));
    for (const line of rest) this.line(line, out);
  }

  /** The fields of a line that ends inside a quoted field, and where that field starts. */
  private unclosed(text: string): { values: string[]; index: number; start: number } {
    const values: string[] = [];
    const closed = /"((?:""|[^"])*)"/y;
    for (let pos = 0; ;) {
      if (text.charCodeAt(pos) === quote) {
        closed.lastIndex = pos;
        const match = closed.exec(text);
        if (!match) return { values, index: values.length, start: pos };
        values.push((match[1] ?? '').replaceAll('""', '"'));
        pos = closed.lastIndex + 1;
        continue;
      }
      const next = text.indexOf(this.separator, pos);
      if (next === -1) return { values, index: values.length, start: pos };
      values.push(csvField(text.slice(pos, next)));
      pos = next + 1;
    }
  }

  private fault(line: Line, values: string[], index: number, reason: string, value: string): CsvRecord {
    const record = this.record(values, [], [line]);
    return {
      ...record,
      ragged: false,
      fault: { column: this.columns[index] ?? '', reason, value: cut(value) },
    };
  }

  /** The record of `values`, ending on the last of `lines`. */
  private record(values: string[], fixes: FixKind[], lines = this.lines): CsvRecord {
    // A copy of one object of every column starts with all of them in place: filling an empty
    // object a key at a time would grow it a dozen times per record.
    const fields = { ...this.emptyFields };
    const { columns } = this;
    for (let i = 0; i < columns.length; i++) fields[columns[i] as string] = values[i] ?? '';
    const last = lines[lines.length - 1] as Line;
    const windows1252 = this.encoding === 'utf-8' && lines.some((line) => line.windows1252);
    this.lastValues = values;
    return {
      line: last.number,
      fields,
      ragged: values.length !== this.columns.length,
      fixes: windows1252 ? [...fixes, 'windows1252Line'] : fixes.length > 0 ? [...fixes] : noFixes,
    };
  }
}

const noFixes: readonly FixKind[] = [];

export async function openLegacyCsv(path: string): Promise<LegacyCsv> {
  const [{ size }, { encoding, dateOrder }, headerBytes] = await Promise.all([
    stat(path),
    inspect(path),
    firstLine(path),
  ]);
  if (size === 0) throw new UnreadableCsv('header tidak terbaca: berkas kosong; ekspor ulang tabel ini');
  if (headerBytes.toString('latin1').trim() === '')
    throw new UnreadableCsv('header tidak terbaca: baris pertama kosong');
  const [headerText = ''] = decodeLines(headerBytes, encoding).texts;
  const separator = detectSeparator(headerText);
  // `mysql -B` never quotes; a tab-separated header with quotes is a spreadsheet's CSV.
  const format: LegacyFormat = separator === '\t' && !headerText.includes('"') ? 'mysql-batch' : 'csv';

  const header: CsvRecord[] = [];
  const headerReader = new RecordReader(format, separator, [], encoding);
  headerReader.line({ text: headerText, number: 1, windows1252: false }, header);
  const [names] = header;
  if (!names || names.fault || header.length !== 1)
    throw new UnreadableCsv(
      `header tidak terbaca: ${names?.fault?.reason ?? 'tanda kutip tidak ditutup'} di baris pertama`,
    );
  const columns = headerReader.lastValues.map((name) => name.trim().toLowerCase());

  let read = 0;
  return {
    encoding,
    separator,
    format,
    columns,
    size,
    bytesRead: () => read,
    dateOrder,
    async *records() {
      read = 0;
      const reader = new RecordReader(format, separator, columns, encoding);
      const out: CsvRecord[] = [];
      let number = 0;
      for await (const bytes of byteLines(path, (n) => {
        read += n;
      })) {
        const { texts, windows1252: windows1252Lines } = decodeLines(bytes, encoding);
        for (let i = 0; i < texts.length; i++) {
          number++;
          if (number === 1) continue;
          reader.line(
            { text: texts[i] as string, number, windows1252: windows1252Lines?.has(i) ?? false },
            out,
          );
          if (out.length > 0) {
            yield* out;
            out.length = 0;
          }
        }
      }
      reader.end(out);
      yield* out;
    },
  };
}
