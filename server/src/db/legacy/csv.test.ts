import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsvRecord, openLegacyCsv } from './csv.js';

// How a legacy export is read into records: what a fault costs, what reads as empty, which encoding.

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'legacy-csv-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let files = 0;
async function read(content: string | Buffer) {
  const file = path.join(folder, `${++files}.csv`);
  await writeFile(file, content);
  const csv = await openLegacyCsv(file);
  const records: CsvRecord[] = [];
  for await (const record of csv.records()) records.push(record);
  return { csv, records };
}

/** What a caller sees of each record: its line, fields or fault, and fixes. */
const seen = (records: CsvRecord[]) =>
  records.map(({ line, fields, fault, fixes }) =>
    fault ? { line, fault } : fixes.length > 0 ? { line, fields, fixes } : { line, fields },
  );

describe('the order of dates with slashes in a file', () => {
  const orderOf = async (content: string) => (await read(content)).csv.dateOrder;

  it('is day first when a date can only be read so, or none tells', async () => {
    expect(await orderOf('kode,tglahir\n1,03/04/1980\n2,25/12/1990\n')).toEqual({ order: 'dayFirst' });
    expect(await orderOf('kode,tglahir\n1,03/04/1980\n2,1990-12-25\n')).toEqual({ order: 'dayFirst' });
  });

  it('is month first when a date can only be read so (Excel in English), a time after it or not', async () => {
    expect(
      await orderOf('kode;tglahir;tglmasuk\r\n1;3/4/1980;"12/25/2020 8:30"\r\n2;4/5/1990;1/2/2021\r\n'),
    ).toEqual({ order: 'monthFirst' });
  });

  it('is mixed when dates of both orders are in the file, naming the first of each, whole fields only', async () => {
    const lines = ['kode,tglahir,tglmasuk,ket', '1,03/04/1980,2020-01-01,"kontrol 3/25/2021"'];
    // Over a megabyte: the dates come in a later chunk of the file than the first.
    for (let i = 0; i < 60_000; i++) lines.push(`${i + 2},1980-01-01,,`);
    lines.push('3001,25/03/1980,,', '3002,,"3/25/1980 10:00",', '3003,26/03/1980,,');
    expect(await orderOf(`${lines.join('\n')}\n`)).toEqual({
      order: 'mixed',
      seen: 'baris 60003: 25/03/1980; baris 60004: 3/25/1980',
    });
  });
});

describe('legacy CSV reader', () => {
  it('reads a quote inside an unquoted field as text, and counts it', async () => {
    const { records } = await read('kode;alamat\r\n1;Jl. "Merdeka" 5\r\n2;Jl. Mawar\r\n');
    expect(seen(records)).toEqual([
      { line: 2, fields: { kode: '1', alamat: 'Jl. "Merdeka" 5' }, fixes: ['strayQuote'] },
      { line: 3, fields: { kode: '2', alamat: 'Jl. Mawar' } },
    ]);
  });

  it('a quote out of place in a quoted field costs that record only', async () => {
    const { records } = await read('kode;nama;ket\n1;"Ani ""A"" Putri";x\n2;"Budi" Santoso;y\n3;Citra;z\n');
    expect(seen(records)).toEqual([
      { line: 2, fields: { kode: '1', nama: 'Ani "A" Putri', ket: 'x' } },
      {
        line: 3,
        fault: { column: 'nama', reason: 'tanda kutip tidak seimbang', value: '"Budi" Santoso' },
      },
      { line: 4, fields: { kode: '3', nama: 'Citra', ket: 'z' } },
    ]);
  });

  it('a last line cut inside a quoted field costs that record only', async () => {
    const { records } = await read('kode;nama;ket\n1;Ani;"catatan\npanjang"\n2;Budi;"dipoto');
    expect(seen(records)).toEqual([
      { line: 3, fields: { kode: '1', nama: 'Ani', ket: 'catatan\npanjang' } },
      {
        line: 4,
        fault: { column: 'ket', reason: 'baris terakhir terpotong di dalam tanda kutip', value: '"dipoto' },
      },
    ]);
  });

  it('a quote that never closes costs its own line, and the lines after it are read again', async () => {
    const { records } = await read('kode;nama\n1;"Ani\n2;Budi\n3;Citra "C"\n4;Dedi\n');
    expect(seen(records)).toEqual([
      { line: 2, fault: { column: 'nama', reason: 'tanda kutip tidak ditutup', value: '"Ani' } },
      { line: 3, fields: { kode: '2', nama: 'Budi' } },
      { line: 4, fields: { kode: '3', nama: 'Citra "C"' }, fixes: ['strayQuote'] },
      { line: 5, fields: { kode: '4', nama: 'Dedi' } },
    ]);
  });

  it('reads unquoted NULL and \\N as empty; quoted, NULL is text', async () => {
    const { records } = await read('kode,telp,nip,ket\n1,NULL,\\N,"NULL"\n');
    expect(records[0]?.fields).toEqual({ kode: '1', telp: '', nip: '', ket: 'NULL' });
  });

  it('reads what `mysql -B` writes: tabs, escapes and NULL, quotes as text', async () => {
    const { csv, records } = await read(
      'kode\tnama\tket\n1\tAni "Nenek" A;B\tbaris 1\\nbaris 2\\tx\n2\tC:\\\\data\tNULL\n',
    );
    expect(csv).toMatchObject({ separator: '\t', format: 'mysql-batch' });
    expect(seen(records)).toEqual([
      { line: 2, fields: { kode: '1', nama: 'Ani "Nenek" A;B', ket: 'baris 1\nbaris 2\tx' } },
      { line: 3, fields: { kode: '2', nama: 'C:\\data', ket: '' } },
    ]);
  });

  it('reads a tab-separated header with quotes as CSV', async () => {
    const { csv, records } = await read('"kode"\t"nama"\n1\t"Ani\tA"\n');
    expect(csv).toMatchObject({ separator: '\t', format: 'csv' });
    expect(records[0]?.fields).toEqual({ kode: '1', nama: 'Ani\tA' });
  });

  it('reads a line that is not UTF-8 in a UTF-8 file as Windows-1252, and counts it', async () => {
    const { csv, records } = await read(
      Buffer.concat([
        Buffer.from('kode;nama\n1;Débora – Rawat luka\n', 'utf-8'),
        Buffer.from([...Buffer.from('2;Debridemen luka '), 0x96, ...Buffer.from(' tahap 2 Jos'), 0xe9, 0x0a]),
      ]),
    );
    expect(csv.encoding).toBe('utf-8');
    expect(seen(records)).toEqual([
      { line: 2, fields: { kode: '1', nama: 'Débora – Rawat luka' } },
      { line: 3, fields: { kode: '2', nama: 'Debridemen luka – tahap 2 José' }, fixes: ['windows1252Line'] },
    ]);
  });

  it('reads a Windows-1252 file whole, 0x80–0x9F included, without counting it', async () => {
    const { csv, records } = await read(Buffer.from('kode;nama\n1;Jos\xe9 \x96 \x80 \x93A\x94\n', 'latin1'));
    expect(csv.encoding).toBe('windows-1252');
    expect(seen(records)).toEqual([{ line: 2, fields: { kode: '1', nama: 'José – € “A”' } }]);
  });

  it('fails the file only for a header or an encoding it cannot read, and says which', async () => {
    await expect(read('kode;"nama\n1;Ani\n')).rejects.toThrow(
      'header tidak terbaca: tanda kutip tidak ditutup di baris pertama',
    );
    await expect(read('')).rejects.toThrow(/^header tidak terbaca: berkas kosong; ekspor ulang tabel ini$/);
    await expect(read(Buffer.from('\uFEFFkode\tnama\n', 'utf16le'))).rejects.toThrow(
      /^pengodean tidak terbaca: berkas UTF-16/,
    );
  });
});
