import type {
  AdminClinic,
  AdminDoctor,
  AdminSchedule,
  Clinic,
  ClinicInput,
  ClinicSchedule,
  ClosedDate,
  ClosedDateInput,
  DoctorInput,
  RegistrationDate,
  ScheduleInput,
} from '@portal/contract';
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { clinics, closedDates, doctorSchedules, doctors, queueSessions } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { addDays, clockTime, isoWeekday, localMoment, localToday } from '../../lib/dates.js';
import { followScheduleQuotas } from '../registration/sessions.js';

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

// ---------------------------------------------------------------------------------------------
// Public reads

export async function listClinics(db: Database): Promise<Clinic[]> {
  return db
    .select({ id: clinics.id, code: clinics.code, name: clinics.name })
    .from(clinics)
    .where(isNull(clinics.deletedAt))
    .orderBy(asc(clinics.name));
}

async function activeClinic(db: Database | Transaction, id: number) {
  const [clinic] = await db
    .select({ id: clinics.id, code: clinics.code, name: clinics.name, queuePrefix: clinics.queuePrefix })
    .from(clinics)
    .where(and(eq(clinics.id, id), isNull(clinics.deletedAt)));
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

/** The doctor sessions of a clinic on a date, with what is left of each quota. */
export async function clinicSchedules(
  db: Database,
  clinicId: number,
  date: string,
  window: BookingWindow,
): Promise<ClinicSchedule[]> {
  await activeClinic(db, clinicId);
  checkBookingDate(date, window);
  const closing = await closingRows(db, date, date, clinicId);
  if (closing.some((row) => row.doctorId === null)) return [];
  const onLeave = new Set(closing.map((row) => row.doctorId));
  const rows = await db
    .select({
      ...scheduleColumns,
      usedJkn: sql<number>`coalesce(${queueSessions.usedJkn}, 0)`,
      usedNonJkn: sql<number>`coalesce(${queueSessions.usedNonJkn}, 0)`,
      sessionQuotaJkn: queueSessions.quotaJkn,
      sessionQuotaNonJkn: queueSessions.quotaNonJkn,
    })
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    .leftJoin(
      queueSessions,
      and(eq(queueSessions.scheduleId, doctorSchedules.id), eq(queueSessions.date, date)),
    )
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
    .map((row) => {
      const quotaJkn = row.sessionQuotaJkn ?? row.quotaJkn;
      const quotaNonJkn = row.sessionQuotaNonJkn ?? row.quotaNonJkn;
      return {
        id: row.id,
        doctor: { id: row.doctorId, name: row.doctorName },
        start: clockTime(row.start),
        end: clockTime(row.end),
        quotaJkn,
        remainingJkn: Math.max(0, quotaJkn - Number(row.usedJkn)),
        quotaNonJkn,
        remainingNonJkn: Math.max(0, quotaNonJkn - Number(row.usedNonJkn)),
        minutesPerPatient: row.minutesPerPatient,
        bookable: !sessionEnded(date, row.end, window.now),
      };
    });
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
    if (wholeDay) reason = `Poli tutup: ${wholeDay.reason}`;
    else if (sessions.length === 0) reason = 'Tidak ada jadwal dokter pada hari itu.';
    else if (working.length === 0) {
      // The leave of a doctor who would have worked this day, not of one who works here another day.
      const leave = closed.find((row) => sessions.some((s) => s.doctorId === row.doctorId));
      reason = `Dokter tidak praktik: ${leave?.reason ?? ''}`;
    } else if (working.every((s) => sessionEnded(date, s.end, window.now))) {
      reason = 'Jadwal praktik hari ini sudah selesai.';
    }
    days.push({ date, open: reason === null, reason });
  }
  return days;
}

/** A schedule on a date that can take a booking now, with what the ticket needs. */
export interface BookableSchedule {
  id: number;
  clinic: { id: number; code: string; name: string; queuePrefix: string };
  doctor: { id: number; name: string };
  start: string;
  end: string;
  quotaJkn: number;
  quotaNonJkn: number;
  minutesPerPatient: number;
}

/** The schedule if it runs on `date` and takes bookings now; otherwise 404 or 400 with the reason. */
export async function bookableSchedule(
  tx: Transaction,
  scheduleId: number,
  date: string,
  window: BookingWindow,
): Promise<BookableSchedule> {
  checkBookingDate(date, window);
  const [row] = await tx
    .select({ ...scheduleColumns, clinicId: doctorSchedules.clinicId })
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    .where(and(eq(doctorSchedules.id, scheduleId), activeSchedule));
  if (!row) throw notFound('Jadwal dokter tidak ditemukan.');
  const clinic = await activeClinic(tx, row.clinicId).catch(() => {
    throw notFound('Jadwal dokter tidak ditemukan.');
  });
  if (row.weekday !== isoWeekday(date)) {
    throw notBookable(
      'Dokter tidak praktik pada hari itu; pilih jadwal yang berlaku pada tanggal yang dipilih.',
    );
  }
  const closing = await closingRows(tx, date, date, clinic.id);
  const closed = closing.find((c) => c.doctorId === null || c.doctorId === row.doctorId);
  if (closed) throw notBookable(`Tidak ada pelayanan pada tanggal itu: ${closed.reason}`);
  if (sessionEnded(date, row.end, window.now))
    throw notBookable('Jadwal praktik ini sudah selesai untuk hari ini.');
  return {
    id: row.id,
    clinic,
    doctor: { id: row.doctorId, name: row.doctorName },
    start: clockTime(row.start),
    end: clockTime(row.end),
    quotaJkn: row.quotaJkn,
    quotaNonJkn: row.quotaNonJkn,
    minutesPerPatient: row.minutesPerPatient,
  };
}

// ---------------------------------------------------------------------------------------------
// Reference data (admin, registration desk)

const adminClinicColumns = {
  id: clinics.id,
  code: clinics.code,
  name: clinics.name,
  bpjsCode: clinics.bpjsCode,
  queuePrefix: clinics.queuePrefix,
  active: sql<boolean>`${clinics.deletedAt} is null`,
};

export async function listAdminClinics(db: Database): Promise<AdminClinic[]> {
  return db.select(adminClinicColumns).from(clinics).orderBy(asc(clinics.name));
}

const deletedAt = (active: boolean) => (active ? null : new Date());

/** Runs a reference-data write; a taken unique code becomes 409 with `message`. */
async function uniqueWrite<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('DUPLICATE', message);
    throw err;
  }
}

export async function saveClinic(
  db: Database,
  actor: Actor,
  input: ClinicInput,
  id?: number,
): Promise<AdminClinic> {
  const { active, ...values } = input;
  return uniqueWrite(
    () =>
      db.transaction(async (tx) => {
        const row = { ...values, deletedAt: deletedAt(active) };
        const [clinic] =
          id === undefined
            ? await tx.insert(clinics).values(row).returning(adminClinicColumns)
            : await tx.update(clinics).set(row).where(eq(clinics.id, id)).returning(adminClinicColumns);
        if (!clinic) throw notFound('Poli tidak ditemukan.');
        await audit(
          tx,
          actor,
          id === undefined ? 'clinic.create' : 'clinic.update',
          { type: 'clinic', id: clinic.id },
          input,
        );
        return clinic;
      }),
    `Kode poli ${input.code} sudah dipakai.`,
  );
}

const adminDoctorColumns = {
  id: doctors.id,
  name: doctors.name,
  bpjsCode: doctors.bpjsCode,
  clinicId: doctors.clinicId,
  active: sql<boolean>`${doctors.deletedAt} is null`,
};

export async function listDoctors(db: Database): Promise<AdminDoctor[]> {
  return db.select(adminDoctorColumns).from(doctors).orderBy(asc(doctors.name));
}

export async function saveDoctor(
  db: Database,
  actor: Actor,
  input: DoctorInput,
  id?: number,
): Promise<AdminDoctor> {
  const { active, ...values } = input;
  return uniqueWrite(
    () =>
      db.transaction(async (tx) => {
        await anyClinic(tx, input.clinicId);
        const row = { ...values, deletedAt: deletedAt(active) };
        const [doctor] =
          id === undefined
            ? await tx.insert(doctors).values(row).returning(adminDoctorColumns)
            : await tx.update(doctors).set(row).where(eq(doctors.id, id)).returning(adminDoctorColumns);
        if (!doctor) throw notFound('Dokter tidak ditemukan.');
        await audit(
          tx,
          actor,
          id === undefined ? 'doctor.create' : 'doctor.update',
          { type: 'doctor', id: doctor.id },
          input,
        );
        return doctor;
      }),
    `Kode BPJS dokter ${input.bpjsCode ?? ''} sudah dipakai.`,
  );
}

/** A clinic named in a form, active or not; a missing one is a field error. */
async function anyClinic(tx: Transaction, id: number) {
  const [clinic] = await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, id));
  if (!clinic) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Poli tidak ditemukan.', {
      fields: { clinicId: 'Poli tidak ditemukan.' },
    });
  }
}

/** A doctor named in a form, active or not; a missing one is a field error. */
async function anyDoctor(tx: Transaction, id: number) {
  const [doctor] = await tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, id));
  if (!doctor) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Dokter tidak ditemukan.', {
      fields: { doctorId: 'Dokter tidak ditemukan.' },
    });
  }
}

const adminScheduleColumns = {
  id: doctorSchedules.id,
  clinicId: doctorSchedules.clinicId,
  doctorId: doctorSchedules.doctorId,
  doctorName: doctors.name,
  weekday: doctorSchedules.weekday,
  start: doctorSchedules.startTime,
  end: doctorSchedules.endTime,
  quotaJkn: doctorSchedules.quotaJkn,
  quotaNonJkn: doctorSchedules.quotaNonJkn,
  minutesPerPatient: doctorSchedules.minutesPerPatient,
  active: sql<boolean>`${doctorSchedules.deletedAt} is null`,
};

type ScheduleRow = Omit<AdminSchedule, 'start' | 'end'> & { start: string; end: string };
const toAdminSchedule = (row: ScheduleRow): AdminSchedule => ({
  ...row,
  start: clockTime(row.start),
  end: clockTime(row.end),
});

export async function listSchedules(db: Database | Transaction, clinicId?: number): Promise<AdminSchedule[]> {
  const rows = await db
    .select(adminScheduleColumns)
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    .where(clinicId === undefined ? undefined : eq(doctorSchedules.clinicId, clinicId))
    .orderBy(asc(doctorSchedules.clinicId), asc(doctorSchedules.weekday), asc(doctorSchedules.startTime));
  return rows.map(toAdminSchedule);
}

/**
 * Adds or changes a weekly schedule. Changed quotas also apply to the sessions already opened from
 * today on, never below the places already booked.
 */
export async function saveSchedule(
  db: Database,
  actor: Actor,
  input: ScheduleInput,
  id?: number,
): Promise<AdminSchedule> {
  return db.transaction(async (tx) => {
    await anyClinic(tx, input.clinicId);
    await anyDoctor(tx, input.doctorId);
    const { active, start, end, ...values } = input;
    const row = { ...values, startTime: start, endTime: end, deletedAt: deletedAt(active) };
    const [saved] =
      id === undefined
        ? await tx.insert(doctorSchedules).values(row).returning({ id: doctorSchedules.id })
        : await tx
            .update(doctorSchedules)
            .set(row)
            .where(eq(doctorSchedules.id, id))
            .returning({ id: doctorSchedules.id });
    if (!saved) throw notFound('Jadwal tidak ditemukan.');
    if (id !== undefined) await followScheduleQuotas(tx, saved.id, input, localToday());
    await audit(
      tx,
      actor,
      id === undefined ? 'schedule.create' : 'schedule.update',
      { type: 'schedule', id: saved.id },
      input,
    );
    const [schedule] = (await listSchedules(tx)).filter((s) => s.id === saved.id);
    if (!schedule) throw new Error('saved schedule not found');
    return schedule;
  });
}

const closedDateColumns = {
  id: closedDates.id,
  date: closedDates.date,
  clinicId: closedDates.clinicId,
  doctorId: closedDates.doctorId,
  reason: closedDates.reason,
};

export async function listClosedDates(db: Database, from = localToday()): Promise<ClosedDate[]> {
  return db
    .select(closedDateColumns)
    .from(closedDates)
    .where(gte(closedDates.date, from))
    .orderBy(asc(closedDates.date), asc(closedDates.id));
}

export async function addClosedDate(db: Database, actor: Actor, input: ClosedDateInput): Promise<ClosedDate> {
  return db.transaction(async (tx) => {
    if (input.clinicId !== null) await anyClinic(tx, input.clinicId);
    if (input.doctorId !== null) await anyDoctor(tx, input.doctorId);
    const [row] = await tx.insert(closedDates).values(input).returning(closedDateColumns);
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'closed_date.create', { type: 'closed_date', id: row.id }, input);
    return row;
  });
}

export async function removeClosedDate(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(closedDates).where(eq(closedDates.id, id)).returning(closedDateColumns);
    if (!row) throw notFound('Hari tutup tidak ditemukan.');
    await audit(tx, actor, 'closed_date.delete', { type: 'closed_date', id }, row);
  });
}
