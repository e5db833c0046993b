import type { ErrorResponse } from '@portal/contract';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  ambulanceOrderBody,
  createStaffMember,
  hoursFromNow,
  type LoggedIn,
  loginAs,
  loginAsNew,
  nextAddress,
  putOnDuty,
  type StaffLogin,
  type TestStaff,
} from '../../test/factories.js';

let t: TestApp;
let officer: TestStaff;
let desk: StaffLogin;
let csOnly: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaffMember(t.database.db, {
    roles: ['piket'],
    name: 'Serda Piket Uji',
    onDuty: 'piket',
  });
  desk = await loginAsNew(t, { roles: ['orders'], name: 'Petugas Pesanan' });
  csOnly = await loginAsNew(t, { roles: ['cs', 'complaints'] });
});
afterAll(() => t.app.close());

const post = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

async function createAmbulanceOrder(overrides: Parameters<typeof ambulanceOrderBody>[0] = {}) {
  const res = await post('/api/ambulance-orders', ambulanceOrderBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.code, body.code.replace('-', '')));
  if (!row) throw new Error('order not stored');
  return { code: body.code as string, id: row.id, body };
}

const move = (id: number, payload: unknown, as: LoggedIn = desk) =>
  t.app.inject({
    method: 'POST',
    url: `/api/desk/orders/${id}/status`,
    headers: as.headers,
    payload: payload as object,
  });

const statusPage = (code: string, phone?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders/${encodeURIComponent(code)}${phone === undefined ? '' : `?phone=${encodeURIComponent(phone)}`}`,
  });

const messagesFor = (id: number) =>
  t.database.db
    .select()
    .from(outbox)
    .where(like(outbox.eventKey, `order:${id}:%`))
    .orderBy(asc(outbox.id));

const codeFormat = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;

describe('POST /api/ambulance-orders and /api/hearse-orders (database-backed)', () => {
  it('takes an ambulance order: a readable random code, NEW, the phone normalised', async () => {
    const scheduledAt = hoursFromNow(3);
    const res = await post(
      '/api/ambulance-orders',
      ambulanceOrderBody({ phone: '+62 812-4455-6677', scheduledAt }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.code).toMatch(codeFormat);
    expect(body).toMatchObject({
      status: 'NEW',
      kind: 'ambulance',
      requesterName: 'Hasnah Daeng Ngai',
      patientName: 'Baso Tang',
      scheduledAt: new Date(scheduledAt).toISOString(),
      vehicle: null,
      driver: null,
      history: [{ status: 'NEW', note: null }],
    });
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.code, body.code.replace('-', '')));
    expect(row?.phone).toBe('081244556677');
  });

  it('takes a hearse order with the name of the deceased', async () => {
    const res = await post('/api/hearse-orders', {
      ...ambulanceOrderBody(),
      patientName: undefined,
      deceasedName: 'Almarhum H. Abdul Rahman',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'hearse',
      status: 'NEW',
      patientName: 'Almarhum H. Abdul Rahman',
    });
  });

  it('gives every order its own code, not a counter', async () => {
    const codes = await Promise.all(
      Array.from({ length: 8 }, async () => (await createAmbulanceOrder()).code),
    );
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(codeFormat);
  });

  it('tells the on-duty officer in the same transaction, with the code and the pickup', async () => {
    const { id, code } = await createAmbulanceOrder({ pickupAddress: 'Jl. Urip Sumoharjo No. 5' });
    const [message] = await messagesFor(id);
    expect(message).toMatchObject({
      eventKey: `order:${id}:created`,
      recipient: officer.phone,
      status: 'pending',
    });
    expect(message?.message).toContain(`Pesanan ambulans baru ${code}`);
    expect(message?.message).toContain('Hasnah Daeng Ngai (081244556677)');
    expect(message?.message).toContain('jemput di Jl. Urip Sumoharjo No. 5 pada');
    expect(message?.message).toMatch(/pukul \d\d\.\d\d WIB/);
  });

  it('refuses a time in the past, too far ahead or without a zone, a bad phone and over-long texts', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ scheduledAt: hoursFromNow(-1) }, 'scheduledAt', /sudah lewat/],
      [{ scheduledAt: hoursFromNow(24 * 91) }, 'scheduledAt', /paling lambat 90 hari/],
      [{ scheduledAt: '2030-01-01T10:00:00' }, 'scheduledAt', /zona waktu/],
      [{ phone: '12345' }, 'phone', /Nomor HP tidak valid/],
      [{ requesterName: 'x'.repeat(101) }, 'requesterName', /paling panjang 100 karakter/],
      [{ pickupAddress: 'x'.repeat(301) }, 'pickupAddress', /paling panjang 300 karakter/],
      [{ notes: 'x'.repeat(1001) }, 'notes', /paling panjang 1000 karakter/],
      [{ patientName: '   ' }, 'patientName', /wajib diisi/],
      [{ destination: undefined }, 'destination', /wajib diisi/],
    ];
    const [before] = await t.database.db.select({ n: count() }).from(orders);
    for (const [change, field, message] of cases) {
      const res = await post('/api/ambulance-orders', { ...ambulanceOrderBody(), ...change });
      expect(res.statusCode, field).toBe(400);
      const { error } = res.json<ErrorResponse>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.fields?.[field], field).toMatch(message);
    }
    const [after] = await t.database.db.select({ n: count() }).from(orders);
    expect(after?.n).toBe(before?.n);
  });

  it('allows a few minutes of clock difference', async () => {
    const res = await post(
      '/api/ambulance-orders',
      ambulanceOrderBody({ scheduledAt: hoursFromNow(-2 / 60) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a body over 16 KB with 413 and stays up', async () => {
    const res = await post('/api/ambulance-orders', { ...ambulanceOrderBody(), notes: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorResponse>().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('GET /api/orders/{code}', () => {
  it('shows the order to whoever has the code and the phone, in any spelling', async () => {
    const { code } = await createAmbulanceOrder();
    for (const [asTyped, phone] of [
      [code, '081244556677'],
      [code.toLowerCase().replace('-', ''), '+6281244556677'],
      [` ${code.toLowerCase()}`, '62 812 4455 6677'],
    ] as const) {
      const res = await statusPage(asTyped, phone);
      expect(res.statusCode, asTyped).toBe(200);
      expect(res.json()).toMatchObject({ code, status: 'NEW', history: [{ status: 'NEW' }] });
      expect(res.json()).not.toHaveProperty('phone');
    }
  });

  it('answers the same 404 for a wrong phone, no phone, an unknown code and any odd shape', async () => {
    const { code } = await createAmbulanceOrder();
    const answers = await Promise.all([
      statusPage(code, '081299999999'),
      statusPage(code),
      statusPage(code, 'bukan-nomor'),
      statusPage('ZZZZ-ZZZZ', '081244556677'),
      statusPage('1', '081244556677'),
      statusPage('ABCD-EFGH-JKMN', '081244556677'),
      statusPage('x'.repeat(90), '081244556677'),
      statusPage("' or 1=1 --", '081244556677'),
    ]);
    const first = answers[0]?.json();
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(first);
    }
    expect(first.error.code).toBe('NOT_FOUND');
  });

  it('keeps the code and the phone out of the request log, which names the route', async () => {
    const { code } = await createAmbulanceOrder();
    await statusPage(code, '081244556677');
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('"url":"/api/orders/:code?[redacted]"');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('081244556677');
  });

  it('keeps the whole query out of the request log', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/ambulance-tariffs?q=Rumah%20Pak%20Budi&x=3174012345678901',
    });
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('/api/ambulance-tariffs?[redacted]');
    expect(logged).not.toContain('Budi');
    expect(logged).not.toContain('3174012345678901');
  });
});

describe('orders desk', () => {
  it('is 401 anonymous and 403 for other roles, before looking at the input', async () => {
    const { id } = await createAmbulanceOrder();
    expect((await t.app.inject({ method: 'GET', url: '/api/desk/orders?page=nol' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/desk/orders/${id}/status`, payload: { status: 'X' } }))
        .statusCode,
    ).toBe(401);
    const forbidden = await move(id, { status: 'X' }, csOnly);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/desk/orders/${id}/status`,
      headers: { cookie: desk.cookie },
      payload: { status: 'CONFIRMED' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('CSRF_TOKEN_INVALID');
    expect((await move(id, { status: 'X' })).statusCode).toBe(400);
  });

  it('moves an order along its path, telling the requester each time, and keeps the timeline', async () => {
    const { id, code } = await createAmbulanceOrder();
    const confirmed = await move(id, { status: 'CONFIRMED', note: 'Ambulans disiapkan.' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id, status: 'CONFIRMED' });

    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/desk/orders/${id}/assignment`,
      headers: desk.headers,
      payload: { vehicle: 'DD 1234 XY', driver: 'Pak Syamsul' },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      vehicle: 'DD 1234 XY',
      driver: 'Pak Syamsul',
      status: 'CONFIRMED',
    });

    expect((await move(id, { status: 'ON_THE_WAY' })).statusCode).toBe(200);
    const done = await move(id, { status: 'DONE' });
    expect(done.statusCode).toBe(200);
    const detail = done.json();
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual([
      'NEW',
      'CONFIRMED',
      'CONFIRMED',
      'ON_THE_WAY',
      'DONE',
    ]);
    expect(detail.history[0].staff).toBeNull();
    expect(detail.history[1]).toMatchObject({
      note: 'Ambulans disiapkan.',
      staff: { id: desk.member.id, name: 'Petugas Pesanan' },
    });
    expect(detail.history[2].note).toContain('DD 1234 XY');

    const page = (await statusPage(code, '081244556677')).json();
    expect(page).toMatchObject({ status: 'DONE', vehicle: 'DD 1234 XY', driver: 'Pak Syamsul' });
    expect(page.history).toHaveLength(5);
    expect(page.history[1]).toEqual({
      status: 'CONFIRMED',
      note: 'Ambulans disiapkan.',
      at: expect.any(String),
    });
    expect(JSON.stringify(page)).not.toContain('Petugas Pesanan');

    const messages = await messagesFor(id);
    expect(messages.map((m) => m.recipient)).toEqual([
      officer.phone,
      '081244556677',
      '081244556677',
      '081244556677',
      '081244556677',
    ]);
    expect(messages[1]?.message).toBe(
      `Pesanan ambulans ${code} telah dikonfirmasi rumah sakit. Catatan: Ambulans disiapkan.`,
    );
    expect(messages[2]?.message).toBe(
      `Pesanan ambulans ${code}: kendaraan DD 1234 XY, pengemudi Pak Syamsul.`,
    );
    expect(messages[3]?.message).toContain('sedang dalam perjalanan');
    expect(messages[4]?.message).toContain('telah selesai');

    const audits = await t.database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual([
      'order.status',
      'order.assign',
      'order.status',
      'order.status',
    ]);
    expect(audits.every((a) => a.staffId === desk.member.id)).toBe(true);
  });

  it('refuses moves off the path with 409 and changes nothing', async () => {
    const { id } = await createAmbulanceOrder();
    for (const status of ['NEW', 'ON_THE_WAY', 'DONE']) {
      const res = await move(id, { status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error.code).toBe('ILLEGAL_STATUS_CHANGE');
    }
    expect((await move(id, { status: 'CONFIRMED' })).statusCode).toBe(200);
    expect((await move(id, { status: 'DONE' })).statusCode).toBe(409);
    expect((await move(id, { status: 'ON_THE_WAY' })).statusCode).toBe(200);
    expect((await move(id, { status: 'DONE' })).statusCode).toBe(200);
    const late = await move(id, { status: 'CANCELLED', note: 'Terlambat' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('"Selesai"');
    const assign = await t.app.inject({
      method: 'POST',
      url: `/api/desk/orders/${id}/assignment`,
      headers: desk.headers,
      payload: { vehicle: 'DD 1', driver: 'Budi' },
    });
    expect(assign.statusCode).toBe(409);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events).toHaveLength(4);
  });

  it('cancels only with a reason, which the requester sees', async () => {
    const { id, code } = await createAmbulanceOrder();
    for (const note of [undefined, '', '   ']) {
      const res = await move(id, { status: 'CANCELLED', note });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.note).toBe('Alasan pembatalan wajib diisi.');
    }
    const res = await move(id, { status: 'CANCELLED', note: 'Pasien sudah diantar keluarga.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Pasien sudah diantar keluarga.' });
    const page = (await statusPage(code, '081244556677')).json();
    expect(page.status).toBe('CANCELLED');
    expect(page.history.at(-1)).toMatchObject({
      status: 'CANCELLED',
      note: 'Pasien sudah diantar keluarga.',
    });
    const messages = await messagesFor(id);
    expect(messages.at(-1)?.message).toBe(
      `Pesanan ambulans ${code} dibatalkan. Alasan: Pasien sudah diantar keluarga.`,
    );
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await move(999999, { status: 'CONFIRMED' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/desk/orders/999999',
          headers: { cookie: desk.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/desk/orders/abc', headers: { cookie: desk.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('lets exactly one of many simultaneous moves of one order through', async () => {
    const { id } = await createAmbulanceOrder();
    const confirms = await Promise.all(Array.from({ length: 10 }, () => move(id, { status: 'CONFIRMED' })));
    expect(confirms.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(confirms.filter((r) => r.statusCode === 409)).toHaveLength(9);

    expect((await move(id, { status: 'ON_THE_WAY' })).statusCode).toBe(200);
    // From ON_THE_WAY both are legal, but not one after the other.
    const [done, cancelled] = await Promise.all([
      move(id, { status: 'DONE' }),
      move(id, { status: 'CANCELLED', note: 'Dibatalkan keluarga' }),
    ]);
    expect([done?.statusCode, cancelled?.statusCode].sort()).toEqual([200, 409]);

    const events = await t.database.db
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
    const final = done?.statusCode === 200 ? 'DONE' : 'CANCELLED';
    expect(events.map((e) => e.status)).toEqual(['NEW', 'CONFIRMED', 'ON_THE_WAY', final]);
    expect(await messagesFor(id)).toHaveLength(4);
  });

  it('lists orders by kind, status and WIB pickup day, newest pickup first', async () => {
    // Days far ahead that no other test uses; 00:30 and 23:30 WIB lie on different UTC days.
    const day = new Date(Date.now() + 60 * 86_400_000);
    const date = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const first = date(day);
    const next = date(new Date(day.getTime() + 86_400_000));
    const early = await createAmbulanceOrder({ scheduledAt: `${first}T00:30:00+07:00` });
    const late = await createAmbulanceOrder({ scheduledAt: `${first}T23:30:00+07:00` });
    const following = await createAmbulanceOrder({ scheduledAt: `${next}T00:10:00+07:00` });
    const hearse = await post('/api/hearse-orders', {
      ...ambulanceOrderBody({ scheduledAt: `${first}T12:00:00+07:00` }),
      patientName: undefined,
      deceasedName: 'Almarhumah Sitti',
    });
    expect(hearse.statusCode).toBe(201);
    await move(late.id, { status: 'CONFIRMED' });

    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/desk/orders?${query}`,
        headers: { cookie: desk.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: number; code: string; phone: string }[]; total: number };
    };
    const sameDay = await list(`from=${first}&to=${first}&kind=ambulance`);
    expect(sameDay.items.map((o) => o.id)).toEqual([late.id, early.id]);
    expect(sameDay.total).toBe(2);
    expect(sameDay.items[0]?.phone).toBe('081244556677');

    const both = await list(`from=${first}&to=${next}`);
    expect(both.total).toBe(4);
    expect(both.items[0]?.id).toBe(following.id);
    expect((await list(`from=${first}&to=${next}&kind=hearse`)).total).toBe(1);
    expect((await list(`from=${first}&status=CONFIRMED`)).items.map((o) => o.id)).toEqual([late.id]);
    const paged = await list(`from=${first}&to=${next}&pageSize=3&page=2`);
    expect(paged).toMatchObject({ total: 4, items: [{ id: early.id }] });

    const backwards = await t.app.inject({
      method: 'GET',
      url: `/api/desk/orders?from=${next}&to=${first}`,
      headers: { cookie: desk.cookie },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('to');
  });

  it('lets on-duty officers and admins use the desk too', async () => {
    const piketLogin = await loginAs(t.app, officer);
    const admin = await loginAsNew(t, { roles: ['admin'] });
    for (const who of [piketLogin, admin]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/desk/orders',
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('one transaction per change', () => {
  // A trigger that fails every outbox insert stands in for any failure after the order was written.
  async function withFailingOutbox(run: () => Promise<void>) {
    const { db } = t.database;
    await db.execute(sql`
      create function fail_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await db.execute(
      sql`create trigger fail_outbox before insert on outbox for each row execute function fail_outbox()`,
    );
    try {
      await run();
    } finally {
      await db.execute(sql`drop trigger fail_outbox on outbox`);
      await db.execute(sql`drop function fail_outbox()`);
    }
  }

  it('leaves no order behind when its message cannot be written, and no message without its change', async () => {
    const { id } = await createAmbulanceOrder();
    const [before] = await t.database.db.select({ n: count() }).from(orders);
    await withFailingOutbox(async () => {
      const res = await post('/api/ambulance-orders', ambulanceOrderBody());
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('outbox unavailable');
      expect((await move(id, { status: 'CONFIRMED' })).statusCode).toBe(500);
    });
    const [after] = await t.database.db.select({ n: count() }).from(orders);
    expect(after?.n).toBe(before?.n);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe('NEW');
    expect(await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).toHaveLength(1);
    expect(await messagesFor(id)).toHaveLength(1);
  });

  it('marks the message failed at once when nobody is on duty', async () => {
    const { db } = t.database;
    await db.execute(sql`delete from duty_posts where role = 'piket'`);
    try {
      const { id } = await createAmbulanceOrder();
      const [message] = await messagesFor(id);
      expect(message).toMatchObject({ status: 'failed', recipient: null });
      expect(message?.lastError).toContain('Tidak ada petugas piket');
    } finally {
      await putOnDuty(db, 'piket', officer.id);
    }
  });
});

describe('public write limit', () => {
  it('refuses the 21st order or complaint from one address within a minute, and no other address', async () => {
    const address = '10.99.0.1';
    for (let i = 0; i < 20; i++) {
      const res =
        i % 2 === 0
          ? await post('/api/ambulance-orders', ambulanceOrderBody(), address)
          : await post(
              '/api/complaints',
              { phone: '081244556677', category: 'pelayanan', message: `Antrean terlalu lama (${i}).` },
              address,
            );
      expect(res.statusCode, res.body).toBe(201);
    }
    const blocked = await post('/api/ambulance-orders', ambulanceOrderBody(), address);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    // Until the first of these writes or failures, made seconds ago, is a minute old (it once said 1 s).
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: `Terlalu banyak permintaan dari alamat Anda. Coba lagi dalam ${retryAfter} detik.`,
    });
    const complaint = await post(
      '/api/complaints',
      { phone: '081244556677', category: 'pelayanan', message: 'Satu lagi.' },
      address,
    );
    expect(complaint.statusCode).toBe(429);

    expect((await post('/api/ambulance-orders', ambulanceOrderBody(), '10.99.0.2')).statusCode).toBe(201);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.address, address));
    expect(stored?.n).toBe(10);
  });

  it('counts simultaneous writes from one address one by one', async () => {
    const address = '10.99.0.3';
    const results = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/ambulance-orders', ambulanceOrderBody(), address)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });
});
