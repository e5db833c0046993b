import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../errors.js';

/**
 * Reads a tariff file as spreadsheets save it: comma or semicolon separated (Indonesian Excel uses
 * semicolons), quoted fields with doubled quotes, CRLF or LF, optional BOM. Blank rows are left out.
 * A text that is not CSV at all (a quote never closed) is a 400 `INVALID_CSV`.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: separator,
      // Files pasted together from several sources may mix line endings.
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const why =
      err.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'ada tanda kutip (") yang tidak ditutup'
        : 'simpan ulang sebagai CSV dari spreadsheet';
    throw new AppError(400, 'INVALID_CSV', `Berkas CSV tidak dapat dibaca: ${why}.`);
  }
  return rows.filter((row) => row.some((cell) => cell.trim() !== ''));
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
