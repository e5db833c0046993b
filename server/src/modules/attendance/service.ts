import {
  ALREADY_CLOCKED_IN,
  ATTENDANCE_GRACE_MINUTES,
  ATTENDANCE_LONG_SHIFT_HOURS,
  type AttendanceRecap,
  type AttendanceRecapRow,
  type AttendanceShift,
  JUST_CLOCKED_IN,
  type MyAttendance,
  NOT_CLOCKED_IN,
  type RosterShift,
  type TodayAttendance,
} from '@portal/contract';
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { attendance } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { localDayStart, localToday, monthBounds } from '../../lib/dates.js';
import { listStaff, staffNames } from '../staff/service.js';
import { rosterRows, shiftWindow } from './roster.js';

const minuteMs = 60_000;
const longShiftMs = ATTENDANCE_LONG_SHIFT_HOURS * 3_600_000;
const graceMs = ATTENDANCE_GRACE_MINUTES * minuteMs;

const shiftColumns = {
  id: attendance.id,
  staffId: attendance.staffId,
  clockIn: attendance.clockIn,
  clockOut: attendance.clockOut,
};

interface ShiftRow {
  id: number;
  staffId: number;
  clockIn: Date;
  clockOut: Date | null;
}

const wholeMinutes = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / minuteMs);

function tooLong(row: ShiftRow, now: Date): boolean {
  return (row.clockOut ?? now).getTime() - row.clockIn.getTime() > longShiftMs;
}

function toShift(row: ShiftRow, now: Date): AttendanceShift {
  return {
    id: row.id,
    clockIn: row.clockIn.toISOString(),
    clockOut: row.clockOut?.toISOString() ?? null,
    minutes: row.clockOut ? wholeMinutes(row.clockIn, row.clockOut) : null,
    tooLong: tooLong(row, now),
  };
}

/** Minutes that count: closed shifts that are not too long. */
function countedMinutes(rows: readonly ShiftRow[], now: Date): number {
  return rows.reduce(
    (sum, row) => (row.clockOut && !tooLong(row, now) ? sum + wholeMinutes(row.clockIn, row.clockOut) : sum),
    0,
  );
}

const currentMonth = (now: Date) => localToday(now).slice(0, 7);

/**
 * Opens a shift at the database's clock. The partial unique index on open shifts decides, so a double
 * click or two devices at once leave exactly one open shift; the other attempt is a 409.
 */
export async function clockIn(db: Database, actor: Actor): Promise<AttendanceShift> {
  try {
    return await db.transaction(async (tx) => {
      const row = single(
        await tx
          .insert(attendance)
          .values({ staffId: actor.staffId, address: actor.address })
          .returning(shiftColumns),
      );
      await audit(tx, actor, 'attendance.clock_in', { type: 'attendance', id: row.id });
      return toShift(row, row.clockIn);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'attendance_one_open_shift')) {
      throw conflict('ALREADY_CLOCKED_IN', ALREADY_CLOCKED_IN);
    }
    throw err;
  }
}

/**
 * Closes the open shift at the database's clock; a shift of any length can be closed (see tooLong), except
 * within a minute of its clock-in: that is the second click of a double click on the button that has just
 * turned from clock-in into clock-out, not the end of a shift.
 */
export async function clockOut(db: Database, actor: Actor): Promise<AttendanceShift> {
  return db.transaction(async (tx) => {
    const row = single(
      await tx
        .update(attendance)
        .set({ clockOut: sql`now()` })
        .where(and(eq(attendance.staffId, actor.staffId), isNull(attendance.clockOut)))
        .returning(shiftColumns),
      () => conflict('NOT_CLOCKED_IN', NOT_CLOCKED_IN),
    );
    // Set by this very update.
    const clockOut = row.clockOut as Date;
    if (clockOut.getTime() - row.clockIn.getTime() < minuteMs) {
      throw conflict('JUST_CLOCKED_IN', JUST_CLOCKED_IN);
    }
    await audit(
      tx,
      actor,
      'attendance.clock_out',
      { type: 'attendance', id: row.id },
      { minutes: wholeMinutes(row.clockIn, clockOut) },
    );
    return toShift(row, clockOut);
  });
}

/** One person's open shift and the shifts of a month (default: this month). */
export async function myAttendance(
  db: Database,
  staffId: number,
  month?: string,
  now = new Date(),
): Promise<MyAttendance> {
  const chosen = month ?? currentMonth(now);
  const { from, to } = monthBounds(chosen);
  const rows = await db
    .select(shiftColumns)
    .from(attendance)
    .where(
      and(
        eq(attendance.staffId, staffId),
        or(isNull(attendance.clockOut), and(gte(attendance.clockIn, from), lt(attendance.clockIn, to))),
      ),
    )
    .orderBy(desc(attendance.clockIn));
  const open = rows.find((row) => row.clockOut === null);
  const inMonth = rows.filter((row) => row.clockIn >= from && row.clockIn < to);
  return {
    now: now.toISOString(),
    month: chosen,
    open: open ? toShift(open, now) : null,
    shifts: inMonth.map((row) => toShift(row, now)),
    totalMinutes: countedMinutes(inMonth, now),
  };
}

/** Shifts of anyone that overlap [from, to): clocked in before `to` and not closed before `from`. */
function overlapping(db: Database, from: Date, to: Date) {
  return db
    .select(shiftColumns)
    .from(attendance)
    .where(and(lt(attendance.clockIn, to), or(isNull(attendance.clockOut), gte(attendance.clockOut, from))))
    .orderBy(asc(attendance.clockIn));
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/**
 * The people a list covers: every active staff member, and anyone else who appears in its records (a
 * person deactivated since still shows with what they did), by name.
 */
async function people(db: Database, alsoIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  const active = (await listStaff(db)).filter((member) => member.active);
  const known = new Set(active.map((member) => member.id));
  const others = await staffNames(
    db,
    alsoIds.filter((id) => !known.has(id)),
  );
  return [
    ...active.map(({ id, name }) => ({ id, name })),
    ...[...others].map(([id, name]) => ({ id, name })),
  ].sort((a, b) => a.name.localeCompare(b.name, 'id') || a.id - b.id);
}

/** Today (the hospital's) for every active staff member: rostered posts, shifts, and who has not come. */
export async function todayAttendance(db: Database, now = new Date()): Promise<TodayAttendance> {
  const date = localToday(now);
  const [rows, roster] = await Promise.all([
    overlapping(db, localDayStart(date), localDayStart(date, 1)),
    rosterRows(db, date, date),
  ]);
  const shiftsOf = groupBy(rows, (row) => row.staffId);
  const rosterOf = groupBy(roster, (entry) => entry.staffId);
  const everyone = await people(db, [...rows.map((row) => row.staffId), ...roster.map((e) => e.staffId)]);
  return {
    date,
    staff: everyone.map((member) => {
      const shifts = shiftsOf.get(member.id) ?? [];
      return {
        staff: member,
        rostered: (rosterOf.get(member.id) ?? []).map(({ shift, role }) => ({ shift, role })),
        shifts: shifts.map((row) => toShift(row, now)),
        status: shifts.some((row) => row.clockOut === null) ? 'working' : shifts.length ? 'left' : 'absent',
      };
    }),
  };
}

/** At work at `at`: clocked in and not yet out. A too-long shift stops counting after its limit. */
function atWork(rows: readonly ShiftRow[], at: Date): boolean {
  const t = at.getTime();
  return rows.some((row) => {
    const start = row.clockIn.getTime();
    const end = Math.min(row.clockOut?.getTime() ?? Infinity, start + longShiftMs);
    return start <= t && t < end;
  });
}

/**
 * How one person kept the roster. A rostered shift counts once it has begun. On time: at work at the shift
 * start plus the grace; late: not, but clocked in later during the shift; missed: the shift ended with
 * neither.
 */
function keptRoster(
  rows: readonly ShiftRow[],
  posts: readonly { date: string; shift: RosterShift }[],
  now: Date,
) {
  const result = { rosteredShifts: 0, lateArrivals: 0, missedShifts: 0 };
  const seen = new Set<string>();
  for (const post of posts) {
    // Rostered on both posts in one shift is one shift to come to.
    const key = `${post.date} ${post.shift}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { start, end } = shiftWindow(post.date, post.shift);
    if (start > now) continue;
    result.rosteredShifts += 1;
    const deadline = new Date(start.getTime() + graceMs);
    if (atWork(rows, deadline)) continue;
    if (rows.some((row) => row.clockIn > deadline && row.clockIn < end)) result.lateArrivals += 1;
    else if (end <= now) result.missedShifts += 1;
  }
  return result;
}

/**
 * The month's recap per person: days present, minutes worked, and the roster kept. Shifts belong to the
 * month (and day) they were clocked in; the roster is checked against every shift around it, so a night
 * shift running into the next month is still seen.
 */
export async function attendanceRecap(
  db: Database,
  month: string,
  now = new Date(),
): Promise<AttendanceRecap> {
  const { firstDay, lastDay, from, to } = monthBounds(month);
  const [rows, roster] = await Promise.all([
    overlapping(db, localDayStart(firstDay, -1), localDayStart(lastDay, 2)),
    rosterRows(db, firstDay, lastDay),
  ]);
  const inMonth = rows.filter((row) => row.clockIn >= from && row.clockIn < to);
  const shiftsOf = groupBy(rows, (row) => row.staffId);
  const rosterOf = groupBy(roster, (entry) => entry.staffId);
  const everyone = await people(db, [...inMonth.map((row) => row.staffId), ...roster.map((e) => e.staffId)]);
  const recapRows: AttendanceRecapRow[] = everyone.map((member) => {
    const around = shiftsOf.get(member.id) ?? [];
    const own = around.filter((row) => row.clockIn >= from && row.clockIn < to);
    return {
      staff: member,
      daysPresent: new Set(own.map((row) => localToday(row.clockIn))).size,
      totalMinutes: countedMinutes(own, now),
      ...keptRoster(around, rosterOf.get(member.id) ?? [], now),
      longShifts: own.filter((row) => tooLong(row, now)).length,
    };
  });
  return { month, graceMinutes: ATTENDANCE_GRACE_MINUTES, rows: recapRows };
}
