import type { OwnAttemptPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ok, type TestApp } from '../../test/app.js';
import { createStaffMember, loginAs, type TestStaff } from '../../test/factories.js';

// Database-backed: every staff member sees the checks of their own password, by login, handover and password
// change, and nobody else's.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const login = (member: TestStaff, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: member.username, password },
    remoteAddress,
  });

describe('GET /api/auth/attempts', () => {
  it("lists one's logins and the failed login, handover and password change attempts, newest first", async () => {
    const member = await createStaffMember(t.database.db, { roles: ['piket'] });
    const other = await createStaffMember(t.database.db, { roles: ['piket'] });

    expect((await login(member, 'bukan-sandinya', '10.8.0.1')).statusCode).toBe(401);
    const handover = await t.app.inject({
      method: 'POST',
      url: '/api/duty/piket/handover',
      payload: { staffId: member.id, password: 'tebakan-salah' },
      remoteAddress: '10.8.0.2',
    });
    expect(handover.statusCode).toBe(401);
    // Someone else's failures are theirs.
    expect((await login(other, 'bukan-sandinya', '10.8.0.1')).statusCode).toBe(401);
    expect((await login(member, member.password, '10.8.0.3')).statusCode).toBe(200);
    const session = await loginAs(t.app, member);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: session.headers,
      payload: { currentPassword: 'bukan-yang-lama', newPassword: 'sandi-baru-yang-panjang-7' },
      remoteAddress: '10.8.0.4',
    });
    expect(change.statusCode).toBe(400);

    const page = ok<OwnAttemptPage>(
      await t.app.inject({ method: 'GET', url: '/api/auth/attempts', headers: { cookie: session.cookie } }),
    );
    expect(page.total).toBe(5);
    expect(page.items.map(({ kind, outcome, address }) => [kind, outcome, address])).toEqual([
      ['password', 'failed', '10.8.0.4'],
      ['login', 'success', '127.0.0.1'],
      ['login', 'success', '10.8.0.3'],
      ['handover', 'failed', '10.8.0.2'],
      ['login', 'failed', '10.8.0.1'],
    ]);
    for (const item of page.items) expect(Date.parse(item.at)).not.toBeNaN();

    const failed = ok<OwnAttemptPage>(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/attempts?outcome=failed&pageSize=2',
        headers: { cookie: session.cookie },
      }),
    );
    expect(failed.total).toBe(3);
    expect(failed.items.map((item) => item.kind)).toEqual(['password', 'handover']);
  });

  it('is for staff who are logged in, and refuses a filter it does not know', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/attempts' });
    expect(anonymous.statusCode).toBe(401);

    const member = await createStaffMember(t.database.db);
    const { cookie } = await loginAs(t.app, member);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/attempts?outcome=semua',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
