import type { RegistrationCreated, RegistrationRequest, RegistrationStatusView } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinics,
  closedDates,
  outbox,
  patients,
  queueSessions,
  registrations,
} from '../../db/schema/index.js';
import { addDays, isoWeekday, localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, eventually, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createPatients,
  createSchedule,
  nextAddress,
  type TestSchedule,
  withBirthDate,
} from '../../test/factories.js';
import { CODE_FAILURE_LIMIT, estimatedAt, IDENTITY_FAILURE_LIMITS } from './service.js';

let t: TestApp;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const book = (payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/registrations', payload: payload as object, remoteAddress });

type Patient = Awaited<ReturnType<typeof createPatient>>;

function bookingOf(
  schedule: TestSchedule,
  patient: Pick<Patient, 'mrn' | 'birthDate'>,
  overrides: Partial<RegistrationRequest> = {},
): RegistrationRequest {
  return {
    scheduleId: schedule.id,
    date: today,
    payer: 'UMUM',
    patient: { mrn: patient.mrn, birthDate: patient.birthDate },
    phone: '0812 3456 7890',
    ...overrides,
  };
}

async function booked(payload: unknown): Promise<RegistrationCreated> {
  const res = await book(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const status = async (code: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/registrations/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RegistrationStatusView>();
};
const patientAction = (code: string, action: 'check-in' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/registrations/${code}/${action}` });

describe('booking an outpatient visit', () => {
  it('hands out queue numbers in order, with the estimated time of each', async () => {
    const nextWeek = addDays(today, 7);
    const schedule = await createSchedule(t.database.db, {
      weekday: isoWeekday(nextWeek),
      start: '08:00',
      end: '12:00',
      minutesPerPatient: 12,
    });
    const first = await booked(bookingOf(schedule, await createPatient(t.database.db), { date: nextWeek }));
    const second = await booked(bookingOf(schedule, await createPatient(t.database.db), { date: nextWeek }));

    expect(first).toMatchObject({
      queueNumber: `${schedule.queuePrefix}-001`,
      queueSeq: 1,
      date: nextWeek,
      start: '08:00',
      status: 'BOOKED',
      payer: 'UMUM',
      newPatient: false,
    });
    expect(first.bookingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(second).toMatchObject({ queueNumber: `${schedule.queuePrefix}-002`, queueSeq: 2 });
    expect(new Date(first.estimatedAt).getTime()).toBe(estimatedAt(nextWeek, '08:00', 1, 12).getTime());
    expect(Date.parse(second.estimatedAt) - Date.parse(first.estimatedAt)).toBe(12 * 60_000);

    const view = await status(second.bookingCode.toLowerCase().replace('-', ''));
    expect(view).toMatchObject({
      queueNumber: second.queueNumber,
      status: 'BOOKED',
      waitingAhead: 1,
      serving: null,
    });
    expect(view).not.toHaveProperty('mrn');
    expect(view).not.toHaveProperty('patientName');
  });

  it("numbers a clinic's day once across its doctors, each session timing its own places", async () => {
    const nextWeek = addDays(today, 7);
    const morning = await createSchedule(t.database.db, {
      weekday: isoWeekday(nextWeek),
      start: '08:00',
      end: '12:00',
    });
    const afternoon = await createSchedule(t.database.db, {
      weekday: isoWeekday(nextWeek),
      start: '13:00',
      end: '16:00',
      inClinicOf: morning,
    });
    const bookIn = async (schedule: TestSchedule) =>
      booked(bookingOf(schedule, await createPatient(t.database.db), { date: nextWeek }));
    const first = await bookIn(morning);
    const afternoonFirst = await bookIn(afternoon);
    const second = await bookIn(morning);

    // The waiting room's board and its call name one patient for each number.
    expect([first, afternoonFirst, second].map((ticket) => ticket.queueNumber)).toEqual([
      `${morning.queuePrefix}-001`,
      `${morning.queuePrefix}-002`,
      `${morning.queuePrefix}-003`,
    ]);
    expect(afternoonFirst.queueSeq).toBe(2);
    expect(Date.parse(afternoonFirst.estimatedAt)).toBe(estimatedAt(nextWeek, '13:00', 1, 10).getTime());
    expect(Date.parse(second.estimatedAt)).toBe(estimatedAt(nextWeek, '08:00', 2, 10).getTime());
    expect((await status(afternoonFirst.bookingCode)).waitingAhead).toBe(0);
    expect((await status(second.bookingCode)).waitingAhead).toBe(1);
  });

  it('gives simultaneous bookings in two sessions of one clinic numbers 1 to N, each once', async () => {
    const morning = await createSchedule(t.database.db, { quotaNonJkn: 30 });
    const evening = await createSchedule(t.database.db, { quotaNonJkn: 30, inClinicOf: morning });
    const patients = await createPatients(t.database.db, 40);
    const tickets = await Promise.all(
      patients.map(async (patient, index) =>
        booked(bookingOf(index % 2 ? evening : morning, withBirthDate(patient))),
      ),
    );
    expect(tickets.map((ticket) => ticket.queueSeq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('estimates start + (sequence − 1) × minutes per patient in the hospital time zone', () => {
    expect(estimatedAt('2026-11-23', '08:00', 1, 10).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(estimatedAt('2026-11-23', '08:00', 13, 10).toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(estimatedAt('2026-11-23', '13:30', 4, 15).toISOString()).toBe('2026-11-23T07:15:00.000Z');
  });

  it('registers a new patient provisionally, and knows them again by NIK once the counter confirmed them', async () => {
    const schedule = await createSchedule(t.database.db);
    const newPatient = {
      nik: '7371015508900001',
      name: 'Andi Tenri Abeng',
      birthDate: '1990-08-15',
      sex: 'P' as const,
      address: 'Jl. Veteran Selatan No. 21, Makassar',
    };
    const ticket = await booked(bookingOf(schedule, { mrn: '', birthDate: '' }, { patient: { newPatient } }));
    // The public ticket names the patient by initials only.
    expect(ticket).toMatchObject({ newPatient: true, patientName: 'A. T. A.' });
    expect(ticket.mrn).toMatch(/^\d{6,}$/);
    const [stored] = await t.database.db.select().from(patients).where(eq(patients.mrn, ticket.mrn));
    expect(stored).toMatchObject({
      nik: newPatient.nik,
      name: 'Andi Tenri Abeng',
      birthDate: '1990-08-15',
      sex: 'P',
      // The booking's number is the one the patient proves who they are with next time.
      phone: '081234567890',
      // Until the counter has seen the KTP (provisional.test.ts).
      provisional: true,
    });

    const other = await createSchedule(t.database.db);
    const again = await booked(bookingOf(other, { mrn: '', birthDate: '' }, { patient: { newPatient } }));
    expect(again).toMatchObject({ mrn: ticket.mrn, newPatient: true });
    await t.database.db.update(patients).set({ provisional: false }).where(eq(patients.mrn, ticket.mrn));
    const byNik = await book(
      bookingOf(
        schedule,
        { mrn: '', birthDate: '' },
        { patient: { nik: newPatient.nik, birthDate: '1990-08-15' } },
      ),
    );
    expect(byNik.statusCode).toBe(409);
    expect(errorOf(byNik).code).toBe('ALREADY_BOOKED');
  });

  it('answers a wrong birth date, a wrong phone and an unknown number alike, and books nothing', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db, { birthDate: '1971-02-03' });
    const withoutPhone = await createPatient(t.database.db, { phone: null });
    const wrongDate = await book(bookingOf(schedule, { mrn: patient.mrn, birthDate: '1971-02-04' }));
    const unknown = await book(bookingOf(schedule, { mrn: 'X999999', birthDate: '1971-02-03' }));
    const wrongNik = await book(
      bookingOf(schedule, patient, { patient: { nik: patient.nik ?? '', birthDate: '1980-01-01' } }),
    );
    // The NIK and the birth date it encodes are not enough: the mobile number on record is the second proof.
    const wrongPhone = await book(bookingOf(schedule, patient, { phone: '081399990000' }));
    const noPhoneOnRecord = await book(bookingOf(schedule, withoutPhone));
    for (const res of [wrongDate, unknown, wrongNik, wrongPhone, noPhoneOnRecord]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(wrongDate.json());
    }
    expect(errorOf(wrongDate)).toEqual({
      code: 'PATIENT_NOT_FOUND',
      message: expect.stringContaining('tanggal lahir dan No. HP yang tercatat'),
    });
    const rows = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.clinicId, schedule.clinicId));
    expect(rows).toEqual([]);
  });

  it('takes a record number as the counter does: "12" is record 000012, and both count as one record', async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 10 });
    const created = await createPatient(t.database.db, { birthDate: '1970-01-01' });
    const short = String(80_000 + created.id);
    const [patient] = await t.database.db
      .update(patients)
      .set({ mrn: `0${short}` })
      .where(eq(patients.id, created.id))
      .returning();
    expect(patient?.mrn).toBe(`0${short}`);
    const guess = (mrn: string, birthDate: string) => book(bookingOf(schedule, { mrn, birthDate }));
    // Wrong birth dates under both spellings spend the one record's budget.
    for (let day = 1; day < IDENTITY_FAILURE_LIMITS.record; day++) {
      const typed = day % 2 ? short : `00${short}`;
      expect((await guess(typed, `1970-02-${String(day).padStart(2, '0')}`)).statusCode).toBe(404);
    }
    const ticket = await booked(bookingOf(schedule, { mrn: ` ${short} `, birthDate: '1970-01-01' }));
    expect(ticket).toMatchObject({ mrn: `0${short}`, newPatient: false });
    expect((await guess(`0${short}`, '1970-03-01')).statusCode).toBe(404);
    expect((await guess(short, '1970-01-01')).statusCode).toBe(429);
  });

  it('refuses bad input with the reason next to each field', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db);
    const jknWithout = await book(bookingOf(schedule, patient, { payer: 'JKN' }));
    expect(jknWithout.statusCode).toBe(400);
    expect(errorOf(jknWithout).fields).toEqual({
      bpjsCardNo: 'Nomor kartu BPJS wajib diisi untuk pasien JKN.',
      referralNo: 'Nomor rujukan wajib diisi untuk pasien JKN.',
    });
    const badNumbers = await book(
      bookingOf(schedule, patient, {
        payer: 'JKN',
        bpjsCardNo: '000123',
        referralNo: 'rujukan 1',
        phone: '12345',
      }),
    );
    expect(Object.keys(errorOf(badNumbers).fields ?? {}).sort()).toEqual([
      'bpjsCardNo',
      'phone',
      'referralNo',
    ]);
    const shortNik = await book(
      bookingOf(schedule, patient, { patient: { nik: '737101', birthDate: '1985-06-15' } }),
    );
    expect(errorOf(shortNik).fields).toEqual({ 'patient.nik': 'NIK harus 16 angka.' });
    const both = await book(
      bookingOf(schedule, patient, {
        patient: { mrn: patient.mrn, nik: '7371010101010001', birthDate: '1985-06-15' },
      }),
    );
    expect(errorOf(both).fields).toEqual({ 'patient.nik': 'Isi No. rekam medis atau NIK, tidak keduanya.' });
    const unborn = await book(
      bookingOf(schedule, patient, {
        patient: {
          newPatient: {
            nik: '0000000000000000',
            name: 'Bayi Belum Lahir',
            birthDate: '2999-01-01',
            sex: 'L',
            address: 'Jl. Mawar 1',
          },
        },
      }),
    );
    expect(errorOf(unborn).fields).toEqual({
      'patient.newPatient.nik': 'Kode provinsi 00 pada NIK (2 angka pertama) tidak dikenal.',
      'patient.newPatient.birthDate': 'Tanggal lahir tidak boleh setelah hari ini.',
    });
    const rows = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.clinicId, schedule.clinicId));
    expect(rows).toEqual([]);
  });

  it('keeps JKN details only for JKN bookings', async () => {
    const schedule = await createSchedule(t.database.db);
    const jkn = await booked(
      bookingOf(schedule, await createPatient(t.database.db), {
        payer: 'JKN',
        bpjsCardNo: '0001234567890',
        referralNo: '0301R0011124B000123',
      }),
    );
    const umum = await booked(
      bookingOf(schedule, await createPatient(t.database.db), {
        bpjsCardNo: '0001234567891',
        referralNo: '0301R0011124B000124',
      }),
    );
    const rows = await t.database.db
      .select({
        seq: registrations.queueSeq,
        card: registrations.bpjsCardNo,
        referral: registrations.referralNo,
      })
      .from(registrations)
      .where(eq(registrations.clinicId, schedule.clinicId))
      .orderBy(asc(registrations.queueSeq));
    expect(rows).toEqual([
      { seq: jkn.queueSeq, card: '0001234567890', referral: '0301R0011124B000123' },
      { seq: umum.queueSeq, card: null, referral: null },
    ]);
  });

  it('tells why a date cannot be booked', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db);
    const cases: [string, string][] = [
      [addDays(today, -1), 'Tanggal sudah lewat'],
      [addDays(today, 35), 'paling lambat 30 hari'],
      [addDays(today, 1), 'Dokter tidak praktik pada hari itu'],
    ];
    for (const [date, reason] of cases) {
      const res = await book(bookingOf(schedule, patient, { date }));
      expect(res.statusCode, date).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'DATE_NOT_BOOKABLE',
        message: expect.stringContaining(reason),
      });
    }

    // Booked before the doctor's leave is entered (the server keeps the schedule of that day in memory),
    // refused once the server has heard of it (at once on PGlite, moments later on PostgreSQL).
    const nextWeek = addDays(today, 7);
    const before = await book(bookingOf(schedule, await createPatient(t.database.db), { date: nextWeek }));
    expect(before.statusCode, before.body).toBe(201);
    await t.database.db
      .insert(closedDates)
      .values({ date: nextWeek, clinicId: null, doctorId: schedule.doctorId, reason: 'Cuti tahunan' });
    await t.app.changesHeard();
    const onLeave = await book(bookingOf(schedule, patient, { date: nextWeek }));
    expect(onLeave.statusCode, onLeave.body).toBe(400);
    expect(errorOf(onLeave).message).toContain('Cuti tahunan');
    const inTwoWeeks = addDays(today, 14);
    await t.database.db
      .insert(closedDates)
      .values({ date: inTwoWeeks, clinicId: null, doctorId: null, reason: 'Hari Raya Natal' });
    await t.app.changesHeard();
    const holiday = await book(bookingOf(schedule, patient, { date: inTwoWeeks }));
    expect(holiday.statusCode, holiday.body).toBe(400);
    expect(errorOf(holiday).message).toContain('Hari Raya Natal');

    const ended = await createSchedule(t.database.db, { start: '00:00', end: '00:01' });
    const late = await book(bookingOf(ended, patient));
    // Only between 00:00 and 00:01 is this session still running.
    if (new Date().getHours() > 0 || new Date().getMinutes() >= 1) {
      expect(errorOf(late).message).toContain('sudah selesai');
    }
    expect(
      await t.database.db
        .select({ code: registrations.code })
        .from(registrations)
        .where(eq(registrations.clinicId, schedule.clinicId)),
    ).toEqual([{ code: before.json<{ bookingCode: string }>().bookingCode.replace('-', '') }]);
  });

  it('answers 404 for a booking code that does not exist, whatever its shape', async () => {
    for (const code of ['ABCD-EFGH', 'x', '1234567890', '%27%20or%201=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/registrations/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect((await patientAction(code, 'cancel')).statusCode).toBe(404);
    }
  });
});

describe('quotas', () => {
  it('never oversells: 200 simultaneous bookings for 20 places give exactly 20 tickets, numbered 1 to 20', async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 20, quotaJkn: 0 });
    const people = await t.database.db
      .insert(patients)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          mrn: `Q${schedule.id}-${i}`,
          name: `Pasien Serbu ${i}`,
          sex: 'L' as const,
          birthDate: '1980-01-01',
          phone: '081234567890',
        })),
      )
      .returning()
      .then((rows) => rows.map(withBirthDate));
    const answers = await Promise.all(people.map((p) => book(bookingOf(schedule, p))));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(180);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(errorOf(res).code).toBe('QUOTA_FULL');
    const seqs = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<RegistrationCreated>().queueSeq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [session] = await t.database.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.scheduleId, schedule.id));
    expect(session).toMatchObject({ usedNonJkn: 20, usedJkn: 0, lastSeq: 20 });
  });

  it('gives one patient one booking per clinic and date, also when they press twice at once', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(bookingOf(schedule, patient))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(errorOf(res).code).toBe('ALREADY_BOOKED');
    const [session] = await t.database.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.scheduleId, schedule.id));
    expect(session).toMatchObject({ usedNonJkn: 1, lastSeq: 1 });
  });

  it('counts JKN and general patients against their own quotas', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 1, quotaNonJkn: 1 });
    const jkn = { payer: 'JKN' as const, bpjsCardNo: '0001234567890', referralNo: '0301R0011124B000777' };
    await booked(bookingOf(schedule, await createPatient(t.database.db), jkn));
    const secondJkn = await book(bookingOf(schedule, await createPatient(t.database.db), jkn));
    expect(secondJkn.statusCode).toBe(409);
    expect(errorOf(secondJkn).message).toContain('JKN');
    const general = await booked(bookingOf(schedule, await createPatient(t.database.db)));
    expect(general.queueSeq).toBe(2);
    const schedules = await t.app.inject({
      method: 'GET',
      url: `/api/clinics/${schedule.clinicId}/schedules?date=${today}`,
    });
    expect(schedules.json()).toEqual([
      expect.objectContaining({ id: schedule.id, remainingJkn: 0, remainingNonJkn: 0, bookable: true }),
    ]);
  });

  it('lets a registration kiosk at one address book 120 a minute, and no more', async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 200 });
    const people = await t.database.db
      .insert(patients)
      .values(
        Array.from({ length: 121 }, (_, i) => ({
          mrn: `K${schedule.id}-${i}`,
          name: `Pasien Kios ${i}`,
          sex: 'P' as const,
          birthDate: '1990-05-05',
          phone: '081234567890',
        })),
      )
      .returning()
      .then((rows) => rows.map(withBirthDate));
    const kiosk = '10.99.0.1';
    for (const person of people.slice(0, 120)) {
      const res = await book(bookingOf(schedule, person), kiosk);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await book(bookingOf(schedule, people[120] as Patient), kiosk);
    expect(over.statusCode).toBe(429);
    // Until the kiosk's window, opened seconds ago, ends (it once said 1 s).
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(30);
    expect((await book(bookingOf(schedule, people[120] as Patient))).statusCode).toBe(201);
  });

  it('counts only the bookings made against the address: refused ones leave its budget as it was', async () => {
    const strict = await createTestApp({ database: t.database, registration: { writeLimit: 2 } });
    try {
      const full = await createSchedule(t.database.db, { quotaNonJkn: 0 });
      const open = await createSchedule(t.database.db);
      const kiosk = '10.99.0.2';
      const bookAt = async (schedule: TestSchedule) =>
        (
          await strict.app.inject({
            method: 'POST',
            url: '/api/registrations',
            payload: bookingOf(schedule, await createPatient(t.database.db)),
            remoteAddress: kiosk,
          })
        ).statusCode;
      expect([await bookAt(full), await bookAt(full), await bookAt(full)]).toEqual([409, 409, 409]);
      expect([await bookAt(open), await bookAt(open), await bookAt(open)]).toEqual([201, 201, 429]);
    } finally {
      await strict.app.close();
    }
  });
});

describe('what a public caller can learn', () => {
  it('tries a record number against birth dates 5 times a minute, then is refused, and never sees a name', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db, {
      birthDate: '1980-03-10',
      name: 'Ahmad Arif Saputra',
    });
    const guess = (birthDate: string, address = nextAddress()) =>
      book(bookingOf(schedule, { mrn: patient.mrn, birthDate }), address);
    for (let day = 1; day <= IDENTITY_FAILURE_LIMITS.record; day++) {
      expect((await guess(`1980-01-${String(day).padStart(2, '0')}`)).statusCode).toBe(404);
    }
    // Even the right birth date is refused now, from any address: the record's budget is spent.
    const locked = await guess('1980-03-10');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toMatch(/^Terlalu banyak percobaan data pasien yang tidak cocok/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(30);
    expect(locked.body).not.toContain('Ahmad');
  });

  it('limits one address to 10 wrong identities a minute, whatever records they name', async () => {
    const schedule = await createSchedule(t.database.db);
    const address = nextAddress();
    for (let i = 0; i < IDENTITY_FAILURE_LIMITS.address; i++) {
      const res = await book(
        bookingOf(schedule, { mrn: `X-${address}-${i}`, birthDate: '1990-01-01' }),
        address,
      );
      expect(res.statusCode).toBe(404);
    }
    const patient = await createPatient(t.database.db);
    expect((await book(bookingOf(schedule, patient), address)).statusCode).toBe(429);
    expect((await book(bookingOf(schedule, patient))).statusCode).toBe(201);
  });

  it('counts wrong identities only: a kiosk books many patients at once, right ones, unhindered', async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 100 });
    const kiosk = nextAddress();
    const people = await Promise.all(
      Array.from({ length: 3 * IDENTITY_FAILURE_LIMITS.address }, () => createPatient(t.database.db)),
    );
    const answers = await Promise.all(people.map((person) => book(bookingOf(schedule, person), kiosk)));
    expect(answers.map((res) => res.statusCode)).toEqual(people.map(() => 201));
  });

  it('does not tell who holds a NIK: the new-patient form answers an existing one as any mismatch', async () => {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db, { name: 'Siti Rahmawati', birthDate: '1985-06-15' });
    const newPatient = {
      nik: patient.nik ?? '',
      name: 'Orang Lain',
      birthDate: '1985-06-15',
      sex: 'P' as const,
      address: 'Makassar',
    };
    const stranger = await book(
      bookingOf(schedule, patient, { patient: { newPatient }, phone: '081311112222' }),
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Siti');
    const byNikAlone = await book(
      bookingOf(schedule, patient, {
        patient: { nik: patient.nik ?? '', birthDate: '1985-06-15' },
        phone: '081311112222',
      }),
    );
    expect(byNikAlone.statusCode).toBe(404);
    // The patient themselves, with the number on record, is known again: by initials on the ticket.
    const self = await booked(bookingOf(schedule, patient, { patient: { newPatient } }));
    expect(self).toMatchObject({ newPatient: false, mrn: patient.mrn, patientName: 'S. R.' });
  });

  it('lets one address try 20 unknown booking codes a minute; a known code keeps working elsewhere', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await booked(bookingOf(schedule, await createPatient(t.database.db)));
    const address = nextAddress();
    const lookUp = (code: string, from = address) =>
      t.app.inject({ method: 'GET', url: `/api/registrations/${code}`, remoteAddress: from });
    for (let i = 0; i < CODE_FAILURE_LIMIT; i++) {
      expect((await lookUp(`ZZZZ${String(i).padStart(4, '2').replace(/[01]/g, '2')}`)).statusCode).toBe(404);
    }
    const refused = await lookUp(ticket.bookingCode);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('TOO_MANY_ATTEMPTS');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/registrations/${ticket.bookingCode}/cancel`,
      remoteAddress: address,
    });
    expect(cancel.statusCode).toBe(429);
    expect((await lookUp(ticket.bookingCode, nextAddress())).json()).toMatchObject({ status: 'BOOKED' });
  });
});

describe('after booking', () => {
  it('checks in only on the day, and only once', async () => {
    const schedule = await createSchedule(t.database.db, { weekday: isoWeekday(addDays(today, 7)) });
    const later = await booked(
      bookingOf(schedule, await createPatient(t.database.db), { date: addDays(today, 7) }),
    );
    const early = await patientAction(later.bookingCode, 'check-in');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'NOT_TODAY' });

    const todays = await createSchedule(t.database.db);
    const ticket = await booked(bookingOf(todays, await createPatient(t.database.db)));
    const checkIn = await patientAction(ticket.bookingCode, 'check-in');
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json()).toMatchObject({ status: 'CHECKED_IN', waitingAhead: 0 });
    const twice = await patientAction(ticket.bookingCode, 'check-in');
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toContain('sudah check-in');
  });

  it('cancels while booked, gives the place back and keeps the numbers gap-free', async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 1 });
    const patient = await createPatient(t.database.db);
    const first = await booked(bookingOf(schedule, patient));
    const waiting = await createPatient(t.database.db);
    expect((await book(bookingOf(schedule, waiting))).statusCode).toBe(409);

    const cancelled = await patientAction(first.bookingCode, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect((await patientAction(first.bookingCode, 'cancel')).statusCode).toBe(409);
    expect((await patientAction(first.bookingCode, 'check-in')).statusCode).toBe(409);

    const next = await booked(bookingOf(schedule, waiting));
    expect(next.queueSeq).toBe(2);
    // The cancelled patient may book again (as JKN: the general quota is full again): the one-per-day
    // rule counts active bookings only.
    const again = await book(
      bookingOf(schedule, patient, {
        payer: 'JKN',
        bpjsCardNo: '0001234567890',
        referralNo: '0301R0011124B000888',
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
    const ticket = again.json<RegistrationCreated>();
    expect(ticket).toMatchObject({ queueSeq: 3, status: 'BOOKED', payer: 'JKN', mrn: patient.mrn });
    expect(ticket.bookingCode).not.toBe(first.bookingCode);
    const held = await t.database.db
      .select({ status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.clinicId, schedule.clinicId), eq(registrations.patientId, patient.id)))
      .orderBy(asc(registrations.queueSeq));
    expect(held.map((row) => row.status)).toEqual(['CANCELLED', 'BOOKED']);
  });

  it('does not cancel a booking once checked in', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await booked(bookingOf(schedule, await createPatient(t.database.db)));
    await patientAction(ticket.bookingCode, 'check-in');
    const res = await patientAction(ticket.bookingCode, 'cancel');
    expect(res.statusCode).toBe(409);
    expect((await status(ticket.bookingCode)).status).toBe('CHECKED_IN');
  });
});

describe('reports to BPJS', () => {
  it('wait in the outbox, marked as such, while BPJS is not configured; a clinic without a BPJS code is not reported', async () => {
    expect(t.logs.some((l) => String(l.msg).startsWith('BPJS not configured'))).toBe(true);
    const schedule = await createSchedule(t.database.db);
    const created = await booked(bookingOf(schedule, await createPatient(t.database.db)));
    const waiting = await eventually(async () => {
      const [row] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.eventKey, `bpjs:${created.bookingCode}:add`));
      return row?.lastError ? row : undefined;
    });
    expect(waiting).toMatchObject({
      channel: 'bpjs',
      status: 'pending',
      stream: `bpjs:${created.bookingCode}`,
      request: {
        method: 'POST',
        path: 'antrean/add',
        body: { kodebooking: created.bookingCode, angkaantrean: 1 },
      },
      lastError: expect.stringMatching(/^BPJS belum dikonfigurasi/),
    });

    const unmapped = await createSchedule(t.database.db);
    await t.database.db.update(clinics).set({ bpjsCode: null }).where(eq(clinics.id, unmapped.clinicId));
    const other = await booked(bookingOf(unmapped, await createPatient(t.database.db)));
    const [refused] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.eventKey, `bpjs:${other.bookingCode}:add`));
    expect(refused).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/belum punya kode poli BPJS/),
    });
    // Its later steps are not reported either.
    expect((await patientAction(other.bookingCode, 'cancel')).statusCode).toBe(200);
    const reports = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.stream, `bpjs:${other.bookingCode}`));
    expect(reports).toHaveLength(1);
  });
});
