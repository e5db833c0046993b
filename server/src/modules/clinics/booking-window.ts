import {
  CLINIC_CLOSED,
  type Clinic,
  type ClosedDay,
  DOCTOR_AWAY,
  NO_SCHEDULE_THAT_DAY,
  type RegistrationDate,
  SESSIONS_ENDED_TODAY,
  fill,
} from '@portal/contract';
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { clinics, closedDates, doctorSchedules, doctors } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { addDays, clockTime, isoWeekday, localMoment, localToday } from '../../lib/dates.js';

// What the public may book: the active clinics, their doctors' weekly sessions less the closed days, within
// the booking window. The places left in each session are the registration module's.

/** The booking window: today while a session has not ended, up to `horizonDays` ahead. */
export interface BookingWindow {
  horizonDays: number;
  now: Date;
}

const notBookable = (message: string) => new AppError(400, 'DATE_NOT_BOOKABLE', message);

/** 400 for a date before today or beyond the horizon. */
export function checkBookingDate(date: string, window: BookingWindow): void {
  const today = localToday(window.now);
  if (date < today) throw notBookable('Tanggal sudah lewat; pilih hari ini atau tanggal berikutnya.');
  if (date > addDays(today, window.horizonDays)) {
    throw notBookable(`Pendaftaran paling lambat ${window.horizonDays} hari ke depan.`);
  }
}

/** True once a session of `date` that ends at `end` is over. */
export function sessionEnded(date: string, end: string, now: Date): boolean {
  const [hours, minutes] = end.split(':').map(Number) as [number, number];
  return localMoment(date, hours, minutes) <= now;
}

export async function listClinics(db: Database): Promise<Clinic[]> {
  return db
    .select({ id: clinics.id, code: clinics.code, name: clinics.name })
    .from(clinics)
    .where(isNull(clinics.deletedAt))
    .orderBy(asc(clinics.name));
}

async function findActiveClinic(db: Database | Transaction, id: number) {
  const [clinic] = await db
    .select({ id: clinics.id, code: clinics.code, name: clinics.name, queuePrefix: clinics.queuePrefix })
    .from(clinics)
    .where(and(eq(clinics.id, id), isNull(clinics.deletedAt)));
  return clinic;
}

async function activeClinic(db: Database, id: number) {
  const clinic = await findActiveClinic(db, id);
  if (!clinic) throw notFound('Poli tidak ditemukan.');
  return clinic;
}

/** Closed-date rows that close `date` for a clinic or any of `doctorIds`. */
function closingRows(db: Database | Transaction, from: string, to: string, clinicId: number) {
  return db
    .select({ date: closedDates.date, doctorId: closedDates.doctorId, reason: closedDates.reason })
    .from(closedDates)
    .where(
      and(
        gte(closedDates.date, from),
        lte(closedDates.date, to),
        or(
          and(
            isNull(closedDates.doctorId),
            or(isNull(closedDates.clinicId), eq(closedDates.clinicId, clinicId)),
          ),
          inArray(
            closedDates.doctorId,
            db
              .select({ id: doctorSchedules.doctorId })
              .from(doctorSchedules)
              .where(eq(doctorSchedules.clinicId, clinicId)),
          ),
        ),
      ),
    );
}

const scheduleColumns = {
  id: doctorSchedules.id,
  weekday: doctorSchedules.weekday,
  doctorId: doctors.id,
  doctorName: doctors.name,
  start: doctorSchedules.startTime,
  end: doctorSchedules.endTime,
  quotaJkn: doctorSchedules.quotaJkn,
  quotaNonJkn: doctorSchedules.quotaNonJkn,
  minutesPerPatient: doctorSchedules.minutesPerPatient,
};

const activeSchedule: SQL | undefined = and(isNull(doctorSchedules.deletedAt), isNull(doctors.deletedAt));

/** A doctor's weekly session with the quotas of the schedule. */
interface Schedule {
  id: number;
  doctor: { id: number; name: string };
  start: string;
  end: string;
  quotaJkn: number;
  quotaNonJkn: number;
  minutesPerPatient: number;
}

type ScheduleRow = Omit<Schedule, 'doctor'> & { doctorId: number; doctorName: string };

const toSchedule = (row: ScheduleRow): Schedule => ({
  id: row.id,
  doctor: { id: row.doctorId, name: row.doctorName },
  start: clockTime(row.start),
  end: clockTime(row.end),
  quotaJkn: row.quotaJkn,
  quotaNonJkn: row.quotaNonJkn,
  minutesPerPatient: row.minutesPerPatient,
});

/** A doctor's session in a clinic on a date. */
export interface DaySchedule extends Schedule {
  /** False once the session is over. */
  bookable: boolean;
}

/** The doctor sessions of a clinic on a date in the booking window, without those of closed days or leave. */
export async function daySchedules(
  db: Database,
  clinicId: number,
  date: string,
  window: BookingWindow,
): Promise<DaySchedule[]> {
  await activeClinic(db, clinicId);
  checkBookingDate(date, window);
  const closing = await closingRows(db, date, date, clinicId);
  if (closing.some((row) => row.doctorId === null)) return [];
  const onLeave = new Set(closing.map((row) => row.doctorId));
  const rows = await db
    .select(scheduleColumns)
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    .where(
      and(
        eq(doctorSchedules.clinicId, clinicId),
        eq(doctorSchedules.weekday, isoWeekday(date)),
        activeSchedule,
      ),
    )
    .orderBy(asc(doctorSchedules.startTime), asc(doctors.name));
  return rows
    .filter((row) => !onLeave.has(row.doctorId))
    .map((row) => ({ ...toSchedule(row), bookable: !sessionEnded(date, row.end, window.now) }));
}

/** Every day of the booking window of a clinic: open, or the reason it is not. */
export async function registrationDates(
  db: Database,
  clinicId: number,
  window: BookingWindow,
): Promise<RegistrationDate[]> {
  await activeClinic(db, clinicId);
  const today = localToday(window.now);
  const last = addDays(today, window.horizonDays);
  const [schedules, closing] = await Promise.all([
    db
      .select({
        weekday: doctorSchedules.weekday,
        doctorId: doctorSchedules.doctorId,
        end: doctorSchedules.endTime,
      })
      .from(doctorSchedules)
      .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
      .where(and(eq(doctorSchedules.clinicId, clinicId), activeSchedule)),
    closingRows(db, today, last, clinicId),
  ]);
  const days: RegistrationDate[] = [];
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const closed = closing.filter((row) => row.date === date);
    const wholeDay = closed.find((row) => row.doctorId === null);
    const sessions = schedules.filter((s) => s.weekday === isoWeekday(date));
    const working = sessions.filter((s) => !closed.some((row) => row.doctorId === s.doctorId));
    let reason: string | null = null;
    if (wholeDay) reason = fill(CLINIC_CLOSED, { value: wholeDay.reason });
    else if (sessions.length === 0) reason = NO_SCHEDULE_THAT_DAY;
    else if (working.length === 0) {
      // The leave of a doctor who would have worked this day, not of one who works here another day.
      const leave = closed.find((row) => sessions.some((s) => s.doctorId === row.doctorId));
      reason = fill(DOCTOR_AWAY, { value: leave?.reason ?? '' });
    } else if (working.every((s) => sessionEnded(date, s.end, window.now))) {
      reason = SESSIONS_ENDED_TODAY;
    }
    days.push({ date, open: reason === null, reason });
  }
  return days;
}

/** A schedule on a date that can take a booking now, with what the ticket needs. */
export interface BookableSchedule extends Schedule {
  clinic: { id: number; code: string; name: string; queuePrefix: string; bpjsCode: string | null };
  /** The doctor's code at BPJS, for the queue report. */
  doctorBpjsCode: string | null;
}

/** A schedule as it stands on a date, before the booking window and the clock are checked. */
export type ScheduleOnDate = ScheduleRow &
  Pick<BookableSchedule, 'clinic' | 'doctorBpjsCode'> & { weekday: number; closed: string | null };

/**
 * A schedule as it stands on `date`, in one query: the schedule, its active clinic and the reason of a
 * closed day that stops it; null when there is no such active schedule. Bookings keep it in memory
 * (BookingReads), read again after a change of its tables.
 */
export async function scheduleOnDate(
  db: Database | Transaction,
  scheduleId: number,
  date: string,
): Promise<ScheduleOnDate | null> {
  // Closed for the whole hospital, for the schedule's clinic, or for its doctor (leave).
  const closedReason = db
    .select({ reason: closedDates.reason })
    .from(closedDates)
    .where(
      and(
        eq(closedDates.date, date),
        or(
          and(
            isNull(closedDates.doctorId),
            or(isNull(closedDates.clinicId), eq(closedDates.clinicId, doctorSchedules.clinicId)),
          ),
          eq(closedDates.doctorId, doctorSchedules.doctorId),
        ),
      ),
    )
    .limit(1);
  const [row] = await db
    .select({
      ...scheduleColumns,
      doctorBpjsCode: doctors.bpjsCode,
      clinic: {
        id: clinics.id,
        code: clinics.code,
        name: clinics.name,
        queuePrefix: clinics.queuePrefix,
        bpjsCode: clinics.bpjsCode,
      },
      closed: sql<string | null>`(${closedReason})`,
    })
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    // The schedule of an inactive clinic is not there for the public.
    .innerJoin(clinics, and(eq(clinics.id, doctorSchedules.clinicId), isNull(clinics.deletedAt)))
    .where(and(eq(doctorSchedules.id, scheduleId), activeSchedule));
  return row ?? null;
}

/**
 * The schedule if it runs on `date` and takes bookings now; otherwise 404 or 400 with the reason. `read`
 * gives the schedule as it stands on the date (scheduleOnDate, or the bookings' copy in memory).
 */
export async function bookableSchedule(
  read: (scheduleId: number, date: string) => Promise<ScheduleOnDate | null>,
  scheduleId: number,
  date: string,
  window: BookingWindow,
): Promise<BookableSchedule> {
  checkBookingDate(date, window);
  const row = await read(scheduleId, date);
  if (!row) throw notFound('Jadwal dokter tidak ditemukan.');
  if (row.weekday !== isoWeekday(date)) {
    throw notBookable(
      'Dokter tidak praktik pada hari itu; pilih jadwal yang berlaku pada tanggal yang dipilih.',
    );
  }
  if (row.closed !== null) throw notBookable(`Tidak ada pelayanan pada tanggal itu: ${row.closed}`);
  if (sessionEnded(date, row.end, window.now))
    throw notBookable('Jadwal praktik ini sudah selesai untuk hari ini.');
  return { ...toSchedule(row), clinic: row.clinic, doctorBpjsCode: row.doctorBpjsCode };
}

/** A doctor's weekly hours in a clinic and the leave days ahead, before the places left today are added. */
export interface TimetableDoctor {
  doctor: { id: number; name: string };
  weekly: { weekday: number; start: string; end: string }[];
  leave: ClosedDay[];
}

/** The weekly timetable of every active clinic, with the days without service until the window's end. */
export interface Timetable {
  date: string;
  to: string;
  clinics: { clinic: Clinic; closed: ClosedDay[]; doctors: TimetableDoctor[] }[];
}

/**
 * The public doctor timetable: each active clinic's doctors with their weekly sessions, and the closed
 * days of the booking window (the hospital's and the clinic's apart from each doctor's leave).
 */
export async function timetable(db: Database, window: BookingWindow): Promise<Timetable> {
  const today = localToday(window.now);
  const to = addDays(today, window.horizonDays);
  const [clinicList, schedules, closing] = await Promise.all([
    listClinics(db),
    db
      .select({
        clinicId: doctorSchedules.clinicId,
        weekday: doctorSchedules.weekday,
        doctorId: doctors.id,
        doctorName: doctors.name,
        start: doctorSchedules.startTime,
        end: doctorSchedules.endTime,
      })
      .from(doctorSchedules)
      .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
      .where(activeSchedule)
      .orderBy(asc(doctors.name), asc(doctorSchedules.weekday), asc(doctorSchedules.startTime)),
    db
      .select({
        date: closedDates.date,
        clinicId: closedDates.clinicId,
        doctorId: closedDates.doctorId,
        reason: closedDates.reason,
      })
      .from(closedDates)
      .where(and(gte(closedDates.date, today), lte(closedDates.date, to)))
      .orderBy(asc(closedDates.date), asc(closedDates.id)),
  ]);
  const day = ({ date, reason }: { date: string; reason: string }): ClosedDay => ({ date, reason });
  return {
    date: today,
    to,
    clinics: clinicList.map((clinic) => {
      const doctorsHere = new Map<number, TimetableDoctor>();
      for (const row of schedules.filter((s) => s.clinicId === clinic.id)) {
        let entry = doctorsHere.get(row.doctorId);
        if (!entry) {
          // A doctor's leave closes all of their clinics, as `closingRows` reads it for booking.
          const leave = closing.filter((c) => c.doctorId === row.doctorId).map(day);
          entry = { doctor: { id: row.doctorId, name: row.doctorName }, weekly: [], leave };
          doctorsHere.set(row.doctorId, entry);
        }
        entry.weekly.push({ weekday: row.weekday, start: clockTime(row.start), end: clockTime(row.end) });
      }
      const closed = closing
        .filter((c) => c.doctorId === null && (c.clinicId === null || c.clinicId === clinic.id))
        .map(day);
      return { clinic, closed, doctors: [...doctorsHere.values()] };
    }),
  };
}
