import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { doctors, operations, patients } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';

const references = {
  'mapping_poli_bpjs.csv': legacyCsv(['polikd', 'nmpoli'], [['BED', 'Poli Bedah']]),
  'master_dokter.csv': legacyCsv(['kode', 'nama', 'polikd'], [['D01', 'dr. Bagus, Sp.B', 'BED']]),
  'master_pasien.csv': legacyCsv(
    ['kode', 'nama', 'kelamin', 'tglahir'],
    [
      ['000101', 'Siti Aminah', 'P', '1980-03-12'],
      ['000102', 'Budi Santoso', 'L', '1975-01-02'],
    ],
  ),
};
const header = [
  'sr_recno',
  'tanggaloperasi',
  'urut',
  'norm',
  'tindakan',
  'kamar',
  'status_operasi',
  'batal',
  'jam',
  'kddokter',
  'sr_deleted',
];
const schedule = legacyCsv(header, [
  ['11', '2025-03-10', '1', '000101', 'Appendektomi', 'OK 1', '', '', '08:00', 'd01', ''],
  ['12', '10/03/2025', '2', '000102', 'Herniorafi', 'OK 1', 'selesai', 'Tidak', '10.30', '', ''],
  ['13', '2025-03-11', '1', '000101', 'Eksisi Lipoma', 'OK 2', 'SEDANG  BERLANGSUNG', '', '', 'D01', ''],
  ['14', '2025-03-11', '2', '000102', 'Kuretase', 'OK 2', 'Menunggu', 'Ya', '', '', ''],
  ['15', '2025-03-12', '1', '000102', 'Sirkumsisi', 'OK 1', '', '', '', '', 'T'],
  ['16', '2025-03-12', '2', '999999', 'Debridemen', 'OK 1', '', '', '', '', ''],
  ['17', '2025-03-12', '3', '000101', 'Debridemen', 'OK 1', 'Ditunda', '', '', '', ''],
  ['18', '2025-03-12', '0', '000101', 'Debridemen', 'OK 1', '', '', '', '', ''],
  ['19', '2025-03-12', '4', '000101', 'Debridemen', 'OK 1', '', '', '', 'D99', ''],
  ['20', '2025-03-12', '5', '000101', '', 'OK 1', '', '', '', '', ''],
  ['11', '2025-03-13', '1', '000101', 'Appendektomi', 'OK 1', '', '', '', '', ''],
]);

describe('legacy emr_template (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('imports the operating schedule for known patients and surgeons', async () => {
    const report = await importFiles(handle.db, { ...references, 'emr_template.csv': schedule });
    const table = report.table('emr_template.csv');
    expect(table).toMatchObject({ status: 'imported', read: 11, inserted: 5, updated: 0, rejected: 6 });
    expect(table.rejections.map(({ line, column, reason }) => [line, column, reason])).toEqual([
      [8, 'status_operasi', 'status operasi tidak dikenali: "Ditunda"'],
      [9, 'urut', 'bukan bilangan bulat 1–2147483647: "0"'],
      [10, 'kddokter', 'dokter tidak dikenal: "D99"'],
      [11, 'tindakan', 'tindakan kosong'],
      [12, 'sr_recno', 'kunci ganda 11: sudah ada di baris 2'],
      [7, 'norm', 'pasien 999999 tidak ada'],
    ]);

    const [surgeon] = await handle.db.select().from(doctors);
    const people = await handle.db.select({ id: patients.id, mrn: patients.mrn }).from(patients);
    const idOf = (mrn: string) => people.find((p) => p.mrn === mrn)?.id;
    const rows = await handle.db
      .select({
        legacyRecNo: operations.legacyRecNo,
        date: operations.date,
        queueOrder: operations.queueOrder,
        patientId: operations.patientId,
        procedure: operations.procedure,
        theatre: operations.theatre,
        plannedStart: operations.plannedStart,
        surgeonId: operations.surgeonId,
        status: operations.status,
        cancelled: operations.cancelled,
        deleted: operations.deletedAt,
      })
      .from(operations)
      .orderBy(asc(operations.legacyRecNo));
    expect(rows).toEqual([
      {
        legacyRecNo: 11,
        date: '2025-03-10',
        queueOrder: 1,
        patientId: idOf('000101'),
        procedure: 'Appendektomi',
        theatre: 'OK 1',
        plannedStart: '08:00:00',
        surgeonId: surgeon!.id,
        status: 'Menunggu',
        cancelled: false,
        deleted: null,
      },
      expect.objectContaining({
        legacyRecNo: 12,
        date: '2025-03-10',
        patientId: idOf('000102'),
        plannedStart: '10:30:00',
        surgeonId: null,
        status: 'Selesai',
        cancelled: false,
      }),
      expect.objectContaining({ legacyRecNo: 13, status: 'Sedang Berlangsung', plannedStart: null }),
      expect.objectContaining({ legacyRecNo: 14, status: 'Menunggu', cancelled: true }),
      expect.objectContaining({ legacyRecNo: 15, deleted: expect.any(Date) }),
    ]);
  });

  it('a second run changes nothing, and a moved operation is updated', async () => {
    const again = await importFiles(handle.db, { ...references, 'emr_template.csv': schedule });
    expect(again.table('emr_template.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 5,
      rejected: 6,
    });
    const moved = await importFiles(handle.db, {
      'emr_template.csv': schedule.replace('2025-03-11;2;000102', '2025-03-12;6;000102'),
    });
    expect(moved.table('emr_template.csv')).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
    expect(await handle.db.$count(operations)).toBe(5);
  });
});
