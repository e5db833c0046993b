import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPatient, createRoom, type LoggedIn, loginAsNew } from '../../test/factories.js';

let t: TestApp;
let nurse: LoggedIn;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  nurse = await loginAsNew(t, { roles: ['ward'] });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.app.close());

interface RoomBeds {
  code: string;
  class: string;
  capacity: number;
  occupied: number;
  available: number;
  sex: 'L' | 'P' | null;
}
interface Beds {
  updatedAt: string | null;
  rooms: RoomBeds[];
  classes: { class: string; capacity: number; occupied: number; available: number }[];
}

/** Reads server-sent events from the bed stream, one `beds` document at a time. */
async function openStream() {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/beds/stream`, { signal: controller.signal });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  async function next(timeoutMs = 5000): Promise<Beds> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.startsWith('event: beds') && data) return JSON.parse(data.slice(6)) as Beds;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no bed event in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no bed event in time')), left)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
    }
  }
  /**
   * The first document from now on that shows `room`. A room written straight into the database
   * reaches the documents through the database's notification, which may come after the stream's
   * first document.
   */
  async function showing(room: { code: string }): Promise<Beds> {
    for (;;) {
      const beds = await next(1000);
      if (beds.rooms.some((r) => r.code === room.code)) return beds;
    }
  }
  return { next, showing, close: () => controller.abort() };
}

describe('bed availability (database-backed)', () => {
  it('derives occupancy from current admissions, with totals per class', async () => {
    const vip = await createRoom(t.database.db, { capacity: 2, class: 'VIP' });
    const ward = await createRoom(t.database.db, { capacity: 6, class: 'KL3', sex: 'P' });
    const patient = await createPatient(t.database.db, { sex: 'P' });
    const gone = await createPatient(t.database.db, { sex: 'P' });
    await t.database.db.insert(admissions).values([
      { registrationNo: 'RI-T1', patientId: patient.id, roomId: ward.id, admittedAt: new Date() },
      // A discharged stay no longer takes a bed.
      {
        registrationNo: 'RI-T2',
        patientId: gone.id,
        roomId: ward.id,
        admittedAt: new Date(),
        dischargedAt: new Date(),
      },
    ]);
    const beds = (await (await fetch(`${base}/api/beds`)).json()) as Beds;
    expect(beds.rooms.find((r) => r.code === ward.code)).toMatchObject({
      capacity: 6,
      occupied: 1,
      available: 5,
      sex: 'P',
    });
    expect(beds.rooms.find((r) => r.code === vip.code)).toMatchObject({
      occupied: 0,
      available: 2,
      sex: null,
    });
    // Classes in the BPJS order of the board: VIP before KL3.
    expect(beds.classes.map((c) => c.class)).toEqual(['VIP', 'KL3']);
    expect(beds.classes[1]).toEqual({ class: 'KL3', capacity: 6, occupied: 1, available: 5 });
    expect(beds.updatedAt).not.toBeNull();
  });

  it('streams the document at once and again when the ward desk admits someone', async () => {
    const room = await createRoom(t.database.db, { capacity: 4 });
    const patient = await createPatient(t.database.db);
    const stream = await openStream();
    try {
      const first = await stream.showing(room);
      expect(first.rooms.find((r) => r.code === room.code)?.occupied).toBe(0);
      const admitted = await t.app.inject({
        method: 'POST',
        url: '/api/ward/admissions',
        headers: nurse.headers,
        payload: { patientId: patient.id, roomCode: room.code },
      });
      expect(admitted.statusCode).toBe(201);
      const update = await stream.next(1000);
      expect(update.rooms.find((r) => r.code === room.code)).toMatchObject({ occupied: 1, available: 3 });
    } finally {
      stream.close();
    }
  });

  it('notices changes made outside this server process at once, from the database, without polling', async () => {
    const room = await createRoom(t.database.db, { capacity: 4 });
    const patient = await createPatient(t.database.db);
    const before = await t.app.inject({ method: 'GET', url: '/api/beds' });
    const stream = await openStream();
    try {
      await stream.showing(room);
      // As another server process or the command line would: straight into the database.
      await t.database.db.insert(admissions).values({
        registrationNo: 'RI-T3',
        patientId: patient.id,
        roomId: room.id,
        admittedAt: sql`now()`,
      });
      // The stream used to recheck every 2 s; the database's notification comes well before.
      const update = await stream.next(1000);
      expect(update.rooms.find((r) => r.code === room.code)?.occupied).toBe(1);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/beds',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect((after.json() as Beds).rooms.find((r) => r.code === room.code)?.occupied).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('answers 304 to a caller that already holds the current document', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/beds' });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/beds',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('shutting down with listeners', () => {
  it('ends open streams so that the server can close', async () => {
    const local = await createTestApp();
    const url = await local.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/api/beds/stream`);
    const reader = res.body!.getReader();
    await reader.read();
    await local.app.close();
    // The stream ends instead of hanging.
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
