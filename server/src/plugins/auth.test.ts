import { CSRF_HEADER } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { type LoggedIn, loginAsNew } from '../test/factories.js';

/** The routes anyone may call. Everything else in the API is for staff. */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'GET /api/duty',
  'GET /api/duty/{role}/candidates',
  'POST /api/duty/{role}/handover',
  'GET /api/ambulance-tariffs',
  'GET /api/tariff-books',
  'GET /api/tariff-books/{id}/items',
  'GET /api/beds',
  'GET /api/beds/stream',
  'POST /api/ambulance-orders',
  'POST /api/hearse-orders',
  'GET /api/orders/{code}',
  'GET /api/complaint-categories',
  'POST /api/complaints',
  'GET /api/complaints/{code}',
  'GET /api/clinics',
  'GET /api/clinics/{id}/schedules',
  'GET /api/public/registration-dates',
  'GET /api/public/doctor-schedules',
  'POST /api/registrations',
  'GET /api/registrations/{code}',
  'GET /api/registrations/{code}/qr.png',
  'POST /api/registrations/{code}/check-in',
  'POST /api/registrations/{code}/cancel',
  // The lobby kiosk's SEP: no login, the kiosks' addresses (registration/sep.test.ts).
  'POST /api/registrations/{code}/sep',
  'GET /api/queue/board',
  'GET /api/queue/board/stream',
  'GET /api/public/operating-schedule',
  'POST /api/public/admission-tickets',
  'GET /api/public/surveys/{token}',
  'POST /api/public/surveys/{token}',
]);

/** Staff routes that need a session but no particular role. */
const anyStaffRoutes = new Set([
  'GET /api/auth/me',
  'GET /api/auth/attempts',
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'POST /api/attendance/clock-in',
  'POST /api/attendance/clock-out',
  'GET /api/attendance/me',
  'GET /api/roster',
  'GET /api/roster/now',
  'GET /api/system/simrs',
]);

/** BPJS's Mobile JKN service: no staff session, a token of its own instead (see modules/jkn). */
const isBpjsRoute = (path: string) => path.startsWith('/api/jkn/');
/** The WhatsApp gateway's webhook: its bearer token instead of a session (registration/whatsapp.test.ts). */
const gatewayRoute = 'POST /api/whatsapp/inbound';

let t: TestApp;
let roleless: LoggedIn;
let staffRoutes: { method: string; url: string; name: string }[];
let bpjsRoutes: { method: string; url: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  roleless = await loginAsNew(t, { roles: [] });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      // Any value will do for path parameters: the checks come before the route looks at them.
      url: path.replace(/\{[^}]+\}/g, '1'),
      name: `${method.toUpperCase()} ${path}`,
    })),
  );
  bpjsRoutes = routes.filter((route) => isBpjsRoute(route.url));
  staffRoutes = routes.filter(
    (route) => !publicRoutes.has(route.name) && !isBpjsRoute(route.url) && route.name !== gatewayRoute,
  );
  expect(routes.map((route) => route.name)).toContain(gatewayRoute);
});
afterAll(() => t.app.close());

const sendsBody = (method: string) => method !== 'GET' && method !== 'DELETE';

describe('the route table', () => {
  it('has staff routes to check', () => {
    expect(staffRoutes.length).toBeGreaterThan(10);
  });

  it('answers every non-public route with 401 to an anonymous caller, whatever the input', async () => {
    const answers: string[] = [];
    for (const route of staffRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        ...(sendsBody(route.method) ? { payload: { anything: 'x'.repeat(10) } } : {}),
      });
      answers.push(`${route.name} → ${res.statusCode}`);
    }
    expect(answers.filter((a) => !a.endsWith('→ 401'))).toEqual([]);
  });

  it('answers every role-bound route with 403 to staff without that role', async () => {
    const answers: string[] = [];
    for (const route of staffRoutes.filter((r) => !anyStaffRoutes.has(r.name))) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { cookie: roleless.cookie, [CSRF_HEADER]: roleless.csrfToken },
        ...(sendsBody(route.method) ? { payload: {} } : {}),
      });
      answers.push(`${route.name} → ${res.statusCode}`);
    }
    expect(answers.filter((a) => !a.endsWith('→ 403'))).toEqual([]);
  });

  it('answers every staff route but me, logout and the password change with 403 to staff who must change their password', async () => {
    const flagged = await loginAsNew(t, { roles: ['admin'] });
    await t.database.db
      .update(staff)
      .set({ passwordChangeRequired: true })
      .where(eq(staff.id, flagged.member.id));
    const open = new Set(['GET /api/auth/me', 'POST /api/auth/logout', 'POST /api/auth/password']);
    const answers: string[] = [];
    for (const route of staffRoutes.filter((r) => !open.has(r.name))) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: flagged.headers,
        ...(sendsBody(route.method) ? { payload: {} } : {}),
      });
      answers.push(
        `${route.name} → ${res.statusCode} ${res.statusCode === 403 ? res.json().error.code : ''}`,
      );
    }
    expect(answers.filter((a) => !a.endsWith('→ 403 PASSWORD_CHANGE_REQUIRED'))).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: flagged.headers });
    expect(me.json()).toMatchObject({ id: flagged.member.id, passwordChangeRequired: true });
  });

  it("refuses every Mobile JKN service without BPJS's credentials or token, in BPJS's envelope", async () => {
    expect(bpjsRoutes.length).toBe(11);
    const answers: string[] = [];
    for (const route of bpjsRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { cookie: roleless.cookie, [CSRF_HEADER]: roleless.csrfToken },
        ...(sendsBody(route.method) ? { payload: { kodebooking: 'x' } } : {}),
      });
      answers.push(`${route.name} → ${res.statusCode} ${JSON.stringify(res.json())}`);
    }
    expect(answers).toEqual(
      bpjsRoutes.map(
        (route) =>
          `${route.name} → 200 {"metadata":{"code":201,"message":"${
            route.url.endsWith('/token')
              ? 'Username dan Password wajib diisi'
              : 'Username dan Token wajib diisi'
          }"}}`,
      ),
    );
  });
});
