import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';

// Legacy tables arrive as CSV files the way PostgreSQL `COPY … CSV HEADER`, MySQL or a spreadsheet
// writes them: comma or semicolon separated, quoted fields, CRLF or LF, UTF-8 (with or without BOM)
// or Windows-1252. csv-parse does the parsing; this module only detects what it is told.

export type LegacyEncoding = 'utf-8' | 'windows-1252';

export interface CsvRecord {
  /** The file's line where the record ends (1 is the header; most records take one line). */
  line: number;
  /** Fields by lower-cased, trimmed header name. */
  fields: Record<string, string>;
  /** Whether the record has another number of fields than the header. */
  ragged: boolean;
}

export interface LegacyCsv {
  encoding: LegacyEncoding;
  separator: ',' | ';';
  columns: string[];
  size: number;
  /** Bytes read so far: with `size`, the progress of a long file. */
  bytesRead(): number;
  records(): AsyncIterable<CsvRecord>;
}

/** UTF-8 when every byte of the file decodes as UTF-8, else Windows-1252 (what Indonesian Excel saves). */
async function detectEncoding(path: string): Promise<LegacyEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return 'utf-8';
  } catch (err) {
    if (err instanceof TypeError) return 'windows-1252';
    throw err;
  }
}

/** The separator of the header line: the one of `;` and `,` that occurs more often outside quotes. */
async function detectSeparator(path: string): Promise<',' | ';'> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(64 * 1024), position: 0 });
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    const header = head.slice(0, head.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
    return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  } finally {
    await file.close();
  }
}

function decoding(encoding: LegacyEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

export async function openLegacyCsv(path: string): Promise<LegacyCsv> {
  const [{ size }, encoding, separator] = await Promise.all([
    stat(path),
    detectEncoding(path),
    detectSeparator(path),
  ]);
  let read = 0;
  const source = () => {
    const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
    stream.on('data', (chunk) => {
      read += chunk.length;
    });
    return stream;
  };
  const parserOptions = {
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  } as const;

  // The header alone, so that the caller can check the columns before any row is read.
  const columns: string[] = [];
  for await (const { record } of source()
    .pipe(decoding(encoding))
    .pipe(parse({ ...parserOptions, to_line: 1 }))) {
    columns.push(...(record as string[]).map((name) => name.trim().toLowerCase()));
  }
  read = 0;

  return {
    encoding,
    separator,
    columns,
    size,
    bytesRead: () => read,
    async *records() {
      const parser = source()
        .pipe(decoding(encoding))
        .pipe(parse({ ...parserOptions, from_line: 2 }));
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        const fields: Record<string, string> = {};
        columns.forEach((name, i) => {
          fields[name] = record[i] ?? '';
        });
        yield { line: info.lines, fields, ragged: record.length !== columns.length };
      }
    },
  };
}
