import type { PublicDoctorSchedules } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedDates, doctorSchedules } from '../../db/schema/index.js';
import { addDays, isoWeekday, localToday } from '../../lib/dates.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  nextAddress,
  type TestSchedule,
  webBooking,
} from '../../test/factories.js';

let t: TestApp;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

async function timetable(): Promise<PublicDoctorSchedules> {
  const res = await t.app.inject({ method: 'GET', url: '/api/public/doctor-schedules' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function clinicOf(schedule: TestSchedule) {
  const clinic = (await timetable()).clinics.find((row) => row.clinic.id === schedule.clinicId);
  if (!clinic) throw new Error(`clinic ${schedule.clinicId} not in the timetable`);
  return clinic;
}

describe('the public doctor timetable', () => {
  it('shows the weekly hours and the places left today per payer after a booking', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 20, quotaNonJkn: 10 });
    const before = await clinicOf(schedule);
    expect(before.doctors).toEqual([
      expect.objectContaining({
        doctor: { id: schedule.doctorId, name: expect.any(String) },
        weekly: [{ weekday: isoWeekday(today), start: '00:00', end: '23:59' }],
        leave: [],
        today: [
          expect.objectContaining({ quotaJkn: 20, remainingJkn: 20, quotaNonJkn: 10, remainingNonJkn: 10 }),
        ],
      }),
    ]);

    const patient = await createPatient(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      remoteAddress: nextAddress(),
      payload: webBooking(schedule, patient, today),
    });
    expect(res.statusCode, res.body).toBe(201);

    const [doctor] = (await clinicOf(schedule)).doctors;
    expect(doctor?.today).toEqual([
      expect.objectContaining({ remainingJkn: 20, remainingNonJkn: 9, start: '00:00', end: '23:59' }),
    ]);
  });

  it("lists a doctor's leave and the clinic's closed days ahead; on leave today there is no session today", async () => {
    const schedule = await createSchedule(t.database.db);
    const nextWeek = addDays(today, 7);
    await t.database.db.insert(closedDates).values([
      { date: today, clinicId: null, doctorId: schedule.doctorId, reason: 'Seminar' },
      { date: nextWeek, clinicId: null, doctorId: schedule.doctorId, reason: 'Cuti tahunan' },
      { date: addDays(today, 3), clinicId: schedule.clinicId, doctorId: null, reason: 'Renovasi ruang poli' },
      // Long past the booking window: not listed.
      { date: addDays(today, 400), clinicId: null, doctorId: schedule.doctorId, reason: 'Pensiun' },
    ]);
    // The timetable an earlier test read is built again once the app has heard of these direct writes: at
    // once on PGlite, moments later on PostgreSQL.
    await t.app.changesHeard();

    const clinic = await clinicOf(schedule);
    expect(clinic.closed).toContainEqual({ date: addDays(today, 3), reason: 'Renovasi ruang poli' });
    expect(clinic.doctors[0]?.leave).toEqual([
      { date: today, reason: 'Seminar' },
      { date: nextWeek, reason: 'Cuti tahunan' },
    ]);
    expect(clinic.doctors[0]?.today).toEqual([]);

    // The clinic's closure is not another clinic's.
    const other = await createSchedule(t.database.db);
    await t.app.changesHeard();
    expect((await clinicOf(other)).closed).not.toContainEqual(
      expect.objectContaining({ reason: 'Renovasi ruang poli' }),
    );
  });

  it('leaves deleted schedules out', async () => {
    const schedule = await createSchedule(t.database.db);
    await t.database.db
      .update(doctorSchedules)
      .set({ deletedAt: new Date() })
      .where(eq(doctorSchedules.id, schedule.id));
    await t.app.changesHeard();

    expect((await clinicOf(schedule)).doctors).toEqual([]);
  });
});
