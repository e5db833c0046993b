import type { StaffSession } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import {
  createStaffMember,
  type LoggedIn,
  loginAs,
  loginAsNew,
  type StaffLogin,
  type TestStaff,
} from '../../test/factories.js';

// Database-backed: an admin sees a person's live sessions and ends one or all of them.

let t: TestApp;
let admin: StaffLogin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(() => t.app.close());

/** Logs in from a browser of its own: an address and a user agent. */
async function loginFrom(member: TestStaff, address: string, userAgent: string): Promise<LoggedIn> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: member.username, password: member.password },
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  });
  const { csrfToken } = ok<{ csrfToken: string }>(res);
  const cookie = `portal_sid=${res.cookies.find((c) => c.name === 'portal_sid')?.value}`;
  return { cookie, csrfToken, headers: { cookie, 'x-csrf-token': csrfToken } };
}

const sessionsOf = async (staffId: number, as: LoggedIn = admin) =>
  ok<StaffSession[]>(
    await t.app.inject({ method: 'GET', url: `/api/staff/${staffId}/sessions`, headers: as.headers }),
  );

const end = (staffId: number, sessionId?: number, as: LoggedIn = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/staff/${staffId}/sessions${sessionId === undefined ? '' : `/${sessionId}`}`,
    headers: as.headers,
  });

const me = (as: LoggedIn) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: as.cookie } });

const lastAudit = async (staffId: number) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(staffId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('a staff member’s sessions (admin)', () => {
  it('lists the live sessions with their start, last use, address and browser', async () => {
    const member = await createStaffMember(t.database.db, { roles: ['ward'] });
    await loginFrom(member, '10.7.0.1', 'Mozilla/5.0 (bangsal)');
    await loginFrom(member, '10.7.0.2', 'Mozilla/5.0 (rumah)');

    const sessions = await sessionsOf(member.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.address, s.userAgent, s.current]).sort()).toEqual([
      ['10.7.0.1', 'Mozilla/5.0 (bangsal)', false],
      ['10.7.0.2', 'Mozilla/5.0 (rumah)', false],
    ]);
    for (const session of sessions) {
      expect(Date.parse(session.startedAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
      expect(session).not.toHaveProperty('tokenHash');
    }
    // Only the caller's own session is marked current.
    expect((await sessionsOf(admin.member.id)).filter((s) => s.current)).toHaveLength(1);
  });

  it('ends one session: its next request gets 401 in the envelope, the other goes on, and it is audited', async () => {
    const member = await createStaffMember(t.database.db, { roles: ['ward'] });
    const ward = await loginFrom(member, '10.7.1.1', 'Mozilla/5.0 (bangsal)');
    const home = await loginFrom(member, '10.7.1.2', 'Mozilla/5.0 (rumah)');
    const target = (await sessionsOf(member.id)).find((s) => s.address === '10.7.1.2');

    const res = await end(member.id, target?.id);
    expect(res.statusCode, res.body).toBe(204);
    // Not the admin's own session: the admin stays logged in.
    expect(res.cookies).toHaveLength(0);

    const after = await t.app.inject({ method: 'GET', url: '/api/ward/admissions', headers: home.headers });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Silakan masuk sebagai petugas terlebih dahulu.',
    });
    expect((await me(ward)).statusCode).toBe(200);
    expect((await sessionsOf(member.id)).map((s) => s.address)).toEqual(['10.7.1.1']);

    expect(await lastAudit(member.id)).toMatchObject({
      staffId: admin.member.id,
      action: 'staff.session.end',
      details: { session: target?.id, address: '10.7.1.2', userAgent: 'Mozilla/5.0 (rumah)' },
    });

    const again = await end(member.id, target?.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe('Sesi tidak ditemukan atau sudah berakhir.');
  });

  it("does not end a session through another person's path", async () => {
    const member = await createStaffMember(t.database.db, { roles: ['ward'] });
    const other = await createStaffMember(t.database.db, { roles: ['ward'] });
    const session = await loginFrom(member, '10.7.2.1', 'Mozilla/5.0');
    const [listed] = await sessionsOf(member.id);

    expect((await end(other.id, listed?.id)).statusCode).toBe(404);
    expect((await me(session)).statusCode).toBe(200);
  });

  it('ends every session of a person at once', async () => {
    const member = await createStaffMember(t.database.db, { roles: ['ward'] });
    const logins = [
      await loginFrom(member, '10.7.3.1', 'Mozilla/5.0 (a)'),
      await loginFrom(member, '10.7.3.2', 'Mozilla/5.0 (b)'),
    ];

    expect(ok(await end(member.id))).toEqual({ ended: 2 });
    for (const login of logins) expect((await me(login)).statusCode).toBe(401);
    expect(await sessionsOf(member.id)).toEqual([]);
    expect(await lastAudit(member.id)).toMatchObject({
      action: 'staff.sessions.end',
      details: { sessionsEnded: 2 },
    });
  });

  it("ends an admin's other sessions but not the one they act from", async () => {
    const self = await loginAsNew(t, { roles: ['admin'] });
    const elsewhere = await loginAs(t.app, self.member);

    expect(ok(await end(self.member.id, undefined, self))).toEqual({ ended: 1 });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(self)).statusCode).toBe(200);
  });

  it('logs an admin out who ends their own current session, clearing the cookies', async () => {
    const self = await loginAsNew(t, { roles: ['admin'] });
    const [current] = (await sessionsOf(self.member.id, self)).filter((s) => s.current);

    const res = await end(self.member.id, current?.id, self);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.map((c) => [c.name, c.value])).toEqual([
      ['portal_sid', ''],
      ['portal_staff', ''],
    ]);
    expect((await me(self)).statusCode).toBe(401);
  });

  it('answers 404 for a staff member who does not exist, and 403 to staff who are not admins', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/999999/sessions', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    expect((await end(999999)).statusCode).toBe(404);

    const clerk = await loginAsNew(t, { roles: ['records'] });
    const refused = await end(admin.member.id, undefined, clerk);
    expect(refused.statusCode).toBe(403);
    expect((await me(admin)).statusCode).toBe(200);
  });
});
