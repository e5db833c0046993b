import type { SessionInfo, StaffMember } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from '../../db/legacy/report.js';
import { staff } from '../../db/schema/index.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { loginAs, loginAsNew, type StaffLogin } from '../../test/factories.js';
import { importFiles, legacyCsv } from '../../test/legacy.js';
import { setPassword } from '../staff/service.js';

// An officer of the legacy portal whose password breaks the portal's rules: imported, given a login name
// by an admin, they may log in but must set a new password before anything else; the duty handover keeps
// taking the old one until then.

const weak = '1234';
const username = 'bambang.uji';

let t: TestApp;
let admin: StaffLogin;
let officerId: number;

const onDuty = (password: string) =>
  legacyCsv(
    ['sr_recno', 'nama', 'telp', 'tarifkt', 'piket', 'sr_deleted'],
    [[41, 'Serda Bambang Wiratmo', '081277770041', password, '0', '']],
  );

const flag = async (id: number) => {
  const [row] = await t.database.db
    .select({ required: staff.passwordChangeRequired })
    .from(staff)
    .where(eq(staff.id, id));
  return row?.required;
};

const login = (password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

const handover = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/duty/piket/handover',
    payload: { staffId: officerId, password },
    remoteAddress: '10.7.7.1',
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(() => t.app.close());

describe('a weak legacy password (database)', () => {
  it('is listed by the import, without the password, and flags the officer', async () => {
    const report = await importFiles(t.database.db, { 'bhpdet_dbs.csv': onDuty(weak) });
    const table = report.table('bhpdet_dbs.csv');
    expect(table).toMatchObject({ inserted: 1, rejected: 0 });
    expect(table.notices).toEqual([
      {
        file: 'bhpdet_dbs.csv',
        line: 2,
        key: '41',
        text: 'Kata sandi lama Serda Bambang Wiratmo lemah (kata sandi minimal 8 karakter): wajib diganti saat pertama masuk web',
      },
    ]);
    expect(JSON.stringify(table.notices)).not.toContain(weak);
    expect(renderReport(report)).toContain('Serda Bambang Wiratmo lemah');

    const [officer] = await t.database.db.select().from(staff).where(eq(staff.legacyDutyRecNo, 41));
    if (!officer) throw new Error('officer not imported');
    officerId = officer.id;
    expect(officer.passwordChangeRequired).toBe(true);
  });

  it('logs in once an admin gives a username, and must change the password before anything else', async () => {
    const given = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${officerId}`,
      headers: admin.headers,
      payload: {
        name: 'Serda Bambang Wiratmo',
        phone: '081277770041',
        username,
        roles: ['piket', 'registration'],
        active: true,
      },
    });
    ok<StaffMember>(given);

    const res = await login(weak);
    const session = ok<SessionInfo>(res);
    expect(session).toMatchObject({ name: 'Serda Bambang Wiratmo', passwordChangeRequired: true });
    const cookie = `portal_sid=${res.cookies.find((c) => c.name === 'portal_sid')?.value}`;

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(ok<SessionInfo>(me).passwordChangeRequired).toBe(true);

    for (const url of ['/api/patients?name=budi', '/api/auth/attempts', '/api/attendance/me']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused)).toEqual({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: 'Ganti kata sandi Anda dulu: buat kata sandi Anda sendiri sebelum membuka meja kerja.',
      });
    }
  });

  it('still hands the duty post over with the legacy password', async () => {
    const res = await handover(weak);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: officerId, name: 'Serda Bambang Wiratmo' });
    expect(await flag(officerId)).toBe(true);
  });

  it('opens the desks once the officer sets a strong password of their own', async () => {
    const officer = await loginAs(t.app, { id: officerId, name: '', phone: '', username, password: weak });
    const tooWeak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: officer.headers,
      payload: { currentPassword: weak, newPassword: 'bambang-2025' },
    });
    expect(tooWeak.statusCode).toBe(400);
    expect(await flag(officerId)).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: officer.headers,
      payload: { currentPassword: weak, newPassword: 'Lampu-Hijau-77' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await flag(officerId)).toBe(false);

    const me = ok<SessionInfo>(
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: officer.headers }),
    );
    expect(me).not.toHaveProperty('passwordChangeRequired');
    const desk = await t.app.inject({
      method: 'GET',
      url: '/api/patients?name=budi',
      headers: officer.headers,
    });
    expect(desk.statusCode, desk.body).toBe(200);

    // The import leaves the password set in the portal, and the officer, alone.
    const again = await importFiles(t.database.db, { 'bhpdet_dbs.csv': onDuty(weak) });
    expect(again.table('bhpdet_dbs.csv')).toMatchObject({ notices: [], fixes: { portalPasswordKept: 1 } });
    expect(await flag(officerId)).toBe(false);
  });

  it('is set again by an admin setting a new password on /pegawai, and cleared by the command line', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${officerId}/password`,
      headers: admin.headers,
      payload: { password: 'Kereta-Senja-19' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await flag(officerId)).toBe(true);

    await t.database.db.update(staff).set({ passwordChangeRequired: true }).where(eq(staff.id, officerId));
    // As `cli staff passwd` sets it.
    await setPassword(t.database.db, officerId, 'Kereta-Senja-20');
    expect(await flag(officerId)).toBe(false);
  });
});
