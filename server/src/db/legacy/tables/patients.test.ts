import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { identifyPatient } from '../../../modules/patients/service.js';
import { patients } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';

const header = [
  'kode',
  'nama',
  'kelamin',
  'tglahir',
  'ktp',
  'alamat1',
  'golpaskd',
  'golpaskt',
  'suami',
  'sr_deleted',
];
const file = legacyCsv(header, [
  [
    '000101',
    'Siti Aminah ',
    'P',
    '12/03/1980',
    '3174015203800001',
    'Jl. Melati 1',
    'ad',
    'TNI AD',
    'Serka Budi',
    '',
  ],
  ['000102', 'Budi Santoso', 'l', '1975-01-02', '31740', 'Jl. Mawar', '', '', '', ''],
  ['000103', 'Tono', 'X', '1970-01-01', '', '', '', '', '', ''],
  ['000101', 'Siti Lagi', 'P', '1980-03-12', '', '', '', '', '', ''],
  ['000104', 'Ani', 'P', '31/02/1990', '', '', '', '', '', ''],
  ['000105', 'Rudi', 'L', '1990-05-05', '3174015203800001', '', '', '', '', 'T'],
]);

describe('legacy master_pasien (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('a dry run writes nothing and says what would happen', async () => {
    const report = await importFiles(handle.db, { 'master_pasien.csv': file }, { apply: false });
    expect(report.table('master_pasien.csv')).toMatchObject({
      status: 'checked',
      read: 6,
      inserted: 4,
      rejected: 2,
    });
    expect(await handle.db.select().from(patients)).toEqual([]);
  });

  it('imports the clean rows, fixes what needs no guess and lists every rejected row', async () => {
    const report = await importFiles(handle.db, { 'master_pasien.csv': file });
    const table = report.table('master_pasien.csv');
    expect(table).toMatchObject({ status: 'imported', read: 6, inserted: 4, updated: 0, rejected: 2 });
    expect(table.rejections).toMatchObject([
      {
        file: 'master_pasien.csv',
        line: 4,
        key: '000103',
        column: 'kelamin',
        reason: 'jenis kelamin tidak dikenali: "X"',
      },
      {
        file: 'master_pasien.csv',
        line: 5,
        key: '000101',
        column: 'kode',
        reason: 'kunci ganda 000101: sudah ada di baris 2',
      },
    ]);
    expect(table.fixes).toMatchObject({
      trimmed: 1,
      dayFirstDate: 1,
      upperCased: 2,
      nikCleared: 1,
      duplicateNik: 1,
      birthDateMissing: 1,
    });

    const [siti] = await handle.db.select().from(patients).where(eq(patients.mrn, '000101'));
    expect(siti).toMatchObject({
      name: 'Siti Aminah',
      sex: 'P',
      birthDate: '1980-03-12',
      nik: '3174015203800001',
      address: 'Jl. Melati 1',
      patientGroupCode: 'AD',
      patientGroup: 'TNI AD',
      husbandName: 'Serka Budi',
      deletedAt: null,
    });
    const [rudi] = await handle.db.select().from(patients).where(eq(patients.mrn, '000105'));
    expect(rudi?.nik).toBeNull();
    expect(rudi?.deletedAt).not.toBeNull();
    // Not in the calendar: the patient comes without a birth date, flagged for the records desk.
    const [ani] = await handle.db.select().from(patients).where(eq(patients.mrn, '000104'));
    expect(ani).toMatchObject({
      name: 'Ani',
      birthDate: null,
      importIssues: [{ column: 'tglahir', reason: 'tanggal lahir tidak dikenali', value: '31/02/1990' }],
    });
    expect(siti?.importIssues).toBeNull();
  });

  it('a second run changes nothing, and a changed row is updated', async () => {
    const again = await importFiles(handle.db, { 'master_pasien.csv': file });
    expect(again.table('master_pasien.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    const changed = await importFiles(handle.db, {
      'master_pasien.csv': file.replace('Budi Santoso', 'Budi Santoso Putra'),
    });
    expect(changed.table('master_pasien.csv')).toMatchObject({ inserted: 0, updated: 1, unchanged: 3 });
    expect(await handle.db.$count(patients)).toBe(4);
  });

  it('a birth date read on a later run replaces the flag; an empty one is flagged as empty', async () => {
    const ani = (tglahir: string) => file.replace('31/02/1990', tglahir);
    const birthOf = async (mrn: string) => {
      const [row] = await handle.db
        .select({ birthDate: patients.birthDate, importIssues: patients.importIssues })
        .from(patients)
        .where(eq(patients.mrn, mrn));
      return row;
    };

    const read = await importFiles(handle.db, { 'master_pasien.csv': ani('28/02/1990') });
    expect(read.table('master_pasien.csv')).toMatchObject({ rejected: 2 });
    expect(await birthOf('000104')).toEqual({ birthDate: '1990-02-28', importIssues: null });

    const empty = await importFiles(handle.db, { 'master_pasien.csv': ani('') });
    expect(empty.table('master_pasien.csv').fixes).toMatchObject({ birthDateMissing: 1 });
    expect(await birthOf('000104')).toEqual({
      birthDate: null,
      importIssues: [{ column: 'tglahir', reason: 'tanggal lahir kosong', value: '' }],
    });
  });

  it('the next patient registered in the portal gets the number after the highest imported one', async () => {
    const created = await handle.db.transaction((tx) =>
      identifyPatient(
        tx,
        {
          newPatient: {
            nik: '3174015509010002',
            name: 'Pasien Baru',
            birthDate: '2001-09-15',
            sex: 'P',
            address: 'Jl. Baru',
          },
        },
        '081234567890',
      ),
    );
    expect(created).toMatchObject({ mrn: '000106', created: true });
  });
});
