import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions, staff } from '../../db/schema/index.js';
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

describe('login throttling', () => {
  it('answers 429 after five failures for one account, says when to retry, and refuses even the right password', async () => {
    const target = await createStaffMember(t.database.db, { roles: ['cs'] });
    for (let i = 0; i < 5; i++) {
      expect((await login(target.username, `salah-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(target.username, target.password, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(blocked.headers['retry-after']);
    // Until the first of these writes or failures, made seconds ago, is a minute old (it once said 1 s).
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().error.message).toMatch(new RegExp(`Coba lagi dalam ${retryAfter} detik`));
    expect(blocked.cookies).toHaveLength(0);

    // Once the failures are older than the window, the account may log in again.
    await t.database.db
      .update(loginAttempts)
      .set({ at: sql`now() - interval '2 minutes'` })
      .where(eq(loginAttempts.username, target.username));
    expect((await login(target.username, target.password, '10.1.0.99')).statusCode).toBe(200);
  });

  it('holds the limit when many wrong guesses arrive at once', async () => {
    const target = await createStaffMember(t.database.db, { roles: ['cs'] });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(target.username, `tebakan-${i}`, `10.2.0.${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('stops one address that tries many accounts (password spraying), with the real time to wait', async () => {
    const address = '10.3.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(`akun-${i}`, 'salah', address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Existing accounts are sprayed as well as made-up names, and someone new at the address waits too.
    const newcomer = await createStaffMember(t.database.db, { roles: ['cs'] });
    const blocked = await login(newcomer.username, newcomer.password, address);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await login(newcomer.username, newcomer.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('does not lock out a hospital behind one address: failures against a few accounts stop only those', async () => {
    const address = '10.4.0.1';
    const [guessed, colleague] = [
      await createStaffMember(t.database.db, { roles: ['cs'] }),
      await createStaffMember(t.database.db, { roles: ['ward'] }),
    ];
    for (const username of ['akun-nat-1', 'akun-nat-2', 'akun-nat-3', guessed.username]) {
      for (let i = 0; i < 5; i++) expect((await login(username, `salah-${i}`, address)).statusCode).toBe(401);
    }
    expect((await login(guessed.username, guessed.password, address)).statusCode).toBe(429);
    // 20 failures from the address, and someone else there logs in (once it was 429 after 20).
    expect((await login(colleague.username, colleague.password, address)).statusCode).toBe(200);
  });

  it('lets staff known at an address in while it is stopped for spraying, one guess a window each', async () => {
    const address = '10.5.0.1';
    const regular = await createStaffMember(t.database.db, { roles: ['ward'] });
    const other = await createStaffMember(t.database.db, { roles: ['ward'] });
    expect((await login(regular.username, regular.password, address)).statusCode).toBe(200);
    expect((await login(other.username, other.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await login(`semprot-${i}`, 'salah', address);
    expect((await login('semprot-baru', 'salah', address)).statusCode).toBe(429);

    expect((await login(regular.username, regular.password, address)).statusCode).toBe(200);
    // Someone spraying from inside gets one guess at a known person, then waits like everyone else.
    expect((await login(other.username, 'tebakan', address)).statusCode).toBe(401);
    expect((await login(other.username, other.password, address)).statusCode).toBe(429);
  });
});
