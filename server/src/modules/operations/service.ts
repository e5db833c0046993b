import {
  type Operation,
  type OperationFilter,
  type OperationInput,
  type OperationReorder,
  type OperationStatus,
  operationStatusMoves,
  type PublicOperatingSchedule,
} from '@portal/contract';
import { and, asc, eq, isNull, max, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { type RowOf, single } from '../../db/rows.js';
import { doctors, operations, patients } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { clockTime } from '../../lib/dates.js';
import { type Actor, audit } from '../../lib/audit.js';
import { lockKeys } from '../../lib/throttle.js';
import { type GuardedWrite, type OperationState, WriteThrough } from '../../simrs/write.js';
import { activeDoctors, isActiveDoctor } from '../clinics/admin.js';
import { findPatients, getPatient, type PatientBasics } from '../patients/service.js';

/** A calendar date as people here read it, e.g. "5 Juli 2025". */
function readableDate(date: string): string {
  return new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, { fields: { [field]: message } });

const live = isNull(operations.deletedAt);

function operationRows(db: Database | Transaction) {
  return db
    .select({
      id: operations.id,
      date: operations.date,
      queueOrder: operations.queueOrder,
      patientId: patients.id,
      mrn: patients.mrn,
      patientName: patients.name,
      sex: patients.sex,
      birthDate: patients.birthDate,
      procedure: operations.procedure,
      surgeonId: doctors.id,
      surgeonName: doctors.name,
      theatre: operations.theatre,
      plannedStart: operations.plannedStart,
      status: operations.status,
      cancelled: operations.cancelled,
      cancelReason: operations.cancelReason,
      startedAt: operations.startedAt,
      finishedAt: operations.finishedAt,
      updatedAt: operations.updatedAt,
    })
    .from(operations)
    .innerJoin(patients, eq(patients.id, operations.patientId))
    .leftJoin(doctors, eq(doctors.id, operations.surgeonId))
    .$dynamic();
}

type OperationRow = RowOf<typeof operationRows>;

const toOperation = (row: OperationRow): Operation => ({
  id: row.id,
  date: row.date,
  queueOrder: row.queueOrder,
  patient: { id: row.patientId, mrn: row.mrn, name: row.patientName, sex: row.sex, birthDate: row.birthDate },
  procedure: row.procedure,
  surgeon:
    row.surgeonId === null || row.surgeonName === null ? null : { id: row.surgeonId, name: row.surgeonName },
  theatre: row.theatre,
  plannedStart: row.plannedStart === null ? null : clockTime(row.plannedStart),
  status: row.status,
  cancelled: row.cancelled,
  cancelReason: row.cancelReason,
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const filters: Record<OperationFilter, SQL | undefined> = {
  Menunggu: and(eq(operations.status, 'Menunggu'), eq(operations.cancelled, false)),
  'Sedang Berlangsung': and(eq(operations.status, 'Sedang Berlangsung'), eq(operations.cancelled, false)),
  Selesai: and(eq(operations.status, 'Selesai'), eq(operations.cancelled, false)),
  Batal: eq(operations.cancelled, true),
};

/** The day's operations in queue order; cancelled ones stay in the list, flagged. */
export async function listOperations(db: Database | Transaction, date: string, filter?: OperationFilter) {
  const rows = await operationRows(db)
    .where(and(eq(operations.date, date), live, filter ? filters[filter] : undefined))
    .orderBy(asc(operations.queueOrder), asc(operations.id));
  return rows.map(toOperation);
}

async function operationById(db: Database | Transaction, id: number): Promise<Operation> {
  const [row] = await operationRows(db).where(and(eq(operations.id, id), live));
  if (!row) throw notFound('Jadwal operasi tidak ditemukan.');
  return toOperation(row);
}

/** Patients for the schedule form: medical record number (exact) or name (contains). */
export function searchOperationPatients(db: Database, q: string): Promise<PatientBasics[]> {
  return findPatients(db, q);
}

/** The doctors who can be named as surgeon: every active doctor, by name. */
export function listSurgeons(db: Database) {
  return activeDoctors(db);
}

/**
 * Serialises the writes that number a day's list (adding, moving between days, reordering), across
 * requests and server processes; released at commit. Days are taken in date order against deadlocks.
 */
async function lockDays(tx: Transaction, ...dates: string[]) {
  const days = [...new Set(dates)].sort();
  await lockKeys(tx, ...days.map((date) => `operations:${date}`));
}

async function nextOrder(tx: Transaction, date: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(operations.queueOrder) })
    .from(operations)
    .where(and(eq(operations.date, date), live));
  return (row?.last ?? 0) + 1;
}

/** Numbers a day's list 1..n again, keeping its order (after an operation left the day). */
async function closeGaps(tx: Transaction, date: string) {
  await tx.execute(sql`
    update ${operations} set queue_order = ranked.n
    from (
      select id, row_number() over (order by queue_order, id) as n
      from ${operations} where date = ${date} and deleted_at is null
    ) as ranked
    where ${operations.id} = ranked.id and ${operations.queueOrder} <> ranked.n`);
}

function checkNotPast(date: string, today: string) {
  if (date < today) {
    throw fieldError('date', 'Tanggal operasi sudah lewat; pilih hari ini atau tanggal berikutnya.');
  }
}

/** A surgeon named in the form: an active doctor, or the one the operation already has. */
async function checkSurgeon(tx: Transaction, surgeonId: number | null, current: number | null = null) {
  if (surgeonId === null || surgeonId === current) return;
  if (!(await isActiveDoctor(tx, surgeonId)))
    throw fieldError('surgeonId', 'Dokter operator tidak ditemukan.');
}

/**
 * Refuses a planned start at which the theatre is already planned for another operation of the day that
 * is still to be done or running (the theatre's name compared without case and spaces: "ok 1" is "OK1").
 * The caller holds the day's lock, so two desks cannot plan the same slot at once.
 */
async function checkTheatreFree(tx: Transaction, input: OperationInput, except?: number) {
  if (!input.plannedStart) return;
  const room = (name: SQLWrapper | string) => sql`upper(replace(${name}, ' ', ''))`;
  const [taken] = await tx
    .select({ procedure: operations.procedure, queueOrder: operations.queueOrder })
    .from(operations)
    .where(
      and(
        live,
        eq(operations.date, input.date),
        eq(operations.plannedStart, input.plannedStart),
        sql`${room(operations.theatre)} = ${room(input.theatre)}`,
        sql`not ${operations.cancelled}`,
        sql`${operations.status} in ('Menunggu', 'Sedang Berlangsung')`,
        except === undefined ? undefined : sql`${operations.id} <> ${except}`,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError(
      409,
      'THEATRE_TAKEN',
      `Kamar ${input.theatre} sudah direncanakan pukul ${input.plannedStart.replace(':', '.')} untuk ` +
        `${taken.procedure} (urutan ${taken.queueOrder}). Pilih jam atau kamar lain.`,
    );
}

function details(input: OperationInput) {
  return {
    date: input.date,
    theatre: input.theatre,
    procedure: input.procedure,
    surgeonId: input.surgeonId ?? null,
    plannedStart: input.plannedStart ?? null,
  };
}

/** Adds an operation at the end of its day's list; concurrent adds to one day get distinct places. */
export async function addOperation(
  db: Database,
  actor: Actor,
  input: OperationInput,
  today: string,
): Promise<Operation> {
  checkNotPast(input.date, today);
  return db.transaction(async (tx) => {
    const patient = await getPatient(tx, input.patientId);
    await checkSurgeon(tx, input.surgeonId ?? null);
    await lockDays(tx, input.date);
    await checkTheatreFree(tx, input);
    const created = single(
      await tx
        .insert(operations)
        .values({
          ...details(input),
          patientId: patient.id,
          queueOrder: await nextOrder(tx, input.date),
        })
        .returning({ id: operations.id, queueOrder: operations.queueOrder }),
    );
    await audit(
      tx,
      actor,
      'operation.add',
      { type: 'operation', id: created.id },
      {
        ...details(input),
        patientId: patient.id,
        queueOrder: created.queueOrder,
      },
    );
    return operationById(tx, created.id);
  });
}

async function lockOperation(tx: Transaction, id: number) {
  const [row] = await tx
    .select({
      id: operations.id,
      date: operations.date,
      status: operations.status,
      cancelled: operations.cancelled,
      surgeonId: operations.surgeonId,
      legacyRecNo: operations.legacyRecNo,
    })
    .from(operations)
    .where(and(eq(operations.id, id), live))
    .for('update');
  if (!row) throw notFound('Jadwal operasi tidak ditemukan.');
  return row;
}

/**
 * Linked to a SIMRS: an operation's new status or cancellation is written to its `emr_template` row first,
 * only while that row holds the state the portal held (an operation added in the portal has no row there).
 */
async function writeStateThrough(
  tx: Transaction,
  through: WriteThrough,
  actor: Actor,
  current: { id: number; status: string; cancelled: boolean; legacyRecNo: number | null },
  after: OperationState,
): Promise<GuardedWrite | undefined> {
  if (!through.linked || current.legacyRecNo === null) return undefined;
  const outcome = await through.operationState(current.legacyRecNo, current, after);
  if ('written' in outcome)
    await audit(tx, actor, 'simrs.write', { type: 'operation', id: current.id }, { ...outcome.written });
  return outcome;
}

/**
 * The SIMRS changed the operation first: the SIMRS wins. Its row is taken into the portal's copy, the
 * conflict audited, and the desk sees the operation as it is now.
 */
async function simrsChangedFirst(
  db: Database,
  actor: Actor,
  id: number,
  outcome: Extract<GuardedWrite, { refused: unknown }>,
  through: WriteThrough,
): Promise<AppError> {
  const present = await through.simrsWins(db, actor, { type: 'operation', id }, outcome);
  return new AppError(
    409,
    'SIMRS_CONFLICT',
    'Jadwal operasi ini baru saja diubah di SIMRS, jadi perubahan Anda tidak disimpan. Data terbaru dari ' +
      'SIMRS sudah dimuat: periksa, lalu ubah lagi bila masih perlu.',
    present ? { current: await operationById(db, id) } : {},
  );
}

const cancelledAlready = () => conflict('OPERATION_CANCELLED', 'Operasi ini sudah dibatalkan.');

/**
 * Changes the details of a waiting operation. A new date moves it to the end of that day's list and
 * closes the gap it leaves behind.
 */
export async function editOperation(
  db: Database,
  actor: Actor,
  id: number,
  input: OperationInput,
  today: string,
): Promise<Operation> {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ date: operations.date })
      .from(operations)
      .where(and(eq(operations.id, id), live));
    if (!seen) throw notFound('Jadwal operasi tidak ditemukan.');
    const moving = seen.date !== input.date;
    // Day locks come before the row lock, in the same order as adding and reordering take them; the
    // day's lock also keeps a theatre's slot from being planned twice at once (`checkTheatreFree`).
    await lockDays(tx, seen.date, input.date);
    const current = await lockOperation(tx, id);
    if (current.date !== seen.date) {
      throw conflict(
        'OPERATION_CHANGED',
        'Jadwal operasi ini baru saja diubah petugas lain. Muat ulang lalu coba lagi.',
      );
    }
    if (current.cancelled)
      throw conflict('OPERATION_CANCELLED', 'Operasi yang sudah dibatalkan tidak dapat diubah.');
    if (current.status !== 'Menunggu') {
      throw conflict(
        'OPERATION_NOT_WAITING',
        `Operasi berstatus "${current.status}" tidak dapat diubah lagi; hanya operasi yang Menunggu.`,
      );
    }
    if (moving) checkNotPast(input.date, today);
    const patient = await getPatient(tx, input.patientId);
    await checkSurgeon(tx, input.surgeonId ?? null, current.surgeonId);
    await checkTheatreFree(tx, input, id);
    await tx
      .update(operations)
      .set({
        ...details(input),
        patientId: patient.id,
        ...(moving ? { queueOrder: await nextOrder(tx, input.date) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(operations.id, id));
    if (moving) await closeGaps(tx, current.date);
    await audit(
      tx,
      actor,
      'operation.edit',
      { type: 'operation', id },
      { ...details(input), patientId: patient.id, ...(moving ? { fromDate: current.date } : {}) },
    );
    return operationById(tx, id);
  });
}

/** Puts the day's operations in the given order, numbered 1..n; the ids must be exactly that day's. */
export async function reorderOperations(
  db: Database,
  actor: Actor,
  input: OperationReorder,
): Promise<Operation[]> {
  return db.transaction(async (tx) => {
    await lockDays(tx, input.date);
    const day = await tx
      .select({ id: operations.id })
      .from(operations)
      .where(and(eq(operations.date, input.date), live));
    const dayIds = new Set(day.map((row) => row.id));
    const given = new Set(input.ids);
    if (
      given.size !== input.ids.length ||
      given.size !== dayIds.size ||
      input.ids.some((id) => !dayIds.has(id))
    ) {
      throw fieldError(
        'ids',
        `Urutan harus memuat semua ${dayIds.size} operasi tanggal ${readableDate(input.date)}, masing-masing satu kali.`,
      );
    }
    const ids = sql.join(
      input.ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${operations} set queue_order = wanted.n, updated_at = now()
      from unnest(array[${ids}]::int[]) with ordinality as wanted(id, n)
      where ${operations.id} = wanted.id and ${operations.queueOrder} <> wanted.n`);
    await audit(
      tx,
      actor,
      'operation.reorder',
      { type: 'operation', id: null },
      { date: input.date, ids: input.ids },
    );
    return listOperations(tx, input.date);
  });
}

/**
 * Moves an operation along Menunggu → Sedang Berlangsung → Selesai, stamping the start and the end
 * with the database clock. Nothing else moves, and a cancelled operation not at all.
 */
export async function moveOperation(
  db: Database,
  actor: Actor,
  id: number,
  to: OperationStatus,
  today: string,
  through = new WriteThrough(),
): Promise<Operation> {
  const outcome = await through.run(() =>
    db.transaction(async (tx) => {
      const current = await lockOperation(tx, id);
      if (current.cancelled) {
        throw conflict(
          'OPERATION_CANCELLED',
          `Operasi ini sudah dibatalkan; statusnya tidak dapat diubah dari "${current.status}" ke "${to}".`,
        );
      }
      if (!operationStatusMoves[current.status].includes(to)) {
        throw conflict(
          'ILLEGAL_STATUS_MOVE',
          `Status operasi tidak dapat diubah dari "${current.status}" ke "${to}".`,
        );
      }
      if (to === 'Sedang Berlangsung' && current.date > today) {
        throw conflict(
          'OPERATION_NOT_DUE',
          `Operasi ini dijadwalkan tanggal ${readableDate(current.date)}; belum dapat dimulai.`,
        );
      }
      const simrs = await writeStateThrough(tx, through, actor, current, { status: to, cancelled: false });
      if (simrs && 'refused' in simrs) return simrs;
      await tx
        .update(operations)
        .set({
          status: to,
          ...(to === 'Sedang Berlangsung' ? { startedAt: sql`now()` } : { finishedAt: sql`now()` }),
          updatedAt: sql`now()`,
        })
        .where(eq(operations.id, id));
      await audit(tx, actor, 'operation.status', { type: 'operation', id }, { from: current.status, to });
      return operationById(tx, id);
    }),
  );
  if ('refused' in outcome) throw await simrsChangedFirst(db, actor, id, outcome, through);
  return outcome;
}

/** Cancels (legacy `batal`) an operation that is not done; it stays in the list, flagged. */
export async function cancelOperation(
  db: Database,
  actor: Actor,
  id: number,
  reason: string,
  through = new WriteThrough(),
): Promise<Operation> {
  const outcome = await through.run(() =>
    db.transaction(async (tx) => {
      const current = await lockOperation(tx, id);
      if (current.cancelled) throw cancelledAlready();
      if (current.status === 'Selesai') {
        throw conflict('OPERATION_DONE', 'Operasi yang sudah Selesai tidak dapat dibatalkan.');
      }
      const simrs = await writeStateThrough(tx, through, actor, current, {
        status: current.status,
        cancelled: true,
      });
      if (simrs && 'refused' in simrs) return simrs;
      await tx
        .update(operations)
        .set({ cancelled: true, cancelReason: reason, updatedAt: sql`now()` })
        .where(eq(operations.id, id));
      await audit(
        tx,
        actor,
        'operation.cancel',
        { type: 'operation', id },
        { status: current.status, reason },
      );
      return operationById(tx, id);
    }),
  );
  if ('refused' in outcome) throw await simrsChangedFirst(db, actor, id, outcome, through);
  return outcome;
}

/**
 * Today's schedule for the public board. Built without touching the patients table, so that nothing
 * about the patient (name, record number, birth date, initials) can reach it.
 */
export async function publicOperatingSchedule(db: Database, today: string): Promise<PublicOperatingSchedule> {
  const rows = await db
    .select({
      order: operations.queueOrder,
      theatre: operations.theatre,
      procedure: operations.procedure,
      surgeon: doctors.name,
      plannedStart: operations.plannedStart,
      status: operations.status,
      cancelled: operations.cancelled,
    })
    .from(operations)
    .leftJoin(doctors, eq(doctors.id, operations.surgeonId))
    .where(and(eq(operations.date, today), live))
    .orderBy(asc(operations.queueOrder), asc(operations.id));
  return {
    date: today,
    operations: rows.map((row) => ({
      ...row,
      plannedStart: row.plannedStart === null ? null : clockTime(row.plannedStart),
    })),
  };
}
