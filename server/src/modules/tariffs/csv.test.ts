import { describe, expect, it } from 'vitest';
import { type CsvLayout, parseCsv, parseRupiah, readCsvTable } from './csv.js';

describe('parseCsv', () => {
  it('reads comma-separated rows with quotes, doubled quotes and CRLF', () => {
    expect(parseCsv('nama,kelas,tarif\r\n"Konsultasi, dokter ""spesialis""",Kelas 1,150000\r\n')).toEqual([
      ['nama', 'kelas', 'tarif'],
      ['Konsultasi, dokter "spesialis"', 'Kelas 1', '150000'],
    ]);
  });

  it('reads semicolon-separated files with a BOM, as Excel in Indonesian saves them', () => {
    expect(parseCsv('\uFEFFnama;kelas;tarif\nRontgen thorax;Umum;Rp 150.000\n\n')).toEqual([
      ['nama', 'kelas', 'tarif'],
      ['Rontgen thorax', 'Umum', 'Rp 150.000'],
    ]);
  });

  it('keeps line breaks inside quoted fields', () => {
    expect(parseCsv('a,b\n"baris\nkedua",2')).toEqual([
      ['a', 'b'],
      ['baris\nkedua', '2'],
    ]);
  });

  it('reads files that mix line endings, leaving out blank rows', () => {
    expect(parseCsv('nama;tarif\r\nA;1\n\n ; \rB;2')).toEqual([
      ['nama', 'tarif'],
      ['A', '1'],
      ['B', '2'],
    ]);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('nama,tarif\n"USG abdomen,350000\n')).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'INVALID_CSV' }),
    );
  });
});

describe('parseRupiah', () => {
  it.each([
    ['150000', 150000],
    ['150.000', 150000],
    ['1.250.000', 1250000],
    ['150,000', 150000],
    ['Rp 75.000', 75000],
    ['Rp.75000', 75000],
    [' 0 ', 0],
  ])('reads %s as %d', (text, value) => {
    expect(parseRupiah(text)).toBe(value);
  });

  it.each(['150.000,50', '12,5', '1.50', 'gratis', '', '-5000', '1.000,000'])('refuses %s', (text) => {
    expect(parseRupiah(text)).toBeNull();
  });
});

describe('readCsvTable', () => {
  const layout: CsvLayout<'destination' | 'price' | 'notes'> = {
    columns: { destination: ['tujuan', 'destination'], price: ['tarif', 'harga'], notes: ['keterangan'] },
    required: ['destination', 'price'],
  };

  it('names the cells by the header, whatever its case and order, and marks rows with cells to spare', () => {
    const table = readCsvTable('Harga;Kolom Lain;TUJUAN\n350.000;x; Maros \n1;2;3;4\n', layout);
    expect([...table.present]).toEqual(['price', 'destination']);
    expect(table.rows).toEqual([
      { line: 2, cells: { price: '350.000', destination: 'Maros' }, overflow: false },
      { line: 3, cells: { price: '1', destination: '3' }, overflow: true },
    ]);
  });

  it('refuses a header without a required column, naming the columns it knows', () => {
    expect(() => readCsvTable('tujuan,biaya\nMaros,1\n', layout)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: 'Baris judul harus memuat kolom tarif.',
        fields: {
          'baris 1': 'Kolom yang dikenal: tujuan (atau destination), tarif (atau harga), keterangan.',
        },
      }),
    );
  });
});
