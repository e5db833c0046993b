import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../../lib/dates.js';
import type { DatabaseHandle } from '../../client.js';
import { clinics, doctorSchedules, doctors, queueSessions } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';

const clinicFile = legacyCsv(
  ['polikd', 'nmpoli', 'kd_poli_bpjs', 'nm_poli_bpjs', 'sr_deleted'],
  [
    ['INT', 'Poli Penyakit Dalam', 'INT', 'PENYAKIT DALAM', ''],
    ['ana', 'Poli Anak', 'ana', 'ANAK', ''],
    ['01', 'Poli Umum', 'UMU', 'UMUM', ''],
    ['POLI_GIGI', 'Poli Gigi', '', '', ''],
    ['BED', 'Poli Bedah', 'BED', 'BEDAH', ''],
    ['KIA', 'Poli KIA', '', '', 'T'],
    ['', 'Poli Tanpa Kode', '', '', ''],
  ],
);
const doctorFile = legacyCsv(
  ['kode', 'nama', 'polikd', 'sr_deleted'],
  [
    ['D01', 'dr. Andi, Sp.PD', 'INT', ''],
    ['d02', 'dr. Bunga, Sp.A', 'ANA', ''],
    ['D03', 'dr. Citra', 'XYZ', ''],
    ['D04', 'dr. Dedi, Sp.B', 'BED', 'T'],
    ['D05', 'dr. Eka', '01', ''],
  ],
);
const mappingFile = legacyCsv(
  ['kode', 'kd_dokter_bpjs', 'nm_dokter_bpjs'],
  [
    ['D01', '1001', 'ANDI'],
    ['D02', '1002', ''],
    ['D99', '1003', 'TIDAK ADA'],
    ['D04', '1001', 'DEDI'],
    ['D05', '2000', 'EKA'],
  ],
);
const scheduleFile = legacyCsv(
  ['kodepoli', 'kodedokter', 'hari', 'jadwal', 'kuotajkn', 'kuotanonjkn', 'libur'],
  [
    ['INT', '1001', '1', '08:00-12:00', '20', '10', '0'],
    ['int', '1001', '3', '8.00 - 11.00', '15', '5', ''],
    ['ANA', '1002', '2', '09:00-12:00', '10', '10', '1'],
    ['INT', '1001', '5', '13:00-16:00', '2', '8', ''],
    ['INT', '1001', '1', '08:00-10:00', '5', '5', ''],
    ['XXX', '1001', '2', '08:00-12:00', '5', '5', ''],
    ['INT', '9999', '2', '08:00-12:00', '5', '5', ''],
    ['INT', '1001', '8', '08:00-12:00', '5', '5', ''],
    ['INT', '1001', '4', '12:00-08:00', '5', '5', ''],
    ['INT', '1001', '4', 'pagi', '5', '5', ''],
    ['INT', '1001', '4', '08:00-12:00', '-1', '5', ''],
  ],
);

describe('legacy clinics, doctors, BPJS codes and schedules (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const doctorByCode = async (code: string) => {
    const [doctor] = await handle.db.select().from(doctors).where(eq(doctors.code, code));
    if (!doctor) throw new Error(`no doctor ${code}`);
    return doctor;
  };

  it('imports clinics and doctors, leaving the portal’s own clinic alone and turning away unknown references', async () => {
    // Already in the portal: a clinic the desk set up, and a doctor added by hand.
    const [bedah] = await handle.db
      .insert(clinics)
      .values({ code: 'BED', name: 'Bedah', queuePrefix: 'B' })
      .returning();
    await handle.db.insert(doctors).values({ name: 'dr. Portal', bpjsCode: '2000', clinicId: bedah!.id });

    const report = await importFiles(handle.db, {
      'mapping_poli_bpjs.csv': clinicFile,
      'master_dokter.csv': doctorFile,
      'mapping_dokter_bpjs.csv': mappingFile,
    });
    expect(report.table('mapping_poli_bpjs.csv')).toMatchObject({
      status: 'imported',
      read: 7,
      inserted: 5,
      updated: 0,
      rejected: 2,
      conflicts: 1,
      fixes: { upperCased: 2 },
      rejections: [
        { line: 8, column: 'polikd', reason: 'kode poli (polikd) kosong' },
        {
          line: 6,
          key: 'BED',
          column: 'polikd',
          conflict: true,
          reason:
            'BED "Bedah" sudah ada di portal (dibuat di portal); berkas berbeda di kolom portal name, bpjs_code, bpjs_name; baris tidak diterapkan',
        },
      ],
    });
    expect(
      await handle.db
        .select({
          code: clinics.code,
          name: clinics.name,
          bpjsCode: clinics.bpjsCode,
          bpjsName: clinics.bpjsName,
          queuePrefix: clinics.queuePrefix,
        })
        .from(clinics)
        .orderBy(asc(clinics.code)),
    ).toEqual([
      { code: '01', name: 'Poli Umum', bpjsCode: 'UMU', bpjsName: 'UMUM', queuePrefix: 'UMU' },
      { code: 'ANA', name: 'Poli Anak', bpjsCode: 'ANA', bpjsName: 'ANAK', queuePrefix: 'ANA' },
      { code: 'BED', name: 'Bedah', bpjsCode: null, bpjsName: null, queuePrefix: 'B' },
      {
        code: 'INT',
        name: 'Poli Penyakit Dalam',
        bpjsCode: 'INT',
        bpjsName: 'PENYAKIT DALAM',
        queuePrefix: 'INT',
      },
      { code: 'KIA', name: 'Poli KIA', bpjsCode: null, bpjsName: null, queuePrefix: 'KIA' },
      { code: 'POLI_GIGI', name: 'Poli Gigi', bpjsCode: null, bpjsName: null, queuePrefix: 'POLIG' },
    ]);
    const [kia] = await handle.db.select().from(clinics).where(eq(clinics.code, 'KIA'));
    expect(kia?.deletedAt).not.toBeNull();

    expect(report.table('master_dokter.csv')).toMatchObject({
      read: 5,
      inserted: 4,
      rejected: 1,
      rejections: [{ line: 4, column: 'polikd', reason: 'poli tidak dikenal: "XYZ"' }],
    });
    const [int] = await handle.db.select().from(clinics).where(eq(clinics.code, 'INT'));
    expect(await doctorByCode('D01')).toMatchObject({
      name: 'dr. Andi, Sp.PD',
      clinicId: int!.id,
      deletedAt: null,
    });
    expect((await doctorByCode('D04')).deletedAt).not.toBeNull();

    expect(report.table('mapping_dokter_bpjs.csv')).toMatchObject({
      read: 5,
      inserted: 0,
      updated: 2,
      rejected: 3,
      rejections: [
        { line: 5, column: 'kd_dokter_bpjs', reason: 'kode dokter BPJS 1001 sudah dipakai dokter D01' },
        { line: 4, column: 'kode', reason: 'dokter tidak dikenal: "D99"' },
        {
          line: 6,
          column: 'kd_dokter_bpjs',
          reason: 'kode dokter BPJS 2000 sudah dipakai dokter lain: dr. Portal',
        },
      ],
    });
    expect(await doctorByCode('D01')).toMatchObject({ bpjsCode: '1001', bpjsName: 'ANDI' });
    expect(await doctorByCode('D02')).toMatchObject({ bpjsCode: '1002', bpjsName: null });
    expect(await doctorByCode('D04')).toMatchObject({ bpjsCode: null });
    expect(await doctorByCode('D05')).toMatchObject({ bpjsCode: null });
  });

  it('imports schedules by BPJS codes, updating the one the portal already has in that slot', async () => {
    const andi = await doctorByCode('D01');
    const [portalSchedule] = await handle.db
      .insert(doctorSchedules)
      .values({
        clinicId: andi.clinicId,
        doctorId: andi.id,
        weekday: 5,
        startTime: '13:00',
        endTime: '15:00',
        quotaJkn: 5,
        quotaNonJkn: 5,
      })
      .returning();
    // A session already opened from it, with three JKN places taken.
    await handle.db.insert(queueSessions).values({
      scheduleId: portalSchedule!.id,
      date: localToday(),
      quotaJkn: 5,
      quotaNonJkn: 5,
      usedJkn: 3,
    });

    const report = await importFiles(handle.db, { 'antrol_dokter.csv': scheduleFile });
    expect(report.table('antrol_dokter.csv')).toMatchObject({
      status: 'imported',
      read: 11,
      inserted: 3,
      updated: 1,
      rejected: 7,
    });
    expect(
      report.table('antrol_dokter.csv').rejections.map(({ line, column, reason }) => [line, column, reason]),
    ).toEqual([
      [6, 'kodepoli, kodedokter, hari, jadwal', 'kunci ganda INT/1001/1/08:00: sudah ada di baris 2'],
      [7, 'kodepoli', 'tidak ada poli dengan kode BPJS "XXX"'],
      [8, 'kodedokter', 'tidak ada dokter dengan kode BPJS "9999"'],
      [9, 'hari', 'bukan bilangan bulat 1–7: "8"'],
      [10, 'jadwal', 'jam selesai tidak setelah jam mulai: "12:00-08:00"'],
      [11, 'jadwal', 'jadwal bukan jam mulai-selesai (08:00-12:00): "pagi"'],
      [12, 'kuotajkn', 'bukan bilangan bulat 0–2147483647: "-1"'],
    ]);

    const schedules = await handle.db
      .select({
        id: doctorSchedules.id,
        doctorId: doctorSchedules.doctorId,
        weekday: doctorSchedules.weekday,
        startTime: doctorSchedules.startTime,
        endTime: doctorSchedules.endTime,
        quotaJkn: doctorSchedules.quotaJkn,
        quotaNonJkn: doctorSchedules.quotaNonJkn,
        deletedAt: doctorSchedules.deletedAt,
      })
      .from(doctorSchedules)
      .orderBy(asc(doctorSchedules.weekday));
    const bunga = await doctorByCode('D02');
    expect(schedules).toEqual([
      expect.objectContaining({
        doctorId: andi.id,
        weekday: 1,
        startTime: '08:00:00',
        endTime: '12:00:00',
        quotaJkn: 20,
        quotaNonJkn: 10,
        deletedAt: null,
      }),
      expect.objectContaining({
        doctorId: bunga.id,
        weekday: 2,
        startTime: '09:00:00',
        deletedAt: expect.any(Date),
      }),
      expect.objectContaining({
        doctorId: andi.id,
        weekday: 3,
        startTime: '08:00:00',
        endTime: '11:00:00',
        quotaJkn: 15,
      }),
      {
        id: portalSchedule!.id,
        doctorId: andi.id,
        weekday: 5,
        startTime: '13:00:00',
        endTime: '16:00:00',
        quotaJkn: 2,
        quotaNonJkn: 8,
        deletedAt: null,
      },
    ]);
    // The opened session follows the new quotas, but keeps the places already taken.
    const [session] = await handle.db.select().from(queueSessions);
    expect(session).toMatchObject({ quotaJkn: 3, quotaNonJkn: 8, usedJkn: 3 });
  });

  it('a second run changes nothing', async () => {
    const [closed] = await handle.db.select().from(doctorSchedules).where(eq(doctorSchedules.weekday, 2));
    const again = await importFiles(handle.db, {
      'mapping_poli_bpjs.csv': clinicFile,
      'master_dokter.csv': doctorFile,
      'mapping_dokter_bpjs.csv': mappingFile,
      'antrol_dokter.csv': scheduleFile,
    });
    expect(again.table('mapping_poli_bpjs.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 5,
      conflicts: 1,
    });
    expect(again.table('master_dokter.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    expect(again.table('mapping_dokter_bpjs.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 2,
      rejected: 3,
    });
    expect(again.table('antrol_dokter.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 4,
      rejected: 7,
    });
    // A schedule off since the first run keeps the time it went off.
    const [stillClosed] = await handle.db
      .select()
      .from(doctorSchedules)
      .where(eq(doctorSchedules.weekday, 2));
    expect(stillClosed?.deletedAt).toEqual(closed?.deletedAt);
  });

  it('lets two doctors swap their BPJS codes in one file', async () => {
    const swapped = await importFiles(handle.db, {
      'mapping_dokter_bpjs.csv': legacyCsv(
        ['kode', 'kd_dokter_bpjs', 'nm_dokter_bpjs'],
        [
          ['D01', '1002', 'ANDI'],
          ['D02', '1001', 'BUNGA'],
        ],
      ),
    });
    expect(swapped.table('mapping_dokter_bpjs.csv')).toMatchObject({
      status: 'imported',
      updated: 2,
      rejected: 0,
    });
    expect(await doctorByCode('D01')).toMatchObject({ bpjsCode: '1002' });
    expect(await doctorByCode('D02')).toMatchObject({ bpjsCode: '1001', bpjsName: 'BUNGA' });
  });
});
