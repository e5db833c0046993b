import type { DeskRegistrationRequest, QueueEntry, RegistrationCreated } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, queueSessions, registrations } from '../../db/schema/index.js';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { addDays, isoWeekday, localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, eventually, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
  webBooking,
  withBirthDate,
} from '../../test/factories.js';

// Booking at the registration counter: the website's engine for a patient the clerk has on record, with
// BPJS's reports received by the fake BPJS of the repository.

const credentials = { consId: '27182', secretKey: 'kunci-rahasia-uji-loket', userKey: 'user-key-loket' };
const today = localToday();
const jknCard = { bpjsCardNo: '0001234567890', referralNo: '0301R0011124B000123' };

let t: TestApp;
let fake: FakeBpjs;
let clerk: StaffLogin;

beforeAll(async () => {
  fake = await startFakeBpjs(credentials);
  t = await createTestApp({
    // A kiosk's budget far below what the counter books in these tests: the counter has none.
    registration: { writeLimit: 3 },
    bpjs: { antrean: { baseUrl: fake.url, timeoutMs: 2_000, ...credentials } },
    outbox: { pollMs: 50, backoffBaseMs: 50 },
  });
  clerk = await loginAsNew(t, { roles: ['registration'], name: 'Petugas Loket Pendaftaran' });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

type Patient = Awaited<ReturnType<typeof createPatient>>;

/** A patient on record with a mobile number, as the counter registers them. */
async function walkIn(phone: string | null = '0812-7000-1234') {
  const patient = await createPatient(t.database.db, { phone });
  return patient;
}

const deskBook = (payload: unknown, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({ method: 'POST', url: '/api/desk/registrations', headers, payload: payload as object });

function deskBooking(
  schedule: TestSchedule,
  patient: Pick<Patient, 'id'>,
  overrides: Partial<DeskRegistrationRequest> = {},
): DeskRegistrationRequest {
  return { patientId: patient.id, scheduleId: schedule.id, date: today, payer: 'UMUM', ...overrides };
}

async function deskBooked(payload: unknown): Promise<RegistrationCreated> {
  const res = await deskBook(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const webBook = (schedule: TestSchedule, patient: Pick<Patient, 'mrn' | 'birthDate' | 'phone'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    remoteAddress: nextAddress(),
    payload: webBooking(schedule, patient, today),
  });

const stored = async (bookingCode: string) => {
  const [row] = await t.database.db
    .select()
    .from(registrations)
    .where(eq(registrations.code, bookingCode.replace('-', '')));
  return row;
};

const bookingsOf = (schedule: TestSchedule) =>
  t.database.db.select().from(registrations).where(eq(registrations.clinicId, schedule.clinicId));

describe('booking at the counter', () => {
  it('books a patient on record into today’s session and answers the website’s ticket', async () => {
    const schedule = await createSchedule(t.database.db, { start: '00:00', end: '23:59' });
    const patient = await walkIn();
    const ticket = await deskBooked(deskBooking(schedule, patient));

    expect(ticket).toEqual({
      bookingCode: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      queueNumber: `${schedule.queuePrefix}-001`,
      queueSeq: 1,
      estimatedAt: expect.any(String),
      clinic: { id: schedule.clinicId, code: expect.any(String), name: expect.any(String) },
      doctor: { id: schedule.doctorId, name: expect.any(String) },
      date: today,
      start: '00:00',
      end: '23:59',
      payer: 'UMUM',
      status: 'BOOKED',
      mrn: patient.mrn,
      patientName: patient.name,
      // The counter is the admission: the patient waits for the clinic next.
      newPatient: false,
    });
    expect(await stored(ticket.bookingCode)).toMatchObject({
      source: 'DESK',
      staffId: clerk.member.id,
      patientId: patient.id,
      // The mobile number of the patient's record, written as the portal writes numbers.
      phone: '081270001234',
      bpjsCardNo: null,
      visitType: null,
    });

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.desk_book'), eq(auditLog.staffId, clerk.member.id)));
    expect(trail).toEqual([
      expect.objectContaining({
        entity: 'registration',
        entityId: ticket.bookingCode.replace('-', ''),
        details: {
          patientId: patient.id,
          scheduleId: schedule.id,
          date: today,
          payer: 'UMUM',
          queueNumber: ticket.queueNumber,
        },
      }),
    ]);

    // The clinic's queue desk sees the booking like any other, and checks the patient in for the clinic.
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${ticket.bookingCode}/check-in`,
      headers: clerk.headers,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json<QueueEntry>()).toMatchObject({ status: 'CHECKED_IN', tasks: [{ taskId: 3 }] });
  });

  it('books a later session, with the phone given and the JKN details', async () => {
    const nextWeek = addDays(today, 7);
    const schedule = await createSchedule(t.database.db, { weekday: isoWeekday(nextWeek) });
    const patient = await walkIn(null);
    const ticket = await deskBooked(
      deskBooking(schedule, patient, {
        date: nextWeek,
        payer: 'JKN',
        phone: '0813 1111 2222',
        bpjsCardNo: '0001234567890',
        referralNo: '0301K0011124B000321',
        visitType: 3,
      }),
    );
    expect(ticket).toMatchObject({ date: nextWeek, payer: 'JKN', queueSeq: 1 });
    expect(await stored(ticket.bookingCode)).toMatchObject({
      phone: '0813 1111 2222',
      bpjsCardNo: '0001234567890',
      referralNo: '0301K0011124B000321',
      visitType: 3,
    });
  });

  it('refuses a second booking of the patient for the clinic and date, however the first was made', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await walkIn();
    await deskBooked(deskBooking(schedule, patient));
    const again = await deskBook(deskBooking(schedule, patient, { payer: 'JKN', ...jknCard }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'ALREADY_BOOKED',
      message: expect.stringContaining('sudah memiliki pendaftaran di poli yang sama'),
    });

    const online = await walkIn();
    expect((await webBook(schedule, online)).statusCode).toBe(201);
    const atCounter = await deskBook(deskBooking(schedule, online));
    expect(errorOf(atCounter).code).toBe('ALREADY_BOOKED');

    // Pressed twice at once: one booking.
    const hurried = await walkIn();
    const answers = await Promise.all([1, 2, 3].map(() => deskBook(deskBooking(schedule, hurried))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await bookingsOf(schedule)).toHaveLength(3);
  });

  it('books a patient marked not come again for the same clinic and day; the no-show is then kept', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await walkIn();
    const missed = await deskBooked(deskBooking(schedule, patient));
    const queue = (path: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/queue/desk/${path}`, headers: clerk.headers, payload });
    const noShow = await queue(`registrations/${missed.bookingCode}/no-show`);
    expect(noShow.statusCode, noShow.body).toBe(200);

    const again = await deskBooked(deskBooking(schedule, patient));
    expect(again).toMatchObject({ queueSeq: 2, status: 'BOOKED' });
    // Undoing the no-show would make two active bookings of the patient in the clinic that day.
    const undo = await queue('undo', { scheduleId: schedule.id });
    expect(undo.statusCode).toBe(409);
    expect(errorOf(undo)).toMatchObject({ code: 'NOTHING_TO_UNDO' });
    expect((await stored(missed.bookingCode))?.status).toBe('NO_SHOW');
  });

  it('refuses what the website refuses, in the same words, and books nothing', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 1 });
    const patient = await walkIn();

    const jknWithout = await deskBook(deskBooking(schedule, patient, { payer: 'JKN' }));
    expect(jknWithout.statusCode).toBe(400);
    expect(errorOf(jknWithout).fields).toEqual({
      bpjsCardNo: 'Nomor kartu BPJS wajib diisi untuk pasien JKN.',
      referralNo: 'Nomor rujukan wajib diisi untuk pasien JKN.',
    });
    const badNumbers = await deskBook(
      deskBooking(schedule, patient, {
        payer: 'JKN',
        bpjsCardNo: '000123',
        referralNo: 'rujukan 1',
        phone: '12345',
        visitType: 7 as DeskRegistrationRequest['visitType'],
      }),
    );
    expect(Object.keys(errorOf(badNumbers).fields ?? {}).sort()).toEqual([
      'bpjsCardNo',
      'phone',
      'referralNo',
      'visitType',
    ]);

    const dates: [string, string][] = [
      [addDays(today, -1), 'Tanggal sudah lewat'],
      [addDays(today, 31), 'paling lambat 30 hari'],
      [addDays(today, 1), 'Dokter tidak praktik pada hari itu'],
    ];
    for (const [date, reason] of dates) {
      const res = await deskBook(deskBooking(schedule, patient, { date }));
      expect(res.statusCode, date).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'DATE_NOT_BOOKABLE',
        message: expect.stringContaining(reason),
      });
    }

    const unknown = await deskBook(deskBooking(schedule, { id: 2_000_000_000 }));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Pasien tidak ditemukan.');
    const noSchedule = await deskBook({ ...deskBooking(schedule, patient), scheduleId: 2_000_000_000 });
    expect(errorOf(noSchedule).message).toBe('Jadwal dokter tidak ditemukan.');

    // A record with a landline only: the clerk must type a mobile number.
    const landline = await walkIn('0411 452 133');
    const noMobile = await deskBook(deskBooking(schedule, landline));
    expect(noMobile.statusCode).toBe(400);
    expect(errorOf(noMobile).fields).toEqual({ phone: expect.stringContaining('No. HP seluler') });

    await deskBooked(deskBooking(schedule, await walkIn(), { payer: 'JKN', ...jknCard }));
    const full = await deskBook(deskBooking(schedule, patient, { payer: 'JKN', ...jknCard }));
    expect(full.statusCode).toBe(409);
    expect(errorOf(full)).toEqual({
      code: 'QUOTA_FULL',
      message: 'Kuota pasien JKN untuk jadwal ini sudah penuh. Pilih jadwal atau tanggal lain.',
    });
    expect(await bookingsOf(schedule)).toHaveLength(1);
  });

  it('is not held to the per-address limit of the public booking', async () => {
    const schedule = await createSchedule(t.database.db);
    for (let i = 0; i < 5; i++) await deskBooked(deskBooking(schedule, await walkIn()));
    expect(await bookingsOf(schedule)).toHaveLength(5);
  });

  it('never oversells when the counter and the website book the last places at once', async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 15, quotaJkn: 0 });
    const people = await t.database.db
      .insert(patients)
      .values(
        Array.from({ length: 80 }, (_, i) => ({
          mrn: `D${schedule.id}-${i}`,
          name: `Pasien Loket ${i}`,
          sex: 'P' as const,
          birthDate: '1979-03-04',
          phone: '081355550000',
        })),
      )
      .returning()
      .then((rows) => rows.map(withBirthDate));
    const answers = await Promise.all(
      people.map((person, i) =>
        i % 2 === 0 ? deskBook(deskBooking(schedule, person)) : webBook(schedule, person),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(15);
    expect(codes.filter((code) => code === 409)).toHaveLength(65);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(errorOf(res).code).toBe('QUOTA_FULL');
    const seqs = answers
      .filter((res) => res.statusCode === 201)
      .map((res) => res.json<RegistrationCreated>().queueSeq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const [session] = await t.database.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.scheduleId, schedule.id));
    expect(session).toMatchObject({ usedNonJkn: 15, lastSeq: 15 });
  });
});

describe('who may book at the counter', () => {
  it('asks for a session, the CSRF token and the registration role, in that order, before reading the body', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await walkIn();
    const body = deskBooking(schedule, patient);

    const anonymous = await deskBook(body, {});
    expect(anonymous.statusCode).toBe(401);
    const noToken = await deskBook(body, { cookie: clerk.cookie });
    expect(noToken.statusCode).toBe(403);
    expect(errorOf(noToken).code).toBe('CSRF_TOKEN_INVALID');
    for (const roles of [['records'], ['ward', 'piket']] as const) {
      const other = await loginAsNew(t, { roles: [...roles] });
      const refused = await deskBook({ bad: 'body' }, other.headers);
      expect(refused.statusCode, roles.join()).toBe(403);
    }
    expect(await bookingsOf(schedule)).toEqual([]);

    const admin = await loginAsNew(t, { roles: ['admin'] });
    expect((await deskBook(body, admin.headers)).statusCode).toBe(201);
  });
});

describe('reports to BPJS', () => {
  it('reports a counter booking with antrean/add like a web booking, then its tasks', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await walkIn();
    const ticket = await deskBooked(
      deskBooking(schedule, patient, { payer: 'JKN', ...jknCard, visitType: 3 }),
    );
    const online = await walkIn();
    const web = (await webBook(schedule, online)).json<RegistrationCreated>();

    const added = await eventually(async () => fake.bookings.get(ticket.bookingCode), {
      what: `antrean/add of ${ticket.bookingCode} at the fake BPJS`,
    });
    expect(added.add).toMatchObject({
      kodebooking: ticket.bookingCode,
      jenispasien: 'JKN',
      nomorkartu: jknCard.bpjsCardNo,
      nomorreferensi: jknCard.referralNo,
      jeniskunjungan: 3,
      nik: patient.nik,
      nohp: '081270001234',
      norm: patient.mrn,
      pasienbaru: 0,
      tanggalperiksa: today,
      kodepoli: schedule.bpjs.kodepoli,
      kodedokter: schedule.bpjs.kodedokter,
      jampraktek: schedule.bpjs.jampraktek,
      nomorantrean: ticket.queueNumber,
      angkaantrean: 1,
    });
    const webAdded = await eventually(async () => fake.bookings.get(web.bookingCode));
    expect(webAdded.add).toMatchObject({
      jenispasien: 'NON JKN',
      nomorantrean: web.queueNumber,
      angkaantrean: 2,
    });

    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${ticket.bookingCode}/check-in`,
      headers: clerk.headers,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const withTask = await eventually(async () => {
      const booking = fake.bookings.get(ticket.bookingCode);
      return booking?.tasks.length === 1 ? booking : undefined;
    });
    expect(withTask.tasks).toEqual([expect.objectContaining({ taskid: 3 })]);
    const codes = [ticket.bookingCode, web.bookingCode];
    const refused = fake.calls.filter(
      (call) =>
        codes.includes(String((call.body as { kodebooking?: unknown }).kodebooking)) && call.code !== 200,
    );
    expect(refused).toEqual([]);
  });
});
