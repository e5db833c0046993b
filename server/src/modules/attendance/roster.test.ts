import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rosterEntries, staff } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createStaffMember,
  type LoggedIn,
  loginAs,
  loginAsNew,
  putOnDuty,
  type TestStaff,
} from '../../test/factories.js';
import { currentShift, rosterNow } from './roster.js';

let t: TestApp;
let admin: LoggedIn;
let piketOfficer: LoggedIn;
let hendra: TestStaff;
let rahma: TestStaff;
let dewi: TestStaff;
let clerk: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await loginAsNew(t, { roles: ['admin'] });
  hendra = await createStaffMember(db, { roles: ['piket'], name: 'Ns. Hendra Saputra' });
  rahma = await createStaffMember(db, { roles: ['piket'], name: 'Ns. Rahmawati Hamid' });
  dewi = await createStaffMember(db, { roles: ['cs'], name: 'Dewi Lestari Amir' });
  clerk = await createStaffMember(db, { roles: ['registration'], name: 'Andi Pendaftaran' });
  piketOfficer = await loginAs(t.app, hendra);
});
afterAll(() => t.app.close());

const put = (payload: Record<string, unknown>, who: LoggedIn = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/roster', headers: who.headers, payload });
const list = async (from: string, to: string, who: LoggedIn = admin) =>
  t.app.inject({ method: 'GET', url: `/api/roster?from=${from}&to=${to}`, headers: who.headers });

describe('planning the roster (database-backed)', () => {
  it('puts one person per post and shift: a second plan replaces the first', async () => {
    const first = await put({ date: '2026-12-01', shift: 'pagi', role: 'piket', staffId: hendra.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      date: '2026-12-01',
      shift: 'pagi',
      role: 'piket',
      staff: { id: hendra.id, name: 'Ns. Hendra Saputra' },
    });
    await put({ date: '2026-12-01', shift: 'malam', role: 'piket', staffId: hendra.id });
    await put({ date: '2026-12-01', shift: 'pagi', role: 'cs', staffId: dewi.id });
    const replaced = await put({ date: '2026-12-01', shift: 'pagi', role: 'piket', staffId: rahma.id });
    expect(replaced.json()).toMatchObject({ id: first.json().id, staff: { id: rahma.id } });

    const res = await list('2026-12-01', '2026-12-01', piketOfficer);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((e: { shift: string; role: string; staff: { name: string } }) => [
          e.shift,
          e.role,
          e.staff.name,
        ]),
    ).toEqual([
      ['pagi', 'piket', 'Ns. Rahmawati Hamid'],
      ['pagi', 'cs', 'Dewi Lestari Amir'],
      ['malam', 'piket', 'Ns. Hendra Saputra'],
    ]);

    const [trace] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(first.json().id)))
      .orderBy(auditLog.id)
      .offset(1);
    expect(trace).toMatchObject({
      action: 'roster.set',
      entity: 'roster_entry',
      details: {
        date: '2026-12-01',
        shift: 'pagi',
        role: 'piket',
        staffId: rahma.id,
        previousStaffId: hendra.id,
      },
    });
  });

  it('keeps one entry when two admins plan the same post at once', async () => {
    const results = await Promise.all([
      put({ date: '2026-12-02', shift: 'siang', role: 'piket', staffId: hendra.id }),
      put({ date: '2026-12-02', shift: 'siang', role: 'piket', staffId: rahma.id }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db.select().from(rosterEntries).where(eq(rosterEntries.date, '2026-12-02'));
    expect(rows).toHaveLength(1);
  });

  it('takes only active staff who hold the post, telling why next to the person', async () => {
    const wrongRole = await put({ date: '2026-12-03', shift: 'pagi', role: 'piket', staffId: dewi.id });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { staffId: 'Dewi Lestari Amir tidak berperan sebagai Petugas Piket.' },
    });
    const notCs = await put({ date: '2026-12-03', shift: 'pagi', role: 'cs', staffId: clerk.id });
    expect(notCs.json().error.fields).toEqual({
      staffId: 'Andi Pendaftaran tidak berperan sebagai Customer Service.',
    });

    const resting = await createStaffMember(t.database.db, { roles: ['piket'], name: 'Ns. Cuti Panjang' });
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, resting.id));
    const inactive = await put({ date: '2026-12-03', shift: 'pagi', role: 'piket', staffId: resting.id });
    expect(inactive.json().error.fields).toEqual({ staffId: 'Ns. Cuti Panjang tidak aktif.' });

    const unknown = await put({ date: '2026-12-03', shift: 'pagi', role: 'piket', staffId: 999_999 });
    expect(unknown.json().error.fields).toEqual({ staffId: 'Petugas tidak ditemukan.' });

    const eligible = (
      await t.app.inject({ method: 'GET', url: '/api/roster/eligible', headers: admin.headers })
    ).json();
    expect(eligible.piket.map((p: { name: string }) => p.name)).toEqual([
      'Ns. Hendra Saputra',
      'Ns. Rahmawati Hamid',
    ]);
    expect(eligible.cs).toEqual([{ id: dewi.id, name: 'Dewi Lestari Amir' }]);
    expect((await list('2026-12-03', '2026-12-03')).json()).toEqual([]);
  });

  it('refuses a bad shift, a reversed range and a range longer than 62 days', async () => {
    const badShift = await put({ date: '2026-12-03', shift: 'subuh', role: 'piket', staffId: hendra.id });
    expect(badShift.statusCode).toBe(400);
    expect(badShift.json().error.fields).toEqual({ shift: 'Shift harus pagi, siang atau malam.' });

    const reversed = await list('2026-12-31', '2026-12-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toEqual({ to: 'Tanggal akhir tidak boleh sebelum tanggal awal.' });
    expect((await list('2026-11-01', '2027-01-01')).statusCode).toBe(200);
    const tooLong = await list('2026-11-01', '2027-01-02');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ to: 'Rentang tanggal paling panjang 62 hari.' });
  });

  it('removes an entry, once', async () => {
    const { id } = (await put({ date: '2026-12-04', shift: 'malam', role: 'cs', staffId: dewi.id })).json();
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/roster/${id}`, headers: admin.headers });
    expect((await remove()).statusCode).toBe(204);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Jadwal piket tidak ditemukan.');
    expect((await list('2026-12-04', '2026-12-04')).json()).toEqual([]);
    const [trace] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'roster.remove'));
    expect(trace).toMatchObject({ entityId: String(id), details: { staffId: dewi.id, role: 'cs' } });
  });

  it('leaves planning to admins: the on-duty officer reads, but may not change it', async () => {
    const body = { date: '2026-12-05', shift: 'pagi', role: 'piket', staffId: hendra.id };
    expect((await put(body, piketOfficer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/roster/1', headers: piketOfficer.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/roster/eligible', headers: piketOfficer.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/roster', payload: body })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/roster?from=2026-12-01&to=2026-12-02' })).statusCode,
    ).toBe(401);
  });
});

describe('scheduled now next to actually on duty (database-backed)', () => {
  const wib = (moment: string) => new Date(`${moment}+07:00`);

  it('finds the shift of a moment; after midnight the night shift is the previous date', () => {
    expect(currentShift(wib('2026-12-10T06:59:59'))).toEqual({ date: '2026-12-09', shift: 'malam' });
    expect(currentShift(wib('2026-12-10T00:00:00'))).toEqual({ date: '2026-12-09', shift: 'malam' });
    expect(currentShift(wib('2026-12-10T07:00:00'))).toEqual({ date: '2026-12-10', shift: 'pagi' });
    expect(currentShift(wib('2026-12-10T13:59:00'))).toEqual({ date: '2026-12-10', shift: 'pagi' });
    expect(currentShift(wib('2026-12-10T14:00:00'))).toEqual({ date: '2026-12-10', shift: 'siang' });
    expect(currentShift(wib('2026-12-10T21:00:00'))).toEqual({ date: '2026-12-10', shift: 'malam' });
    expect(currentShift(wib('2027-01-01T02:00:00'))).toEqual({ date: '2026-12-31', shift: 'malam' });
  });

  it('tells who is scheduled, who holds the post, and whether they differ', async () => {
    await put({ date: '2026-12-09', shift: 'malam', role: 'piket', staffId: rahma.id });
    await put({ date: '2026-12-09', shift: 'malam', role: 'cs', staffId: dewi.id });
    await put({ date: '2026-12-10', shift: 'malam', role: 'piket', staffId: hendra.id });
    await putOnDuty(t.database.db, 'piket', hendra.id);
    await putOnDuty(t.database.db, 'cs', dewi.id);

    const afterMidnight = await rosterNow(t.database.db, wib('2026-12-10T02:30:00'));
    expect(afterMidnight).toEqual({
      date: '2026-12-09',
      shift: 'malam',
      posts: [
        {
          role: 'piket',
          scheduled: { id: rahma.id, name: 'Ns. Rahmawati Hamid' },
          active: { id: hendra.id, name: 'Ns. Hendra Saputra', phone: hendra.phone },
          differs: true,
        },
        {
          role: 'cs',
          scheduled: { id: dewi.id, name: 'Dewi Lestari Amir' },
          active: { id: dewi.id, name: 'Dewi Lestari Amir', phone: dewi.phone },
          differs: false,
        },
      ],
    });

    const evening = await rosterNow(t.database.db, wib('2026-12-10T22:00:00'));
    expect(evening.posts.map((p) => [p.role, p.scheduled?.id ?? null, p.differs])).toEqual([
      ['piket', hendra.id, false],
      ['cs', null, false],
    ]);

    const res = await t.app.inject({ method: 'GET', url: '/api/roster/now', headers: piketOfficer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shift: expect.stringMatching(/^(pagi|siang|malam)$/) });
    expect(res.json().posts.map((p: { role: string }) => p.role)).toEqual(['piket', 'cs']);
  });
});
