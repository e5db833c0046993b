import { describe, expect, it } from 'vitest';
import { csvField, csvFile, csvLine } from './csv.js';

describe('the CSV of the exports', () => {
  it('keeps a text a spreadsheet would run as a formula as text', () => {
    for (const text of ['=SUM(A1:A9)', '+62812', '-1', '@cmd', '\tx', '\rx']) {
      expect(csvField(text), JSON.stringify(text)).toMatch(/^"?'/);
    }
    expect(csvField('Hipertensi = tekanan darah tinggi')).toBe('Hipertensi = tekanan darah tinggi');
    // Numbers are numbers: a negative one is no formula.
    expect(csvField(-5)).toBe('-5');
  });

  it('quotes separators, quotes and line breaks, and leaves nothing empty', () => {
    expect(csvField('Diabetes; kontrol')).toBe('"Diabetes; kontrol"');
    expect(csvField('dr. "Andi"')).toBe('"dr. ""Andi"""');
    expect(csvField('baris\nbaru')).toBe('"baris\nbaru"');
    expect(csvField(null)).toBe('');
  });

  it('writes lines with semicolons and CRLF, a file with the byte-order mark first', () => {
    expect(csvLine(['Nama', 3, null])).toBe('Nama;3;\r\n');
    expect(csvFile([['Nama'], ['Siti Aisyah']])).toBe('\uFEFFNama\r\nSiti Aisyah\r\n');
  });
});
