import {
  PHARMACY_BOARD_CALLS,
  type PrescriptionType,
  type QueueAction,
  type QueueBoard,
  type QueueDesk,
  type QueueEntry,
  type QueueSession,
  type QueueTaskId,
  type RegistrationStatus,
} from '@portal/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import {
  clinics,
  doctors,
  doctorSchedules,
  patients,
  queueEvents,
  queueSessions,
  registrationSeps,
  registrations,
} from '../../db/schema/index.js';
import { type AppError, conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { clockTime, isoWeekday, localToday } from '../../lib/dates.js';
import { formatTrackingCode } from '../../lib/tracking-code.js';
import { confirmProvisional } from '../patients/service.js';
import { inviteToSurvey } from '../surveys/service.js';
import { countersServing } from './admission.js';
import { jenisresepOf, withdrawTaskReport } from './bpjs-reports.js';
import type { PublicLinks } from '../notifications/templates.js';
import { notifyNearTurn } from './messages.js';
import { sepRef } from './sep.js';
import { WriteThrough } from '../../simrs/write.js';
import {
  type Booking,
  checkInTask,
  copyJknProgress,
  findBooking,
  refuseCheckIn,
  stamp,
  statusLabels,
} from './service.js';

// ---------------------------------------------------------------------------------------------
// The desk's view of today

/** Today's sessions of a clinic (every active schedule of the weekday) with their bookings. */
export async function getQueueDesk(
  db: Database,
  clinicId: number,
  today = localToday(),
): Promise<Omit<QueueDesk, 'vclaim'>> {
  const [clinic] = await db
    .select({ id: clinics.id, code: clinics.code, name: clinics.name })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  if (!clinic) throw notFound('Poli tidak ditemukan.');
  const sessions = await db
    .select({
      scheduleId: doctorSchedules.id,
      sessionId: queueSessions.id,
      doctor: { id: doctors.id, name: doctors.name },
      start: doctorSchedules.startTime,
      end: doctorSchedules.endTime,
      quotaJkn: sql<number>`coalesce(${queueSessions.quotaJkn}, ${doctorSchedules.quotaJkn})`,
      usedJkn: sql<number>`coalesce(${queueSessions.usedJkn}, 0)`,
      quotaNonJkn: sql<number>`coalesce(${queueSessions.quotaNonJkn}, ${doctorSchedules.quotaNonJkn})`,
      usedNonJkn: sql<number>`coalesce(${queueSessions.usedNonJkn}, 0)`,
    })
    .from(doctorSchedules)
    .innerJoin(doctors, eq(doctors.id, doctorSchedules.doctorId))
    .leftJoin(
      queueSessions,
      and(eq(queueSessions.scheduleId, doctorSchedules.id), eq(queueSessions.date, today)),
    )
    .where(
      and(
        eq(doctorSchedules.clinicId, clinicId),
        eq(doctorSchedules.weekday, isoWeekday(today)),
        // A schedule switched off today still shows if it has bookings.
        sql`(${doctorSchedules.deletedAt} is null or ${queueSessions.id} is not null)`,
      ),
    )
    .orderBy(asc(doctorSchedules.startTime), asc(doctors.name));
  const sessionIds = sessions.flatMap((s) => (s.sessionId === null ? [] : [s.sessionId]));
  const [entries, lastActions] = await Promise.all([
    queueEntries(db, sessionIds),
    lastDeskActions(db, sessionIds),
  ]);
  return {
    date: today,
    clinic,
    sessions: sessions.map(({ sessionId, start, end, ...session }): QueueSession => ({
      ...session,
      start: clockTime(start),
      end: clockTime(end),
      quotaJkn: Number(session.quotaJkn),
      usedJkn: Number(session.usedJkn),
      quotaNonJkn: Number(session.quotaNonJkn),
      usedNonJkn: Number(session.usedNonJkn),
      lastAction: (sessionId !== null && lastActions.get(sessionId)) || null,
      entries: entries.filter((e) => e.sessionId === sessionId).map(publicEntry),
    })),
  };
}

export async function queueEntries(db: Database | Transaction, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  const [rows, stamps] = await Promise.all([
    db
      .select({
        id: registrations.id,
        sessionId: registrations.sessionId,
        code: registrations.code,
        queueNumber: registrations.queueNumber,
        queueSeq: registrations.queueSeq,
        status: registrations.status,
        payer: registrations.payer,
        patient: { id: patients.id, mrn: patients.mrn, name: patients.name },
        provisional: patients.provisional,
        newPatient: registrations.newPatient,
        source: registrations.source,
        bpjsUnchecked: registrations.vclaimPending,
        bpjsProblem: registrations.vclaimProblem,
        estimatedAt: registrations.estimatedAt,
        prescriptionType: registrations.prescriptionType,
        pharmacySeq: registrations.pharmacySeq,
        sepNo: registrationSeps.number,
        sepDate: registrationSeps.date,
      })
      .from(registrations)
      .innerJoin(patients, eq(patients.id, registrations.patientId))
      .leftJoin(registrationSeps, eq(registrationSeps.registrationId, registrations.id))
      .where(inArray(registrations.sessionId, sessionIds))
      .orderBy(asc(registrations.sessionId), asc(registrations.queueSeq)),
    db
      .select({ registrationId: queueEvents.registrationId, taskId: queueEvents.taskId, at: queueEvents.at })
      .from(queueEvents)
      .where(and(inArray(queueEvents.sessionId, sessionIds), isNull(queueEvents.undoneAt)))
      .orderBy(asc(queueEvents.at)),
  ]);
  return rows.map(({ code, estimatedAt, prescriptionType, pharmacySeq, sepNo, sepDate, ...row }) => ({
    ...row,
    bookingCode: formatTrackingCode(code),
    sep: sepRef(sepNo, sepDate),
    estimatedAt: estimatedAt.toISOString(),
    pharmacy: prescriptionType && pharmacySeq !== null ? { prescriptionType, number: pharmacySeq } : null,
    tasks: stamps
      .filter((s) => s.registrationId === row.id)
      .map((s) => ({ taskId: s.taskId as QueueTaskId, at: s.at.toISOString() })),
  }));
}

/** The desk action undo would revert, per session: the latest stamp made by staff still in force. */
async function lastDeskActions(db: Database | Transaction, sessionIds: number[]) {
  const actions = new Map<number, NonNullable<QueueSession['lastAction']>>();
  if (sessionIds.length === 0) return actions;
  const rows = await db
    .selectDistinctOn([queueEvents.sessionId], {
      sessionId: queueEvents.sessionId,
      queueNumber: registrations.queueNumber,
      taskId: queueEvents.taskId,
      at: queueEvents.at,
    })
    .from(queueEvents)
    .innerJoin(registrations, eq(registrations.id, queueEvents.registrationId))
    .where(deskEvents(sessionIds))
    .orderBy(queueEvents.sessionId, desc(queueEvents.id));
  for (const row of rows) {
    actions.set(row.sessionId, {
      queueNumber: row.queueNumber,
      taskId: row.taskId as QueueTaskId,
      at: row.at.toISOString(),
    });
  }
  return actions;
}

/** The pharmacy's own steps (task 6 begun, 7 medicine ready): the clinic's undo never takes them back. */
const pharmacyTasks = [6, 7];

/** The clinic desk's steps on these sessions still in force: what its undo may revert. */
const deskEvents = (sessionIds: number[]) =>
  and(
    inArray(queueEvents.sessionId, sessionIds),
    isNull(queueEvents.undoneAt),
    isNotNull(queueEvents.staffId),
    notInArray(queueEvents.taskId, pharmacyTasks),
  );

/** A booking as the desk lists it. */
export async function entryOf(
  tx: Database | Transaction,
  booking: Pick<Booking, 'id' | 'sessionId'>,
): Promise<QueueEntry> {
  const entry = (await queueEntries(tx, [booking.sessionId])).find((e) => e.id === booking.id);
  if (!entry) throw new Error('queue entry vanished');
  return publicEntry(entry);
}

const publicEntry = ({
  id: _id,
  sessionId: _sessionId,
  ...entry
}: { id: number; sessionId: number } & QueueEntry) => entry;

// ---------------------------------------------------------------------------------------------
// Desk actions

interface Move {
  /** Which bookings the action applies to. */
  allowed: (booking: Booking) => boolean;
  taskId: (booking: Booking) => QueueTaskId;
  status: RegistrationStatus;
  refusal: string;
}

/** The moves after which fewer patients wait ahead of the others: "your number is near" may be due. */
const queueMoves = new Set<RegistrationStatus>(['CALLED', 'SERVED', 'NO_SHOW']);

const moves: Record<Exclude<QueueAction, 'check-in'>, Move> = {
  'admission-start': {
    allowed: (b) => b.status === 'CHECKED_IN' && b.taskId === 1,
    taskId: () => 2,
    status: 'CHECKED_IN',
    refusal: 'Admisi hanya untuk pasien baru yang sudah check-in dan belum dilayani di loket.',
  },
  'admission-end': {
    allowed: (b) => b.status === 'CHECKED_IN' && b.taskId === 2,
    taskId: () => 3,
    status: 'CHECKED_IN',
    refusal: 'Admisi belum dimulai untuk pasien ini.',
  },
  call: {
    allowed: (b) => b.status === 'CHECKED_IN' && b.taskId === 3,
    taskId: () => 4,
    status: 'CALLED',
    refusal: 'Hanya pasien yang sudah check-in (dan selesai admisi) yang bisa dipanggil.',
  },
  serve: {
    allowed: (b) => b.status === 'CALLED',
    taskId: () => 5,
    status: 'SERVED',
    refusal: 'Hanya pasien yang sedang dipanggil yang bisa diselesaikan.',
  },
  'no-show': {
    allowed: (b) => b.status === 'BOOKED' || b.status === 'CHECKED_IN' || b.status === 'CALLED',
    taskId: () => 99,
    status: 'NO_SHOW',
    refusal: 'Pasien ini tidak bisa ditandai tidak hadir.',
  },
  'pharmacy-start': {
    allowed: (b) => b.status === 'SERVED' && b.taskId === 5 && b.prescriptionType !== null,
    taskId: () => 6,
    status: 'SERVED',
    refusal: 'Hanya resep yang sudah dikirim ke farmasi dan belum dikerjakan yang bisa mulai dilayani.',
  },
  'pharmacy-done': {
    allowed: (b) => b.status === 'SERVED' && b.taskId === 6,
    taskId: () => 7,
    status: 'SERVED',
    refusal: 'Obat hanya bisa dinyatakan selesai setelah resep mulai dikerjakan.',
  },
};

/** One desk action on one booking of today: it stamps its BPJS task id and moves the status. */
export async function queueAction(
  db: Database,
  actor: Actor,
  code: string,
  action: QueueAction,
  links: PublicLinks,
  /** Linked to a SIMRS: a Mobile JKN booking's copy there follows (see `copyJknProgress`). */
  through = new WriteThrough(),
  today = localToday(),
): Promise<QueueEntry> {
  return through.run(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(tx, code, true);
      // The clerk sees a provisional patient's KTP here ("cocokkan KTP"): they become a patient on record.
      const confirmedPatient =
        (action === 'check-in' || action === 'admission-start') &&
        (await confirmProvisional(tx, booking.patientId, through));
      if (action === 'check-in') {
        refuseCheckIn(booking, today);
        await stamp(tx, booking, checkInTask(booking), 'CHECKED_IN', actor.staffId, {
          through,
          confirmedPatient,
        });
      } else await moveBooking(tx, actor, booking, action, { links, through, today, confirmedPatient });
      await audit(tx, actor, `queue.${action}`, { type: 'registration', id: booking.code });
      return entryOf(tx, booking);
    }),
  );
}

/**
 * One of the desk's moves after check-in on a locked booking, with what follows it: "your number is near"
 * messages, and after the doctor the survey's invitation. The doctor's service ends (task 5) with the
 * prescription sent to the pharmacy with it, or none: its report to BPJS says which (`jenisresep`).
 */
export async function moveBooking(
  tx: Transaction,
  actor: Actor,
  booking: Booking,
  action: Exclude<QueueAction, 'check-in'>,
  {
    links,
    through,
    today,
    prescription = null,
    confirmedPatient,
  }: {
    links: PublicLinks;
    through: WriteThrough;
    today: string;
    prescription?: PrescriptionType | null;
    confirmedPatient?: boolean;
  },
): Promise<void> {
  const move = moves[action];
  if (booking.date !== today)
    throw conflict('NOT_TODAY', 'Antrean hanya bisa dijalankan pada hari kunjungan.');
  if (!move.allowed(booking)) {
    throw conflict('INVALID_STATE', `${move.refusal} Status sekarang: ${statusLabels[booking.status]}.`);
  }
  const report = action === 'serve' ? { jenisresep: jenisresepOf(prescription) } : undefined;
  await stamp(tx, booking, move.taskId(booking), move.status, actor.staffId, {
    through,
    report,
    confirmedPatient,
  });
  if (queueMoves.has(move.status)) await notifyNearTurn(tx, booking.sessionId, links);
  if (action === 'serve') {
    await inviteToSurvey(
      tx,
      { unit: 'clinic', registrationId: booking.id, clinicId: booking.clinic.id },
      { phone: booking.phone, service: booking.clinic.name },
      links,
    );
  }
}

/**
 * A desk action on today's session of a schedule, under the session's row lock so that two clerks at one
 * desk act one after the other. Without a session today there is nothing to act on: `nothing`.
 */
function atLockedSession(
  db: Database,
  scheduleId: number,
  today: string,
  nothing: () => AppError,
  act: (tx: Transaction, sessionId: number) => Promise<QueueEntry>,
): Promise<QueueEntry> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ id: queueSessions.id })
      .from(queueSessions)
      .where(and(eq(queueSessions.scheduleId, scheduleId), eq(queueSessions.date, today)))
      .for('update');
    if (!session) throw nothing();
    return act(tx, session.id);
  });
}

const nothingWaiting = () => conflict('NOTHING_WAITING', 'Tidak ada pasien yang menunggu dipanggil.');

/** Calls the lowest number waiting for the clinic (checked in, admission done). */
export async function callNext(
  db: Database,
  actor: Actor,
  scheduleId: number,
  links: PublicLinks,
  through = new WriteThrough(),
  today = localToday(),
): Promise<QueueEntry> {
  return through.run(() =>
    atLockedSession(db, scheduleId, today, nothingWaiting, async (tx, sessionId) => {
      const [next] = await tx
        .select({ code: registrations.code })
        .from(registrations)
        .where(
          and(
            eq(registrations.sessionId, sessionId),
            eq(registrations.status, 'CHECKED_IN'),
            eq(registrations.taskId, 3),
          ),
        )
        .orderBy(asc(registrations.queueSeq))
        .limit(1);
      if (!next) throw nothingWaiting();
      const booking = await findBooking(tx, next.code, true);
      await stamp(tx, booking, 4, 'CALLED', actor.staffId, { through });
      await notifyNearTurn(tx, sessionId, links);
      await audit(tx, actor, 'queue.call', { type: 'registration', id: booking.code });
      return entryOf(tx, booking);
    }),
  );
}

/**
 * Calls a called patient again: the board says the number once more ("Panggil ulang"). The queue's state and
 * the BPJS task times stay as they are; only the time of the call the board announces moves on.
 */
export async function recallCalled(
  db: Database,
  actor: Actor,
  code: string,
  today = localToday(),
): Promise<QueueEntry> {
  return db.transaction(async (tx) => {
    const booking = await findBooking(tx, code, true);
    if (booking.date !== today || booking.status !== 'CALLED') {
      throw conflict(
        'INVALID_STATE',
        `Hanya nomor yang sedang dipanggil hari ini yang bisa dipanggil ulang. Status sekarang: ${statusLabels[booking.status]}.`,
      );
    }
    await tx
      .update(registrations)
      .set({ recalledAt: sql`clock_timestamp()` })
      .where(eq(registrations.id, booking.id));
    await audit(tx, actor, 'queue.recall', { type: 'registration', id: booking.code });
    return entryOf(tx, booking);
  });
}

const nothingToUndo = () => conflict('NOTHING_TO_UNDO', 'Tidak ada aksi yang bisa dibatalkan.');

/** Reverts the session's last desk action: the stamp is marked undone and the booking goes back. */
export async function undoLast(
  db: Database,
  actor: Actor,
  scheduleId: number,
  through = new WriteThrough(),
  today = localToday(),
): Promise<QueueEntry> {
  return through.run(() =>
    atLockedSession(db, scheduleId, today, nothingToUndo, async (tx, sessionId) => {
      const [last] = await tx
        .select({
          id: queueEvents.id,
          registrationId: queueEvents.registrationId,
          taskId: queueEvents.taskId,
          previousStatus: queueEvents.previousStatus,
          previousTaskId: queueEvents.previousTaskId,
          confirmedPatient: queueEvents.confirmedPatient,
        })
        .from(queueEvents)
        .where(deskEvents([sessionId]))
        .orderBy(desc(queueEvents.id))
        .limit(1);
      if (!last) throw nothingToUndo();
      const [later] = await tx
        .select({ n: count() })
        .from(queueEvents)
        .where(
          and(
            eq(queueEvents.registrationId, last.registrationId),
            isNull(queueEvents.undoneAt),
            sql`${queueEvents.id} > ${last.id}`,
          ),
        );
      // The patient acted after the desk (e.g. cancelled): undoing the desk's step would rewrite that.
      if ((later?.n ?? 0) > 0)
        throw conflict('NOTHING_TO_UNDO', 'Aksi terakhir sudah diikuti perubahan lain.');
      await tx
        .update(queueEvents)
        .set({ undoneAt: sql`clock_timestamp()`, undoneBy: actor.staffId })
        .where(eq(queueEvents.id, last.id));
      // The doctor's service undone takes back the prescription it sent (the pharmacy has not begun it).
      const prescription = last.taskId === 5 ? { prescriptionType: null, pharmacySeq: null } : {};
      const booking = single(
        await tx
          .update(registrations)
          .set({ status: last.previousStatus, taskId: last.previousTaskId, ...prescription })
          .where(eq(registrations.id, last.registrationId))
          .returning({
            id: registrations.id,
            sessionId: registrations.sessionId,
            code: registrations.code,
            source: registrations.source,
            patientId: registrations.patientId,
          })
          .catch((err: unknown) => {
            // A no-show undone after the patient was booked again in the clinic that day.
            if (isUniqueViolation(err, 'registrations_one_per_patient_clinic_date'))
              throw conflict('NOTHING_TO_UNDO', 'Pasien ini sudah didaftarkan lagi di poli ini hari ini.');
            throw err;
          }),
      );
      // The KTP check undone: the patient is provisional again, as before it.
      if (last.confirmedPatient)
        await tx.update(patients).set({ provisional: true }).where(eq(patients.id, booking.patientId));
      const withdrawn = await withdrawTaskReport(tx, booking.code, last.taskId);
      await audit(
        tx,
        actor,
        'queue.undo',
        { type: 'registration', id: booking.code },
        { taskId: last.taskId, ...(withdrawn.length > 0 ? { withdrawnReports: withdrawn } : {}) },
      );
      if (through.linked && booking.source === 'MJKN') {
        const progress = { status: last.previousStatus, taskId: last.previousTaskId };
        // An undone check-in takes its time back too.
        const checkIn = last.previousStatus === 'BOOKED' ? { checkedInAt: null } : {};
        await copyJknProgress(tx, through, booking.code, { ...progress, ...checkIn }, actor.staffId);
      }
      return entryOf(tx, booking);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The public board

/** When a booking's task was last stamped (not undone), as a subquery on the booking's row. */
const lastStamp = (taskId: QueueTaskId) =>
  sql`(select max(${queueEvents.at}) from ${queueEvents} where ${queueEvents.registrationId} = ${registrations.id} and ${queueEvents.taskId} = ${taskId} and ${queueEvents.undoneAt} is null)`;

/**
 * Per clinic with a session today: the number being served and how many have checked in and wait; the
 * admission desk's counters; the pharmacy's latest calls.
 */
export async function getQueueBoard(db: Database, today = localToday()): Promise<QueueBoard> {
  // The clinic's call, or its call again ("Panggil ulang"), whichever is later: the board says it then.
  const called = sql<Date>`greatest(${lastStamp(4)}, ${registrations.recalledAt})`;
  const ready = sql<Date>`${lastStamp(7)}`;
  const [clinicRows, servingRows, waitingRows, counters, pharmacyRows] = await Promise.all([
    db
      .selectDistinct({ id: clinics.id, code: clinics.code, name: clinics.name })
      .from(clinics)
      .innerJoin(doctorSchedules, eq(doctorSchedules.clinicId, clinics.id))
      .where(
        and(
          isNull(clinics.deletedAt),
          isNull(doctorSchedules.deletedAt),
          eq(doctorSchedules.weekday, isoWeekday(today)),
        ),
      )
      .orderBy(clinics.name),
    db
      .selectDistinctOn([registrations.clinicId], {
        clinicId: registrations.clinicId,
        queueNumber: registrations.queueNumber,
        doctor: doctors.name,
        calledAt: called,
      })
      .from(registrations)
      .innerJoin(doctors, eq(doctors.id, registrations.doctorId))
      .where(and(eq(registrations.date, today), eq(registrations.status, 'CALLED')))
      .orderBy(registrations.clinicId, sql`${called} desc nulls last`),
    db
      .select({ clinicId: registrations.clinicId, n: count() })
      .from(registrations)
      .where(and(eq(registrations.date, today), eq(registrations.status, 'CHECKED_IN')))
      .groupBy(registrations.clinicId),
    countersServing(db, today),
    db
      .select({
        number: registrations.queueNumber,
        pharmacyNumber: registrations.pharmacySeq,
        calledAt: ready,
      })
      .from(registrations)
      .where(and(eq(registrations.date, today), eq(registrations.taskId, 7)))
      .orderBy(sql`${ready} desc`)
      .limit(PHARMACY_BOARD_CALLS),
  ]);
  return {
    date: today,
    clinics: clinicRows.map((clinic) => {
      const serving = servingRows.find((row) => row.clinicId === clinic.id);
      return {
        clinic,
        serving: serving?.queueNumber ?? null,
        calledAt: serving?.calledAt ? new Date(serving.calledAt).toISOString() : null,
        doctor: serving?.doctor ?? null,
        waiting: waitingRows.find((row) => row.clinicId === clinic.id)?.n ?? 0,
      };
    }),
    counters,
    pharmacy: pharmacyRows.flatMap((row) =>
      row.pharmacyNumber !== null && row.calledAt
        ? [
            {
              number: row.number,
              pharmacyNumber: row.pharmacyNumber,
              calledAt: new Date(row.calledAt).toISOString(),
            },
          ]
        : [],
    ),
  };
}
