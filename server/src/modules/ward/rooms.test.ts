import type { AdminRoom, RoomHistoryEntry, RoomList } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissions, auditLog, outbox, rooms } from '../../db/schema/index.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { createPatient, createRoom, type LoggedIn, loginAsNew } from '../../test/factories.js';

let t: TestApp;
let nurse: LoggedIn;
let admin: LoggedIn;
let clerk: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  nurse = await loginAsNew(t, { roles: ['ward'], name: 'Ns. Wahyuni Bangsal' });
  admin = await loginAsNew(t, { roles: ['admin'] });
  clerk = await loginAsNew(t, { roles: ['registration'] });
});
afterAll(() => t.app.close());

let codes = 0;
const newCode = () => `RU-${process.pid % 1000}-${++codes}`;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = nurse) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const get = (url: string, who: LoggedIn = nurse) =>
  t.app.inject({ method: 'GET', url, headers: who.headers });

const roomBody = (extra: Record<string, unknown> = {}) => ({
  code: newCode(),
  name: 'Ruang Anggrek (Kelas I)',
  class: 'KL1',
  capacity: 4,
  sex: null,
  bpjsRoomCode: null,
  ...extra,
});

const admit = (patientId: number, roomCode: string) =>
  send('POST', '/api/ward/admissions', { patientId, roomCode });
const setCapacity = (id: number, capacity: number, reason = 'Renovasi sayap timur') =>
  send('POST', `/api/rooms/${id}/capacity`, { capacity, reason });
const boardRoom = async (code: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/beds' }))
    .json()
    .rooms.find((room: { code: string }) => room.code === code);

describe('rooms administration (database-backed)', () => {
  it('adds a room that the list, the bed board and the audit log know at once', async () => {
    const body = roomBody({ name: 'Ruang Teratai (Kelas II)', class: 'KL2', capacity: 6, sex: 'P' });
    const created = ok<AdminRoom>(await send('POST', '/api/rooms', body), 201);
    expect(created).toMatchObject({
      code: body.code,
      name: 'Ruang Teratai (Kelas II)',
      class: 'KL2',
      capacity: 6,
      sex: 'P',
      bpjsRoomCode: null,
      occupied: 0,
      available: 6,
      aplicares: null,
    });
    const list = ok<RoomList>(await get('/api/rooms'));
    expect(list.aplicaresEnabled).toBe(false);
    expect(list.rooms.find((room) => room.id === created.id)).toEqual(created);
    expect(await boardRoom(body.code)).toMatchObject({ capacity: 6, available: 6, sex: 'P' });
    const [trace] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'room.create'), eq(auditLog.entityId, String(created.id))));
    expect(trace?.details).toMatchObject({
      changes: expect.arrayContaining([{ field: 'capacity', from: null, to: 6 }]),
    });
  });

  it('refuses a capacity below the beds taken with 409 and a clear message, changing nothing', async () => {
    const room = await createRoom(t.database.db, { capacity: 4, name: 'Ruang Flamboyan' });
    for (const patient of await Promise.all([createPatient(t.database.db), createPatient(t.database.db)])) {
      expect((await admit(patient.id, room.code)).statusCode).toBe(201);
    }
    const refused = await setCapacity(room.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'CAPACITY_BELOW_OCCUPANCY',
      message: 'Kapasitas Ruang Flamboyan tidak dapat dijadikan 1: 2 tempat tidur sedang terisi.',
    });
    const [unchanged] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(unchanged?.capacity).toBe(4);

    const cut = ok<AdminRoom>(await setCapacity(room.id, 2));
    expect(cut).toMatchObject({ capacity: 2, occupied: 2, available: 0 });
    expect(await boardRoom(room.code)).toMatchObject({ capacity: 2, occupied: 2, available: 0 });
  });

  it('lets no admission slip under a capacity cut made at the same moment', async () => {
    const room = await createRoom(t.database.db, { capacity: 6 });
    const first = await createPatient(t.database.db);
    expect((await admit(first.id, room.code)).statusCode).toBe(201);
    const waiting = await Promise.all(Array.from({ length: 6 }, () => createPatient(t.database.db)));
    const [cut, ...admitted] = await Promise.all([
      setCapacity(room.id, 3),
      ...waiting.map((patient) => admit(patient.id, room.code)),
    ]);
    const [after] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    const lying = (
      await t.database.db
        .select()
        .from(admissions)
        .where(and(eq(admissions.roomId, room.id), isNull(admissions.dischargedAt)))
    ).length;
    // Whichever came first, the room never holds more patients than beds.
    expect(lying).toBeLessThanOrEqual(after?.capacity ?? 0);
    expect(admitted.filter((res) => res.statusCode === 201)).toHaveLength(lying - 1);
    if (cut?.statusCode === 200) expect(after?.capacity).toBe(3);
    else {
      expect(cut?.statusCode).toBe(409);
      expect(after?.capacity).toBe(6);
    }
  });

  it('renames, reclassifies and maps a room, and tells the history who changed what, and why', async () => {
    const created = ok<AdminRoom>(await send('POST', '/api/rooms', roomBody({ name: 'Ruang Kamboja' })), 201);
    const edited = ok<AdminRoom>(
      await send('PUT', `/api/rooms/${created.id}`, {
        name: 'Ruang Kamboja (VIP)',
        class: 'VIP',
        sex: null,
        bpjsRoomCode: 'KMB01',
      }),
    );
    expect(edited).toMatchObject({ name: 'Ruang Kamboja (VIP)', class: 'VIP', bpjsRoomCode: 'KMB01' });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    ok(await setCapacity(created.id, 6, 'Tambah dua tempat tidur dari gudang'));

    const history = ok<RoomHistoryEntry[]>(await get(`/api/rooms/${created.id}/history`));
    expect(history.map((entry) => entry.action)).toEqual(['capacity', 'edited', 'created']);
    expect(history[0]).toMatchObject({
      staffName: 'Ns. Wahyuni Bangsal',
      changes: [{ field: 'capacity', from: 4, to: 6 }],
      reason: 'Tambah dua tempat tidur dari gudang',
    });
    expect(history[1]?.changes).toEqual([
      { field: 'name', from: 'Ruang Kamboja', to: 'Ruang Kamboja (VIP)' },
      { field: 'class', from: 'KL1', to: 'VIP' },
      { field: 'bpjsRoomCode', from: null, to: 'KMB01' },
    ]);
    expect(history[1]?.reason).toBeNull();
    expect((await get('/api/rooms/999999/history')).statusCode).toBe(404);
  });

  it('refuses taken codes, a room for one sex while the other lies in it, and bad input, changing nothing', async () => {
    const taken = ok<AdminRoom>(await send('POST', '/api/rooms', roomBody({ bpjsRoomCode: 'TKN01' })), 201);
    const sameCode = await send('POST', '/api/rooms', roomBody({ code: taken.code }));
    expect(sameCode.statusCode).toBe(409);
    expect(errorOf(sameCode)).toMatchObject({ code: 'DUPLICATE_CODE' });
    const sameBpjs = await send('POST', '/api/rooms', roomBody({ bpjsRoomCode: 'TKN01' }));
    expect(errorOf(sameBpjs)).toEqual({
      code: 'DUPLICATE_BPJS_CODE',
      message: 'Kode ruang BPJS TKN01 sudah dipakai ruangan lain.',
    });

    const room = await createRoom(t.database.db, { capacity: 3, name: 'Ruang Dahlia' });
    const man = await createPatient(t.database.db, { sex: 'L' });
    expect((await admit(man.id, room.code)).statusCode).toBe(201);
    const womenOnly = await send('PUT', `/api/rooms/${room.id}`, {
      name: 'Ruang Dahlia',
      class: 'KL3',
      sex: 'P',
      bpjsRoomCode: null,
    });
    expect(womenOnly.statusCode).toBe(409);
    expect(errorOf(womenOnly).message).toBe(
      'Ruang Dahlia masih merawat 1 pasien laki-laki: tidak dapat dijadikan khusus perempuan.',
    );

    const bad = await send('POST', '/api/rooms', {
      ...roomBody(),
      code: 'ruang kecil',
      class: 'KELAS 1',
      capacity: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['capacity', 'class', 'code']);
    const noReason = await send('POST', `/api/rooms/${room.id}/capacity`, { capacity: 5, reason: ' ' });
    expect(errorOf(noReason).fields).toEqual({ reason: 'Alasan wajib diisi.' });
    const [unchanged] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(unchanged).toMatchObject({ capacity: 3, sex: null });
  });

  it('retires only an empty room; it leaves the board and the desk, its history stays', async () => {
    const room = await createRoom(t.database.db, { capacity: 2, name: 'Ruang Soka' });
    const patient = await createPatient(t.database.db);
    const { id: stay } = (await admit(patient.id, room.code)).json();
    const busy = await send('DELETE', `/api/rooms/${room.id}`);
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).code).toBe('ROOM_NOT_EMPTY');

    expect((await send('POST', `/api/ward/admissions/${stay}/discharge`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/rooms/${room.id}`)).statusCode).toBe(204);
    expect(await boardRoom(room.code)).toBeUndefined();
    expect(ok<RoomList>(await get('/api/rooms')).rooms.some((r) => r.id === room.id)).toBe(false);
    expect((await setCapacity(room.id, 3)).statusCode).toBe(404);
    expect((await admit(patient.id, room.code)).statusCode).toBe(404);
    const history = ok<RoomHistoryEntry[]>(await get(`/api/rooms/${room.id}/history`));
    expect(history.map((entry) => entry.action)).toEqual(['retired']);
  });

  it('is for ward staff and admins; the resync is for admins and needs Aplicares', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/rooms' })).statusCode).toBe(401);
    expect((await get('/api/rooms', clerk)).statusCode).toBe(403);
    expect((await send('POST', '/api/rooms', roomBody(), clerk)).statusCode).toBe(403);
    expect((await get('/api/rooms', admin)).statusCode).toBe(200);
    expect((await send('POST', '/api/rooms/aplicares/resync', undefined, nurse)).statusCode).toBe(403);
    const off = await send('POST', '/api/rooms/aplicares/resync', undefined, admin);
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).code).toBe('APLICARES_NOT_CONFIGURED');
    // Aplicares off: nothing is written for BPJS, whatever changes.
    const room = ok<AdminRoom>(await send('POST', '/api/rooms', roomBody({ bpjsRoomCode: 'OFF01' })), 201);
    ok(await setCapacity(room.id, 5));
    expect(await t.database.db.select().from(outbox).where(eq(outbox.channel, 'bpjs'))).toEqual([]);
  });
});
