import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, auditLog, rosterEntries, staff } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createStaffMember, type LoggedIn, loginAsNew, type TestStaff } from '../../test/factories.js';
import { attendanceRecap } from './service.js';

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(() => t.app.close());

const post = (url: string, who: LoggedIn) => t.app.inject({ method: 'POST', url, headers: who.headers });
const get = (url: string, who?: LoggedIn) =>
  t.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });

/** A closed shift at fixed WIB times, as if clocked long ago. */
async function worked(staffId: number, clockIn: string, clockOut: string) {
  await t.database.db.insert(attendance).values({
    staffId,
    clockIn: new Date(`${clockIn}+07:00`),
    clockOut: new Date(`${clockOut}+07:00`),
    address: '10.0.0.1',
  });
}

/** Moves the open shift's clock-in five minutes back, as if clocked in then. */
async function clockedInEarlier(staffId: number) {
  await t.database.db
    .update(attendance)
    .set({ clockIn: sql`${attendance.clockIn} - interval '5 minutes'` })
    .where(and(eq(attendance.staffId, staffId), isNull(attendance.clockOut)));
}

async function rostered(
  staffId: number,
  date: string,
  shift: 'pagi' | 'siang' | 'malam',
  role: 'piket' | 'cs',
) {
  await t.database.db.insert(rosterEntries).values({ date, shift, role, staffId });
}

describe('clocking in and out (database-backed)', () => {
  it('opens a shift at the server clock, refuses a second clock-in, and closes it', async () => {
    const { member, ...session } = await loginAsNew(t, { roles: ['registration'] });
    const before = Date.now();
    const opened = await post('/api/attendance/clock-in', session);
    expect(opened.statusCode).toBe(201);
    const shift = opened.json();
    expect(shift).toMatchObject({ clockOut: null, minutes: null, tooLong: false });
    expect(Math.abs(Date.parse(shift.clockIn) - before)).toBeLessThan(5_000);

    const me = (await get('/api/attendance/me', session)).json();
    expect(me.open).toMatchObject({ id: shift.id, clockIn: shift.clockIn });
    expect(me.shifts.map((s: { id: number }) => s.id)).toEqual([shift.id]);

    const again = await post('/api/attendance/clock-in', session);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_CLOCKED_IN',
      message: expect.stringContaining('sudah absen masuk'),
    });

    // The second click of a double click on the button that turned into "Absen Pulang".
    const doubleClick = await post('/api/attendance/clock-out', session);
    expect(doubleClick.statusCode).toBe(409);
    expect(doubleClick.json().error).toMatchObject({ code: 'JUST_CLOCKED_IN' });
    expect((await get('/api/attendance/me', session)).json().open).toMatchObject({ id: shift.id });

    await clockedInEarlier(member.id);
    const closed = await post('/api/attendance/clock-out', session);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ id: shift.id, minutes: 5, tooLong: false });
    expect(Date.parse(closed.json().clockOut)).toBeGreaterThanOrEqual(Date.parse(shift.clockIn));
    expect((await get('/api/attendance/me', session)).json().open).toBeNull();

    const actions = await t.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.staffId, member.id))
      .orderBy(auditLog.id);
    expect(actions).toEqual([
      { action: 'attendance.clock_in', entityId: String(shift.id) },
      { action: 'attendance.clock_out', entityId: String(shift.id) },
    ]);
  });

  it('keeps exactly one open shift when clock-ins race', async () => {
    const { member, ...session } = await loginAsNew(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/attendance/clock-in', session)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const open = await t.database.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.staffId, member.id), isNull(attendance.clockOut)));
    expect(open).toHaveLength(1);

    await clockedInEarlier(member.id);
    const outs = await Promise.all([
      post('/api/attendance/clock-out', session),
      post('/api/attendance/clock-out', session),
    ]);
    expect(outs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a clock-out without an open shift', async () => {
    const session = await loginAsNew(t);
    const res = await post('/api/attendance/clock-out', session);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'NOT_CLOCKED_IN', message: 'Anda belum absen masuk.' });
  });

  it('lets any staff member clock in, but keeps the lists of others to admins', async () => {
    const session = await loginAsNew(t, { roles: ['piket'] });
    expect((await post('/api/attendance/clock-in', session)).statusCode).toBe(201);
    for (const url of [
      '/api/attendance/today',
      '/api/attendance/recap?month=2025-03',
      '/api/attendance/recap.csv?month=2025-03',
    ]) {
      expect((await get(url, session)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/attendance/clock-in' })).statusCode).toBe(401);
  });

  it('shows my shifts of a chosen month with their minutes, and a forgotten clock-out as too long', async () => {
    const { member, ...session } = await loginAsNew(t);
    await worked(member.id, '2025-01-06T07:00:00', '2025-01-06T14:30:59');
    await worked(member.id, '2025-01-07T07:00:00', '2025-01-08T09:00:00');
    await worked(member.id, '2024-12-31T21:00:00', '2025-01-01T07:00:00');
    const me = (await get('/api/attendance/me?month=2025-01', session)).json();
    expect(me.month).toBe('2025-01');
    expect(me.shifts.map((s: { minutes: number; tooLong: boolean }) => [s.minutes, s.tooLong])).toEqual([
      [1560, true],
      [450, false],
    ]);
    expect(me.totalMinutes).toBe(450);

    const bad = await get('/api/attendance/me?month=2025-13', session);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ month: 'Bulan harus berformat YYYY-MM.' });
  });
});

describe("today's list (database-backed)", () => {
  it('lists every active staff member: working, gone home, or absent, with their roster posts', async () => {
    const { member: working, ...session } = await loginAsNew(t, { roles: ['piket'], name: 'Aa Bekerja' });
    const away = await createStaffMember(t.database.db, { name: 'Aa Belum Datang' });
    const gone = await createStaffMember(t.database.db, { name: 'Aa Tidak Aktif' });
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, gone.id));
    await post('/api/attendance/clock-in', session);
    const today = (await get('/api/attendance/today', admin)).json();
    await rostered(working.id, today.date, 'pagi', 'piket');

    const list = (await get('/api/attendance/today', admin)).json();
    expect(list.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = (id: number) => list.staff.find((s: { staff: { id: number } }) => s.staff.id === id);
    expect(row(working.id)).toMatchObject({
      staff: { id: working.id, name: 'Aa Bekerja' },
      status: 'working',
      rostered: [{ shift: 'pagi', role: 'piket' }],
      shifts: [{ clockOut: null }],
    });
    expect(row(away.id)).toMatchObject({ status: 'absent', shifts: [], rostered: [] });
    expect(row(gone.id)).toBeUndefined();

    await clockedInEarlier(working.id);
    await post('/api/attendance/clock-out', session);
    const after = (await get('/api/attendance/today', admin)).json();
    expect(after.staff.find((s: { staff: { id: number } }) => s.staff.id === working.id).status).toBe('left');
  });
});

describe('the monthly recap (database-backed)', () => {
  let nurse: TestStaff;
  let officer: TestStaff;

  beforeAll(async () => {
    const db = t.database.db;
    nurse = await createStaffMember(db, { roles: ['piket'], name: 'Ns. Hendra Saputra' });
    officer = await createStaffMember(db, { roles: ['piket', 'cs'], name: '=HYPERLINK("x");Dewi "CS"' });

    // On time (before 07:00), late (07:20 is after 07:15), on time within the grace at night (21:14:59).
    await rostered(nurse.id, '2025-03-03', 'pagi', 'piket');
    await worked(nurse.id, '2025-03-03T06:50:00', '2025-03-03T14:05:00'); // 435 min
    await rostered(nurse.id, '2025-03-04', 'pagi', 'piket');
    await worked(nurse.id, '2025-03-04T07:20:00', '2025-03-04T14:00:00'); // 400 min
    await rostered(nurse.id, '2025-03-05', 'malam', 'piket');
    await worked(nurse.id, '2025-03-05T21:14:59', '2025-03-06T07:00:00'); // 585 min (seconds dropped)
    // Rostered and never came.
    await rostered(nurse.id, '2025-03-06', 'siang', 'piket');
    // Not rostered: counts as present and worked, never late.
    await worked(nurse.id, '2025-03-10T08:00:00', '2025-03-10T12:30:30'); // 270 min
    // A forgotten clock-out: present that day, flagged, hours not counted.
    await worked(nurse.id, '2025-03-12T08:00:00', '2025-03-13T10:00:00');
    // Night shift of the 31st, arriving after midnight: late for March, its hours belong to April.
    await rostered(nurse.id, '2025-03-31', 'malam', 'piket');
    await worked(nurse.id, '2025-04-01T00:30:00', '2025-04-01T07:00:00');
    // February's night shift that ends in March belongs to February.
    await worked(nurse.id, '2025-02-28T21:00:00', '2025-03-01T07:00:00');

    // Both posts in one shift is one shift to come to; a double shift needs no second clock-in.
    await rostered(officer.id, '2025-03-07', 'pagi', 'piket');
    await rostered(officer.id, '2025-03-07', 'pagi', 'cs');
    await rostered(officer.id, '2025-03-07', 'siang', 'cs');
    await worked(officer.id, '2025-03-07T07:05:00', '2025-03-07T21:00:00'); // 835 min
  });

  const rowOf = (recap: { rows: { staff: { id: number } }[] }, id: number) =>
    recap.rows.find((row) => row.staff.id === id);

  it('counts days, whole minutes, rostered shifts, late arrivals and missed shifts', async () => {
    const res = await get('/api/attendance/recap?month=2025-03', admin);
    expect(res.statusCode).toBe(200);
    const recap = res.json();
    expect(recap).toMatchObject({ month: '2025-03', graceMinutes: 15 });
    expect(rowOf(recap, nurse.id)).toEqual({
      staff: { id: nurse.id, name: 'Ns. Hendra Saputra' },
      daysPresent: 5,
      totalMinutes: 435 + 400 + 585 + 270,
      rosteredShifts: 5,
      lateArrivals: 2,
      missedShifts: 1,
      longShifts: 1,
    });
    expect(rowOf(recap, officer.id)).toMatchObject({
      daysPresent: 1,
      totalMinutes: 835,
      rosteredShifts: 2,
      lateArrivals: 0,
      missedShifts: 0,
    });

    const april = (await get('/api/attendance/recap?month=2025-04', admin)).json();
    expect(rowOf(april, nurse.id)).toMatchObject({ daysPresent: 1, totalMinutes: 390, rosteredShifts: 0 });
    const february = (await get('/api/attendance/recap?month=2025-02', admin)).json();
    expect(rowOf(february, nurse.id)).toMatchObject({ daysPresent: 1, totalMinutes: 600 });
  });

  it('counts only the rostered shifts that have begun, and no shift as missed before it ends', async () => {
    const duringNight = new Date('2025-03-05T21:10:00+07:00');
    const early = rowOf(await attendanceRecap(t.database.db, '2025-03', duringNight), nurse.id);
    expect(early).toMatchObject({ rosteredShifts: 3, lateArrivals: 1, missedShifts: 0 });
    const beforeTheSiangEnds = new Date('2025-03-06T20:00:00+07:00');
    const later = rowOf(await attendanceRecap(t.database.db, '2025-03', beforeTheSiangEnds), nurse.id);
    expect(later).toMatchObject({ rosteredShifts: 4, lateArrivals: 1, missedShifts: 0 });
  });

  it('keeps staff deactivated since in the month they worked', async () => {
    const left = await createStaffMember(t.database.db, { name: 'Pegawai Pindah Tugas' });
    await worked(left.id, '2025-03-20T07:00:00', '2025-03-20T14:00:00');
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, left.id));
    const recap = (await get('/api/attendance/recap?month=2025-03', admin)).json();
    expect(rowOf(recap, left.id)).toMatchObject({ daysPresent: 1, totalMinutes: 420 });
    const may = (await get('/api/attendance/recap?month=2025-05', admin)).json();
    expect(rowOf(may, left.id)).toBeUndefined();
  });

  it('exports the recap as a semicolon CSV for Excel, with names that cannot run as formulas', async () => {
    const res = await get('/api/attendance/recap.csv?month=2025-03', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rekap-absensi-2025-03.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Nama;Hari Hadir;Jam Kerja;Menit Kerja;Shift Terjadwal;Terlambat;Tidak Hadir;Shift > 16 Jam',
    );
    expect(lines).toContain('Ns. Hendra Saputra;5;28:10;1690;5;2;1;1');
    expect(lines).toContain(`"'=HYPERLINK(""x"");Dewi ""CS""";1;13:55;835;2;0;0;0`);
    expect(lines.at(-1)).toBe('');
  });

  it('refuses a month that is not YYYY-MM', async () => {
    for (const url of [
      '/api/attendance/recap?month=2025-3',
      '/api/attendance/recap.csv',
      '/api/attendance/recap',
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
