import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { admissions, patients, rooms } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import { getBeds } from '../../../modules/ward/beds.js';
import { admissionsTable } from './admissions.js';
import { patientsTable } from './patients.js';

const tables = [patientsTable, admissionsTable];

const patientsFile = legacyCsv(
  ['kode', 'nama', 'kelamin', 'tglahir'],
  [
    ['000101', 'Siti Aminah', 'P', '1980-03-12'],
    ['000102', 'Budi Santoso', 'L', '1975-01-02'],
    ['000103', 'Tono Wibowo', 'L', '1970-01-01'],
  ],
);

const header = ['noreg', 'norekmed', 'tglmasuk', 'jam', 'ruangkd', 'tglkeluar', 'jamkeluar', 'sr_deleted'];
const staysFile = legacyCsv(header, [
  // line 2: a past stay, discharged
  ['RI0001', '000101', '2023-03-01', '14:30', 'mwr', '05/03/2023', '10.00', ''],
  // line 3: the current stay of the same patient, admitted at an unknown hour
  ['RI0002', '000101', '2024-05-01', '', 'MWR', '', '', ''],
  // line 4: a second current stay of the same patient
  ['RI0003', '000101', '2024-05-02', '09:00', 'MWR', '', '', ''],
  // line 5: discharged before being admitted
  ['RI0004', '000102', '2024-05-03', '08:00', 'MWR', '2024-05-02', '', ''],
  // line 6: a patient the patient file does not have
  ['RI0005', '009999', '2024-05-03', '08:00', 'MWR', '', '', ''],
  // line 7: a room that does not exist
  ['RI0006', '000102', '2024-05-03', '08:00', 'KMB', '', '', ''],
  // line 8: discharged on the day of admission, at an unrecorded hour
  ['RI0007', '000102', '2024-05-03', '09:00', 'MWR', '2024-05-03', '', ''],
  // line 9: deleted in the legacy database, so not current although never discharged
  ['RI0008', '000103', '2024-05-04', '07:15', 'MWR', '', '', 'T'],
  // line 10: the current stay of that patient
  ['RI0009', '000103', '2024-05-06', '11:00', 'MWR', '', '', ''],
  // line 11: the registration number of line 2 again
  ['RI0001', '000102', '2024-05-07', '', 'MWR', '', '', ''],
  // line 12: a month that does not exist
  ['RI0010', '000102', '2024-13-01', '', 'MWR', '', '', ''],
  // line 13: an hour that does not exist
  ['RI0011', '000102', '2024-05-08', '25:00', 'MWR', '', '', ''],
]);

const at = (local: string) => new Date(`${local}+07:00`);

describe('legacy bil_ri_xbinap (database)', () => {
  let handle: DatabaseHandle;
  let roomId: number;
  const files = { 'master_pasien.csv': patientsFile, 'bil_ri_xbinap.csv': staysFile };
  const patientId = async (mrn: string) =>
    (await handle.db.select({ id: patients.id }).from(patients).where(eq(patients.mrn, mrn)))[0]?.id;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const [room] = await handle.db
      .insert(rooms)
      .values({ code: 'MWR', name: 'Mawar', class: 'KL1', capacity: 4, updatedAt: at('2023-01-02T08:00') })
      .returning();
    roomId = room?.id ?? 0;
  });
  afterAll(() => handle.close());

  it('imports the stays, keeps one current stay per patient and lists every rejected row', async () => {
    const report = await importFiles(handle.db, files, { tables });
    const table = report.table('bil_ri_xbinap.csv');
    expect(table).toMatchObject({ status: 'imported', read: 12, inserted: 5, updated: 0, rejected: 7 });
    const file = 'bil_ri_xbinap.csv';
    expect(table.rejections.sort((a, b) => a.line - b.line)).toMatchObject([
      {
        file,
        line: 4,
        column: 'tglkeluar',
        reason:
          'pasien 000101 masih dirawat dengan noreg RI0002: satu pasien hanya boleh punya satu rawat inap tanpa tanggal keluar',
      },
      {
        file,
        line: 5,
        column: 'tglkeluar',
        reason: 'tanggal keluar 2024-05-02 sebelum tanggal masuk 2024-05-03 08:00',
      },
      { file, line: 6, column: 'norekmed', reason: 'pasien 009999 tidak ada' },
      { file, line: 7, column: 'ruangkd', reason: 'ruang KMB tidak ada', value: 'KMB' },
      { file, line: 11, column: 'noreg', reason: 'kunci ganda RI0001: sudah ada di baris 2' },
      { file, line: 12, column: 'tglmasuk', reason: 'tanggal tidak dikenali: "2024-13-01"' },
      { file, line: 13, column: 'jam', reason: 'jam tidak dikenali: "25:00"' },
    ]);

    const stays = await handle.db.select().from(admissions).orderBy(asc(admissions.registrationNo));
    expect(stays).toMatchObject([
      {
        registrationNo: 'RI0001',
        patientId: await patientId('000101'),
        roomId,
        admittedAt: at('2023-03-01T14:30'),
        dischargedAt: at('2023-03-05T10:00'),
        updatedAt: at('2023-03-05T10:00'),
        deletedAt: null,
      },
      {
        registrationNo: 'RI0002',
        admittedAt: at('2024-05-01T00:00'),
        dischargedAt: null,
        updatedAt: at('2024-05-01T00:00'),
      },
      {
        registrationNo: 'RI0007',
        patientId: await patientId('000102'),
        admittedAt: at('2024-05-03T09:00'),
        dischargedAt: at('2024-05-03T09:00'),
      },
      { registrationNo: 'RI0008', dischargedAt: null, deletedAt: expect.any(Date) },
      { registrationNo: 'RI0009', patientId: await patientId('000103'), dischargedAt: null, deletedAt: null },
    ]);

    // The bed board counts the two current stays; its last change is the latest admission.
    const beds = await getBeds(handle.db);
    expect(beds.rooms).toMatchObject([{ code: 'MWR', occupied: 2, available: 2 }]);
    expect(beds.updatedAt).toBe(at('2024-05-06T11:00').toISOString());
  });

  it('a second run changes nothing', async () => {
    const again = await importFiles(handle.db, files, { tables });
    expect(again.table('bil_ri_xbinap.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 5,
      rejected: 7,
    });
  });

  it('turns away a second current stay against the database, and takes one whose predecessor leaves', async () => {
    const report = await importFiles(
      handle.db,
      {
        'bil_ri_xbinap.csv': legacyCsv(header, [
          // line 2: 000103 lies in RI0009 (open in the database, listed unchanged on line 5)
          ['RI0020', '000103', '2024-06-01', '10:00', 'MWR', '', '', ''],
          // lines 3–4: a new stay of 000101, listed before the discharge of RI0002 that frees the bed
          ['RI0021', '000101', '2024-06-02', '10:00', 'MWR', '', '', ''],
          ['RI0002', '000101', '2024-05-01', '', 'MWR', '2024-06-01', '12:00', ''],
          ['RI0009', '000103', '2024-05-06', '11:00', 'MWR', '', '', ''],
        ]),
      },
      { tables: [admissionsTable] },
    );
    const secondStay = (mrn: string, other: string) =>
      `pasien ${mrn} masih dirawat dengan noreg ${other}: satu pasien hanya boleh punya satu rawat inap tanpa tanggal keluar`;
    expect(report.table('bil_ri_xbinap.csv')).toMatchObject({
      status: 'imported',
      inserted: 1,
      updated: 1,
      unchanged: 1,
      rejected: 1,
      rejections: [
        { file: 'bil_ri_xbinap.csv', line: 2, column: 'tglkeluar', reason: secondStay('000103', 'RI0009') },
      ],
    });
    const [ri0002] = await handle.db.select().from(admissions).where(eq(admissions.registrationNo, 'RI0002'));
    expect(ri0002).toMatchObject({ dischargedAt: at('2024-06-01T12:00'), updatedAt: at('2024-06-01T12:00') });
    const [ri0021] = await handle.db.select().from(admissions).where(eq(admissions.registrationNo, 'RI0021'));
    expect(ri0021).toMatchObject({ patientId: await patientId('000101'), dischargedAt: null });
    expect((await getBeds(handle.db)).rooms).toMatchObject([{ code: 'MWR', occupied: 2 }]);

    // A file without the open stay: the database alone says the patient is in.
    const alone = await importFiles(
      handle.db,
      { 'bil_ri_xbinap.csv': legacyCsv(header, [['RI0022', '000101', '2024-06-03', '', 'MWR', '', '', '']]) },
      { tables: [admissionsTable] },
    );
    expect(alone.table('bil_ri_xbinap.csv')).toMatchObject({
      inserted: 0,
      rejections: [{ line: 2, column: 'tglkeluar', reason: secondStay('000101', 'RI0021') }],
    });
  });
});
