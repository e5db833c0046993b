import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, staff } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createStaffMember, loginAs, type TestStaff } from '../../test/factories.js';

let t: TestApp;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffMember(t.database.db, { roles: ['admin'], name: 'Kapten Admin Uji' });
});
afterAll(() => t.app.close());

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

describe('staff login (database-backed)', () => {
  it('opens a session with an httpOnly, SameSite cookie and returns the CSRF token', async () => {
    const res = await login(admin.username, admin.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: admin.id,
      name: 'Kapten Admin Uji',
      username: admin.username,
      roles: ['admin'],
    });
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);

    const session = res.cookies.find((c) => c.name === 'portal_sid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(session?.secure).toBeFalsy();
    const hint = res.cookies.find((c) => c.name === 'portal_staff');
    expect(hint).toMatchObject({ value: '1', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
  });

  it('accepts the username in any case and the password with surrounding spaces', async () => {
    const res = await login(`  ${admin.username.toUpperCase()} `, `  ${admin.password}\t`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password or an unknown user with the same 401', async () => {
    const wrong = await login(admin.username, 'bukan-sandinya', '10.0.0.2');
    const unknown = await login('tidak-ada', 'bukan-sandinya', '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Nama pengguna atau kata sandi salah.' },
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('names the missing fields of an incomplete login in Bahasa Indonesia', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ username: 'Nama pengguna wajib diisi.' });
    expect(res.json().error.fields).toHaveProperty('password');
  });

  it('refuses a deactivated staff member', async () => {
    const former = await createStaffMember(t.database.db, { roles: ['admin'] });
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, former.id));
    expect((await login(former.username, former.password)).statusCode).toBe(401);
  });
});

describe('session', () => {
  it('tells who is logged in, and nothing to an anonymous caller', async () => {
    const { cookie, csrfToken } = await loginAs(t.app, admin);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: admin.id,
      name: admin.name,
      username: admin.username,
      roles: ['admin'],
      csrfToken,
    });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('logs out only with the CSRF token, and the session is gone afterwards', async () => {
    const { cookie, headers } = await loginAs(t.app, admin);
    const forged = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF_TOKEN_INVALID');
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(wrongToken.statusCode).toBe(403);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.map((c) => [c.name, c.value])).toEqual([
      ['portal_sid', ''],
      ['portal_staff', ''],
    ]);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    // A stale cookie is cleared, so the web app stops asking.
    expect(after.cookies.map((c) => c.name)).toContain('portal_staff');
  });

  it('checks the session before reading the body: an anonymous caller learns nothing but 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"this is": not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('ends after the idle time and after the absolute lifetime', async () => {
    const idle = await loginAs(t.app, admin);
    const stillThere = await loginAs(t.app, admin);
    const expired = await loginAs(t.app, admin);
    const { db } = t.database;
    const hashOf = (cookie: string) =>
      createHash('sha256').update(cookie.replace('portal_sid=', '')).digest('hex');
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '121 minutes'` })
      .where(eq(sessions.tokenHash, hashOf(idle.cookie)));
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '119 minutes'` })
      .where(eq(sessions.tokenHash, hashOf(stillThere.cookie)));
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashOf(expired.cookie)));

    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect((await me(idle.cookie)).statusCode).toBe(401);
    expect((await me(stillThere.cookie)).statusCode).toBe(200);
    expect((await me(expired.cookie)).statusCode).toBe(401);
  });
});
