import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, writeBudgets } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createStaffMember, type TestStaff } from '../../test/factories.js';

// Database-backed: wrong passwords slow down whoever sends them, at their address, and never lock the
// owner out elsewhere; the defence itself still bounds guessing. Addresses are faked with `remoteAddress`,
// time by moving the recorded attempts back.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const login = (username: string, password: string, remoteAddress: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
    ...(device === undefined ? {} : { cookies: { portal_device: device } }),
  });

/** The known-device cookie a successful login leaves in the browser. */
async function deviceOf(member: TestStaff, remoteAddress: string): Promise<string> {
  const res = await login(member.username, member.password, remoteAddress);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'portal_device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
  return String(cookie?.value);
}

const staffMember = () => createStaffMember(t.database.db, { roles: ['cs'] });

/** Moves the attempts (and the budgets) of the last minute out of the window, as if a minute passed. */
async function aMinuteLater() {
  await t.database.db
    .update(loginAttempts)
    .set({ at: sql`${loginAttempts.at} - interval '2 minutes'` })
    .where(sql`${loginAttempts.at} > now() - interval '2 minutes'`);
  await t.database.db
    .update(writeBudgets)
    .set({ windowStart: sql`${writeBudgets.windowStart} - interval '2 minutes'` })
    .where(like(writeBudgets.key, 'password-device:%'));
}

describe('wrong passwords from elsewhere', () => {
  it("do not lock the owner out: andi's own login from another address succeeds", async () => {
    const andi = await staffMember();
    const attacker = '127.0.18.1';
    for (let i = 0; i < 12; i++) await login(andi.username, `tebakan-${i}`, attacker);
    expect((await login(andi.username, andi.password, attacker)).statusCode).toBe(429);

    const own = await login(andi.username, andi.password, '127.0.0.1');
    expect(own.statusCode).toBe(200);
    expect(own.cookies.map((c) => c.name)).toContain('portal_sid');
  });

  it('slow the attacking address down (429 with Retry-After there), even with the right password, for a minute', async () => {
    const target = await staffMember();
    const attacker = '127.0.18.2';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await login(target.username, `salah-${i}`, attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const blocked = await login(target.username, target.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().error.message).toBe(
      `Terlalu banyak percobaan kata sandi yang salah. Coba lagi dalam ${retryAfter} detik.`,
    );
    expect(blocked.cookies).toHaveLength(0);
    // Only the five failures were password checks: the refused ones are recorded as such.
    const outcomes = await t.database.db
      .select({ outcome: loginAttempts.outcome })
      .from(loginAttempts)
      .where(eq(loginAttempts.staffId, target.id));
    expect(outcomes.filter((o) => o.outcome === 'failed')).toHaveLength(5);

    await aMinuteLater();
    expect((await login(target.username, target.password, attacker)).statusCode).toBe(200);
  });

  it('hold the limit when many guesses from one address arrive at once', async () => {
    const target = await staffMember();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(target.username, `tebakan-${i}`, '127.0.18.3')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('from many addresses stay bounded: past 20 a minute only places where the owner is known get through', async () => {
    const target = await staffMember();
    const device = await deviceOf(target, '127.0.19.1');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(target.username, `tebakan-${i}`, `127.0.20.${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // A new address waits, even with the right password…
    expect((await login(target.username, target.password, '127.0.21.1')).statusCode).toBe(429);
    // …the owner's usual address and the owner's browser do not.
    expect((await login(target.username, target.password, '127.0.19.1')).statusCode).toBe(200);
    expect((await login(target.username, target.password, '127.0.21.1', device)).statusCode).toBe(200);
  });
});

describe('Retry-After from another address', () => {
  it('is the time until the account is below its limit again, not until its oldest failure leaves', async () => {
    const target = await staffMember();
    // One failure 55 s ago, then 24 from several addresses just now (its owner's browser may fail too).
    const failures = (count: number, secondsAgo: number) =>
      t.database.db.insert(loginAttempts).values(
        Array.from({ length: count }, (_, i) => ({
          kind: 'login' as const,
          staffId: target.id,
          username: target.username,
          address: `127.0.27.${i % 6}`,
          outcome: 'failed' as const,
          at: sql`now() - make_interval(secs => ${secondsAgo})`,
        })),
      );
    await failures(1, 55);
    await failures(24, 5);
    const refused = await login(target.username, target.password, '127.0.28.1');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().error.message).toContain(`${retryAfter} detik`);
  });
});

describe('the known-device cookie', () => {
  it("lets the owner in from the attacking address, and only that account's owner", async () => {
    const owner = await staffMember();
    const colleague = await staffMember();
    const shared = '127.0.22.1';
    const device = await deviceOf(owner, '127.0.0.1');
    for (let i = 0; i < 5; i++) await login(owner.username, `tebakan-${i}`, shared);
    for (let i = 0; i < 5; i++) await login(colleague.username, `tebakan-${i}`, shared);
    expect((await login(owner.username, owner.password, shared)).statusCode).toBe(429);

    const res = await login(owner.username, owner.password, shared, device);
    expect(res.statusCode).toBe(200);
    // The browser now remembers it, renewed; the colleague's account is not known on it.
    const renewed = String(res.cookies.find((c) => c.name === 'portal_device')?.value);
    expect(renewed).toMatch(new RegExp(`^${owner.id}\\.\\d+\\.[\\w-]{43}$`));
    expect((await login(colleague.username, colleague.password, shared, renewed)).statusCode).toBe(429);
    // A forged or altered mark is no mark.
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login(owner.username, owner.password, shared, forged)).statusCode).toBe(429);
    expect(
      (await login(owner.username, owner.password, shared, `${colleague.id}.1.${'x'.repeat(43)}`)).statusCode,
    ).toBe(429);
  });

  it('keeps several accounts on a shared computer, and has a budget of its own', async () => {
    const first = await staffMember();
    const second = await staffMember();
    const ward = '127.0.23.1';
    const afterFirst = await deviceOf(first, ward);
    const res = await login(second.username, second.password, ward, afterFirst);
    const both = String(res.cookies.find((c) => c.name === 'portal_device')?.value);
    expect(both.split('~').map((mark) => Number(mark.split('.')[0]))).toEqual([second.id, first.id]);

    // Someone at the computer guessing the first person's password gets five tries a minute, no more.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await login(first.username, `tebakan-${i}`, ward, both)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login(first.username, first.password, ward, both)).statusCode).toBe(429);
    await aMinuteLater();
    expect((await login(first.username, first.password, ward, both)).statusCode).toBe(200);
  });
});

describe('invented user names', () => {
  it('cannot stop a hospital behind one address: a colleague never seen there still logs in', async () => {
    const nat = '127.0.24.1';
    for (let i = 0; i < 15; i++) expect((await login(`karangan-${i}`, 'salah', nat)).statusCode).toBe(401);
    const newcomer = await staffMember();
    expect((await login(newcomer.username, newcomer.password, nat)).statusCode).toBe(200);
  });

  it('answer like real ones (401) and are slowed down per name and address the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login('tidak-ada-orangnya', 'salah', '127.0.24.2')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('password spraying over real accounts', () => {
  it('stops the address for people not known there, with the real time to wait', async () => {
    const address = '127.0.25.1';
    const sprayed = await Promise.all(Array.from({ length: 11 }, () => staffMember()));
    const statuses: number[] = [];
    for (const member of sprayed)
      statuses.push((await login(member.username, 'Musim2026!', address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const newcomer = await staffMember();
    const blocked = await login(newcomer.username, newcomer.password, address);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await login(newcomer.username, newcomer.password, '127.0.25.2')).statusCode).toBe(200);
  });

  it('lets staff known at the address in, one guess a window each', async () => {
    const address = '127.0.26.1';
    const regular = await staffMember();
    const other = await staffMember();
    expect((await login(regular.username, regular.password, address)).statusCode).toBe(200);
    expect((await login(other.username, other.password, address)).statusCode).toBe(200);
    for (const member of await Promise.all(Array.from({ length: 10 }, () => staffMember())))
      await login(member.username, 'salah', address);

    expect((await login(regular.username, regular.password, address)).statusCode).toBe(200);
    // Someone spraying from inside gets one guess at a known person, then waits like everyone else.
    expect((await login(other.username, 'tebakan', address)).statusCode).toBe(401);
    expect((await login(other.username, other.password, address)).statusCode).toBe(429);
  });
});
