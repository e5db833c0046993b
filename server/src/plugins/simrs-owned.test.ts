import type { AdminRoom, RoomList } from '@portal/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../test/app.js';
import { createRoom, loginAsNew, type StaffLogin } from '../test/factories.js';

// Linked mode: what the SIMRS owns and the portal does not write through is read-only in the portal. The
// SIMRS of this app does not answer (nothing listens on port 1): the refusal needs no SIMRS at all.

let t: TestApp;
let admin: StaffLogin;
const owned: { method: string; url: string; what: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    simrs: { url: 'mysql://portal@127.0.0.1:1/simrs', pollMs: 60_000 },
    onRoute: (route: RouteOptions) => {
      const what = (route.config as { simrsOwned?: string } | undefined)?.simrsOwned;
      if (what) owned.push({ method: String(route.method), url: route.url, what });
    },
  });
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(async () => {
  await t?.app.close();
});

describe('the SIMRS’s data in linked mode', () => {
  it('is changed in the SIMRS: rooms, stays, clinics, doctors, schedules, tariffs, codes and the rest', () => {
    expect(owned.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(
      [
        'DELETE /api/reference-codes/:id',
        'DELETE /api/rooms/:id',
        'DELETE /api/tariff-books/:id',
        'DELETE /api/tariff-books/:id/items/:itemId',
        'PATCH /api/tariff-books/:id',
        'PATCH /api/tariff-books/:id/items/:itemId',
        'POST /api/admin/clinics',
        'POST /api/admin/doctors',
        'POST /api/admin/schedules',
        'POST /api/operations',
        'POST /api/operations/reorder',
        'POST /api/patients/:id/merge',
        'POST /api/reference-codes',
        'POST /api/rooms',
        'POST /api/rooms/:id/capacity',
        'POST /api/tariff-books',
        'POST /api/tariff-books/:id/import',
        'POST /api/tariff-books/:id/items',
        'POST /api/ward/admissions',
        'POST /api/ward/admissions/:id/discharge',
        'POST /api/ward/admissions/:id/transfer',
        'PUT /api/admin/clinics/:id',
        'PUT /api/admin/doctors/:id',
        'PUT /api/admin/schedules/:id',
        'PUT /api/admin/bpjs/mapping/clinics/:id',
        'PUT /api/admin/bpjs/mapping/doctors/:id',
        'PUT /api/operations/:id',
        'PUT /api/reference-codes/:id',
        'PUT /api/ward/admissions/:id/dpjp',
      ].sort(),
    );
  });

  it('refuses each such change with 409 SIMRS_OWNED and where to make it, and changes nothing', async () => {
    const room = await createRoom(t.database.db, { capacity: 3 });
    for (const { method, url, what } of owned) {
      const res = await t.app.inject({
        method: method as 'POST',
        url: url.replace(':id', String(room.id)).replace(':itemId', '1'),
        headers: admin.headers,
        payload: {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'SIMRS_OWNED',
        message: `${what} dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di portal dalam satu menit.`,
      });
    }
    const rooms = (await t.app.inject({ url: '/api/rooms', headers: admin.headers })).json<RoomList>();
    expect(rooms.rooms.find((each) => each.id === room.id)).toMatchObject({ capacity: 3, name: room.name });
  });

  it('asks who calls first: a caller without a session is refused as everywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/rooms', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a room’s BPJS room code the portal’s own; its name, class and sex are the SIMRS’s', async () => {
    const room = await createRoom(t.database.db, { name: 'Melati' });
    const edit = { name: 'Melati', class: 'KL3', sex: null, bpjsRoomCode: 'MEL01' };
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room.id}`,
      headers: admin.headers,
      payload: edit,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json<AdminRoom>()).toMatchObject({ name: 'Melati', bpjsRoomCode: 'MEL01' });

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room.id}`,
      headers: admin.headers,
      payload: { ...edit, name: 'Melati Baru' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed)).toMatchObject({
      code: 'SIMRS_OWNED',
      message: expect.stringMatching(/^Nama, kelas dan kelamin ruangan dikelola di SIMRS/),
    });
  });
});
