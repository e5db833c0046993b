import { asc, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import type { Database, DatabaseHandle } from '../client.js';
import {
  admissions,
  ambulanceTariffs,
  attendance,
  clinics,
  closedDates,
  complaintResponses,
  complaints,
  doctorSchedules,
  doctors,
  dutyPosts,
  operations,
  orderEvents,
  orders,
  outpatientVisits,
  patients,
  referenceCodes,
  rooms,
  rosterEntries,
  staff,
  surveyInvitations,
  tariffBooks,
  tariffItems,
} from '../schema/index.js';
import { addDays, localToday } from '../../lib/dates.js';
import { type SeedSummary, seedDemo } from './demo.js';
import { generatePatients } from './patients.js';

const tables = {
  clinics,
  doctors,
  doctor_schedules: doctorSchedules,
  closed_dates: closedDates,
  rooms,
  ambulance_tariffs: ambulanceTariffs,
  tariff_books: tariffBooks,
  tariff_items: tariffItems,
  staff,
  duty_posts: dutyPosts,
  attendance,
  roster_entries: rosterEntries,
  reference_codes: referenceCodes,
  patients,
  outpatient_visits: outpatientVisits,
  admissions,
  orders,
  order_events: orderEvents,
  complaints,
  complaint_responses: complaintResponses,
  survey_invitations: surveyInvitations,
  operations,
};

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function patientRows(db: Database) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...columns } = getTableColumns(patients);
  return db.select(columns).from(patients).orderBy(asc(patients.mrn));
}

let database: DatabaseHandle;
let db: Database;
let firstRun: SeedSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  firstRun = await seedDemo(db);
});
afterAll(() => database.close());

describe('demo seed (database-backed)', () => {
  it('fills every table the portal shows with at least the promised amount', async () => {
    const counts = await rowCounts(db);
    expect(firstRun).toEqual(counts);
    expect(counts.clinics).toBeGreaterThanOrEqual(6);
    expect(counts.doctors).toBeGreaterThanOrEqual(15);
    expect(counts.rooms).toBeGreaterThanOrEqual(10);
    expect(counts.ambulance_tariffs).toBeGreaterThanOrEqual(6);
    expect(counts.staff).toBeGreaterThanOrEqual(10);
    expect(counts.patients).toBe(300);
    expect(counts.outpatient_visits).toBeGreaterThanOrEqual(600);
    expect(counts.admissions).toBeGreaterThan(0);

    const books = await db
      .select({ code: tariffBooks.code, name: tariffBooks.name, items: count(tariffItems.id) })
      .from(tariffBooks)
      .leftJoin(tariffItems, eq(tariffItems.bookId, tariffBooks.id))
      .groupBy(tariffBooks.id)
      .orderBy(asc(tariffBooks.code));
    expect(books.map((b) => [b.code, b.name])).toEqual([
      ['RI', 'Tarif Rawat Inap'],
      ['RJ', 'Tarif Rawat Jalan'],
    ]);
    for (const book of books) expect(book.items).toBeGreaterThanOrEqual(12);
  });

  it('gives at least five clinics sessions on every working day, Monday to Saturday', async () => {
    const perDay = await db
      .select({
        weekday: doctorSchedules.weekday,
        clinics: sql<number>`count(distinct ${doctorSchedules.clinicId})::int`,
      })
      .from(doctorSchedules)
      .groupBy(doctorSchedules.weekday)
      .orderBy(asc(doctorSchedules.weekday));
    expect(perDay.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const day of perDay) expect(day.clinics, `weekday ${day.weekday}`).toBeGreaterThanOrEqual(5);
  });

  it('adds nothing when run again, also on a later day', async () => {
    const before = await rowCounts(db);
    const again = await seedDemo(db);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(Object.keys(again)).toEqual(Object.keys(firstRun));

    const nextMonth = await seedDemo(db, { today: addDays(localToday(), 30) });
    expect(Object.values(nextMonth).every((n) => n === 0)).toBe(true);
    expect(await rowCounts(db)).toEqual(before);
  });

  it('never puts more current patients in a room than it has beds, and leaves some rooms free', async () => {
    const occupancy = await db
      .select({ code: rooms.code, capacity: rooms.capacity, current: count(admissions.id) })
      .from(rooms)
      .leftJoin(admissions, sql`${admissions.roomId} = ${rooms.id} and ${admissions.dischargedAt} is null`)
      .groupBy(rooms.id);
    for (const room of occupancy) expect(room.current, room.code).toBeLessThanOrEqual(room.capacity);
    expect(occupancy.some((r) => r.current === r.capacity)).toBe(true);
    expect(occupancy.some((r) => r.current < r.capacity)).toBe(true);
  });

  it('lies each current patient in a bed of the room, one to a bed, under a DPJP; a discharge has its reason', async () => {
    const current = await db
      .select({ room: rooms.code, capacity: rooms.capacity, bed: admissions.bed, dpjp: admissions.dpjpId })
      .from(admissions)
      .innerJoin(rooms, eq(rooms.id, admissions.roomId))
      .where(isNull(admissions.dischargedAt));
    expect(current.length).toBeGreaterThan(0);
    for (const stay of current) {
      expect(stay.bed, stay.room).not.toBeNull();
      expect(stay.bed ?? 0, stay.room).toBeGreaterThanOrEqual(1);
      expect(stay.bed ?? 0, stay.room).toBeLessThanOrEqual(stay.capacity);
      expect(stay.dpjp, stay.room).not.toBeNull();
    }
    expect(new Set(current.map((s) => `${s.room}/${s.bed}`)).size).toBe(current.length);
    const discharged = await db
      .select({ reason: admissions.dischargeReason })
      .from(admissions)
      .where(sql`${admissions.dischargedAt} is not null`);
    expect(discharged.length).toBeGreaterThan(0);
    expect(discharged.filter((s) => s.reason === null)).toEqual([]);
  });

  it('keeps single-sex rooms single-sex and each patient in at most one bed', async () => {
    const mixed = await db
      .select({ room: rooms.code, patient: patients.mrn })
      .from(admissions)
      .innerJoin(rooms, eq(rooms.id, admissions.roomId))
      .innerJoin(patients, eq(patients.id, admissions.patientId))
      .where(sql`${rooms.sex} is not null and ${rooms.sex} <> ${patients.sex}`);
    expect(mixed).toEqual([]);
    expect(
      (await db.select({ sex: rooms.sex }).from(rooms)).filter((r) => r.sex !== null).length,
    ).toBeGreaterThan(0);

    const current = await db
      .select({ patientId: admissions.patientId })
      .from(admissions)
      .where(isNull(admissions.dischargedAt));
    expect(new Set(current.map((a) => a.patientId)).size).toBe(current.length);
  });

  it('gives every patient a unique 16-digit NIK that encodes the birth date and sex', async () => {
    const rows = await patientRows(db);
    expect(new Set(rows.map((p) => p.nik)).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.mrn).toMatch(/^\d{6}$/);
      expect(p.nik).toMatch(/^\d{16}$/);
      // Every demo patient has a birth date (only the legacy import leaves one empty).
      const birthDate = p.birthDate ?? '';
      const day = Number(birthDate.slice(8, 10)) + (p.sex === 'P' ? 40 : 0);
      const expected = `${String(day).padStart(2, '0')}${birthDate.slice(5, 7)}${birthDate.slice(2, 4)}`;
      expect(p.nik?.slice(6, 12)).toBe(expected);
    }
  });

  it('returns birth dates as the same YYYY-MM-DD strings it stored, whatever the time zone', async () => {
    const stored = new Map(generatePatients(300).map((p) => [p.mrn, p.birthDate]));
    const rows = await patientRows(db);
    expect(rows.map((p) => [p.mrn, p.birthDate])).toEqual(rows.map((p) => [p.mrn, stored.get(p.mrn)]));
    expect(rows.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.birthDate ?? ''))).toBe(true);
  });

  it("names a married woman's husband and a married man's wife, and codes each group, unit and rank one way", async () => {
    const rows = await patientRows(db);
    const married = rows.filter((p) => p.maritalStatus === 'Kawin');
    expect(married.length).toBeGreaterThan(0);
    for (const p of married) {
      expect(p.sex === 'P' ? p.husbandName : p.wifeName, p.mrn).toBeTruthy();
      expect(p.sex === 'P' ? p.wifeName : p.husbandName, p.mrn).toBeNull();
    }
    for (const p of rows.filter((r) => r.maritalStatus !== 'Kawin')) {
      expect([p.husbandName, p.wifeName], p.mrn).toEqual([null, null]);
    }
    const pairs = [
      ['patientGroup', 'patientGroupCode'],
      ['unit', 'unitCode'],
      ['rank', 'rankCode'],
      ['company', 'companyCode'],
    ] as const;
    for (const [text, code] of pairs) {
      const codeOf = new Map<string, string | null>();
      for (const p of rows) {
        if (p[text] === null) {
          expect(p[code], `${p.mrn} ${code}`).toBeNull();
          continue;
        }
        expect(p[code], `${p.mrn} ${code}`).not.toBeNull();
        if (codeOf.has(p[text])) expect(p[code], `${p.mrn} ${text}`).toBe(codeOf.get(p[text]));
        codeOf.set(p[text], p[code]);
      }
      // Different texts never share a code.
      const codes = [...codeOf.values()];
      expect(new Set(codes).size, code).toBe(codes.length);
    }
    // Every code is in its reference list, under the text the patient carries: the form offers them.
    const lists = await db.select().from(referenceCodes);
    const listed = new Map(lists.map((entry) => [`${entry.kind} ${entry.code}`, entry.name]));
    const kinds = { patientGroup: 'patient_group', unit: 'unit', rank: 'rank', company: 'company' } as const;
    for (const p of rows) {
      for (const [text, code] of pairs) {
        if (p[code] !== null) expect(listed.get(`${kinds[text]} ${p[code]}`), p.mrn).toBe(p[text]);
      }
    }
  });

  it('has enough staff to hand over duty and customer service', async () => {
    const rows = await db.select().from(staff);
    const withRole = (role: string) => rows.filter((s) => s.roles.includes(role)).length;
    expect(withRole('piket')).toBeGreaterThanOrEqual(4);
    expect(withRole('cs')).toBeGreaterThanOrEqual(4);
    expect(withRole('admin')).toBeGreaterThanOrEqual(1);
    for (const s of rows) expect(s.phone).toMatch(/^08\d{8,11}$/);
  });

  it('gives demo staff logins stored only as argon2id hashes, and fills both posts', async () => {
    const rows = await db.select().from(staff);
    for (const s of rows) {
      expect(s.username).toMatch(/^[a-z]+$/);
      expect(s.passwordHash).toMatch(/^\$argon2id\$/);
      expect(s.passwordHash).not.toContain(`rahasia-${s.username}`);
    }
    const posts = await db
      .select({ role: dutyPosts.role, username: staff.username })
      .from(dutyPosts)
      .innerJoin(staff, eq(staff.id, dutyPosts.staffId))
      .orderBy(asc(dutyPosts.role));
    expect(posts).toEqual([
      { role: 'cs', username: 'nurul' },
      { role: 'piket', username: 'hendra' },
    ]);
  });

  it('has both post holders at work since a shift began, and opens no shift again once it is closed', async () => {
    const shifts = await db
      .select({ id: attendance.id, username: staff.username, clockIn: attendance.clockIn })
      .from(attendance)
      .innerJoin(staff, eq(staff.id, attendance.staffId))
      .where(isNull(attendance.clockOut))
      .orderBy(asc(staff.username));
    expect(shifts.map((s) => s.username)).toEqual(['hendra', 'nurul']);
    const [shift] = shifts;
    if (!shift) throw new Error('no open shift');
    expect(shifts[1]?.clockIn).toEqual(shift.clockIn);
    // A roster shift's start (07.00, 14.00, 21.00), an hour ago or more, and the latest such.
    expect(['07:00', '14:00', '21:00']).toContain(
      `${String(shift.clockIn.getHours()).padStart(2, '0')}:${String(shift.clockIn.getMinutes()).padStart(2, '0')}`,
    );
    const hoursAgo = (Date.now() - shift.clockIn.getTime()) / 3_600_000;
    expect(hoursAgo).toBeGreaterThanOrEqual(1);
    expect(hoursAgo).toBeLessThan(11);

    await db.update(attendance).set({ clockOut: new Date() }).where(isNull(attendance.clockOut));
    expect((await seedDemo(db)).attendance).toBe(0);
    expect(await db.select().from(attendance).where(isNull(attendance.clockOut))).toEqual([]);
  });

  it('rosters both posts for two weeks from the shift the post holders are at work in, each in turn, once', async () => {
    const entries = await db
      .select({
        date: rosterEntries.date,
        shift: rosterEntries.shift,
        role: rosterEntries.role,
        username: staff.username,
      })
      .from(rosterEntries)
      .innerJoin(staff, eq(staff.id, rosterEntries.staffId));
    const order = ['pagi', 'siang', 'malam'];
    const slotOf = (e: { date: string; shift: string }) => `${e.date} ${order.indexOf(e.shift)}`;
    const slots = [...new Set(entries.map(slotOf))].sort();
    // The first slot is the post holders' shift; every slot after it to the fourteenth day has both posts.
    const first = entries.filter((e) => slotOf(e) === slots[0]);
    expect(first.map((e) => [e.role, e.username]).sort()).toEqual([
      ['cs', 'nurul'],
      ['piket', 'hendra'],
    ]);
    expect(entries).toHaveLength(2 * slots.length);
    expect(slots.length).toBeGreaterThan(39);
    expect(slots.length).toBeLessThanOrEqual(42);
    const second = entries.filter((e) => slotOf(e) === slots[1]);
    expect(second.map((e) => [e.role, e.username]).sort()).toEqual([
      ['cs', 'dewi'],
      ['piket', 'ridwan'],
    ]);
    // A run again leaves the roster as it is.
    expect((await seedDemo(db)).roster_entries).toBe(0);
  });

  it('records visits of the last 18 months with a doctor of the visited clinic', async () => {
    const rows = await db
      .select({
        visitDate: outpatientVisits.visitDate,
        cancelled: outpatientVisits.cancelled,
        vaccination: outpatientVisits.vaccination,
        visitClinic: outpatientVisits.clinicId,
        doctorClinic: doctors.clinicId,
      })
      .from(outpatientVisits)
      .innerJoin(doctors, eq(doctors.id, outpatientVisits.doctorId));
    const today = localToday();
    const earliest = addDays(today, -550);
    for (const v of rows) {
      expect(v.doctorClinic).toBe(v.visitClinic);
      expect(v.visitDate >= earliest && v.visitDate <= today).toBe(true);
    }
    const cancelled = rows.filter((v) => v.cancelled).length / rows.length;
    expect(cancelled).toBeGreaterThan(0.01);
    expect(cancelled).toBeLessThan(0.06);
    expect(rows.some((v) => v.vaccination > 0)).toBe(true);
  });

  it('fills the orders and complaints desks with requests in every state, their timelines consistent', async () => {
    const orderRows = await db.select().from(orders).orderBy(asc(orders.id));
    expect(new Set(orderRows.map((o) => o.status))).toEqual(
      new Set(['NEW', 'CONFIRMED', 'ON_THE_WAY', 'DONE', 'CANCELLED']),
    );
    expect(new Set(orderRows.map((o) => o.kind))).toEqual(new Set(['ambulance', 'hearse']));
    const now = Date.now();
    for (const order of orderRows) {
      expect(order.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      expect(order.createdAt.getTime()).toBeLessThan(now);
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.id));
      expect(events[0]?.status, order.code).toBe('NEW');
      expect(events.at(-1)?.status, order.code).toBe(order.status);
      for (const e of events) expect(e.at.getTime()).toBeLessThan(now);
    }
    const complaintRows = await db.select().from(complaints);
    expect(new Set(complaintRows.map((c) => c.status))).toEqual(
      new Set(['RECEIVED', 'IN_PROGRESS', 'RESOLVED']),
    );
    const answered = await db.selectDistinct({ id: complaintResponses.complaintId }).from(complaintResponses);
    expect(answered.length).toBeGreaterThan(0);
    for (const c of complaintRows) expect(c.createdAt.getTime()).toBeLessThan(now);
  });

  it('surveys the completed orders and resolved complaints, one survey still open for trying the form', async () => {
    const rows = await db
      .select({
        token: surveyInvitations.token,
        unit: surveyInvitations.unit,
        submittedAt: surveyInvitations.submittedAt,
        orderStatus: orders.status,
        complaintStatus: complaints.status,
      })
      .from(surveyInvitations)
      .leftJoin(orders, eq(orders.id, surveyInvitations.orderId))
      .leftJoin(complaints, eq(complaints.id, surveyInvitations.complaintId));
    expect(rows.map((row) => row.unit).sort()).toEqual([
      'ambulance',
      'ambulance',
      'complaints',
      'complaints',
    ]);
    for (const row of rows) expect(row.orderStatus ?? row.complaintStatus).toMatch(/^(DONE|RESOLVED)$/);
    expect(rows.filter((row) => row.submittedAt === null).map((row) => row.token)).toEqual([
      'DEMQ7SKM2AMBK4PX9RTW',
    ]);
  });

  it('plans the operating theatre from yesterday on: each day numbered 1..n, yesterday done, today waiting', async () => {
    const rows = await db
      .select({
        date: operations.date,
        queueOrder: operations.queueOrder,
        procedure: operations.procedure,
        surgeonId: operations.surgeonId,
        status: operations.status,
        cancelled: operations.cancelled,
        cancelReason: operations.cancelReason,
        startedAt: operations.startedAt,
        finishedAt: operations.finishedAt,
        sex: patients.sex,
      })
      .from(operations)
      .innerJoin(patients, eq(patients.id, operations.patientId))
      .orderBy(asc(operations.date), asc(operations.queueOrder));
    const today = localToday();
    const days = new Map<string, typeof rows>();
    for (const row of rows) days.set(row.date, [...(days.get(row.date) ?? []), row]);
    expect([...days.keys()]).toEqual([-1, 0, 1, 2].map((d) => addDays(today, d)));
    for (const [date, list] of days) {
      expect(
        list.map((o) => o.queueOrder),
        date,
      ).toEqual(list.map((_, i) => i + 1));
    }
    expect(days.get(today)?.filter((o) => !o.cancelled).length).toBeGreaterThanOrEqual(5);
    expect(days.get(today)?.every((o) => o.status === 'Menunggu' && o.startedAt === null)).toBe(true);

    const now = Date.now();
    for (const o of rows) {
      expect(o.surgeonId, o.procedure).not.toBeNull();
      if (o.cancelled) expect(o.cancelReason).toBeTruthy();
      if (o.status === 'Selesai') {
        expect(o.startedAt!.getTime()).toBeLessThan(o.finishedAt!.getTime());
        expect(o.finishedAt!.getTime()).toBeLessThan(now);
      } else {
        expect(o.finishedAt).toBeNull();
      }
      if (o.procedure === 'Sectio Caesarea') expect(o.sex).toBe('P');
    }
    expect(rows.some((o) => o.status === 'Selesai')).toBe(true);
    expect(rows.some((o) => o.cancelled)).toBe(true);
  });

  it('refuses, and writes nothing, when a real patient already holds a demo medical record number', async () => {
    const other = await createTestDatabase();
    try {
      await other.db.insert(patients).values({
        mrn: '000001',
        nik: '7371010101800001',
        name: 'Pasien Asli',
        sex: 'L',
        birthDate: '1980-01-01',
      });
      await expect(seedDemo(other.db)).rejects.toThrow(/000001.*bukan pasien demo/);
      const counts = await rowCounts(other.db);
      expect(counts.clinics).toBe(0);
      expect(counts.patients).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('produces the same patients in every fresh database', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemo(other.db);
      expect(await patientRows(other.db)).toEqual(await patientRows(db));
    } finally {
      await other.close();
    }
  });
});
