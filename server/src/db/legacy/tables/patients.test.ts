import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { identifyPatient, searchPatients } from '../../../modules/patients/service.js';
import { patients } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import { importLegacy } from '../import.js';
import { rejectionLine } from '../report.js';
import type { Rejection } from '../table.js';
import { patientsTable } from './patients.js';

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

// A master_pasien.csv saved from Excel: the numbers lost their leading zeros, the NIKs became
// 7.37110E+15, and the phones lost their 0; the rows of patients already imported must not undo them.
describe('legacy master_pasien saved from Excel (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const excelHeader = ['kode', 'nama', 'kelamin', 'tglahir', 'ktp', 'telp', 'telpkel'];
  const clean = legacyCsv(excelHeader, [
    ['000001', 'Putri Nurul', 'P', '2019-07-20', '7371016007199226', '087855706960', ''],
    ['000002', 'Dedi Abdul', 'L', '1981-08-19', '7371101908811648', '085226386120', ''],
  ]);
  /** Imports `file` as master_pasien.csv and answers the report with every line of the rejects CSV. */
  const importPatients = async (file: string) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'legacy-'));
    const listed: Rejection[] = [];
    try {
      writeFileSync(path.join(folder, 'master_pasien.csv'), file);
      const report = await importLegacy(handle.db, {
        folder,
        apply: true,
        tables: [patientsTable],
        onReject: (rejection) => listed.push(rejection),
      });
      return { table: report.tables[0], listed };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  const patient = async (mrn: string) => {
    const [row] = await handle.db
      .select({
        nik: patients.nik,
        birthDate: patients.birthDate,
        phone: patients.phone,
        familyContactPhone: patients.familyContactPhone,
        nip: patients.nip,
        insuranceNo: patients.insuranceNo,
        importIssues: patients.importIssues,
      })
      .from(patients)
      .where(eq(patients.mrn, mrn));
    return row;
  };

  it('refuses a record number without its leading zeros instead of adding a second patient', async () => {
    await importPatients(clean);
    const { table } = await importPatients(
      legacyCsv(excelHeader, [['2', 'Dedi Abdul', 'L', '1981-08-19', '7371101908811648', '', '']]),
    );
    expect(table).toMatchObject({ inserted: 0, rejected: 1 });
    expect(table?.rejections[0]).toMatchObject({
      key: '2',
      column: 'kode',
      value: '2',
      reason: expect.stringMatching(/^nomor RM tanpa nol di depan \(dibuka di Excel\?\).*000002/),
    });
    expect(await handle.db.$count(patients)).toBe(2);
    // A legacy system that never wrote the zeros keeps its numbers: the desks find `7` as typed.
    const unpadded = await importPatients(
      legacyCsv(excelHeader, [['7', 'Rina Kartika', 'P', '1992-03-04', '7371104403920001', '', '']]),
    );
    expect(unpadded.table).toMatchObject({ inserted: 1, rejected: 0 });
  });

  it("keeps a patient's stored NIK when the file's NIK is Excel's 7.37110E+15", async () => {
    const { table, listed } = await importPatients(
      legacyCsv(excelHeader, [
        ['000001', 'Putri Nurul', 'P', '2019-07-20', '7.37102E+15', '087855706960', ''],
        ['000002', 'Dedi Abdul', 'L', '1981-08-19', '7.37110E+15', '085226386120', ''],
      ]),
    );
    expect(table).toMatchObject({ updated: 0, unchanged: 2, fixes: { nikExcel: 2, nikKept: 2 } });
    expect(listed).toEqual([]);
    expect(await patient('000002')).toMatchObject({ nik: '7371101908811648', importIssues: null });
  });

  it('reads every date of a file Excel wrote month first, those that would read day first too', async () => {
    const { table, listed } = await importPatients(
      legacyCsv(excelHeader, [
        ['000001', 'Putri Nurul', 'P', '7/20/2019', '7371016007199226', '087855706960', ''],
        ['000002', 'Dedi Abdul', 'L', '8/19/1981', '7371101908811648', '085226386120', ''],
        ['000031', 'Rahmat Hidayat', 'L', '3/4/1990', '', '', ''],
      ]),
    );
    expect(table).toMatchObject({
      inserted: 1,
      updated: 0,
      unchanged: 2,
      rejected: 0,
      fixes: { monthFirstDate: 3 },
    });
    expect(listed).toEqual([]);
    expect(await patient('000031')).toMatchObject({ birthDate: '1990-03-04', importIssues: null });
  });

  it('in a file with dates of both orders, flags a patient whose birth date reads either way', async () => {
    const { table, listed } = await importPatients(
      legacyCsv(excelHeader, [
        ['000032', 'Nurhayati', 'P', '25/03/1980', '', '', ''],
        ['000033', 'Syamsul Bahri', 'L', '3/25/1980', '', '', ''],
        ['000034', 'Hasanuddin', 'L', '3/4/1990', '', '', ''],
      ]),
    );
    expect(table).toMatchObject({ inserted: 3, rejected: 0, fixes: { dayFirstDate: 1, monthFirstDate: 1 } });
    expect(await patient('000032')).toMatchObject({ birthDate: '1980-03-25' });
    expect(await patient('000033')).toMatchObject({ birthDate: '1980-03-25' });
    expect(await patient('000034')).toMatchObject({
      birthDate: null,
      importIssues: [{ column: 'tglahir', reason: 'tanggal lahir tidak dikenali', value: '3/4/1990' }],
    });
    expect(listed.map(rejectionLine)).toEqual([
      '"master_pasien.csv";"4";"000034";"tglahir";"tanggal lahir tidak dikenali";"3/4/1990";"perlu dilengkapi"',
    ]);
  });

  it("keeps a patient's stored birth date when the file's cannot be read", async () => {
    const { table, listed } = await importPatients(
      legacyCsv(excelHeader, [
        ['000002', 'Dedi Abdul', 'L', '19.08.81', '7371101908811648', '085226386120', ''],
      ]),
    );
    expect(table).toMatchObject({ updated: 0, unchanged: 1, fixes: { birthDateKept: 1 } });
    expect(listed).toEqual([]);
    expect(await patient('000002')).toMatchObject({ birthDate: '1981-08-19', importIssues: null });
  });

  it('flags a patient whose NIK cannot be used on their record and lists them with the value as written', async () => {
    const { table, listed } = await importPatients(
      legacyCsv(excelHeader, [
        ['000003', 'Ani Rahma', 'P', '1990-01-01', '7.37110E+15', '', ''],
        ['000004', 'Rudi Hartono', 'L', '1985-05-05', '737110190881', '', ''],
      ]),
    );
    expect(table).toMatchObject({ inserted: 2, rejected: 0, fixes: { nikExcel: 1, nikCleared: 1 } });
    expect(await patient('000003')).toMatchObject({
      nik: null,
      importIssues: [
        {
          column: 'ktp',
          reason: 'NIK rusak oleh Excel (angka berpangkat E+), tidak bisa dipulihkan',
          value: '7.37110E+15',
        },
      ],
    });
    expect(await patient('000004')).toMatchObject({
      nik: null,
      importIssues: [{ column: 'ktp', reason: 'NIK bukan 16 angka', value: '737110190881' }],
    });
    expect(listed.map(rejectionLine)).toEqual([
      '"master_pasien.csv";"2";"000003";"ktp";"NIK rusak oleh Excel (angka berpangkat E+), tidak bisa dipulihkan";"7.37110E+15";"perlu dilengkapi"',
      '"master_pasien.csv";"3";"000004";"ktp";"NIK bukan 16 angka";"737110190881";"perlu dilengkapi"',
    ]);
  });

  it('never stores a NIP or BPJS card number Excel wrote as 1.23457E+12: a stored one is kept, else the patient is flagged', async () => {
    const header = ['kode', 'nama', 'kelamin', 'tglahir', 'nip', 'noaskes'];
    await importPatients(
      legacyCsv(header, [
        ['000011', 'Yusuf Kalla', 'L', '1975-06-06', '197506061998031002', '0001234567890'],
      ]),
    );
    const { table, listed } = await importPatients(
      legacyCsv(header, [
        ['000011', 'Yusuf Kalla', 'L', '1975-06-06', '1.97506E+17', '1.23457E+12'],
        ['000012', 'Nur Aini', 'P', '1988-08-08', '', '1.23457E+12'],
      ]),
    );
    expect(table).toMatchObject({ inserted: 1, unchanged: 1, rejected: 0 });
    expect(table?.fixes).toMatchObject({ numberExcel: 3, numberKept: 2 });
    expect(await patient('000011')).toMatchObject({
      nip: '197506061998031002',
      insuranceNo: '0001234567890',
      importIssues: null,
    });
    expect(await patient('000012')).toMatchObject({
      insuranceNo: null,
      importIssues: [
        {
          column: 'noaskes',
          reason: 'nomor asuransi rusak oleh Excel (angka berpangkat E+), tidak bisa dipulihkan',
          value: '1.23457E+12',
        },
      ],
    });
    expect(listed.map(rejectionLine)).toEqual([
      '"master_pasien.csv";"3";"000012";"noaskes";"nomor asuransi rusak oleh Excel (angka berpangkat E+), tidak bisa dipulihkan";"1.23457E+12";"perlu dilengkapi"',
    ]);
  });

  it('writes phones in the 08… form the desk searches by, a number Excel stripped of its 0 too', async () => {
    const { table } = await importPatients(
      legacyCsv(excelHeader, [
        ['000005', 'Sri Wahyuni', 'P', '1970-02-02', '', '+6285315923745', '0857-8043-7651'],
        ['000006', 'Andi Baso', 'L', '1971-03-03', '', '85226386121', '0411-852000'],
      ]),
    );
    expect(table?.fixes).toMatchObject({ phoneNormalized: 2, phoneZeroRestored: 1 });
    expect(await patient('000005')).toMatchObject({
      phone: '085315923745',
      familyContactPhone: '085780437651',
    });
    // A landline stays as written.
    expect(await patient('000006')).toMatchObject({
      phone: '085226386121',
      familyContactPhone: '0411-852000',
    });
    const found = await searchPatients(handle.db, { phone: '085315923745' });
    expect(found.rows.map((row) => row.mrn)).toEqual(['000005']);
  });
});
