import { describe, expect, it } from 'vitest';
import { type CsvLayout, parseCsv, parseRupiah, readCsvTable, spreadsheetText } from './csv.js';

describe('parseCsv', () => {
  it('reads comma-separated rows with quotes, doubled quotes and CRLF', async () => {
    expect(
      await parseCsv('nama,kelas,tarif\r\n"Konsultasi, dokter ""spesialis""",Kelas 1,150000\r\n'),
    ).toEqual([
      ['nama', 'kelas', 'tarif'],
      ['Konsultasi, dokter "spesialis"', 'Kelas 1', '150000'],
    ]);
  });

  it('reads semicolon-separated files with a BOM, as Excel in Indonesian saves them', async () => {
    expect(await parseCsv('\uFEFFnama;kelas;tarif\nRontgen thorax;Umum;Rp 150.000\n\n')).toEqual([
      ['nama', 'kelas', 'tarif'],
      ['Rontgen thorax', 'Umum', 'Rp 150.000'],
    ]);
  });

  it('keeps line breaks inside quoted fields', async () => {
    expect(await parseCsv('a,b\n"baris\nkedua",2')).toEqual([
      ['a', 'b'],
      ['baris\nkedua', '2'],
    ]);
  });

  it('reads files that mix line endings, leaving out blank rows', async () => {
    expect(await parseCsv('nama;tarif\r\nA;1\n\n ; \rB;2')).toEqual([
      ['nama', 'tarif'],
      ['A', '1'],
      ['B', '2'],
    ]);
  });

  it('refuses a quote that is never closed', async () => {
    await expect(parseCsv('nama,tarif\n"USG abdomen,350000\n')).rejects.toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: 'INVALID_CSV',
        message: 'Berkas CSV tidak dapat dibaca: ada tanda kutip (") yang tidak ditutup.',
      }),
    );
  });

  it('refuses a row of more than 10,000 characters (a file that is one line)', async () => {
    await expect(parseCsv(`nama,tarif\n${'x'.repeat(20_000)},1\n`)).rejects.toThrow(
      expect.objectContaining({
        code: 'INVALID_CSV',
        message: 'Berkas CSV tidak dapat dibaca: ada baris yang lebih dari 10.000 karakter.',
      }),
    );
  });

  it('stops reading at the first row past 10,000 data rows', async () => {
    const rows = await parseCsv(`nama,tarif\n${'Rontgen,1\n'.repeat(1_000_000)}`);
    expect(rows).toHaveLength(10_002);
  });

  it('keeps a character that the reading cut in two (at 64 KiB)', async () => {
    // 'nama\n' and 65 rows of 1,000 bytes, then é over bytes 65,535 and 65,536.
    const rows = Array.from({ length: 65 }, () => 'a'.repeat(999));
    const cut = `${'a'.repeat(64 * 1024 - 1 - 5 - 65 * 1000)}é`;
    expect(await parseCsv(`nama\n${[...rows, cut].join('\n')}\n`)).toEqual([
      ['nama'],
      ...rows.map((row) => [row]),
      [cut],
    ]);
  });
});

describe('spreadsheetText', () => {
  it('reads UTF-8, and Windows-1252 as Excel saves CSV on Windows', () => {
    expect(spreadsheetText(Buffer.from('Kota Bogor – Rp 150.000 é', 'utf-8'))).toBe(
      'Kota Bogor – Rp 150.000 é',
    );
    const windows = Buffer.from([0x4b, 0x6f, 0x74, 0x61, 0x20, 0xe9, 0x20, 0x96, 0x20, 0x80]);
    expect(spreadsheetText(windows)).toBe('Kota é – €');
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

  it('names the cells by the header, whatever its case and order, and marks rows with cells to spare', async () => {
    const table = await readCsvTable('Harga;Kolom Lain;TUJUAN\n350.000;x; Maros \n1;2;3;4\n', layout);
    expect([...table.present]).toEqual(['price', 'destination']);
    expect(table.rows).toEqual([
      { line: 2, cells: { price: '350.000', destination: 'Maros' }, overflow: false },
      { line: 3, cells: { price: '1', destination: '3' }, overflow: true },
    ]);
  });

  it('refuses a header without a required column, naming the columns it knows', async () => {
    await expect(readCsvTable('tujuan,biaya\nMaros,1\n', layout)).rejects.toThrow(
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
