import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../../db/errors.js';
import { admissions, auditLog, doctors } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createRoom,
  createSchedule,
  createStaffMember,
  type LoggedIn,
  loginAsNew,
} from '../../test/factories.js';
import { admit as admitPatient } from './service.js';

let t: TestApp;
let nurse: LoggedIn;
let clerk: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  nurse = await loginAsNew(t, { roles: ['ward'] });
  clerk = await loginAsNew(t, { roles: ['cs'] });
});
afterAll(() => t.app.close());

const admit = (patientId: number, roomCode: string, who: LoggedIn = nurse) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ward/admissions',
    headers: who.headers,
    payload: { patientId, roomCode },
  });
const beds = async () => (await t.app.inject({ method: 'GET', url: '/api/beds' })).json();
const roomBeds = async (code: string) => (await beds()).rooms.find((r: { code: string }) => r.code === code);

describe('ward desk (database-backed)', () => {
  it('admits a patient, and the bed board counts the bed as taken', async () => {
    const room = await createRoom(t.database.db, { capacity: 3, class: 'KL2' });
    const patient = await createPatient(t.database.db, { name: 'Siti Rahmah' });
    const res = await admit(patient.id, room.code);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      registrationNo: expect.stringMatching(/^RI\d{11}$/),
      room: { code: room.code, class: 'KL2' },
      patient: { id: patient.id, mrn: patient.mrn, name: 'Siti Rahmah' },
    });
    expect(await roomBeds(room.code)).toMatchObject({ capacity: 3, occupied: 1, available: 2 });

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/ward/admissions?room=${room.code}`,
      headers: nurse.headers,
    });
    expect(listed.json().map((a: { patient: { id: number } }) => a.patient.id)).toEqual([patient.id]);
    const [trace] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ward.admit'));
    expect(trace).toMatchObject({ entity: 'admission', entityId: String(res.json().id) });
  });

  it('refuses a full room, a room for the other sex, and a patient already in a bed, changing nothing', async () => {
    const full = await createRoom(t.database.db, { capacity: 1 });
    const women = await createRoom(t.database.db, { capacity: 4, sex: 'P' });
    const first = await createPatient(t.database.db);
    const second = await createPatient(t.database.db, { sex: 'L' });
    expect((await admit(first.id, full.code)).statusCode).toBe(201);

    const noBed = await admit(second.id, full.code);
    expect(noBed.statusCode).toBe(409);
    expect(noBed.json().error.code).toBe('ROOM_FULL');
    expect(noBed.json().error.message).toContain('penuh');

    const wrongSex = await admit(second.id, women.code);
    expect(wrongSex.statusCode).toBe(409);
    expect(wrongSex.json().error).toMatchObject({ code: 'ROOM_SEX_MISMATCH' });
    expect(wrongSex.json().error.message).toContain('perempuan');

    const twice = await admit(first.id, women.code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PATIENT_ALREADY_ADMITTED');

    expect(await roomBeds(full.code)).toMatchObject({ occupied: 1, available: 0 });
    expect(await roomBeds(women.code)).toMatchObject({ occupied: 0, available: 4 });
  });

  it('gives the last bed to exactly one of many simultaneous admissions', async () => {
    const room = await createRoom(t.database.db, { capacity: 3 });
    const waiting = await Promise.all(Array.from({ length: 12 }, () => createPatient(t.database.db)));
    const results = await Promise.all(waiting.map((p) => admit(p.id, room.code)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const current = await t.database.db
      .select()
      .from(admissions)
      .where(and(eq(admissions.roomId, room.id), isNull(admissions.dischargedAt)));
    expect(current).toHaveLength(3);
  });

  it('admits one patient once when two admissions race into different rooms', async () => {
    const a = await createRoom(t.database.db, { capacity: 5 });
    const b = await createRoom(t.database.db, { capacity: 5 });
    const patient = await createPatient(t.database.db);
    const results = await Promise.all([admit(patient.id, a.code), admit(patient.id, b.code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('moves two patients between two rooms in opposite directions at the same moment', async () => {
    const east = await createRoom(t.database.db, { capacity: 2 });
    const west = await createRoom(t.database.db, { capacity: 2 });
    const [first, second] = await Promise.all([createPatient(t.database.db), createPatient(t.database.db)]);
    const stays = [
      (await admit(first!.id, east.code)).json().id,
      (await admit(second!.id, west.code)).json().id,
    ];
    const moves = await Promise.all(
      [west.code, east.code].map((roomCode, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/ward/admissions/${stays[i]}/transfer`,
          headers: nurse.headers,
          payload: { roomCode },
        }),
      ),
    );
    expect(moves.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await roomBeds(east.code)).toMatchObject({ occupied: 1 });
    expect(await roomBeds(west.code)).toMatchObject({ occupied: 1 });
  });

  it('transfers and discharges, freeing the beds at once', async () => {
    const from = await createRoom(t.database.db, { capacity: 2 });
    const to = await createRoom(t.database.db, { capacity: 1 });
    const patient = await createPatient(t.database.db);
    const { id } = (await admit(patient.id, from.code)).json();

    const same = await t.app.inject({
      method: 'POST',
      url: `/api/ward/admissions/${id}/transfer`,
      headers: nurse.headers,
      payload: { roomCode: from.code },
    });
    expect(same.statusCode).toBe(409);

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/ward/admissions/${id}/transfer`,
      headers: nurse.headers,
      payload: { roomCode: to.code },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().room.code).toBe(to.code);
    expect(await roomBeds(from.code)).toMatchObject({ occupied: 0 });
    expect(await roomBeds(to.code)).toMatchObject({ occupied: 1, available: 0 });

    const before = (await beds()).updatedAt;
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/ward/admissions/${id}/discharge`,
      headers: nurse.headers,
    });
    expect(out.statusCode).toBe(204);
    expect(await roomBeds(to.code)).toMatchObject({ occupied: 0, available: 1 });
    expect(new Date((await beds()).updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/ward/admissions/${id}/discharge`,
      headers: nurse.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_DISCHARGED');
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    ).map((row) => row.action);
    expect(actions).toEqual(['ward.admit', 'ward.transfer', 'ward.discharge']);
  });

  it('counts no bed for a stay the legacy database deleted, and lets the patient and the bed be taken again', async () => {
    const room = await createRoom(t.database.db, { capacity: 1 });
    const patient = await createPatient(t.database.db, { name: 'Nurhayati Daeng Kebo' });
    // Imported as the legacy rows are: never discharged, but marked deleted (`sr_deleted`).
    const [deleted] = await t.database.db
      .insert(admissions)
      .values({
        registrationNo: 'RI-HAPUS-1',
        patientId: patient.id,
        roomId: room.id,
        admittedAt: new Date(),
        deletedAt: new Date(),
      })
      .returning();
    // The bed board (read by earlier tests) shows the room once the app has heard of these direct writes:
    // at once on PGlite, moments later on PostgreSQL.
    await t.app.changesHeard();
    expect(await roomBeds(room.code)).toMatchObject({ capacity: 1, occupied: 0, available: 1 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/ward/admissions?room=${room.code}`,
      headers: nurse.headers,
    });
    expect(listed.json()).toEqual([]);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/ward/patients?q=${patient.mrn}`,
      headers: nurse.headers,
    });
    expect(found.json()[0]).toMatchObject({ id: patient.id, admittedIn: null });
    const dischargeDeleted = await t.app.inject({
      method: 'POST',
      url: `/api/ward/admissions/${deleted?.id}/discharge`,
      headers: nurse.headers,
    });
    expect(dischargeDeleted.statusCode).toBe(404);

    expect((await admit(patient.id, room.code)).statusCode).toBe(201);
    expect(await roomBeds(room.code)).toMatchObject({ occupied: 1, available: 0 });
  });

  it('finds patients by medical record number or name, saying where they lie', async () => {
    const room = await createRoom(t.database.db, { capacity: 2 });
    const patient = await createPatient(t.database.db, { name: 'Baharuddin Daeng Tata' });
    await admit(patient.id, room.code);
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/ward/patients?q=daeng ta',
      headers: nurse.headers,
    });
    expect(byName.json()).toEqual([
      expect.objectContaining({ id: patient.id, name: 'Baharuddin Daeng Tata', admittedIn: room.code }),
    ]);
    const byMrn = await t.app.inject({
      method: 'GET',
      url: `/api/ward/patients?q=${patient.mrn}`,
      headers: nurse.headers,
    });
    expect(byMrn.json()[0].id).toBe(patient.id);
    const tooShort = await t.app.inject({
      method: 'GET',
      url: '/api/ward/patients?q=a',
      headers: nurse.headers,
    });
    expect(tooShort.statusCode).toBe(400);
  });

  it('is for ward staff only: 401 anonymous, 403 other roles, 403 without the CSRF token', async () => {
    const patient = await createPatient(t.database.db);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ward/admissions', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await admit(patient.id, 'X', clerk)).statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/ward/admissions',
      headers: { cookie: nurse.cookie },
      payload: { patientId: patient.id, roomCode: 'X' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.database.db.select().from(admissions).where(eq(admissions.patientId, patient.id))).toEqual(
      [],
    );
  });

  it('answers unknown rooms and patients with 404', async () => {
    const patient = await createPatient(t.database.db);
    expect((await admit(patient.id, 'TIDAK-ADA')).statusCode).toBe(404);
    const room = await createRoom(t.database.db);
    expect((await admit(999999, room.code)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ward/admissions/999999/discharge',
          headers: nurse.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("numbers a stay by its admission day on the hospital's clock: 00.40 WIB is already the new day", async () => {
    const room = await createRoom(t.database.db);
    const patient = await createPatient(t.database.db);
    const { id: staffId } = await createStaffMember(t.database.db, { roles: ['ward'] });
    // 11 January 2027, 00.40 WIB: still the 10th in UTC, where the database session's clock runs.
    vi.useFakeTimers({ now: new Date('2027-01-10T17:40:00Z'), toFake: ['Date'] });
    try {
      const stay = await admitPatient(
        t.database.db,
        { staffId, address: '127.0.0.1' },
        {
          patientId: patient.id,
          roomCode: room.code,
        },
        undefined,
      );
      expect(stay.registrationNo).toMatch(/^RI270111\d{5}$/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('beds, DPJP and how a stay ended (database-backed)', () => {
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: nurse.headers, ...(payload ? { payload } : {}) });
  const admitTo = (patientId: number, roomCode: string, extra: object = {}) =>
    post('/api/ward/admissions', { patientId, roomCode, ...extra });
  /** A doctor of the list (with a clinic and a schedule of their own). */
  const doctor = async () => {
    const { doctorId } = await createSchedule(t.database.db);
    const [row] = await t.database.db.select().from(doctors).where(eq(doctors.id, doctorId));
    return { id: doctorId, name: row?.name ?? '' };
  };

  it('puts each stay in a bed of its room: the one chosen, or the lowest free one; one stay per bed', async () => {
    const room = await createRoom(t.database.db, { capacity: 3 });
    const other = await createRoom(t.database.db, { capacity: 2 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createPatient(t.database.db)));
    if (!a || !b || !c) throw new Error('patients not created');

    expect((await admitTo(a.id, room.code)).json()).toMatchObject({ bed: 1 });
    expect((await admitTo(b.id, room.code, { bed: 3 })).json()).toMatchObject({ bed: 3 });
    const taken = await admitTo(c.id, room.code, { bed: 3 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'BED_TAKEN',
      message: `Tempat tidur 3 di ${room.name} sudah terisi. Pilih tempat tidur lain.`,
    });
    const beyond = await admitTo(c.id, room.code, { bed: 4 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.fields).toEqual({ bed: `${room.name} hanya punya tempat tidur 1–3.` });
    const third = (await admitTo(c.id, room.code)).json();
    expect(third).toMatchObject({ bed: 2 });

    // A move takes a bed of the new room; the old one is free for the next patient.
    const moved = await post(`/api/ward/admissions/${third.id}/transfer`, { roomCode: other.code, bed: 2 });
    expect(moved.json()).toMatchObject({ room: { code: other.code }, bed: 2 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/ward/admissions?room=${room.code}`,
      headers: nurse.headers,
    });
    expect(listed.json().map((stay: { bed: number }) => stay.bed)).toEqual([1, 3]);

    // A bed beyond a smaller capacity must be emptied first.
    const smaller = await t.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/capacity`,
      headers: nurse.headers,
      payload: { capacity: 2, reason: 'Satu tempat tidur diperbaiki' },
    });
    expect(smaller.statusCode).toBe(409);
    expect(smaller.json().error.message).toContain('tempat tidur 3 sedang terisi');
  });

  it('lets two nurses put two patients into one bed at the same moment only once', async () => {
    const room = await createRoom(t.database.db, { capacity: 4 });
    const [first, second] = await Promise.all([createPatient(t.database.db), createPatient(t.database.db)]);
    if (!first || !second) throw new Error('patients not created');
    const results = await Promise.all([
      admitTo(first.id, room.code, { bed: 2 }),
      admitTo(second.id, room.code, { bed: 2 }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.statusCode === 409)?.json().error.code).toBe('BED_TAKEN');

    // The database itself refuses a second current stay in the bed, whatever a writer checked before.
    const [held] = await t.database.db
      .select()
      .from(admissions)
      .where(and(eq(admissions.roomId, room.id), isNull(admissions.dischargedAt)));
    const loser = held?.patientId === first.id ? second : first;
    const insert = t.database.db.insert(admissions).values({
      registrationNo: `RIBED${room.id}`,
      patientId: loser.id,
      roomId: room.id,
      bed: 2,
      admittedAt: new Date(),
    });
    await expect(insert).rejects.toSatisfy((err) => isUniqueViolation(err, 'admissions_one_current_per_bed'));
  });

  it('records the DPJP and how the stay ended, and the patient’s inpatient history shows them', async () => {
    const records = await loginAsNew(t, { roles: ['records'] });
    const room = await createRoom(t.database.db, { capacity: 2 });
    const patient = await createPatient(t.database.db);
    const [internist, surgeon] = [await doctor(), await doctor()];

    const unknown = await admitTo(patient.id, room.code, { dpjpId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ dpjpId: 'Dokter tidak ada di daftar dokter.' });
    const stay = (await admitTo(patient.id, room.code, { dpjpId: internist.id })).json();
    expect(stay).toMatchObject({ bed: 1, dpjp: internist });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/ward/admissions/${stay.id}/dpjp`,
      headers: nurse.headers,
      payload: { dpjpId: surgeon.id },
    });
    expect(changed.json()).toMatchObject({ dpjp: surgeon });

    const wrong = await post(`/api/ward/admissions/${stay.id}/discharge`, { reason: 'kabur' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ reason: 'Pilih cara pulang dari daftar.' });
    const out = await post(`/api/ward/admissions/${stay.id}/discharge`, {
      reason: 'referred',
      note: ' RSUP Dr. Wahidin Sudirohusodo ',
    });
    expect(out.statusCode).toBe(204);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${patient.id}/inpatient-visits`,
      headers: records.headers,
    });
    expect(history.json()).toEqual([
      expect.objectContaining({
        registrationNo: stay.registrationNo,
        bed: 1,
        dpjp: surgeon,
        dischargeReason: 'referred',
        dischargeNote: 'RSUP Dr. Wahidin Sudirohusodo',
      }),
    ]);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(stay.id)))
    ).map((row) => row.action);
    expect(actions).toEqual(['ward.admit', 'ward.dpjp', 'ward.discharge']);
  });
});
