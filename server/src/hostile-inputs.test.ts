import type { ErrorResponse } from '@portal/contract';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints } from './db/schema/index.js';
import { createTestApp, errorOf, type TestApp } from './test/app.js';
import { loginAsNew, type StaffLogin } from './test/factories.js';

// The reproductions of what an outside attack on the portal found (issue 16, findings 2, 6 and 7), each
// answered now as API.md says: a 4xx in the envelope, nothing written, and no value in the log.

let t: TestApp;
let admin: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      // A query that fails on its parameter, as one with a patient's NIK in it would.
      app.get('/api/test/failing-query', async () => {
        await app.db.execute(sql`select ${'NIK-3174012345678901'}::int`);
        return {};
      });
    },
  });
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(() => t.app.close());

const errorLines = () => t.logs.filter((line) => Number(line.level) >= 50);
/** The 5xx log lines written after `mark` (the length of the log then). */
const errorsSince = (mark: number) => t.logs.slice(mark).filter((line) => Number(line.level) >= 50);

describe('a text the database cannot hold', () => {
  it('a NUL character in a query or a JSON text is refused with the field named, and writes nothing', async () => {
    const mark = t.logs.length;
    const search = await t.app.inject({ method: 'GET', url: '/api/ambulance-tariffs?q=%00' });
    expect(search.statusCode).toBe(400);
    expect(errorOf(search).fields).toEqual({ q: 'Teks tidak boleh berisi karakter NUL (\\u0000).' });

    const [before] = await t.database.db.select({ n: count() }).from(complaints);
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { phone: '081234567890', category: 'pelayanan', message: 'Antrean\u0000 lama' },
    });
    expect(complaint.statusCode).toBe(400);
    expect(errorOf(complaint).fields).toHaveProperty('message');
    const [after] = await t.database.db.select({ n: count() }).from(complaints);
    expect(after?.n).toBe(before?.n);

    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: admin.headers,
      payload: { name: 'Budi\u0000', username: 'budi.nul', password: 'Rahasia-Sekali-123', roles: [] },
    });
    expect(staff.statusCode).toBe(400);
    expect(errorsSince(mark)).toEqual([]);
  });

  it('half a surrogate pair in a JSON text is refused the same way, not a 500 at the audit or the outbox', async () => {
    const mark = t.logs.length;
    const message = 'Teks berisi karakter yang tidak sah (separuh pasangan surrogate UTF-16, mis. \\ud800).';
    const [before] = await t.database.db.select({ n: count() }).from(complaints);
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":"081234567890","category":"pelayanan","message":"Antrean lama \\ud800"}',
    });
    expect(complaint.statusCode).toBe(400);
    expect(errorOf(complaint).fields).toEqual({ message });
    const [after] = await t.database.db.select({ n: count() }).from(complaints);
    expect(after?.n).toBe(before?.n);

    // An admin's change is audited (jsonb): the low half alone is refused as well.
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload:
        '{"name":"Budi \\udc00 Santoso","username":"budi.utf","password":"Rahasia-Sekali-123","roles":[]}',
    });
    expect(staff.statusCode).toBe(400);
    expect(errorOf(staff).fields).toEqual({ name: message });
    // A pair whole is a character (an emoji) and passes this check.
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/ambulance-tariffs?q=${encodeURIComponent('\u{1F691}')}`,
    });
    expect(whole.statusCode).toBe(200);
    expect(errorsSince(mark)).toEqual([]);
  });
});

describe('the log of a failed query', () => {
  it('names the statement and the SQLSTATE, never a parameter or a value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    const line = errorLines().find((l) => l.reqId === res.headers['x-request-id']);
    const logged = JSON.stringify(line);
    expect(logged).toContain('select $1::int');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('3174012345678901');
  });
});

describe('numbers past the database integer', () => {
  it('are refused as the ids they cannot be', async () => {
    const mark = t.logs.length;
    const dates = await t.app.inject({
      method: 'GET',
      url: '/api/public/registration-dates?clinicId=2147483648',
    });
    expect(dates.statusCode).toBe(400);
    const outOfRange = 'Nomor data harus bilangan bulat dari 1 sampai 2147483647.';
    expect(errorOf(dates).fields?.clinicId).toBe(outOfRange);
    const items = await t.app.inject({ method: 'GET', url: '/api/tariff-books/99999999999/items' });
    expect(items.statusCode).toBe(404);
    const schedules = await t.app.inject({
      method: 'GET',
      url: '/api/clinics/2147483648/schedules?date=2026-12-01',
    });
    expect(schedules.statusCode).toBe(404);
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        scheduleId: 2147483648,
        date: '2026-12-01',
        payer: 'UMUM',
        patient: { mrn: '000001', birthDate: '1990-01-01' },
        phone: '081234567890',
      },
    });
    expect(booking.statusCode).toBe(400);
    expect(errorOf(booking).fields?.scheduleId).toBe(outOfRange);
    const order = await t.app.inject({
      method: 'GET',
      url: '/api/orders/2147483648',
      headers: admin.headers,
    });
    expect(order.statusCode).toBe(404);
    expect(errorsSince(mark)).toEqual([]);
  });

  it('and a date or month of year 0 is refused, not a 500', async () => {
    const mark = t.logs.length;
    const recap = await t.app.inject({
      method: 'GET',
      url: '/api/attendance/recap?month=0000-01',
      headers: admin.headers,
    });
    expect(recap.statusCode).toBe(400);
    expect(errorOf(recap).fields?.month).toBe('Bulan harus antara tahun 1900 dan 2999.');
    const visits = await t.app.inject({
      method: 'GET',
      url: '/api/reports/visits?from=0000-01-01&to=0000-02-01',
      headers: admin.headers,
    });
    expect(visits.statusCode).toBe(400);
    expect(errorsSince(mark)).toEqual([]);
  });
});

describe('an answer', () => {
  it('to a malformed URL is the envelope, with the request id and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/%c0%ae%c0%ae/etc/passwd' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Alamat (URL) tidak valid.',
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells browsers to keep to HTTPS when the portal is served over it, and only then', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    const https = await createTestApp({ database: t.database, cookieSecure: true });
    try {
      for (const url of ['/api/health', '/assets/%c0%ae']) {
        const res = await https.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      }
    } finally {
      await https.app.close();
    }
  });
});
