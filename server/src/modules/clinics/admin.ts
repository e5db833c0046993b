import type {
  AdminClinic,
  AdminDoctor,
  AdminSchedule,
  BpjsMappingInput,
  ClinicInput,
  ClosedDate,
  ClosedDateInput,
  DoctorInput,
  ScheduleInput,
} from '@portal/contract';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { clinics, closedDates, doctorSchedules, doctors } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { clockTime, localToday } from '../../lib/dates.js';

// The reference data of outpatient care: clinics, doctors, weekly schedules and closed days, kept by admins
// and the registration desk.

const adminClinicColumns = {
  id: clinics.id,
  code: clinics.code,
  name: clinics.name,
  bpjsCode: clinics.bpjsCode,
  queuePrefix: clinics.queuePrefix,
  notifyAhead: clinics.notifyAhead,
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
        const clinic = single(
          id === undefined
            ? await tx.insert(clinics).values(row).returning(adminClinicColumns)
            : await tx.update(clinics).set(row).where(eq(clinics.id, id)).returning(adminClinicColumns),
          () => notFound('Poli tidak ditemukan.'),
        );
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

/** The doctors at work now, by name (the theatre desk names its surgeons from them). */
export function activeDoctors(db: Database) {
  return db
    .select({ id: doctors.id, name: doctors.name })
    .from(doctors)
    .where(isNull(doctors.deletedAt))
    .orderBy(asc(doctors.name));
}

export async function isActiveDoctor(db: Database | Transaction, id: number): Promise<boolean> {
  const [doctor] = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(and(eq(doctors.id, id), isNull(doctors.deletedAt)));
  return doctor !== undefined;
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
        const doctor = single(
          id === undefined
            ? await tx.insert(doctors).values(row).returning(adminDoctorColumns)
            : await tx.update(doctors).set(row).where(eq(doctors.id, id)).returning(adminDoctorColumns),
          () => notFound('Dokter tidak ditemukan.'),
        );
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

/** Adds a weekly schedule. */
export async function addSchedule(db: Database, actor: Actor, input: ScheduleInput): Promise<AdminSchedule> {
  return db.transaction((tx) => saveSchedule(tx, actor, input));
}

/**
 * Changes a weekly schedule, in the caller's transaction: the registration module also applies the new
 * quotas to the sessions it has opened.
 */
export function updateSchedule(
  tx: Transaction,
  actor: Actor,
  id: number,
  input: ScheduleInput,
): Promise<AdminSchedule> {
  return saveSchedule(tx, actor, input, id);
}

async function saveSchedule(
  tx: Transaction,
  actor: Actor,
  input: ScheduleInput,
  id?: number,
): Promise<AdminSchedule> {
  await anyClinic(tx, input.clinicId);
  await anyDoctor(tx, input.doctorId);
  const { active, start, end, ...values } = input;
  const row = { ...values, startTime: start, endTime: end, deletedAt: deletedAt(active) };
  const saved = single(
    id === undefined
      ? await tx.insert(doctorSchedules).values(row).returning({ id: doctorSchedules.id })
      : await tx
          .update(doctorSchedules)
          .set(row)
          .where(eq(doctorSchedules.id, id))
          .returning({ id: doctorSchedules.id }),
    () => notFound('Jadwal tidak ditemukan.'),
  );
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

/**
 * Closes a day, in the caller's transaction: the registration module also cancels the bookings it stops
 * (`closeDay`).
 */
export async function addClosedDate(
  tx: Transaction,
  actor: Actor,
  input: ClosedDateInput,
): Promise<ClosedDate> {
  if (input.clinicId !== null) await anyClinic(tx, input.clinicId);
  if (input.doctorId !== null) await anyDoctor(tx, input.doctorId);
  const row = single(await tx.insert(closedDates).values(input).returning(closedDateColumns));
  await audit(tx, actor, 'closed_date.create', { type: 'closed_date', id: row.id }, input);
  return row;
}

export async function removeClosedDate(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = single(
      await tx.delete(closedDates).where(eq(closedDates.id, id)).returning(closedDateColumns),
      () => notFound('Hari tutup tidak ditemukan.'),
    );
    await audit(tx, actor, 'closed_date.delete', { type: 'closed_date', id }, row);
  });
}

// ---------------------------------------------------------------------------------------------
// BPJS mapping: the codes and names by which Mobile JKN and the Antrean RS reports name a clinic or a
// doctor (legacy `kd_poli_bpjs`/`nm_poli_bpjs`, `kd_dokter_bpjs`/`nm_dokter_bpjs`).

export async function listBpjsMapping(db: Database) {
  const [clinicRows, doctorRows] = await Promise.all([
    db
      .select({
        id: clinics.id,
        code: clinics.code,
        name: clinics.name,
        active: sql<boolean>`${clinics.deletedAt} is null`,
        bpjsCode: clinics.bpjsCode,
        bpjsName: clinics.bpjsName,
      })
      .from(clinics)
      .orderBy(asc(clinics.name)),
    db
      .select({
        id: doctors.id,
        name: doctors.name,
        clinicId: doctors.clinicId,
        active: sql<boolean>`${doctors.deletedAt} is null`,
        bpjsCode: doctors.bpjsCode,
        bpjsName: doctors.bpjsName,
      })
      .from(doctors)
      .orderBy(asc(doctors.name)),
  ]);
  return { clinics: clinicRows, doctors: doctorRows };
}

/** Maps a clinic or a doctor to a BPJS code and name; a doctor's code belongs to one doctor only. */
export async function mapToBpjs(
  db: Database,
  actor: Actor,
  kind: 'clinic' | 'doctor',
  id: number,
  input: BpjsMappingInput,
): Promise<void> {
  const table = kind === 'clinic' ? clinics : doctors;
  await uniqueWrite(
    () =>
      db.transaction(async (tx) => {
        single(
          await tx
            .update(table)
            .set({ bpjsCode: input.bpjsCode, bpjsName: input.bpjsCode === null ? null : input.bpjsName })
            .where(eq(table.id, id))
            .returning({ id: table.id }),
          () => notFound(kind === 'clinic' ? 'Poli tidak ditemukan.' : 'Dokter tidak ditemukan.'),
        );
        await audit(tx, actor, `${kind}.bpjs-mapping`, { type: kind, id }, input);
      }),
    `Kode BPJS dokter ${input.bpjsCode ?? ''} sudah dipakai dokter lain.`,
  );
}
