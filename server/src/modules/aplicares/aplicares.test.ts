import type { AdminRoom, AplicaresResync, RoomList } from '@portal/contract';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { outbox } from '../../db/schema/index.js';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { createTestApp, eventually, ok, type TestApp } from '../../test/app.js';
import { createPatient, type LoggedIn, loginAsNew } from '../../test/factories.js';
import { aplicaresSetup } from './reports.js';

// The rooms reported to a fake BPJS Aplicares through the outbox, as a hospital's IT officer would
// check them: what BPJS holds after each change, in what order it heard it, and after an outage.

const credentials = { consId: '40961', secretKey: 'rahasia-kamar-8Pw', userKey: 'kunci-kamar' };
const PPK = '0701R002';

async function portalWithFake() {
  const fake = await startFakeBpjs({ ...credentials, ppkCode: PPK });
  const t = await createTestApp({
    bpjs: { aplicares: { baseUrl: fake.aplicaresUrl, timeoutMs: 2_000, ...credentials }, ppkCode: PPK },
    outbox: { pollMs: 50, backoffBaseMs: 50 },
    notifications: { maxAttempts: 100 },
  });
  return { fake, t };
}

let fake: FakeBpjs;
let t: TestApp;
let nurse: LoggedIn;
let admin: LoggedIn;

beforeAll(async () => {
  ({ fake, t } = await portalWithFake());
  nurse = await loginAsNew(t, { roles: ['ward'] });
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});
afterEach(() => fake.heal());

let serial = 0;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = nurse) =>
  t.app.inject({ method, url, headers: who.headers, payload });

async function addRoom(extra: Record<string, unknown> = {}) {
  serial += 1;
  const body = {
    code: `AP-${process.pid % 1000}-${serial}`,
    name: `Ruang Cempaka ${serial}`,
    class: 'KL2',
    capacity: 4,
    sex: null,
    bpjsRoomCode: `CMP-${process.pid % 1000}-${serial}`,
    ...extra,
  };
  return ok<AdminRoom>(await send('POST', '/api/rooms', body), 201);
}

const editRoom = async (room: AdminRoom, extra: Record<string, unknown>) =>
  ok<AdminRoom>(
    await send('PUT', `/api/rooms/${room.id}`, {
      name: room.name,
      class: room.class,
      sex: room.sex,
      bpjsRoomCode: room.bpjsRoomCode,
      ...extra,
    }),
  );

async function admit(room: AdminRoom, sex: 'L' | 'P' = 'L'): Promise<number> {
  const patient = await createPatient(t.database.db, { sex });
  const res = await send('POST', '/api/ward/admissions', { patientId: patient.id, roomCode: room.code });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Waits until every Aplicares report written so far went out. */
async function delivered(timeoutMs = 20_000, on: TestApp = t) {
  await eventually(
    async () => {
      const [left] = await on.database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(like(outbox.stream, 'aplicares:%'), eq(outbox.status, 'pending')));
      return left?.n === 0 ? true : undefined;
    },
    { timeoutMs, what: 'the Aplicares reports to go out' },
  );
}

/** What BPJS was told about one room code, in order: the operation and the free beds. */
const heard = (koderuang: string) =>
  fake.calls
    .filter((c) => c.service === 'aplicares' && (c.body as { koderuang?: string })?.koderuang === koderuang)
    .filter((c) => c.code === 1)
    .map((c) => {
      const body = c.body as { tersedia?: number };
      const operation = c.path.split('/')[2];
      return operation === 'delete' ? 'delete' : `${operation} ${body.tersedia}`;
    });

const held = (koderuang: string) => [...fake.beds.values()].filter((bed) => bed.koderuang === koderuang);

describe('reporting rooms to BPJS Aplicares (database-backed, fake BPJS)', () => {
  it('reports a mapped room on every change of its beds, free beds counted for its sex', async () => {
    const room = await addRoom({ sex: 'P', class: 'KL3', capacity: 4, name: 'Ruang Melati' });
    const stay = await admit(room, 'P');
    ok(await send('POST', `/api/rooms/${room.id}/capacity`, { capacity: 6, reason: 'Tambah tempat tidur' }));
    expect((await send('POST', `/api/ward/admissions/${stay}/discharge`)).statusCode).toBe(204);
    await delivered();

    expect(heard(room.bpjsRoomCode as string)).toEqual(['create 4', 'update 3', 'update 5', 'update 6']);
    expect(held(room.bpjsRoomCode as string)).toEqual([
      expect.objectContaining({
        kodekelas: 'KL3',
        namaruang: 'Ruang Melati',
        kapasitas: 6,
        tersedia: 6,
        tersediapria: 0,
        tersediawanita: 6,
        tersediapriawanita: 0,
      }),
    ]);
    const mixed = await addRoom({ capacity: 3 });
    await admit(mixed);
    await delivered();
    expect(held(mixed.bpjsRoomCode as string)[0]).toMatchObject({
      tersedia: 2,
      tersediapria: 0,
      tersediawanita: 0,
      tersediapriawanita: 2,
    });
  });

  it('reports both rooms of a transfer', async () => {
    const from = await addRoom({ capacity: 2 });
    const to = await addRoom({ capacity: 5 });
    const stay = await admit(from);
    ok(await send('POST', `/api/ward/admissions/${stay}/transfer`, { roomCode: to.code }));
    await delivered();
    expect(heard(from.bpjsRoomCode as string)).toEqual(['create 2', 'update 1', 'update 2']);
    expect(heard(to.bpjsRoomCode as string)).toEqual(['create 5', 'update 4']);
  });

  it('follows the mapping: mapped later, code or class changed, unmapped, retired; rooms without a code are not reported', async () => {
    const room = await addRoom({ bpjsRoomCode: null, capacity: 3 });
    await admit(room);
    await delivered();
    expect(fake.calls.some((c) => (c.body as { namaruang?: string })?.namaruang === room.name)).toBe(false);

    const mapped = await editRoom(room, { bpjsRoomCode: `MAP-${serial}` });
    await delivered();
    expect(held(`MAP-${serial}`)).toEqual([expect.objectContaining({ kodekelas: 'KL2', tersedia: 2 })]);

    const recoded = await editRoom(mapped, { bpjsRoomCode: `MAP-${serial}-B` });
    const reclassed = await editRoom(recoded, { class: 'KL1', name: 'Ruang Cempaka (Kelas I)' });
    await delivered();
    expect(held(`MAP-${serial}`)).toEqual([]);
    expect(heard(`MAP-${serial}-B`)).toEqual(['create 2', 'delete', 'create 2']);
    expect(held(`MAP-${serial}-B`)).toEqual([
      expect.objectContaining({ kodekelas: 'KL1', namaruang: 'Ruang Cempaka (Kelas I)' }),
    ]);

    await editRoom(reclassed, { bpjsRoomCode: null });
    await delivered();
    expect(held(`MAP-${serial}-B`)).toEqual([]);

    const retiring = await addRoom();
    expect((await send('DELETE', `/api/rooms/${retiring.id}`)).statusCode).toBe(204);
    await delivered();
    expect(heard(retiring.bpjsRoomCode as string)).toEqual(['create 4', 'delete']);
  });

  it('keeps the reports while BPJS is down or refusing; once it is back they arrive in order, the last state wins', async () => {
    const room = await addRoom({ capacity: 10 });
    await delivered();
    fake.fail({ mode: 'down' });
    for (let i = 0; i < 3; i += 1) await admit(room);
    ok(
      await send('POST', `/api/rooms/${room.id}/capacity`, { capacity: 8, reason: 'Dua tempat tidur rusak' }),
    );
    const waiting = await eventually(async () => {
      const rooms = (await t.app.inject({ method: 'GET', url: '/api/rooms', headers: nurse.headers })).json();
      const report = (rooms as RoomList).rooms.find((r) => r.id === room.id)?.aplicares;
      return report?.lastError ? report : undefined;
    });
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'BPJS menjawab HTTP 503 tanpa JSON' });
    expect(waiting.message).toContain(
      '5 dari 8 tempat tidur kosong, kapasitas diubah: Dua tempat tidur rusak',
    );

    // Back, but failing a few calls more.
    fake.fail({ mode: 'refuse' }, 3);
    await admit(room);
    await delivered(30_000);
    expect(heard(room.bpjsRoomCode as string)).toEqual([
      'create 10',
      'update 9',
      'update 8',
      'update 7',
      'update 5',
      'update 4',
    ]);
    expect(held(room.bpjsRoomCode as string)).toEqual([
      expect.objectContaining({ kapasitas: 8, tersedia: 4 }),
    ]);
  });

  it('shows the admin which rooms are unmapped and what BPJS last answered for each', async () => {
    const mapped = await addRoom();
    const unmapped = await addRoom({ bpjsRoomCode: null });
    await delivered();
    const list = ok<RoomList>(
      await t.app.inject({ method: 'GET', url: '/api/rooms', headers: admin.headers }),
    );
    expect(list.aplicaresEnabled).toBe(true);
    expect(list.rooms.find((r) => r.id === unmapped.id)).toMatchObject({
      bpjsRoomCode: null,
      aplicares: null,
    });
    expect(list.rooms.find((r) => r.id === mapped.id)?.aplicares).toMatchObject({
      status: 'sent',
      reply: '1 Data berhasil disimpan.',
      lastError: null,
      sentAt: expect.any(String),
    });
  });
});

describe('the Aplicares settings', () => {
  const keys = {
    BPJS_ANTREAN_URL: 'https://apijkn.bpjs.example/antreanrs',
    BPJS_CONS_ID: '29876',
    BPJS_SECRET_KEY: 'sangat-rahasia-9Zx',
    BPJS_USER_KEY: 'kunci-pengguna',
  };
  const url = 'https://new-api.bpjs.example/aplicaresws/';

  it('turn the reports on with the address, the keys and the PPK code, and off without the PPK code', () => {
    expect(
      aplicaresSetup(loadConfig({ ...keys, BPJS_APLICARES_URL: url, BPJS_PPK_CODE: '0701R001' }).bpjs),
    ).toEqual({
      link: {
        baseUrl: 'https://new-api.bpjs.example/aplicaresws',
        consId: '29876',
        secretKey: 'sangat-rahasia-9Zx',
        userKey: 'kunci-pengguna',
        timeoutMs: 15_000,
      },
      ppkCode: '0701R001',
    });
    expect(aplicaresSetup(loadConfig({ ...keys, BPJS_APLICARES_URL: url }).bpjs)).toBeUndefined();
    expect(aplicaresSetup(loadConfig({ ...keys, BPJS_PPK_CODE: '0701R001' }).bpjs)).toBeUndefined();
  });

  it('name what is missing, without repeating the secret', () => {
    expect(() => loadConfig({ BPJS_APLICARES_URL: url, BPJS_SECRET_KEY: 'sangat-rahasia-9Zx' })).toThrow(
      /BPJS_APLICARES_URL memerlukan juga BPJS_ANTREAN_URL, BPJS_CONS_ID, BPJS_USER_KEY/,
    );
    expect(() => loadConfig({ ...keys, BPJS_APLICARES_URL: 'ftp://bpjs' })).toThrow(
      'BPJS_APLICARES_URL harus berupa URL http:// atau https://',
    );
  });
});

describe('a full resync', () => {
  let local: { fake: FakeBpjs; t: TestApp };
  afterAll(async () => {
    await local.t.app.close();
    await local.fake.close();
  });

  it("deletes what BPJS holds that no room maps and sends every mapped room's state", async () => {
    local = await portalWithFake();
    const boss = await loginAsNew(local.t, { roles: ['admin'] });
    const post = (url: string, payload?: object) =>
      local.t.app.inject({ method: 'POST', url, headers: boss.headers, payload });
    const room = (code: string, bpjsRoomCode: string | null, klass = 'KL1') =>
      post('/api/rooms', { code, name: `Ruang ${code}`, class: klass, capacity: 5, sex: null, bpjsRoomCode });
    ok(await room('RS-A', 'RS-A'), 201);
    ok(await room('RS-B', 'RS-B', 'VIP'), 201);
    ok(await room('RS-C', null), 201);
    await delivered(20_000, local.t);
    expect(local.fake.beds.size).toBe(2);

    // BPJS drifted: a room nobody maps (more than one page of them), one under a stale class, one lost.
    const stale = { namaruang: 'Lama', kapasitas: 1, tersedia: 0, tersediapria: 0, tersediawanita: 0 };
    const bed = (kodekelas: string, koderuang: string) => ({
      kodekelas,
      koderuang,
      ...stale,
      tersediapriawanita: 0,
      lastupdate: '2025-01-01 08:00:00',
    });
    for (let i = 1; i <= 101; i += 1) local.fake.beds.set(`KL3/OLD-${i}`, bed('KL3', `OLD-${i}`));
    local.fake.beds.set('KL2/RS-B', bed('KL2', 'RS-B'));
    local.fake.beds.delete('KL1/RS-A');

    local.fake.fail({ mode: 'down' }, 1);
    const down = await post('/api/rooms/aplicares/resync');
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe(
      'Daftar ruangan di BPJS tidak dapat dibaca: BPJS menjawab HTTP 503 tanpa JSON',
    );

    const result = ok<AplicaresResync>(await post('/api/rooms/aplicares/resync'));
    expect(result).toMatchObject({ created: 1, updated: 1, unmapped: 1 });
    expect(result.deleted).toHaveLength(102);
    expect(result.deleted).toContain('KL2/RS-B');
    await delivered(30_000, local.t);
    expect([...local.fake.beds.values()].map((b) => [b.kodekelas, b.koderuang, b.tersedia]).sort()).toEqual([
      ['KL1', 'RS-A', 5],
      ['VIP', 'RS-B', 5],
    ]);
  });
});
