import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { importFiles } from '../../test/legacy.js';
import type { DatabaseHandle } from '../client.js';
import { patients } from '../schema/index.js';

// A bad value in a legacy export costs its row, never the file: what the importer fixes, what it
// rejects, and that the rest of the file is taken.

const header = 'kode;nama;kelamin;tglahir;alamat2;telp;nip;noaskes;ket';

describe('legacy import of bad values (database)', () => {
  let handle: DatabaseHandle;
  const stored = () =>
    handle.db
      .select({
        mrn: patients.mrn,
        name: patients.name,
        addressDomicile: patients.addressDomicile,
        phone: patients.phone,
        nip: patients.nip,
        insuranceNo: patients.insuranceNo,
        notes: patients.notes,
      })
      .from(patients)
      .orderBy(asc(patients.mrn));

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  beforeEach(async () => {
    await handle.db.delete(patients);
  });
  afterAll(() => handle.close());

  it('a NUL, a 20,000-character name, a misplaced quote and a cut last line each cost at most their row', async () => {
    const longName = 'A'.repeat(20_000);
    const longNote = `${'kontrol rutin '.repeat(40)}akhir`;
    // The first record takes two lines (its note is quoted over a line break).
    const file = [
      header,
      '000201;Ani;P;1980-01-01;Jl. Melati\0 No. 1;NULL;\\N;NULL;"alergi\r\npenisilin"',
      `000202;${longName};L;1981-02-02;;;;;`,
      '000203;"Budi" Santoso;L;1982-03-03;;;;;',
      '000204;Citra "Cici";P;1983-04-04;;;;;',
      `000205;Dedi;L;1984-05-05;;;;;${longNote}`,
      '000206;Eka;P;1985-06-06;"Jl. Kenang',
    ].join('\r\n');
    const report = await importFiles(handle.db, { 'master_pasien.csv': file });

    expect(report.table('master_pasien.csv')).toMatchObject({
      status: 'imported',
      read: 6,
      inserted: 3,
      rejected: 3,
      fixes: { controlRemoved: 1, strayQuote: 1, cut: 1 },
    });
    expect(
      report.table('master_pasien.csv').rejections.map(({ line, column, reason, value }) => ({
        line,
        column,
        reason,
        value,
      })),
    ).toEqual([
      {
        line: 4,
        column: 'nama',
        reason: 'terlalu panjang: 20000 karakter, formulir portal paling banyak 100',
        value: 'A'.repeat(80),
      },
      { line: 5, column: 'nama', reason: 'tanda kutip tidak seimbang', value: '"Budi" Santoso' },
      {
        line: 8,
        column: 'alamat2',
        reason: 'baris terakhir terpotong di dalam tanda kutip',
        value: '"Jl. Kenang',
      },
    ]);
    const none = { phone: null, nip: null, insuranceNo: null };
    expect(await stored()).toEqual([
      {
        mrn: '000201',
        name: 'Ani',
        addressDomicile: 'Jl. Melati No. 1',
        ...none,
        notes: 'alergi\r\npenisilin',
      },
      { mrn: '000204', name: 'Citra "Cici"', addressDomicile: null, ...none, notes: null },
      {
        mrn: '000205',
        name: 'Dedi',
        addressDomicile: null,
        ...none,
        notes: longNote.slice(0, 500).trimEnd(),
      },
    ]);
  });

  it('reads a line that is not UTF-8 in a UTF-8 file as Windows-1252, and counts it', async () => {
    const file = Buffer.concat([
      Buffer.from(`${header}\n000301;Débora;P;1980-01-01;Jl. Anggrek – Blok A;;;;\n`, 'utf-8'),
      Buffer.from('000302;Jos\xe9;L;1981-01-01;Jl. Mawar \x96 Blok B;;;;\n', 'latin1'),
    ]);
    const report = await importFiles(handle.db, { 'master_pasien.csv': file });
    expect(report.table('master_pasien.csv')).toMatchObject({
      encoding: 'utf-8',
      inserted: 2,
      fixes: { windows1252Line: 1 },
    });
    expect((await stored()).map(({ name, addressDomicile }) => [name, addressDomicile])).toEqual([
      ['Débora', 'Jl. Anggrek – Blok A'],
      ['José', 'Jl. Mawar – Blok B'],
    ]);
  });

  it('fails a file whose header cannot be read, and says why', async () => {
    const report = await importFiles(handle.db, { 'master_pasien.csv': 'kode;"nama;kelamin;tglahir\n' });
    expect(report.table('master_pasien.csv')).toMatchObject({
      status: 'failed',
      error: 'header tidak terbaca: tanda kutip tidak ditutup di baris pertama',
    });
  });
});
