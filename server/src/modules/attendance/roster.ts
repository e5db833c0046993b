import {
  type DutyRole,
  dutyRoles,
  type RosterEligible,
  type RosterEntry,
  type RosterInput,
  type RosterNow,
  type RosterShift,
  rosterShiftHours,
  rosterShifts,
} from '@portal/contract';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { single } from '../../db/rows.js';
import { rosterEntries } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { addDays, localMoment, localToday } from '../../lib/dates.js';
import { getDuty } from '../duty/service.js';
import { listStaff, staffNames } from '../staff/service.js';

const postNames: Record<DutyRole, string> = { piket: 'Petugas Piket', cs: 'Customer Service' };

const clock = (time: string) => time.split(':').map(Number) as [number, number];

/** When a rostered shift runs: the night shift (malam) ends on the next calendar day. */
export function shiftWindow(date: string, shift: RosterShift): { start: Date; end: Date } {
  const [startHour, startMinute] = clock(rosterShiftHours[shift].start);
  const [endHour, endMinute] = clock(rosterShiftHours[shift].end);
  const overnight = endHour * 60 + endMinute <= startHour * 60 + startMinute;
  return {
    start: localMoment(date, startHour, startMinute),
    end: localMoment(overnight ? addDays(date, 1) : date, endHour, endMinute),
  };
}

/** The roster shift running at `now`; between midnight and 07:00 that is the previous date's night shift. */
export function currentShift(now: Date): { date: string; shift: RosterShift } {
  const today = localToday(now);
  for (const date of [today, addDays(today, -1)]) {
    for (const shift of rosterShifts) {
      const { start, end } = shiftWindow(date, shift);
      if (start <= now && now < end) return { date, shift };
    }
  }
  throw new Error(`no roster shift covers ${now.toISOString()}`);
}

const shiftOrder = (shift: RosterShift) => rosterShifts.indexOf(shift);
const roleOrder = (role: DutyRole) => dutyRoles.indexOf(role);

type RosterRow = Omit<RosterEntry, 'staff'> & { staffId: number };

const rosterColumns = {
  id: rosterEntries.id,
  date: rosterEntries.date,
  shift: rosterEntries.shift,
  role: rosterEntries.role,
  staffId: rosterEntries.staffId,
};

async function withNames(db: Database | Transaction, rows: RosterRow[]): Promise<RosterEntry[]> {
  const names = await staffNames(
    db,
    rows.map((row) => row.staffId),
  );
  return rows
    .map(({ staffId, ...row }) => ({ ...row, staff: { id: staffId, name: names.get(staffId) ?? '' } }))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        shiftOrder(a.shift) - shiftOrder(b.shift) ||
        roleOrder(a.role) - roleOrder(b.role),
    );
}

/** Roster entries (raw) of a date range, for the attendance recap. */
export async function rosterRows(db: Database, from: string, to: string): Promise<RosterRow[]> {
  return db
    .select(rosterColumns)
    .from(rosterEntries)
    .where(and(gte(rosterEntries.date, from), lte(rosterEntries.date, to)));
}

export async function listRoster(db: Database, from: string, to: string): Promise<RosterEntry[]> {
  return withNames(db, await rosterRows(db, from, to));
}

/** Active staff who hold the post's role, by name: whom an admin may put on the roster. */
export async function eligibleStaff(db: Database): Promise<RosterEligible> {
  const active = (await listStaff(db)).filter((member) => member.active);
  const holding = (role: DutyRole) =>
    active.filter((member) => member.roles.includes(role)).map(({ id, name }) => ({ id, name }));
  return { piket: holding('piket'), cs: holding('cs') };
}

function notEligible(message: string): AppError {
  return new AppError(400, 'VALIDATION_ERROR', message, { fields: { staffId: message } });
}

async function checkEligible(db: Database, staffId: number, role: DutyRole): Promise<void> {
  const member = (await listStaff(db)).find((candidate) => candidate.id === staffId);
  if (!member) throw notEligible('Petugas tidak ditemukan.');
  if (!member.active) throw notEligible(`${member.name} tidak aktif.`);
  if (!member.roles.includes(role)) {
    throw notEligible(`${member.name} tidak berperan sebagai ${postNames[role]}.`);
  }
}

/**
 * Puts a person on a post for a date and shift, replacing whoever was planned there: the unique
 * (date, shift, role) makes the upsert the one place that decides, also when two admins save at once.
 */
export async function setRosterEntry(db: Database, actor: Actor, input: RosterInput): Promise<RosterEntry> {
  await checkEligible(db, input.staffId, input.role);
  return db.transaction(async (tx) => {
    const post = and(
      eq(rosterEntries.date, input.date),
      eq(rosterEntries.shift, input.shift),
      eq(rosterEntries.role, input.role),
    );
    const [previous] = await tx
      .select({ staffId: rosterEntries.staffId })
      .from(rosterEntries)
      .where(post)
      .for('update');
    const saved = single(
      await tx
        .insert(rosterEntries)
        .values({ ...input, createdBy: actor.staffId })
        .onConflictDoUpdate({
          target: [rosterEntries.date, rosterEntries.shift, rosterEntries.role],
          set: { staffId: input.staffId, createdBy: actor.staffId, createdAt: sql`now()` },
        })
        .returning(rosterColumns),
    );
    await audit(
      tx,
      actor,
      'roster.set',
      { type: 'roster_entry', id: saved.id },
      { ...input, previousStaffId: previous?.staffId ?? null },
    );
    const [entry] = await withNames(tx, [saved]);
    return entry as RosterEntry;
  });
}

export async function removeRosterEntry(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = single(
      await tx.delete(rosterEntries).where(eq(rosterEntries.id, id)).returning(rosterColumns),
      () => notFound('Jadwal piket tidak ditemukan.'),
    );
    const { date, shift, role, staffId } = removed;
    await audit(tx, actor, 'roster.remove', { type: 'roster_entry', id }, { date, shift, role, staffId });
  });
}

/** Who is planned for the shift running at `now`, next to who actually holds each post. */
export async function rosterNow(db: Database, now = new Date()): Promise<RosterNow> {
  const { date, shift } = currentShift(now);
  const [entries, duty] = await Promise.all([
    db
      .select(rosterColumns)
      .from(rosterEntries)
      .where(and(eq(rosterEntries.date, date), eq(rosterEntries.shift, shift))),
    getDuty(db),
  ]);
  const named = await withNames(db, entries);
  return {
    date,
    shift,
    posts: dutyRoles.map((role) => {
      const scheduled = named.find((entry) => entry.role === role)?.staff ?? null;
      const active = duty[role];
      return { role, scheduled, active, differs: scheduled !== null && active?.id !== scheduled.id };
    }),
  };
}
