import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { clinics, doctors, outpatientVisits, patients } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import { patientsTable } from './patients.js';
import { visitsTable } from './visits.js';

const tables = [patientsTable, visitsTable];

const patientsFile = legacyCsv(
  ['kode', 'nama', 'kelamin', 'tglahir'],
  [
    ['000101', 'Siti Aminah', 'P', '1980-03-12'],
    ['000102', 'Budi Santoso', 'L', '1975-01-02'],
  ],
);

const header = [
  'noreg',
  'norekmed',
  'tglmasuk',
  'polikd',
  'kddokter',
  'tglkeluar',
  'tgllapor',
  'jam',
  'icopkd2',
  'icopkt2',
  'icopkd3',
  'icopkd4',
  'icopkt4',
  'icdkt1',
  'icdkt2',
  'icdkt3',
  'lunas',
  'kunci',
  'userkd',
  'userkt',
  'ket',
  'vaksin',
  'surat',
  'cetakby',
  'sr_recno',
  'sr_deleted',
];
const visit = (fields: Partial<Record<(typeof header)[number], string>>) =>
  header.map((column) => fields[column] ?? '');
const visitsFile = legacyCsv(header, [
  // line 2: every column
  visit({
    noreg: 'rj0001 ',
    norekmed: '000101',
    tglmasuk: '2023-01-05',
    polikd: 'int',
    kddokter: 'D01',
    tglkeluar: '2023-01-05',
    tgllapor: '06/01/2023',
    jam: '08.30',
    icopkd2: '89.03',
    icopkt2: 'Anamnesis dan pemeriksaan',
    icopkd3: '93.39',
    icdkt1: 'Hipertensi esensial',
    icdkt3: 'Dispepsia',
    lunas: ' lunas ',
    kunci: 'T',
    userkd: 'ADM01',
    userkt: 'Rina Loket',
    ket: 'Kontrol bulanan',
    surat: 'SK/2023/001',
    cetakby: 'RINA',
    sr_recno: '11',
  }),
  // line 3: a patient the patient file does not have
  visit({ noreg: 'RJ0002', norekmed: '009999', tglmasuk: '2023-01-05', polikd: 'INT' }),
  // line 4: a clinic that does not exist
  visit({ noreg: 'RJ0003', norekmed: '000101', tglmasuk: '2023-01-05', polikd: 'XYZ' }),
  // line 5: a date that is not in the calendar
  visit({ noreg: 'RJ0004', norekmed: '000101', tglmasuk: '2023-02-30', polikd: 'INT' }),
  // line 6: the registration number of line 2 again
  visit({ noreg: 'RJ0001', norekmed: '000102', tglmasuk: '2023-01-06', polikd: 'INT' }),
  // line 7: deleted, cancelled, a doctor missing from the master, a procedure text without its code
  visit({
    noreg: 'RJ0005',
    norekmed: '000102',
    tglmasuk: '2023-01-07',
    polikd: 'INT',
    kddokter: 'D99',
    icopkt4: 'Injeksi',
    lunas: 'BATAL',
    vaksin: '2',
    sr_deleted: 'T',
  }),
  // line 8: a vaccination count that is not a number
  visit({ noreg: 'RJ0006', norekmed: '000102', tglmasuk: '2023-01-08', polikd: 'INT', vaksin: 'ya' }),
]);

describe('legacy bil_rj_xbjalan (database)', () => {
  let handle: DatabaseHandle;
  let clinicId: number;
  let doctorId: number;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const [clinic] = await handle.db
      .insert(clinics)
      .values({ code: 'INT', name: 'Poli Penyakit Dalam', queuePrefix: 'INT' })
      .returning();
    clinicId = clinic?.id ?? 0;
    const [doctor] = await handle.db
      .insert(doctors)
      .values({ code: 'D01', name: 'dr. Andi Wijaya, Sp.PD', clinicId })
      .returning();
    doctorId = doctor?.id ?? 0;
  });
  afterAll(() => handle.close());

  const files = { 'master_pasien.csv': patientsFile, 'bil_rj_xbjalan.csv': visitsFile };

  it('imports the visits of known patients and clinics and lists every rejected row', async () => {
    const report = await importFiles(handle.db, files, { tables });
    const table = report.table('bil_rj_xbjalan.csv');
    expect(table).toMatchObject({ status: 'imported', read: 7, inserted: 2, updated: 0, rejected: 5 });
    expect(table.rejections.sort((a, b) => a.line - b.line)).toMatchObject([
      {
        file: 'bil_rj_xbjalan.csv',
        line: 3,
        key: 'RJ0002',
        column: 'norekmed',
        reason: 'pasien 009999 tidak ada',
        value: '009999',
      },
      { file: 'bil_rj_xbjalan.csv', line: 4, key: 'RJ0003', column: 'polikd', reason: 'poli XYZ tidak ada' },
      {
        file: 'bil_rj_xbjalan.csv',
        line: 5,
        column: 'tglmasuk',
        reason: 'tanggal tidak dikenali: "2023-02-30"',
      },
      {
        file: 'bil_rj_xbjalan.csv',
        line: 6,
        column: 'noreg',
        reason: 'kunci ganda RJ0001: sudah ada di baris 2',
      },
      {
        file: 'bil_rj_xbjalan.csv',
        line: 8,
        column: 'vaksin',
        reason: 'bukan bilangan bulat 0–2147483647: "ya"',
      },
    ]);
    expect(table.fixes).toMatchObject({ trimmed: 2, upperCased: 2, dayFirstDate: 1 });

    const [siti] = await handle.db.select().from(patients).where(eq(patients.mrn, '000101'));
    const [budi] = await handle.db.select().from(patients).where(eq(patients.mrn, '000102'));
    const visits = await handle.db
      .select()
      .from(outpatientVisits)
      .orderBy(asc(outpatientVisits.registrationNo));
    expect(visits).toMatchObject([
      {
        registrationNo: 'RJ0001',
        patientId: siti?.id,
        clinicId,
        doctorId,
        visitDate: '2023-01-05',
        dischargeDate: '2023-01-05',
        reportDate: '2023-01-06',
        visitTime: '08:30:00',
        diagnoses: ['Hipertensi esensial', 'Dispepsia'],
        procedures: [
          { code: '89.03', name: 'Anamnesis dan pemeriksaan' },
          { code: '93.39', name: null },
        ],
        paymentStatus: 'LUNAS',
        cancelled: false,
        locked: true,
        clerkCode: 'ADM01',
        clerkName: 'Rina Loket',
        printedBy: 'RINA',
        letterNo: 'SK/2023/001',
        vaccination: 0,
        notes: 'Kontrol bulanan',
        legacyRecNo: 11,
        deletedAt: null,
      },
      {
        registrationNo: 'RJ0005',
        patientId: budi?.id,
        doctorId: null,
        diagnoses: [],
        procedures: [{ code: null, name: 'Injeksi' }],
        paymentStatus: 'BATAL',
        cancelled: true,
        locked: false,
        vaccination: 2,
        legacyRecNo: null,
      },
    ]);
    expect(visits[1]?.deletedAt).toBeInstanceOf(Date);
  });

  it('a second run changes nothing and keeps the deletion time; a changed row is updated', async () => {
    const [deletedBefore] = await handle.db
      .select({ at: outpatientVisits.deletedAt })
      .from(outpatientVisits)
      .where(eq(outpatientVisits.registrationNo, 'RJ0005'));

    const again = await importFiles(handle.db, files, { tables });
    expect(again.table('master_pasien.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(again.table('bil_rj_xbjalan.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 2,
      rejected: 5,
    });
    const [deletedAfter] = await handle.db
      .select({ at: outpatientVisits.deletedAt })
      .from(outpatientVisits)
      .where(eq(outpatientVisits.registrationNo, 'RJ0005'));
    expect(deletedAfter?.at).toEqual(deletedBefore?.at);

    const changed = await importFiles(
      handle.db,
      { ...files, 'bil_rj_xbjalan.csv': visitsFile.replace('Kontrol bulanan', 'Kontrol 3 bulan') },
      { tables },
    );
    expect(changed.table('bil_rj_xbjalan.csv')).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(await handle.db.$count(outpatientVisits)).toBe(2);
  });
});

describe('legacy visits of a patient whose birth date cannot be read (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(clinics).values({ code: 'INT', name: 'Poli Penyakit Dalam', queuePrefix: 'INT' });
  });
  afterAll(() => handle.close());

  it('imports the patient flagged, without a birth date, and keeps both visits', async () => {
    const report = await importFiles(
      handle.db,
      {
        'master_pasien.csv': legacyCsv(
          ['kode', 'nama', 'kelamin', 'tglahir'],
          [['000201', 'Sitti', 'P', '31/02/1970']],
        ),
        'bil_rj_xbjalan.csv': legacyCsv(header, [
          visit({ noreg: 'RJ0101', norekmed: '000201', tglmasuk: '2023-03-01', polikd: 'INT' }),
          visit({ noreg: 'RJ0102', norekmed: '000201', tglmasuk: '2023-04-01', polikd: 'INT' }),
        ]),
      },
      { tables },
    );
    expect(report.table('master_pasien.csv')).toMatchObject({ inserted: 1, rejected: 0 });
    expect(report.table('bil_rj_xbjalan.csv')).toMatchObject({ inserted: 2, rejected: 0 });

    const [sitti] = await handle.db.select().from(patients).where(eq(patients.mrn, '000201'));
    expect(sitti).toMatchObject({
      birthDate: null,
      importIssues: [{ column: 'tglahir', reason: 'tanggal lahir tidak dikenali', value: '31/02/1970' }],
    });
    const visits = await handle.db
      .select({ registrationNo: outpatientVisits.registrationNo, patientId: outpatientVisits.patientId })
      .from(outpatientVisits)
      .orderBy(asc(outpatientVisits.registrationNo));
    expect(visits).toEqual([
      { registrationNo: 'RJ0101', patientId: sitti?.id },
      { registrationNo: 'RJ0102', patientId: sitti?.id },
    ]);
  });

  it('says of a visit whose patient number lost its zeros (Excel) which patient the portal holds', async () => {
    const report = await importFiles(
      handle.db,
      {
        'bil_rj_xbjalan.csv': legacyCsv(header, [
          visit({ noreg: 'RJ0103', norekmed: '201', tglmasuk: '2023-05-01', polikd: 'INT' }),
          visit({ noreg: 'RJ0104', norekmed: '202', tglmasuk: '2023-05-01', polikd: 'INT' }),
        ]),
      },
      { tables: [visitsTable] },
    );
    expect(report.table('bil_rj_xbjalan.csv').rejections).toMatchObject([
      {
        line: 2,
        column: 'norekmed',
        value: '201',
        reason:
          'pasien 201 tidak ada; nomor RM tanpa nol di depan (dibuka di Excel?): pasien 000201 ada di portal, ekspor ulang berkas ini tanpa membukanya di Excel',
      },
      // No patient 000202 either: nothing to point to.
      { line: 3, column: 'norekmed', value: '202', reason: 'pasien 202 tidak ada' },
    ]);
  });
});
