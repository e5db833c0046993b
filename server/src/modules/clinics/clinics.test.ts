import type {
  AdminClinic,
  AdminDoctor,
  AdminSchedule,
  Clinic,
  ClinicInput,
  ClinicSchedule,
  ClosedDate,
  ClosedDateCreated,
  Payer,
  RegistrationDate,
  ScheduleInput,
} from '@portal/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, closedDates, doctorSchedules, doctors, queueSessions } from '../../db/schema/index.js';
import { addDays, isoWeekday, localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  type LoggedIn,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';

let t: TestApp;
let admin: StaffLogin;
let desk: StaffLogin;
let outsider: LoggedIn;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'], name: 'Admin Poli' });
  desk = await loginAsNew(t, { roles: ['registration'], name: 'Petugas Pendaftaran' });
  outsider = await loginAsNew(t, { roles: ['cs', 'complaints'] });
});
afterAll(() => t.app.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const staffGet = (url: string, as: LoggedIn = admin) =>
  t.app.inject({ method: 'GET', url, headers: as.headers });
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as: LoggedIn = admin) =>
  t.app.inject({ method, url, headers: as.headers, payload: payload as object | undefined });

const schedulesOf = async (clinicId: number, date: string) =>
  ok<ClinicSchedule[]>(await get(`/api/clinics/${clinicId}/schedules?date=${date}`));
const datesOf = async (clinicId: number) =>
  ok<RegistrationDate[]>(await get(`/api/public/registration-dates?clinicId=${clinicId}`));

/** Books a place for a new test patient; the answer as it came. */
async function book(schedule: { id: number }, date: string, payer: Payer = 'UMUM') {
  const patient = await createPatient(t.database.db);
  return t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    remoteAddress: nextAddress(),
    payload: {
      scheduleId: schedule.id,
      date,
      payer,
      patient: { mrn: patient.mrn, birthDate: patient.birthDate },
      phone: '0812 3456 7890',
      ...(payer === 'JKN' ? { bpjsCardNo: '0001234567890', referralNo: '0301R0011124B000123' } : {}),
    },
  });
}
async function booked(schedule: { id: number }, date: string, payer: Payer = 'UMUM') {
  const res = await book(schedule, date, payer);
  expect(res.statusCode, res.body).toBe(201);
}

/** A second doctor with a weekly session in an existing clinic. */
async function addDoctorSession(
  clinicId: number,
  weekday: number,
  name: string,
  start = '13:00',
  end = '16:00',
) {
  const { db } = t.database;
  const [doctor] = await db.insert(doctors).values({ name, bpjsCode: null, clinicId }).returning();
  if (!doctor) throw new Error('doctor not created');
  const [schedule] = await db
    .insert(doctorSchedules)
    .values({
      clinicId,
      doctorId: doctor.id,
      weekday,
      startTime: start,
      endTime: end,
      quotaJkn: 5,
      quotaNonJkn: 5,
    })
    .returning();
  if (!schedule) throw new Error('schedule not created');
  return { id: schedule.id, doctorId: doctor.id };
}

/** Closes a day directly in the database; the returned function opens it again. */
async function closeDay(row: { date: string; clinicId?: number; doctorId?: number; reason: string }) {
  const [closed] = await t.database.db
    .insert(closedDates)
    .values({ clinicId: null, doctorId: null, ...row })
    .returning({ id: closedDates.id });
  if (!closed) throw new Error('closed date not stored');
  return () => t.database.db.delete(closedDates).where(eq(closedDates.id, closed.id));
}

const auditOf = (action: string, entityId: number) =>
  t.database.db
    .select({ staffId: auditLog.staffId, entity: auditLog.entity, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n;

async function adminClinic(id: number): Promise<AdminClinic> {
  const all = ok<AdminClinic[]>(await staffGet('/api/admin/clinics'));
  const clinic = all.find((c) => c.id === id);
  if (!clinic) throw new Error(`clinic ${id} not listed`);
  return clinic;
}
const inputOf = ({ id: _id, ...input }: AdminClinic): ClinicInput => input;

describe('GET /api/clinics', () => {
  it('lists the active clinics only; a deactivated clinic disappears and takes no bookings', async () => {
    const kept = await createSchedule(t.database.db);
    const closing = await createSchedule(t.database.db);
    const nextWeek = addDays(today, 7);
    const closingWeekly = await createSchedule(t.database.db, { weekday: isoWeekday(nextWeek) });

    const listed = ok<Clinic[]>(await get('/api/clinics'));
    const all = ok<AdminClinic[]>(await staffGet('/api/admin/clinics'));
    expect(listed).toEqual(all.filter((c) => c.active).map(({ id, code, name }) => ({ id, code, name })));
    expect(listed.map((c) => c.id)).toEqual(expect.arrayContaining([kept.clinicId, closing.clinicId]));

    for (const clinicId of [closing.clinicId, closingWeekly.clinicId]) {
      const res = await write(
        'PUT',
        `/api/admin/clinics/${clinicId}`,
        { ...inputOf(await adminClinic(clinicId)), active: false },
        desk,
      );
      expect(ok<AdminClinic>(res)).toMatchObject({ id: clinicId, active: false });
    }

    const after = ok<Clinic[]>(await get('/api/clinics')).map((c) => c.id);
    expect(after).toContain(kept.clinicId);
    expect(after).not.toContain(closing.clinicId);
    expect(after).not.toContain(closingWeekly.clinicId);
    expect(await adminClinic(closing.clinicId)).toMatchObject({ active: false });

    for (const [schedule, date] of [
      [closing, today],
      [closingWeekly, nextWeek],
    ] as [TestSchedule, string][]) {
      const refused = await book(schedule, date);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(errorOf(refused).code).toBe('NOT_FOUND');
      expect((await get(`/api/clinics/${schedule.clinicId}/schedules?date=${date}`)).statusCode).toBe(404);
      expect((await get(`/api/public/registration-dates?clinicId=${schedule.clinicId}`)).statusCode).toBe(
        404,
      );
    }
    await booked(kept, today);

    // Active again: bookable again.
    ok(
      await write('PUT', `/api/admin/clinics/${closingWeekly.clinicId}`, {
        ...inputOf(await adminClinic(closingWeekly.clinicId)),
        active: true,
      }),
    );
    await booked(closingWeekly, nextWeek);
  });
});

describe('GET /api/clinics/:id/schedules', () => {
  it('shows each session with its hours as HH:MM and the places left per payer', async () => {
    const nextWeek = addDays(today, 7);
    const schedule = await createSchedule(t.database.db, {
      weekday: isoWeekday(nextWeek),
      start: '08:00',
      end: '12:30',
      quotaJkn: 4,
      quotaNonJkn: 2,
      minutesPerPatient: 15,
    });
    expect(await schedulesOf(schedule.clinicId, nextWeek)).toEqual([
      {
        id: schedule.id,
        doctor: { id: schedule.doctorId, name: expect.stringMatching(/^dr\. /) },
        start: '08:00',
        end: '12:30',
        quotaJkn: 4,
        remainingJkn: 4,
        quotaNonJkn: 2,
        remainingNonJkn: 2,
        minutesPerPatient: 15,
        bookable: true,
      },
    ]);

    await booked(schedule, nextWeek, 'UMUM');
    expect(await schedulesOf(schedule.clinicId, nextWeek)).toEqual([
      expect.objectContaining({ quotaJkn: 4, remainingJkn: 4, quotaNonJkn: 2, remainingNonJkn: 1 }),
    ]);
    await booked(schedule, nextWeek, 'JKN');
    expect(await schedulesOf(schedule.clinicId, nextWeek)).toEqual([
      expect.objectContaining({ quotaJkn: 4, remainingJkn: 3, quotaNonJkn: 2, remainingNonJkn: 1 }),
    ]);
    // Another date of the same weekly schedule is a session of its own.
    expect(await schedulesOf(schedule.clinicId, addDays(today, 14))).toEqual([
      expect.objectContaining({ remainingJkn: 4, remainingNonJkn: 2 }),
    ]);
    // No session on another weekday.
    expect(await schedulesOf(schedule.clinicId, addDays(today, 8))).toEqual([]);
  });

  it('leaves out a doctor on leave, and shows nothing on a day the hospital or the clinic is closed', async () => {
    const nextWeek = addDays(today, 7);
    const weekday = isoWeekday(nextWeek);
    const first = await createSchedule(t.database.db, { weekday, start: '08:00', end: '12:00' });
    const second = await addDoctorSession(first.clinicId, weekday, 'dr. Cadangan, Sp.PD');
    const both = [first.id, second.id];
    expect((await schedulesOf(first.clinicId, nextWeek)).map((s) => s.id)).toEqual(both);

    const leave = await closeDay({ date: nextWeek, doctorId: first.doctorId, reason: 'Cuti tahunan' });
    expect((await schedulesOf(first.clinicId, nextWeek)).map((s) => s.id)).toEqual([second.id]);
    expect((await schedulesOf(first.clinicId, addDays(nextWeek, 7))).map((s) => s.id)).toEqual(both);
    await leave();

    // Another clinic's closure changes nothing here; this clinic's own, or the hospital's, closes it.
    const other = await createSchedule(t.database.db, { weekday });
    const otherClosed = await closeDay({ date: nextWeek, clinicId: other.clinicId, reason: 'Renovasi' });
    expect((await schedulesOf(first.clinicId, nextWeek)).map((s) => s.id)).toEqual(both);
    expect(await schedulesOf(other.clinicId, nextWeek)).toEqual([]);
    await otherClosed();

    const holiday = await closeDay({ date: nextWeek, reason: 'Hari Raya Idul Fitri' });
    try {
      expect(await schedulesOf(first.clinicId, nextWeek)).toEqual([]);
      expect(await schedulesOf(other.clinicId, nextWeek)).toEqual([]);
      expect((await schedulesOf(first.clinicId, addDays(nextWeek, 7))).map((s) => s.id)).toEqual(both);
    } finally {
      await holiday();
    }
  });

  it('answers 400 for a date outside the booking window or not a date, 404 for an unknown clinic', async () => {
    const schedule = await createSchedule(t.database.db);
    const url = (date: string, clinicId: number | string = schedule.clinicId) =>
      `/api/clinics/${clinicId}/schedules?date=${date}`;

    for (const [date, message] of [
      [addDays(today, -1), 'sudah lewat'],
      [addDays(today, 31), 'paling lambat 30 hari'],
      [addDays(today, 365), 'paling lambat 30 hari'],
    ]) {
      const res = await get(url(date as string));
      expect(res.statusCode, date).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'DATE_NOT_BOOKABLE',
        message: expect.stringContaining(message as string),
      });
    }
    for (const date of ['2026-02-30', '31-12-2026', 'besok', '']) {
      const res = await get(url(date));
      expect(res.statusCode, date).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', fields: { date: expect.any(String) } });
    }
    expect((await get(`/api/clinics/${schedule.clinicId}/schedules`)).statusCode).toBe(400);

    expect((await get(url(addDays(today, 30)))).statusCode).toBe(200);
    expect(await schedulesOf(schedule.clinicId, today)).toHaveLength(1);

    for (const clinicId of [999_999, 'abc', 0]) {
      const res = await get(url(today, clinicId));
      expect(res.statusCode, String(clinicId)).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
  });
});

describe('GET /api/public/registration-dates', () => {
  it('tells for each of the next 31 days whether it is open, and why not', async () => {
    const first = addDays(today, 1);
    const schedule = await createSchedule(t.database.db, { weekday: isoWeekday(first) });
    const other = await createSchedule(t.database.db, { weekday: isoWeekday(first) });
    const holiday = addDays(first, 7);
    const leave = addDays(first, 14);
    const otherClosed = addDays(first, 21);
    const reopen = [
      await closeDay({ date: holiday, reason: 'Hari Raya Idul Adha' }),
      await closeDay({ date: leave, doctorId: schedule.doctorId, reason: 'Cuti tahunan' }),
      await closeDay({ date: otherClosed, clinicId: other.clinicId, reason: 'Renovasi ruang periksa' }),
    ];
    try {
      const days = await datesOf(schedule.clinicId);
      expect(days).toHaveLength(31);
      expect(days[0]?.date).toBe(today);
      expect(days[30]?.date).toBe(addDays(today, 30));
      const expected = Array.from({ length: 31 }, (_, i): RegistrationDate => {
        const date = addDays(today, i);
        if (date === holiday) return { date, open: false, reason: 'Poli tutup: Hari Raya Idul Adha' };
        if (date === leave) return { date, open: false, reason: 'Dokter tidak praktik: Cuti tahunan' };
        if (isoWeekday(date) === isoWeekday(first)) return { date, open: true, reason: null };
        return { date, open: false, reason: 'Tidak ada jadwal dokter pada hari itu.' };
      });
      expect(days).toEqual(expected);
      expect(days.filter((d) => d.open).map((d) => d.date)).toEqual([first, otherClosed, addDays(first, 28)]);

      const otherDays = await datesOf(other.clinicId);
      expect(otherDays.find((d) => d.date === otherClosed)).toEqual({
        date: otherClosed,
        open: false,
        reason: 'Poli tutup: Renovasi ruang periksa',
      });
      expect(otherDays.find((d) => d.date === leave)).toEqual({ date: leave, open: true, reason: null });
    } finally {
      for (const open of reopen) await open();
    }
  });

  it('gives the leave of the doctors who would have worked that day, not of another doctor', async () => {
    const day = addDays(today, 3);
    const schedule = await createSchedule(t.database.db, { weekday: isoWeekday(day) });
    const colleague = await addDoctorSession(schedule.clinicId, isoWeekday(addDays(day, 1)), 'dr. Lain');
    // The colleague's leave on a day they do not work here anyway, stored first.
    await closeDay({ date: day, doctorId: colleague.doctorId, reason: 'Seminar di luar kota' });
    await closeDay({ date: day, doctorId: schedule.doctorId, reason: 'Cuti melahirkan' });

    const days = await datesOf(schedule.clinicId);
    expect(days.find((d) => d.date === day)).toEqual({
      date: day,
      open: false,
      reason: 'Dokter tidak praktik: Cuti melahirkan',
    });
    expect(days.find((d) => d.date === addDays(day, 1))).toEqual({
      date: addDays(day, 1),
      open: true,
      reason: null,
    });
  });

  it('answers 404 for an unknown clinic and 400 without one', async () => {
    const unknown = await get('/api/public/registration-dates?clinicId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    const missing = await get('/api/public/registration-dates');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toHaveProperty('clinicId');
  });
});

describe('clinic reference data', () => {
  it('adds and changes clinics; a taken code is 409, a bad queue prefix 400 next to the field', async () => {
    const input: ClinicInput = {
      code: 'MATA',
      name: 'Poli Mata',
      bpjsCode: 'MAT',
      queuePrefix: 'MAT',
      active: true,
    };
    const created = ok<AdminClinic>(await write('POST', '/api/admin/clinics', input), 201);
    // Left out, "your number is near" goes out with 3 patients ahead.
    expect(created).toEqual({ id: expect.any(Number), ...input, notifyAhead: 3 });
    expect(await auditOf('clinic.create', created.id)).toEqual([
      { staffId: admin.member.id, entity: 'clinic', details: input },
    ]);
    expect(ok<Clinic[]>(await get('/api/clinics')).find((c) => c.id === created.id)).toEqual({
      id: created.id,
      code: 'MATA',
      name: 'Poli Mata',
    });

    const changed = { ...input, name: 'Poli Mata dan Refraksi', bpjsCode: null, notifyAhead: 5 };
    const updated = ok<AdminClinic>(await write('PUT', `/api/admin/clinics/${created.id}`, changed, desk));
    expect(updated).toEqual({ id: created.id, ...changed });
    expect(await auditOf('clinic.update', created.id)).toEqual([
      { staffId: desk.member.id, entity: 'clinic', details: changed },
    ]);

    const audited = await auditCount();
    const other = ok<AdminClinic>(
      await write('POST', '/api/admin/clinics', {
        ...input,
        code: 'THT',
        name: 'Poli THT',
        queuePrefix: 'THT',
      }),
      201,
    );
    const duplicates = [
      await write('POST', '/api/admin/clinics', { ...input, name: 'Poli Mata Kedua' }),
      await write('PUT', `/api/admin/clinics/${other.id}`, { ...input, name: 'Poli THT' }),
    ];
    for (const res of duplicates) {
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toEqual({ code: 'DUPLICATE', message: 'Kode poli MATA sudah dipakai.' });
    }
    // Only the one clinic that was added left a trace.
    expect(await auditCount()).toBe((audited ?? 0) + 1);

    for (const queuePrefix of ['mat', 'ABCDEF', 'M1', '']) {
      const res = await write('POST', '/api/admin/clinics', { ...input, code: 'KULIT', queuePrefix });
      expect(res.statusCode, queuePrefix).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { queuePrefix: 'Awalan antrean 1–5 huruf besar.' },
      });
    }
    const badCode = await write('POST', '/api/admin/clinics', { ...input, code: 'kulit' });
    expect(errorOf(badCode).fields).toEqual({ code: 'Kode poli 2–10 huruf besar atau angka.' });
    expect((await write('PUT', '/api/admin/clinics/999999', { ...input, code: 'BARU' })).statusCode).toBe(
      404,
    );
    expect(ok<AdminClinic[]>(await staffGet('/api/admin/clinics')).map((c) => c.code)).not.toContain('KULIT');
  });

  it('adds and changes doctors; a taken BPJS code is 409, an unknown clinic 400 next to the field', async () => {
    const { clinicId } = await createSchedule(t.database.db);
    const input = { name: 'dr. Rahmawati, Sp.M', bpjsCode: 'BPJS-7788', clinicId, active: true };
    const doctor = ok<AdminDoctor>(await write('POST', '/api/admin/doctors', input, desk), 201);
    expect(doctor).toEqual({ id: expect.any(Number), ...input });
    expect(await auditOf('doctor.create', doctor.id)).toEqual([
      { staffId: desk.member.id, entity: 'doctor', details: input },
    ]);

    const taken = await write('POST', '/api/admin/doctors', { ...input, name: 'dr. Lain' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({
      code: 'DUPLICATE',
      message: 'Kode BPJS dokter BPJS-7788 sudah dipakai.',
    });

    // Doctors without a BPJS code do not clash with one another.
    const withoutCode = { ...input, bpjsCode: null };
    const a = ok<AdminDoctor>(await write('POST', '/api/admin/doctors', withoutCode), 201);
    ok(await write('POST', '/api/admin/doctors', { ...withoutCode, name: 'dr. Tanpa Kode' }), 201);
    const takenOnUpdate = await write('PUT', `/api/admin/doctors/${a.id}`, input);
    expect(takenOnUpdate.statusCode).toBe(409);
    expect(errorOf(takenOnUpdate).code).toBe('DUPLICATE');

    const moved = { ...input, name: 'dr. Rahmawati Said, Sp.M', active: false };
    expect(ok<AdminDoctor>(await write('PUT', `/api/admin/doctors/${doctor.id}`, moved))).toEqual({
      id: doctor.id,
      ...moved,
    });
    expect(await auditOf('doctor.update', doctor.id)).toEqual([
      { staffId: admin.member.id, entity: 'doctor', details: moved },
    ]);
    const listed = ok<AdminDoctor[]>(await staffGet('/api/admin/doctors', desk));
    expect(listed.find((d) => d.id === doctor.id)).toMatchObject({ active: false });

    const unknownClinic = await write('POST', '/api/admin/doctors', {
      ...input,
      bpjsCode: null,
      clinicId: 999_999,
    });
    expect(unknownClinic.statusCode).toBe(400);
    expect(errorOf(unknownClinic)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { clinicId: 'Poli tidak ditemukan.' },
    });
    expect((await write('PUT', '/api/admin/doctors/999999', withoutCode)).statusCode).toBe(404);
  });

  it('adds and changes weekly schedules, refusing hours that end before they start and unknown ids', async () => {
    const base = await createSchedule(t.database.db);
    // Not today's weekday, on which the base schedule runs.
    const day = addDays(today, 8);
    const input: ScheduleInput = {
      clinicId: base.clinicId,
      doctorId: base.doctorId,
      weekday: isoWeekday(day) as ScheduleInput['weekday'],
      start: '13:00',
      end: '15:30',
      quotaJkn: 6,
      quotaNonJkn: 4,
      minutesPerPatient: 20,
      active: true,
    };
    const created = ok<AdminSchedule>(await write('POST', '/api/admin/schedules', input), 201);
    const { clinicId: _c, ...shown } = input;
    expect(created).toEqual({
      id: expect.any(Number),
      clinicId: base.clinicId,
      doctorName: expect.stringMatching(/^dr\. /),
      ...shown,
    });
    expect(await auditOf('schedule.create', created.id)).toEqual([
      { staffId: admin.member.id, entity: 'schedule', details: input },
    ]);
    expect(await schedulesOf(base.clinicId, day)).toEqual([
      expect.objectContaining({ id: created.id, start: '13:00', end: '15:30', quotaJkn: 6, quotaNonJkn: 4 }),
    ]);

    const changed = { ...input, start: '07:30', end: '11:00', active: false };
    expect(
      ok<AdminSchedule>(await write('PUT', `/api/admin/schedules/${created.id}`, changed, desk)),
    ).toMatchObject({
      id: created.id,
      start: '07:30',
      end: '11:00',
      active: false,
    });
    expect(await auditOf('schedule.update', created.id)).toEqual([
      { staffId: desk.member.id, entity: 'schedule', details: changed },
    ]);
    // Inactive: not offered for booking, but still kept for the admin.
    expect(await schedulesOf(base.clinicId, day)).toEqual([]);
    const ofClinic = ok<AdminSchedule[]>(await staffGet(`/api/admin/schedules?clinicId=${base.clinicId}`));
    expect(ofClinic.map((s) => [s.id, s.active]).sort(([a], [b]) => Number(a) - Number(b))).toEqual([
      [base.id, true],
      [created.id, false],
    ]);

    const audited = await auditCount();
    for (const end of ['13:00', '12:59']) {
      const res = await write('POST', '/api/admin/schedules', { ...input, end });
      expect(res.statusCode, end).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { end: 'Jam selesai harus setelah jam mulai.' },
      });
    }
    const badTime = await write('POST', '/api/admin/schedules', { ...input, start: '13.00' });
    expect(errorOf(badTime).fields).toEqual({ start: 'Jam harus berformat JJ:MM, misalnya 08:00.' });

    const unknownClinic = await write('POST', '/api/admin/schedules', { ...input, clinicId: 999_999 });
    expect(unknownClinic.statusCode).toBe(400);
    expect(errorOf(unknownClinic)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { clinicId: 'Poli tidak ditemukan.' },
    });
    const unknownDoctor = await write('PUT', `/api/admin/schedules/${created.id}`, {
      ...input,
      doctorId: 999_999,
    });
    expect(unknownDoctor.statusCode).toBe(400);
    expect(errorOf(unknownDoctor)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { doctorId: 'Dokter tidak ditemukan.' },
    });
    expect((await write('PUT', '/api/admin/schedules/999999', input)).statusCode).toBe(404);
    expect(await auditCount()).toBe(audited);
  });

  it("applies a changed quota to today's session on, never below the places already booked", async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 2, quotaNonJkn: 5 });
    const nextWeek = addDays(today, 7);
    for (let i = 0; i < 3; i++) await booked(schedule, today);
    await booked(schedule, nextWeek);
    // A session of last week keeps what it had.
    const [past] = await t.database.db
      .insert(queueSessions)
      .values({ scheduleId: schedule.id, date: addDays(today, -7), quotaJkn: 2, quotaNonJkn: 5 })
      .returning();
    const input: ScheduleInput = {
      clinicId: schedule.clinicId,
      doctorId: schedule.doctorId,
      weekday: isoWeekday(today) as ScheduleInput['weekday'],
      start: '00:00',
      end: '23:59',
      quotaJkn: 2,
      quotaNonJkn: 1,
      minutesPerPatient: 10,
      active: true,
    };
    const lowered = ok<AdminSchedule>(await write('PUT', `/api/admin/schedules/${schedule.id}`, input));
    expect(lowered).toMatchObject({ quotaJkn: 2, quotaNonJkn: 1 });
    expect(await schedulesOf(schedule.clinicId, today)).toEqual([
      expect.objectContaining({ quotaJkn: 2, remainingJkn: 2, quotaNonJkn: 3, remainingNonJkn: 0 }),
    ]);
    expect(await schedulesOf(schedule.clinicId, nextWeek)).toEqual([
      expect.objectContaining({ quotaNonJkn: 1, remainingNonJkn: 0 }),
    ]);
    expect(await schedulesOf(schedule.clinicId, addDays(today, 14))).toEqual([
      expect.objectContaining({ quotaNonJkn: 1, remainingNonJkn: 1 }),
    ]);
    const full = await book(schedule, today);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).code).toBe('QUOTA_FULL');

    ok(await write('PUT', `/api/admin/schedules/${schedule.id}`, { ...input, quotaNonJkn: 10 }));
    expect(await schedulesOf(schedule.clinicId, today)).toEqual([
      expect.objectContaining({ quotaNonJkn: 10, remainingNonJkn: 7 }),
    ]);
    expect(await schedulesOf(schedule.clinicId, nextWeek)).toEqual([
      expect.objectContaining({ quotaNonJkn: 10, remainingNonJkn: 9 }),
    ]);
    await booked(schedule, today);

    const [pastAfter] = await t.database.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.id, past?.id ?? 0));
    expect(pastAfter).toMatchObject({ quotaJkn: 2, quotaNonJkn: 5 });
    expect(await auditOf('schedule.update', schedule.id)).toHaveLength(2);
  });

  it('closes and opens days: for the hospital, a clinic or one doctor', async () => {
    const schedule = await createSchedule(t.database.db);
    const inTwoWeeks = addDays(today, 14);
    const leaveInput = {
      date: inTwoWeeks,
      clinicId: null,
      doctorId: schedule.doctorId,
      reason: 'Cuti tahunan',
    };
    const { cancelled, ...leave } = ok<ClosedDateCreated>(
      await write('POST', '/api/admin/closed-dates', leaveInput),
      201,
    );
    expect(leave).toEqual({ id: expect.any(Number), ...leaveInput });
    expect(cancelled).toBe(0);
    const clinicInput = {
      date: addDays(today, 20),
      clinicId: schedule.clinicId,
      doctorId: null,
      reason: 'Renovasi',
    };
    const clinicClosed = ok<ClosedDate>(
      await write('POST', '/api/admin/closed-dates', clinicInput, desk),
      201,
    );
    const pastInput = {
      date: addDays(today, -3),
      clinicId: schedule.clinicId,
      doctorId: null,
      reason: 'Banjir',
    };
    const past = ok<ClosedDate>(await write('POST', '/api/admin/closed-dates', pastInput), 201);
    expect(await auditOf('closed_date.create', leave.id)).toEqual([
      { staffId: admin.member.id, entity: 'closed_date', details: leaveInput },
    ]);
    expect(await auditOf('closed_date.create', clinicClosed.id)).toEqual([
      { staffId: desk.member.id, entity: 'closed_date', details: clinicInput },
    ]);

    const ours = (rows: ClosedDate[]) =>
      rows.filter((r) => [leave.id, clinicClosed.id, past.id].includes(r.id)).map((r) => r.id);
    expect(ours(ok<ClosedDate[]>(await staffGet('/api/admin/closed-dates')))).toEqual([
      leave.id,
      clinicClosed.id,
    ]);
    expect(
      ours(ok<ClosedDate[]>(await staffGet(`/api/admin/closed-dates?from=${addDays(today, -3)}`))),
    ).toEqual([past.id, leave.id, clinicClosed.id]);
    expect(
      ours(ok<ClosedDate[]>(await staffGet(`/api/admin/closed-dates?from=${addDays(today, 15)}`, desk))),
    ).toEqual([clinicClosed.id]);
    const badFrom = await staffGet('/api/admin/closed-dates?from=kemarin');
    expect(badFrom.statusCode).toBe(400);
    expect(errorOf(badFrom).fields).toHaveProperty('from');

    const day = async (date: string) => (await datesOf(schedule.clinicId)).find((d) => d.date === date);
    expect(await day(inTwoWeeks)).toEqual({
      date: inTwoWeeks,
      open: false,
      reason: 'Dokter tidak praktik: Cuti tahunan',
    });
    const removed = await write('DELETE', `/api/admin/closed-dates/${leave.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');
    expect(await day(inTwoWeeks)).toEqual({ date: inTwoWeeks, open: true, reason: null });
    expect(await auditOf('closed_date.delete', leave.id)).toEqual([
      { staffId: admin.member.id, entity: 'closed_date', details: leave },
    ]);
    const again = await write('DELETE', `/api/admin/closed-dates/${leave.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('NOT_FOUND');
    expect(ours(ok<ClosedDate[]>(await staffGet('/api/admin/closed-dates')))).toEqual([clinicClosed.id]);

    const audited = await auditCount();
    const unknownClinic = await write('POST', '/api/admin/closed-dates', {
      ...clinicInput,
      clinicId: 999_999,
    });
    expect(unknownClinic.statusCode).toBe(400);
    expect(errorOf(unknownClinic)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { clinicId: 'Poli tidak ditemukan.' },
    });
    const unknownDoctor = await write('POST', '/api/admin/closed-dates', {
      ...leaveInput,
      doctorId: 999_999,
    });
    expect(unknownDoctor.statusCode, unknownDoctor.body).toBe(400);
    expect(errorOf(unknownDoctor)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { doctorId: 'Dokter tidak ditemukan.' },
    });
    const noReason = await write('POST', '/api/admin/closed-dates', { ...leaveInput, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields).toHaveProperty('reason');
    expect(await auditCount()).toBe(audited);
  });
});

describe('who may keep the reference data', () => {
  it('refuses staff without the admin or registration role, and visitors', async () => {
    const input = { code: 'JIWA', name: 'Poli Jiwa', bpjsCode: null, queuePrefix: 'JWA', active: true };
    const refused = await write('POST', '/api/admin/clinics', input, outsider);
    expect(refused.statusCode).toBe(403);
    expect((await staffGet('/api/admin/clinics', outsider)).statusCode).toBe(403);
    expect((await get('/api/admin/clinics')).statusCode).toBe(401);
    expect(ok<AdminClinic[]>(await staffGet('/api/admin/clinics')).map((c) => c.code)).not.toContain('JIWA');
  });
});
