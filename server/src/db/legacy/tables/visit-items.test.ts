import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { clinics, rooms, visitItems } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import { admissionsTable } from './admissions.js';
import { patientsTable } from './patients.js';
import { inpatientItemsTable, outpatientItemsTable } from './visit-items.js';
import { visitsTable } from './visits.js';

const tables = [patientsTable, visitsTable, admissionsTable, outpatientItemsTable, inpatientItemsTable];

const itemHeader = ['noreg', 'sr_recno', 'kode', 'nama', 'jumlah', 'tarif', 'total', 'sr_deleted'];
const files = {
  'master_pasien.csv': legacyCsv(
    ['kode', 'nama', 'kelamin', 'tglahir'],
    [
      ['000101', 'Siti Aminah', 'P', '1980-03-12'],
      ['000102', 'Budi Santoso', 'L', '1975-01-02'],
    ],
  ),
  'bil_rj_xbjalan.csv': legacyCsv(
    ['noreg', 'norekmed', 'tglmasuk', 'polikd'],
    [
      ['RJ0001', '000101', '2024-05-01', 'INT'],
      ['RJ0002', '000102', '2024-05-02', 'INT'],
    ],
  ),
  'bil_ri_xbinap.csv': legacyCsv(
    ['noreg', 'norekmed', 'tglmasuk', 'ruangkd', 'tglkeluar'],
    [['RI0001', '000101', '2024-04-01', 'MWR', '2024-04-04']],
  ),
  'bil_rj_ztjalan.csv': legacyCsv(itemHeader, [
    // line 2: a thousands separator in the price
    ['rj0001', '1', 'k01', 'Konsultasi dokter spesialis', '1', '75.000', '', ''],
    // line 3: 1,5 × 333 = 499,5, rounded half up
    ['RJ0001', '2', 'OB12', 'Parasetamol 500 mg', '1,5', '333', '', ''],
    // line 4: 0.29 × 50 = 14.5 exactly (14.499999999999998 in binary fractions)
    ['RJ0001', '3', 'BHP3', 'Kasa steril', '0.29', '50', '', ''],
    // line 5: the legacy total is kept as written
    ['RJ0001', '4', 'TD01', 'Tindakan perawatan luka', '2', '5000', '12000', ''],
    // line 6: a visit that does not exist
    ['RJ9999', '5', 'K01', 'Konsultasi', '1', '50000', '', ''],
    // line 7: nothing was given
    ['RJ0002', '6', 'K01', 'Konsultasi', '0', '50000', '', ''],
    // line 8: three decimals
    ['RJ0002', '7', 'OB12', 'Parasetamol 500 mg', '1.234', '333', '', ''],
    // line 9: a negative price
    ['RJ0002', '8', 'K01', 'Konsultasi', '1', '-5', '', ''],
    // line 10: the record number of line 3 again
    ['RJ0002', '2', 'K01', 'Konsultasi', '1', '50000', '', ''],
    // line 11: deleted; trailing zeros in the quantity, as a decimal(10,3) column exports it
    ['RJ0002', '9', '', 'Konsultasi umum', '2.000', '40000', '', 'T'],
  ]),
  'bil_ri_ztinap.csv': legacyCsv(itemHeader, [
    // line 2: the same record number as an outpatient line: another file, another key
    ['RI0001', '1', 'KMR1', 'Kamar Mawar kelas 1', '3', '250000', '', ''],
    // line 3: an outpatient visit is not a stay
    ['RJ0001', '2', 'KMR1', 'Kamar Mawar kelas 1', '1', '250000', '', ''],
  ]),
};

describe('legacy bil_rj_ztjalan and bil_ri_ztinap (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(clinics).values({ code: 'INT', name: 'Poli Penyakit Dalam', queuePrefix: 'INT' });
    await handle.db.insert(rooms).values({ code: 'MWR', name: 'Mawar', class: 'KL1', capacity: 4 });
  });
  afterAll(() => handle.close());

  it('imports the lines of known visits and stays with exact amounts and lists every rejected row', async () => {
    const report = await importFiles(handle.db, files, { tables });
    expect(report.table('bil_rj_xbjalan.csv')).toMatchObject({ inserted: 2, rejected: 0 });
    expect(report.table('bil_ri_xbinap.csv')).toMatchObject({ inserted: 1, rejected: 0 });

    const outpatient = report.table('bil_rj_ztjalan.csv');
    expect(outpatient).toMatchObject({ status: 'imported', read: 10, inserted: 5, updated: 0, rejected: 5 });
    const file = 'bil_rj_ztjalan.csv';
    expect(outpatient.rejections.sort((a, b) => a.line - b.line)).toMatchObject([
      { file, line: 6, column: 'noreg', reason: 'kunjungan rawat jalan RJ9999 tidak ada' },
      {
        file,
        line: 7,
        column: 'jumlah',
        reason: 'jumlah bukan bilangan di atas 0 dengan paling banyak 2 desimal: "0"',
      },
      {
        file,
        line: 8,
        column: 'jumlah',
        reason: 'jumlah bukan bilangan di atas 0 dengan paling banyak 2 desimal: "1.234"',
      },
      { file, line: 9, column: 'tarif', reason: 'bukan bilangan bulat 0–2147483647: "-5"' },
      { file, line: 10, column: 'sr_recno', reason: 'kunci ganda 2: sudah ada di baris 3' },
    ]);
    const inpatient = report.table('bil_ri_ztinap.csv');
    expect(inpatient).toMatchObject({ status: 'imported', read: 2, inserted: 1, rejected: 1 });
    expect(inpatient.rejections).toMatchObject([
      { file: 'bil_ri_ztinap.csv', line: 3, column: 'noreg', reason: 'rawat inap RJ0001 tidak ada' },
    ]);

    const items = await handle.db
      .select()
      .from(visitItems)
      .orderBy(asc(visitItems.kind), asc(visitItems.legacyRecNo));
    expect(items).toMatchObject([
      {
        kind: 'RI',
        registrationNo: 'RI0001',
        legacyRecNo: 1,
        code: 'KMR1',
        name: 'Kamar Mawar kelas 1',
        quantity: '3.00',
        price: 250_000,
        amount: 750_000,
        deletedAt: null,
      },
      {
        kind: 'RJ',
        registrationNo: 'RJ0001',
        legacyRecNo: 1,
        code: 'K01',
        name: 'Konsultasi dokter spesialis',
        quantity: '1.00',
        price: 75_000,
        amount: 75_000,
        deletedAt: null,
      },
      { kind: 'RJ', legacyRecNo: 2, quantity: '1.50', price: 333, amount: 500 },
      { kind: 'RJ', legacyRecNo: 3, quantity: '0.29', price: 50, amount: 15 },
      { kind: 'RJ', legacyRecNo: 4, quantity: '2.00', price: 5000, amount: 12_000 },
      {
        kind: 'RJ',
        registrationNo: 'RJ0002',
        legacyRecNo: 9,
        code: null,
        quantity: '2.00',
        amount: 80_000,
        deletedAt: expect.any(Date),
      },
    ]);
  });

  it('a second run changes nothing', async () => {
    const again = await importFiles(handle.db, files, { tables });
    for (const [file, unchanged] of [
      ['bil_rj_xbjalan.csv', 2],
      ['bil_ri_xbinap.csv', 1],
      ['bil_rj_ztjalan.csv', 5],
      ['bil_ri_ztinap.csv', 1],
    ] as const)
      expect(again.table(file), file).toMatchObject({ inserted: 0, updated: 0, unchanged });
    expect(await handle.db.$count(visitItems)).toBe(6);
  });
});
