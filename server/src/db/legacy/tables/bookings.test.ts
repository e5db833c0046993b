import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, localMoment, localToday } from '../../../lib/dates.js';
import { getQueueDesk } from '../../../modules/registration/queue.js';
import { bookPlace, getRegistrationStatus } from '../../../modules/registration/service.js';
import { createTestDatabase } from '../../../test/db.js';
import { createPatient, createSchedule, type TestSchedule } from '../../../test/factories.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import type { DatabaseHandle } from '../../client.js';
import { doctors, queueSessions, registrations } from '../../schema/index.js';

const visitDay = addDays(localToday(), 3);
// The same weekday a week earlier: a session already over.
const pastDay = addDays(visitDay, -7);
const estimate = localMoment(visitDay, 8, 10).getTime();
const file = 'ntrol_referensi_mobilejkn_bpjs.csv';

const patientsFile = legacyCsv(
  ['kode', 'nama', 'kelamin', 'tglahir'],
  [
    ['000201', 'Andi Baso', 'L', '1980-01-01'],
    ['000202', 'Becce Daeng', 'P', '1981-02-02'],
    ['000203', 'Cakra Tang', 'L', '1982-03-03'],
    ['000204', 'Dewi Ngai', 'P', '1983-04-04'],
  ],
);

const header = [
  'nobooking',
  'norm',
  'tanggalperiksa',
  'kodepoli',
  'kodedokter',
  'jampraktek',
  'nomorantrean',
  'angkaantrean',
  'jeniskunjungan',
  'nomorreferensi',
  'nomorkartu',
  'nohp',
  'jenispasien',
  'estimasidilayani',
  'taskid',
  'status',
] as const;
type Fields = Partial<Record<(typeof header)[number], string | number>>;

let handle: DatabaseHandle;
let schedule: TestSchedule;

/** The legacy file: each booking in the schedule's session on the visit day unless it says otherwise. */
function bookingsFile(changes: Record<string, Fields> = {}) {
  const number = (seq: number) => `${schedule.queuePrefix}-${String(seq).padStart(3, '0')}`;
  const bookings: Fields[] = [
    // JKN, with BPJS's estimate; the code as a customer might type it.
    {
      nobooking: ' abcd2345',
      norm: '000201',
      angkaantrean: 1,
      jeniskunjungan: 1,
      nomorreferensi: 'REF-1',
      nomorkartu: '0001234567890',
      nohp: '+62 812 5555 0001',
      jenispasien: 'JKN',
      estimasidilayani: estimate,
    },
    {
      nobooking: 'BKG0002',
      norm: '000202',
      angkaantrean: 2,
      jampraktek: '8.00 - 12.00',
      jenispasien: 'NON JKN',
    },
    { nobooking: 'BKG0003', norm: '000203', angkaantrean: 3, nomorkartu: '0009876543210', status: 'Batal' },
    // Number 2 is BKG0002's.
    { nobooking: 'BKG0004', norm: '000204', angkaantrean: 2 },
    // 000201 has abcd2345 in this clinic on that day.
    { nobooking: 'BKG0005', norm: '000201', angkaantrean: 5 },
    { nobooking: 'BKG0006', norm: '999999', angkaantrean: 6 },
    {
      nobooking: 'BKG0007',
      norm: '000202',
      angkaantrean: 1,
      tanggalperiksa: pastDay,
      nomorkartu: '0001112223334',
    },
    { nobooking: 'BKG0008', norm: '000203', angkaantrean: 1, jampraktek: '13:00-16:00' },
    {
      nobooking: 'BKG0009',
      norm: '000204',
      angkaantrean: 2,
      tanggalperiksa: pastDay,
      jenispasien: 'JKN',
      taskid: 5,
    },
  ];
  const defaults: Fields = {
    tanggalperiksa: visitDay,
    kodepoli: schedule.bpjs.kodepoli,
    kodedokter: schedule.bpjs.kodedokter,
    jampraktek: '08:00-12:00',
  };
  return legacyCsv(
    [...header],
    bookings.map((booking) => {
      const fields: Fields = {
        ...defaults,
        nomorantrean: number(Number(booking.angkaantrean)),
        ...booking,
        ...changes[String(booking.nobooking)],
      };
      return header.map((column) => fields[column] ?? '');
    }),
  );
}

beforeAll(async () => {
  handle = await createTestDatabase();
  schedule = await createSchedule(handle.db, {
    weekday: isoWeekday(visitDay),
    start: '08:00',
    end: '12:00',
    quotaJkn: 1,
    quotaNonJkn: 5,
  });
});
afterAll(() => handle.close());

const files = (changes?: Record<string, Fields>) => ({
  'master_pasien.csv': patientsFile,
  [file]: bookingsFile(changes),
});
const sessionOn = async (date: string) => {
  const [session] = await handle.db
    .select()
    .from(queueSessions)
    .where(and(eq(queueSessions.scheduleId, schedule.id), eq(queueSessions.date, date)));
  return session;
};
const byCode = async (code: string) => {
  const [booking] = await handle.db.select().from(registrations).where(eq(registrations.code, code));
  return booking;
};
const counters = (session: Awaited<ReturnType<typeof sessionOn>>) => ({
  quotaJkn: session?.quotaJkn,
  usedJkn: session?.usedJkn,
  quotaNonJkn: session?.quotaNonJkn,
  usedNonJkn: session?.usedNonJkn,
  lastSeq: session?.lastSeq,
});

describe('legacy ntrol_referensi_mobilejkn_bpjs (database)', () => {
  it('takes the bookings into their sessions and turns away those that do not fit', async () => {
    const report = await importFiles(handle.db, files());
    const table = report.table(file);
    expect(table).toMatchObject({ status: 'imported', read: 9, inserted: 5, updated: 0, rejected: 4 });
    const [doctor] = await handle.db.select().from(doctors).where(eq(doctors.id, schedule.doctorId));
    const day = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'][isoWeekday(visitDay) - 1];
    expect([...table.rejections].sort((a, b) => a.line - b.line)).toMatchObject([
      {
        file,
        line: 5,
        column: 'angkaantrean',
        reason: 'angka antrean 2 sudah dipakai booking BKG0002 pada jadwal dan tanggal yang sama',
      },
      {
        file,
        line: 6,
        column: 'norm',
        reason: `pasien 000201 sudah punya booking ABCD2345 di poli yang sama pada ${visitDay}`,
      },
      { file, line: 7, column: 'norm', reason: 'pasien 999999 tidak ada' },
      {
        file,
        line: 9,
        column: 'jampraktek',
        reason: `tidak ada jadwal ${doctor?.name} di poli BPJS ${schedule.bpjs.kodepoli} hari ${day} jam 13:00-16:00`,
      },
    ]);

    expect(await byCode('ABCD2345')).toMatchObject({
      source: 'MJKN',
      payer: 'JKN',
      status: 'BOOKED',
      taskId: null,
      clinicId: schedule.clinicId,
      doctorId: schedule.doctorId,
      date: visitDay,
      queueSeq: 1,
      queueNumber: `${schedule.queuePrefix}-001`,
      bpjsCardNo: '0001234567890',
      referralNo: 'REF-1',
      visitType: 1,
      phone: '081255550001',
      estimatedAt: new Date(estimate),
      bpjsReported: true,
      newPatient: false,
      address: 'legacy-import',
    });
    // No card and not JKN: a general patient; no estimate: the session's start.
    expect(await byCode('BKG0002')).toMatchObject({
      payer: 'UMUM',
      status: 'BOOKED',
      phone: '',
      estimatedAt: localMoment(visitDay, 8, 0),
    });
    expect(await byCode('BKG0003')).toMatchObject({ payer: 'JKN', status: 'CANCELLED' });
    expect(await byCode('BKG0007')).toMatchObject({ status: 'NO_SHOW', taskId: null });
    expect(await byCode('BKG0009')).toMatchObject({ status: 'SERVED', taskId: 5 });

    // Cancelled bookings give their place back; imported places beyond the quota raise it.
    expect(counters(await sessionOn(visitDay))).toEqual({
      quotaJkn: 1,
      usedJkn: 1,
      quotaNonJkn: 5,
      usedNonJkn: 1,
      lastSeq: 3,
    });
    expect(counters(await sessionOn(pastDay))).toEqual({
      quotaJkn: 2,
      usedJkn: 2,
      quotaNonJkn: 5,
      usedNonJkn: 0,
      lastSeq: 2,
    });
  });

  it('shows the imported bookings to the patient and at the desk', async () => {
    expect(await getRegistrationStatus(handle.db, 'abcd-2345')).toMatchObject({
      queueNumber: `${schedule.queuePrefix}-001`,
      status: 'BOOKED',
      date: visitDay,
      start: '08:00',
      waitingAhead: 0,
    });
    const desk = await getQueueDesk(handle.db, schedule.clinicId, visitDay);
    expect(desk.sessions[0]?.entries.map((entry) => [entry.queueNumber, entry.status])).toEqual([
      [`${schedule.queuePrefix}-001`, 'BOOKED'],
      [`${schedule.queuePrefix}-002`, 'BOOKED'],
      [`${schedule.queuePrefix}-003`, 'CANCELLED'],
    ]);
    // A legacy code keeps its own shape: the patient and BPJS type it as the legacy portal gave it.
    expect(await getRegistrationStatus(handle.db, 'bkg0002 ')).toMatchObject({
      bookingCode: 'BKG0002',
      queueNumber: `${schedule.queuePrefix}-002`,
    });
  });

  it("a booking made afterwards gets the clinic's next number of the day", async () => {
    const patient = await createPatient(handle.db);
    const booked = await bookPlace(
      handle.db,
      {
        scheduleId: schedule.id,
        date: visitDay,
        payer: 'UMUM',
        phone: '081299990000',
        source: 'WEB',
        address: '10.7.0.1',
      },
      {
        window: { horizonDays: 30, now: new Date() },
        links: { publicUrl: 'https://rs.example.id' },
        identify: async () => ({ ...patient, created: false }),
      },
    );
    expect(booked).toMatchObject({ queueSeq: 4, queueNumber: `${schedule.queuePrefix}-004` });
    expect(booked.places).toMatchObject({ usedJkn: 1, usedNonJkn: 2 });
  });

  it('a second run changes nothing, and a changed booking is updated with its session', async () => {
    const again = await importFiles(handle.db, files());
    expect(again.table(file)).toMatchObject({ inserted: 0, updated: 0, unchanged: 5, rejected: 4 });
    expect(counters(await sessionOn(visitDay))).toEqual({
      quotaJkn: 1,
      usedJkn: 1,
      quotaNonJkn: 5,
      usedNonJkn: 2,
      lastSeq: 4,
    });

    const cancelled = await importFiles(handle.db, files({ BKG0002: { status: 'BATAL' } }));
    expect(cancelled.table(file)).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
    expect(await byCode('BKG0002')).toMatchObject({ status: 'CANCELLED' });
    expect(counters(await sessionOn(visitDay))).toMatchObject({ usedNonJkn: 1, lastSeq: 4 });
    expect(await handle.db.$count(registrations)).toBe(6);
  });
});
