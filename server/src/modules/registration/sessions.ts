import {
  type AdminSchedule,
  type ClinicSchedule,
  type Payer,
  type PublicDoctorSchedules,
  QUOTA_FULL_GENERAL,
  QUOTA_FULL_JKN,
  type ScheduleInput,
} from '@portal/contract';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { queueSessions } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { Actor } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { updateSchedule } from '../clinics/admin.js';
import { type BookingWindow, daySchedules, timetable } from '../clinics/booking-window.js';

// A session is one doctor's schedule on one date, opened by its first booking: it keeps the quotas of
// that day and the places taken.

const used = (payer: Payer) => (payer === 'JKN' ? queueSessions.usedJkn : queueSessions.usedNonJkn);
const quota = (payer: Payer) => (payer === 'JKN' ? queueSessions.quotaJkn : queueSessions.quotaNonJkn);

/** A place taken: its session and sequence, and the session's counters after it. */
export interface Place {
  sessionId: number;
  seq: number;
  quotaJkn: number;
  usedJkn: number;
  quotaNonJkn: number;
  usedNonJkn: number;
}

const placeColumns = {
  sessionId: queueSessions.id,
  seq: queueSessions.lastSeq,
  quotaJkn: queueSessions.quotaJkn,
  usedJkn: queueSessions.usedJkn,
  quotaNonJkn: queueSessions.quotaNonJkn,
  usedNonJkn: queueSessions.usedNonJkn,
};

/** A schedule's places a day, by payer. */
type Quotas = { quotaJkn: number; quotaNonJkn: number };

/** Whether the schedule has places for `payer`: then a first booking opens the session. */
export const opensWithPlace = (schedule: Quotas, payer: Payer) =>
  (payer === 'JKN' ? schedule.quotaJkn : schedule.quotaNonJkn) > 0;

/**
 * The statement that takes one place of `payer`'s quota in a schedule's session on a date and the next queue
 * sequence, answering the `Place` columns (none when the quota is full): the first booking opens the session
 * with place 1 (when `opens`, see opensWithPlace), each next one is a conditional update of its row
 * (`used < quota`). Concurrent bookings wait for the row lock and re-check the quota, so it is never oversold
 * and the sequence never skips, whatever the number of server processes. The lock is held until the
 * transaction ends; a rollback gives the place back. The booking engine runs it as the first part of the one
 * prepared statement that writes the booking: its values are the placeholders of `placeValues`.
 */
export function placeStatement(tx: Database | Transaction, payer: Payer, opens: boolean) {
  const counter = payer === 'JKN' ? 'usedJkn' : 'usedNonJkn';
  const column = used(payer);
  const next = { [counter]: sql`${column} + 1`, lastSeq: sql`${queueSessions.lastSeq} + 1` };
  const scheduleId = sql.placeholder('schedule_id');
  const date = sql.placeholder('date');
  return opens
    ? tx
        .insert(queueSessions)
        .values({
          scheduleId,
          date,
          quotaJkn: sql.placeholder('quota_jkn'),
          quotaNonJkn: sql.placeholder('quota_non_jkn'),
          [counter]: 1,
          lastSeq: 1,
        })
        .onConflictDoUpdate({
          target: [queueSessions.scheduleId, queueSessions.date],
          set: next,
          setWhere: lt(column, quota(payer)),
        })
        .returning(placeColumns)
    : // Without places in the schedule, only a session opened before its quota was cut may have some.
      tx
        .update(queueSessions)
        .set(next)
        .where(
          and(
            eq(queueSessions.scheduleId, scheduleId),
            eq(queueSessions.date, date),
            lt(column, quota(payer)),
          ),
        )
        .returning(placeColumns);
}

/** The values of `placeStatement`: the schedule's session on `date`, opened with the schedule's quotas. */
export const placeValues = (schedule: Quotas & { id: number }, date: string) => ({
  schedule_id: schedule.id,
  date,
  quota_jkn: schedule.quotaJkn,
  quota_non_jkn: schedule.quotaNonJkn,
});

export const quotaFull = (payer: Payer) =>
  conflict('QUOTA_FULL', payer === 'JKN' ? QUOTA_FULL_JKN : QUOTA_FULL_GENERAL);

/** Gives a cancelled booking's place back to its quota (its sequence number stays used). */
export async function freePlace(tx: Transaction, sessionId: number, payer: Payer): Promise<void> {
  const column = used(payer);
  await tx
    .update(queueSessions)
    .set({ [payer === 'JKN' ? 'usedJkn' : 'usedNonJkn']: sql`${column} - 1` })
    .where(eq(queueSessions.id, sessionId));
}

/** The doctor sessions of a clinic on a date, with what is left of each quota. */
export async function clinicSchedules(
  db: Database,
  clinicId: number,
  date: string,
  window: BookingWindow,
): Promise<ClinicSchedule[]> {
  const schedules = await daySchedules(db, clinicId, date, window);
  if (schedules.length === 0) return [];
  const opened = await db
    .select({
      scheduleId: queueSessions.scheduleId,
      quotaJkn: queueSessions.quotaJkn,
      usedJkn: queueSessions.usedJkn,
      quotaNonJkn: queueSessions.quotaNonJkn,
      usedNonJkn: queueSessions.usedNonJkn,
    })
    .from(queueSessions)
    .where(
      and(
        eq(queueSessions.date, date),
        inArray(
          queueSessions.scheduleId,
          schedules.map((s) => s.id),
        ),
      ),
    );
  const sessionOf = new Map(opened.map((session) => [session.scheduleId, session]));
  return schedules.map((schedule) => {
    const session = sessionOf.get(schedule.id);
    const quotaJkn = session?.quotaJkn ?? schedule.quotaJkn;
    const quotaNonJkn = session?.quotaNonJkn ?? schedule.quotaNonJkn;
    return {
      ...schedule,
      quotaJkn,
      remainingJkn: Math.max(0, quotaJkn - (session?.usedJkn ?? 0)),
      quotaNonJkn,
      remainingNonJkn: Math.max(0, quotaNonJkn - (session?.usedNonJkn ?? 0)),
    };
  });
}

/**
 * The public doctor timetable: the clinics' weekly schedules and days off, with each doctor's sessions of
 * today and the places left in them per payer.
 */
export async function publicDoctorSchedules(
  db: Database,
  window: BookingWindow,
): Promise<PublicDoctorSchedules> {
  const week = await timetable(db, window);
  const clinics = await Promise.all(
    week.clinics.map(async ({ clinic, closed, doctors }) => {
      const today = doctors.length === 0 ? [] : await clinicSchedules(db, clinic.id, week.date, window);
      return {
        clinic,
        closed,
        doctors: doctors.map((entry) => ({
          ...entry,
          today: today
            .filter((session) => session.doctor.id === entry.doctor.id)
            .map(({ start, end, quotaJkn, remainingJkn, quotaNonJkn, remainingNonJkn, bookable }) => ({
              start,
              end,
              quotaJkn,
              remainingJkn,
              quotaNonJkn,
              remainingNonJkn,
              bookable,
            })),
        })),
      };
    }),
  );
  return { date: week.date, to: week.to, clinics };
}

/**
 * Changes a weekly schedule. New quotas also apply to the sessions already opened from today on, never
 * below the places already taken.
 */
export async function changeSchedule(
  db: Database,
  actor: Actor,
  id: number,
  input: ScheduleInput,
): Promise<AdminSchedule> {
  return db.transaction(async (tx) => {
    const schedule = await updateSchedule(tx, actor, id, input);
    await tx
      .update(queueSessions)
      .set({
        quotaJkn: sql`greatest(${input.quotaJkn}, ${queueSessions.usedJkn})`,
        quotaNonJkn: sql`greatest(${input.quotaNonJkn}, ${queueSessions.usedNonJkn})`,
      })
      .where(and(eq(queueSessions.scheduleId, id), gte(queueSessions.date, localToday())));
    return schedule;
  });
}
