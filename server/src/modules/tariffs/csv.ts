/**
 * A small CSV reader for tariff files as spreadsheets save them: comma or semicolon separated
 * (Indonesian Excel uses semicolons), quoted fields with doubled quotes, CRLF or LF, optional BOM.
 */
export function parseCsv(text: string): string[][] {
  const input = text.replace(/^\uFEFF/, '');
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (often at the end of a file) carry nothing.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
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
