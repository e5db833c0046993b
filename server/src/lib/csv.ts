// CSV as Excel opens it in Indonesia: semicolons (the decimal separator there is a comma), CRLF line ends,
// and a byte-order mark so that names keep their UTF-8 letters. Every export of the portal writes it here.

/** A cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** Starts a file, so that Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV field. A text that a spreadsheet would read as a formula (= + - @, or a tab or carriage return
 * in front) gets a leading apostrophe; separators, quotes and line breaks are quoted.
 */
export function csvField(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of the file, with its line end. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(';')}\r\n`;
}

/** A whole file that fits in memory: the byte-order mark, then one line per row. */
export function csvFile(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map(csvLine).join('');
}
