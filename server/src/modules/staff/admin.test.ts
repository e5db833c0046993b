import type { StaffMember, StaffPage } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, staff } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/db.js';
import {
  createStaffMember,
  type LoggedIn,
  loginAs,
  loginAsNew,
  putOnDuty,
  type StaffLogin,
} from '../../test/factories.js';
import { updateStaff } from './admin.js';

let t: TestApp;
let admin: StaffLogin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'], name: 'Mayor Admin Pegawai' });
});
afterAll(() => t.app.close());

let phones = 0;
/** A phone number no factory-made staff member has. */
const nextPhone = () =>
  `0857${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;

const list = (query: string, as: LoggedIn = admin) =>
  t.app.inject({ method: 'GET', url: `/api/staff?${query}`, headers: as.headers });
const add = (payload: object, as: LoggedIn = admin) =>
  t.app.inject({ method: 'POST', url: '/api/staff', headers: as.headers, payload });
const edit = (id: number, payload: object, as: LoggedIn = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/staff/${id}`, headers: as.headers, payload });
const reset = (id: number, password: string, as: LoggedIn = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/${id}/password`,
    headers: as.headers,
    payload: { password },
  });
const changeOwn = (as: LoggedIn, currentPassword: string, newPassword: string, remoteAddress = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    headers: as.headers,
    payload: { currentPassword, newPassword },
    remoteAddress,
  });
const me = (as: LoggedIn) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: as.cookie } });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** The full record of a staff member as PUT takes it, with `changes` applied. */
async function recordOf(id: number, changes: Partial<StaffMember> = {}) {
  const [row] = await t.database.db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new Error(`no staff ${id}`);
  return {
    name: row.name,
    phone: row.phone,
    username: row.username,
    roles: row.roles,
    active: row.active,
    ...changes,
  };
}

describe('staff list (database-backed)', () => {
  it('searches name, username and phone in any case and any phone form, a page at a time', async () => {
    const names = ['Serka Wahyudi Pratama', 'Serda Wahyu Lestari', 'Kopda Wahid Hasyim', 'Pratu Yusuf Wahab'];
    const members: StaffMember[] = [];
    for (const [i, name] of names.entries()) {
      members.push(
        ok<StaffMember>(
          await add({
            name,
            phone: nextPhone(),
            username: `wah${i}`,
            password: 'Lampu-Hijau-77',
            roles: i === 0 ? ['piket', 'ward'] : ['ward'],
          }),
          201,
        ),
      );
    }
    await putOnDuty(t.database.db, 'piket', members[0]!.id);

    const page1 = ok<StaffPage>(await list('q=WAH&page=1&pageSize=3'));
    expect(page1.total).toBe(4);
    expect(page1.items.map((m) => m.name)).toEqual([
      'Kopda Wahid Hasyim',
      'Pratu Yusuf Wahab',
      'Serda Wahyu Lestari',
    ]);
    const page2 = ok<StaffPage>(await list('q=wah&page=2&pageSize=3'));
    expect(page2.items.map((m) => m.name)).toEqual(['Serka Wahyudi Pratama']);
    expect(page2.items[0]).toMatchObject({
      username: 'wah0',
      roles: ['piket', 'ward'],
      active: true,
      hasPassword: true,
      hasLogin: true,
      onDuty: ['piket'],
    });
    expect(page2.items[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const byUsername = ok<StaffPage>(await list('q=WAH2'));
    expect(byUsername.items.map((m) => m.id)).toEqual([members[2]!.id]);
    const phone = members[3]!.phone;
    const international = `+62 ${phone.slice(1, 4)}-${phone.slice(4, 8)}-${phone.slice(8)}`;
    const byPhone = ok<StaffPage>(await list(new URLSearchParams({ q: international }).toString()));
    expect(byPhone.items.map((m) => m.id)).toEqual([members[3]!.id]);
    // A % or _ in the term is a character to find, not a wildcard.
    expect(ok<StaffPage>(await list('q=%25')).total).toBe(0);
    expect(JSON.stringify(page1) + JSON.stringify(page2)).not.toMatch(/argon2|sandi-wah/);
  });

  it('lists active or deactivated staff only when asked', async () => {
    const member = ok<StaffMember>(
      await add({ name: 'Prada Nonaktif Saja', phone: nextPhone(), roles: ['records'] }),
      201,
    );
    ok(await edit(member.id, await recordOf(member.id, { active: false })));
    const ids = async (query: string) => ok<StaffPage>(await list(query)).items.map((m) => m.id);
    expect(await ids('q=nonaktif%20saja&active=false')).toEqual([member.id]);
    expect(await ids('q=nonaktif%20saja&active=true')).toEqual([]);
    expect(await ids('q=nonaktif%20saja')).toEqual([member.id]);
    expect((await list('active=maybe')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const clerk = await loginAsNew(t, { roles: ['piket', 'cs'] });
    expect((await list('', clerk)).statusCode).toBe(403);
    expect((await add({ name: 'X', phone: nextPhone(), roles: [] }, clerk)).statusCode).toBe(403);
    expect((await edit(admin.member.id, await recordOf(admin.member.id), clerk)).statusCode).toBe(403);
    expect((await reset(admin.member.id, 'sandi-baru-123', clerk)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff' })).statusCode).toBe(401);
  });
});

describe('adding staff (database-backed)', () => {
  it('adds a member who can log in at once, with the phone in 08… form', async () => {
    const created = ok<StaffMember>(
      await add({
        name: 'Letda Kes Andi Baso',
        phone: '+62 811 4470 0001',
        username: 'andibaso',
        password: '  Lampu-Hijau-77  ',
        roles: ['registration', 'registration', 'cs'],
      }),
      201,
    );
    expect(created).toMatchObject({
      phone: '081144700001',
      username: 'andibaso',
      roles: ['registration', 'cs'],
      active: true,
      hasLogin: true,
      onDuty: [],
    });
    const session = ok<{ roles: string[] }>(await login('andibaso', 'Lampu-Hijau-77'));
    expect(session.roles).toEqual(['registration', 'cs']);
  });

  it('adds someone without a login or password for the directory, but not a duty candidate', async () => {
    const directory = ok<StaffMember>(
      await add({ name: 'dr. Tanpa Akun', phone: nextPhone(), roles: ['theatre'] }),
      201,
    );
    expect(directory).toMatchObject({ username: null, hasPassword: false, hasLogin: false });

    const withLogin = await add({
      name: 'Tanpa Sandi',
      phone: nextPhone(),
      username: 'tanpasandi',
      roles: [],
    });
    const dutyCandidate = await add({ name: 'Calon Piket', phone: nextPhone(), roles: ['piket'] });
    for (const res of [withLogin, dutyCandidate]) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({
        password: 'Kata sandi wajib diisi untuk petugas yang dapat masuk atau memegang tugas piket/CS.',
      });
    }
  });

  it('refuses a common password, or one holding the person’s name, wherever a password is set', async () => {
    const common = await add({
      name: 'Sertu Wahyu Hidayat',
      phone: nextPhone(),
      username: 'wahyuh',
      password: 'Rahasia2024!',
      roles: [],
    });
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).fields).toEqual({
      password: 'Kata sandi ini terlalu umum dan mudah ditebak; pilih yang lain.',
    });
    const ownName = await add({
      name: 'Sertu Wahyu Hidayat',
      phone: nextPhone(),
      username: 'wahyuh',
      password: 'hidayat-sehat-1',
      roles: [],
    });
    expect(errorOf(ownName).fields).toEqual({
      password: 'Kata sandi tidak boleh memuat nama atau nama pengguna petugas.',
    });

    const member = ok<StaffMember>(
      await add({
        name: 'Sertu Wahyu Hidayat',
        phone: nextPhone(),
        username: 'wahyuh',
        password: 'Lampu-Hijau-77',
        roles: [],
      }),
      201,
    );
    const reset400 = await reset(member.id, 'WAHYUH-baru-99');
    expect(errorOf(reset400).fields?.password).toMatch(/nama pengguna/);
    const session = await loginAs(t.app, { ...member, username: 'wahyuh', password: 'Lampu-Hijau-77' });
    const own = await changeOwn(session, 'Lampu-Hijau-77', 'qwerty123');
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).fields).toEqual({
      newPassword: 'Kata sandi ini terlalu umum dan mudah ditebak; pilih yang lain.',
    });
    // Nothing changed: the old password still opens a session.
    expect((await login('wahyuh', 'Lampu-Hijau-77')).statusCode).toBe(200);
  });

  it('tells a taken username or phone next to the field, with 409', async () => {
    const phone = nextPhone();
    ok(await add({ name: 'Pertama', phone, username: 'kembar', password: 'Lampu-Hijau-77', roles: [] }), 201);

    const sameUsername = await add({
      name: 'Kedua',
      phone: nextPhone(),
      username: 'kembar',
      password: 'Lampu-Hijau-78',
      roles: [],
    });
    expect(sameUsername.statusCode).toBe(409);
    expect(errorOf(sameUsername)).toMatchObject({
      code: 'USERNAME_TAKEN',
      fields: { username: 'Nama pengguna sudah dipakai.' },
    });

    const samePhone = await add({ name: 'Ketiga', phone: `+62${phone.slice(1)}`, roles: [] });
    expect(samePhone.statusCode).toBe(409);
    expect(errorOf(samePhone)).toMatchObject({
      code: 'PHONE_TAKEN',
      fields: { phone: 'Nomor HP sudah terdaftar untuk petugas lain.' },
    });
  });

  it('names every invalid field in Bahasa Indonesia', async () => {
    const res = await add({
      name: ' ',
      phone: '12345',
      username: 'Huruf Besar',
      password: 'pendek',
      roles: ['x'],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual([
      'name',
      'password',
      'phone',
      'roles.0',
      'username',
    ]);
    expect(errorOf(res).fields?.password).toBe('Kata sandi minimal 8 karakter.');
  });
});

describe('changing staff (database-backed)', () => {
  it('changes roles, and the person’s open session has the new roles at once', async () => {
    const { member, ...session } = await loginAsNew(t, { roles: ['ward'] });
    const changed = ok<StaffMember>(
      await edit(member.id, await recordOf(member.id, { roles: ['records', 'theatre'], name: 'Nama Baru' })),
    );
    expect(changed).toMatchObject({ name: 'Nama Baru', roles: ['records', 'theatre'], active: true });
    expect(ok<{ roles: string[] }>(await me(session)).roles).toEqual(['records', 'theatre']);
  });

  it('deactivates someone: their sessions end at once and they cannot log in until activated again', async () => {
    const { member, ...first } = await loginAsNew(t, { roles: ['orders'] });
    const second = await loginAs(t.app, member);
    const deactivated = ok<StaffMember>(await edit(member.id, await recordOf(member.id, { active: false })));
    expect(deactivated.active).toBe(false);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await login(member.username, member.password)).statusCode).toBe(401);

    ok(await edit(member.id, await recordOf(member.id, { active: true })));
    expect((await login(member.username, member.password)).statusCode).toBe(200);
    // The old sessions stay ended.
    expect((await me(first)).statusCode).toBe(401);
  });

  it('ends the sessions of someone whose username is taken away', async () => {
    const { member, ...session } = await loginAsNew(t, { roles: ['records'] });
    ok(await edit(member.id, await recordOf(member.id, { username: null })));
    expect((await me(session)).statusCode).toBe(401);
  });

  it('refuses to deactivate the holder of a duty post or take its role away: hand over first', async () => {
    const { member: officer, ...session } = await loginAsNew(t, {
      roles: ['cs', 'complaints'],
      name: 'Nurul Piket',
      onDuty: 'cs',
    });
    for (const changes of [{ active: false }, { roles: ['complaints' as const] }]) {
      const res = await edit(officer.id, await recordOf(officer.id, changes));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'ON_DUTY',
        message:
          'Nurul Piket sedang memegang tugas Customer Service. Serahkan tugas itu kepada petugas lain lebih dahulu.',
      });
    }
    expect((await me(session)).statusCode).toBe(200);
    // Other changes to the holder are fine.
    ok(await edit(officer.id, await recordOf(officer.id, { roles: ['cs'] })));
  });

  it('refuses an admin deactivating themselves or dropping their own admin role or username', async () => {
    const cases = [{ active: false }, { roles: ['ward' as const] }, { username: null }];
    for (const changes of cases) {
      const res = await edit(admin.member.id, await recordOf(admin.member.id, changes));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('OWN_ACCOUNT');
    }
    expect((await me(admin)).statusCode).toBe(200);
    ok(await edit(admin.member.id, await recordOf(admin.member.id, { roles: ['admin', 'piket'] })));
  });

  it('keeps an admin when two admins demote each other at the same moment', async () => {
    const [a, b] = await Promise.all([
      createStaffMember(t.database.db, { roles: ['admin'] }),
      createStaffMember(t.database.db, { roles: ['admin'] }),
    ]);
    const [sessionA, sessionB] = [await loginAs(t.app, a!), await loginAs(t.app, b!)];
    // Every other admin steps aside for the moment, so that these two are the last.
    const others = await t.database.db
      .update(staff)
      .set({ active: false })
      .where(and(sql`${staff.roles} @> array['admin']::text[]`, sql`${staff.id} not in (${a!.id}, ${b!.id})`))
      .returning({ id: staff.id });
    try {
      const [byA, byB] = await Promise.all([
        edit(b!.id, await recordOf(b!.id, { roles: [] }), sessionA),
        edit(a!.id, await recordOf(a!.id, { roles: [] }), sessionB),
      ]);
      const statuses = [byA.statusCode, byB.statusCode].sort();
      expect(statuses[0]).toBe(200);
      // The loser lost its admin role before its check (403), or was refused as the last admin (409).
      expect([403, 409]).toContain(statuses[1]);
      const admins = await t.database.db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.active, true), sql`${staff.roles} @> array['admin']::text[]`));
      expect(admins).toHaveLength(1);
    } finally {
      for (const { id } of others)
        await t.database.db.update(staff).set({ active: true }).where(eq(staff.id, id));
    }
  });

  it('asks for a password before giving a login or a duty role to someone without one', async () => {
    const member = ok<StaffMember>(await add({ name: 'Belum Bersandi', phone: nextPhone(), roles: [] }), 201);
    for (const changes of [{ username: 'belumbersandi' }, { roles: ['piket' as const] }]) {
      const res = await edit(member.id, await recordOf(member.id, changes));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('PASSWORD_REQUIRED');
    }
    expect((await reset(member.id, 'Lampu-Hijau-77')).statusCode).toBe(204);
    const changed = ok<StaffMember>(
      await edit(member.id, await recordOf(member.id, { username: 'belumbersandi', roles: ['piket'] })),
    );
    expect(changed).toMatchObject({ hasPassword: true, hasLogin: true });
  });

  it('tells a taken username on edit next to the field, and 404 for nobody', async () => {
    const member = await createStaffMember(t.database.db);
    const res = await edit(member.id, await recordOf(member.id, { username: admin.member.username }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).fields).toEqual({ username: 'Nama pengguna sudah dipakai.' });
    expect((await edit(999_999, await recordOf(member.id))).statusCode).toBe(404);
    expect((await reset(999_999, 'sandi-baru-123')).statusCode).toBe(404);
  });
});

describe('the last admin rule', () => {
  it('refuses dropping the only admin who can log in, whoever asks', async () => {
    const database = await createTestDatabase();
    try {
      const only = await createStaffMember(database.db, { roles: ['admin'] });
      const helper = await createStaffMember(database.db, { roles: ['ward'] });
      const record = { name: only.name, phone: only.phone, username: only.username, active: true };
      const refusal = await updateStaff(database.db, { staffId: helper.id, address: '127.0.0.1' }, only.id, {
        ...record,
        roles: ['ward'],
      }).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('LAST_ADMIN');
      expect((refusal as AppError).message).toBe(
        'Harus tetap ada setidaknya satu admin aktif yang dapat masuk.',
      );
    } finally {
      await database.close();
    }
  });
});

describe('passwords (database-backed)', () => {
  it('resets a password: the new one logs in, the old one does not, and the person’s sessions end', async () => {
    const { member, ...session } = await loginAsNew(t, { roles: ['ward'] });
    expect((await reset(member.id, 'sandi-reset-baru')).statusCode).toBe(204);
    expect((await me(session)).statusCode).toBe(401);
    expect((await login(member.username, member.password)).statusCode).toBe(401);
    expect((await login(member.username, 'sandi-reset-baru')).statusCode).toBe(200);
    expect(errorOf(await reset(member.id, 'pendek')).fields).toEqual({
      password: 'Kata sandi minimal 8 karakter.',
    });
  });

  it('keeps the admin’s own session when resetting their own password', async () => {
    const { member: self, ...here } = await loginAsNew(t, { roles: ['admin'] });
    const elsewhere = await loginAs(t.app, self);
    expect((await reset(self.id, 'sandi-admin-baru', here)).statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });

  it('makes someone given a password by an admin choose their own before any desk, but not the admin themselves', async () => {
    const desk = (as: LoggedIn) =>
      t.app.inject({ method: 'GET', url: '/api/patients?name=budi', headers: as.headers });
    const created = ok<StaffMember>(
      await add({
        name: 'Serda Bayu Titipan',
        phone: nextPhone(),
        username: 'sandititipan',
        password: 'Kopi-Pagi-Hari-51',
        roles: ['records'],
      }),
      201,
    );
    const member = { ...created, username: 'sandititipan', password: 'Kopi-Pagi-Hari-51' };
    const given = await loginAs(t.app, member);
    expect(ok<{ passwordChangeRequired?: boolean }>(await me(given)).passwordChangeRequired).toBe(true);
    expect(errorOf(await desk(given)).code).toBe('PASSWORD_CHANGE_REQUIRED');

    expect((await changeOwn(given, member.password, 'Pilihan-Baru-62')).statusCode).toBe(204);
    expect(ok<object>(await me(given))).not.toHaveProperty('passwordChangeRequired');
    expect((await desk(given)).statusCode).toBe(200);

    // Reset by an admin, the password is known to the admin again.
    expect((await reset(member.id, 'Reset-Admin-73')).statusCode).toBe(204);
    const afterReset = await loginAs(t.app, { ...member, password: 'Reset-Admin-73' });
    expect(errorOf(await desk(afterReset)).code).toBe('PASSWORD_CHANGE_REQUIRED');

    // An admin setting their own password chose it.
    const other = await loginAsNew(t, { roles: ['admin'] });
    expect((await reset(other.member.id, 'Lampu-Merah-Jalan-84', other)).statusCode).toBe(204);
    const again = await loginAs(t.app, { ...other.member, password: 'Lampu-Merah-Jalan-84' });
    expect((await desk(again)).statusCode).toBe(200);
  });

  it('lets anyone change their own password with the current one; other sessions end, this one stays', async () => {
    const { member, ...here } = await loginAsNew(t, { roles: [] });
    const elsewhere = await loginAs(t.app, member);

    const wrong = await changeOwn(here, 'bukan-sandinya', 'sandi-sendiri-baru');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'Kata sandi lama salah.',
      fields: { currentPassword: 'Kata sandi lama salah.' },
    });
    expect((await me(here)).statusCode).toBe(200);

    const same = await changeOwn(here, member.password, ` ${member.password} `);
    expect(errorOf(same).fields).toEqual({
      newPassword: 'Kata sandi baru harus berbeda dari kata sandi lama.',
    });

    expect((await changeOwn(here, ` ${member.password}`, 'sandi-sendiri-baru')).statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(member.username, member.password)).statusCode).toBe(401);
    expect((await login(member.username, 'sandi-sendiri-baru')).statusCode).toBe(200);
  });

  it('throttles guessing the current password like failed logins, and the account’s login from there with it', async () => {
    const { member, ...here } = await loginAsNew(t, { roles: [] });
    // From the address of `login` (inject's own).
    const address = '127.0.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await changeOwn(here, `tebakan-${i}`, 'sandi-tebakan-baru', address)).statusCode).toBe(400);
    }
    const blocked = await changeOwn(here, member.password, 'sandi-tebakan-baru', address);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('TOO_MANY_ATTEMPTS');
    // Until the first failure, made seconds ago, is a minute old (it once said 1 s).
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(30);
    expect((await login(member.username, member.password)).statusCode).toBe(429);
    // The session was not the problem: it stays.
    expect((await me(here)).statusCode).toBe(200);

    await t.database.db
      .update(loginAttempts)
      .set({ at: sql`now() - interval '2 minutes'` })
      .where(eq(loginAttempts.username, member.username));
    expect((await changeOwn(here, member.password, 'sandi-tebakan-baru')).statusCode).toBe(204);
  });
});

describe('audit log', () => {
  it('has every staff write, and never a password or its hash', async () => {
    const member = ok<StaffMember>(
      await add({
        name: 'Jejak Audit',
        phone: nextPhone(),
        username: 'jejakaudit',
        password: 'Lampu-Hijau-77',
        roles: ['ward'],
      }),
      201,
    );
    ok(await edit(member.id, await recordOf(member.id, { roles: ['ward', 'records'] })));
    ok(await edit(member.id, await recordOf(member.id, { active: false })));
    ok(await edit(member.id, await recordOf(member.id, { active: true })));
    expect((await reset(member.id, 'Pohon-Kelapa-52')).statusCode).toBe(204);
    const session = await loginAs(t.app, {
      ...member,
      username: 'jejakaudit',
      password: 'Pohon-Kelapa-52',
    });
    expect((await changeOwn(session, 'Pohon-Kelapa-52', 'Ombak-Selatan-31')).statusCode).toBe(204);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(member.id))))
      .orderBy(auditLog.id);
    expect(rows.map((row) => [row.action, row.staffId])).toEqual([
      ['staff.create', admin.member.id],
      ['staff.update', admin.member.id],
      ['staff.deactivate', admin.member.id],
      ['staff.activate', admin.member.id],
      ['staff.password.reset', admin.member.id],
      ['staff.password.change', member.id],
    ]);
    expect(rows[1]?.details).toEqual({
      changed: { roles: { from: ['ward'], to: ['ward', 'records'] } },
      sessionsEnded: 0,
    });
    expect(rows[0]?.address).toBeTruthy();
    expect(JSON.stringify(rows)).not.toMatch(/argon2|sandi-jejak|passwordHash/i);
  });
});
