import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/passwords.js';
import { resetStaffPassword } from '../../../modules/staff/admin.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createStaffMember, type TestStaff } from '../../../test/factories.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import { auditLog, dutyPosts, staff } from '../../schema/index.js';
import { renderReport } from '../report.js';

// Every legacy password of the files below: none may show up outside the staff table's hashes.
const passwords = ['rahasia01', 'ahmad-lama', 'hapus-saja', 'sandi-piket', 'sandi-portal-lama', 'sandi-cs'];

let t: TestApp;
let portalMember: TestStaff;
let onDuty: string;
let customerService: string;

beforeAll(async () => {
  t = await createTestApp();
  // Registered in the portal before the import, with a password of their own.
  portalMember = await createStaffMember(t.database.db, { roles: ['cs'], name: 'Rina Portal' });
  const portalPhone = `+62 ${portalMember.phone.slice(1)}`;
  onDuty = legacyCsv(
    ['sr_recno', 'nama', 'telp', 'tarifkt', 'piket', 'sr_deleted'],
    [
      [1, 'Bripka Yusuf', '0812-1111-0001', '  rahasia01 ', '1', ''],
      [2, 'Serda Ahmad', '+62 812 1111 0002', ' ahmad-lama ', '0', ''],
      [3, 'Tanpa Nomor', 'kantor', 'sandi-apa', '', ''],
      [4, 'Tanpa Sandi', '081211110004', '   ', '', ''],
      [5, 'Sudah Keluar', '081211110005', 'hapus-saja', '1', '1'],
      [6, 'Dewi Serbabisa', '081211110006', 'sandi-piket', '', ''],
      [7, 'Rina (lama)', portalPhone, 'sandi-portal-lama', '', ''],
    ],
  );
  customerService = legacyCsv(
    ['sr_recno', 'nama', 'telp', 'kel', 'aktif', 'sr_deleted'],
    [
      [11, 'Dewi S.', '0812 1111 0006', 'sandi-cs', '1', ''],
      [12, 'Citra CS', '081211110012', 'citra-cs', '1', ''],
      [13, 'Citra Kembar', '081211110012', 'citra-kembar', '', ''],
    ],
  );
});
afterAll(() => t.app.close());

const files = () => ({ 'bhpdet_dbs.csv': onDuty, 'emr_soap_o.csv': customerService });
const memberByPhone = async (phone: string) => {
  const [member] = await t.database.db.select().from(staff).where(eq(staff.phone, phone));
  if (!member) throw new Error(`no staff with phone ${phone}`);
  return member;
};
const handover = (staffId: number, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/duty/piket/handover',
    payload: { staffId, password },
    remoteAddress: '10.9.1.1',
  });

describe('legacy bhpdet_dbs and emr_soap_o (database)', () => {
  it('imports the staff of both tables as one list, merging a person found in both', async () => {
    const report = await importFiles(t.database.db, files());
    const duty = report.table('bhpdet_dbs.csv');
    expect(duty).toMatchObject({ status: 'imported', read: 7, inserted: 4, updated: 1, rejected: 2 });
    expect(duty.rejections).toMatchObject([
      { file: 'bhpdet_dbs.csv', line: 4, column: 'telp', reason: 'nomor HP tidak dikenali: "kantor"' },
      { file: 'bhpdet_dbs.csv', line: 5, column: 'tarifkt', reason: 'kata sandi kosong' },
    ]);
    expect(duty.fixes).toEqual({ phoneNormalized: 3, portalPasswordKept: 1 });

    const cs = report.table('emr_soap_o.csv');
    expect(cs).toMatchObject({ status: 'imported', read: 3, inserted: 1, updated: 1, rejected: 1 });
    expect(cs.rejections).toMatchObject([
      {
        file: 'emr_soap_o.csv',
        line: 4,
        column: 'telp',
        reason: 'nomor HP 081211110012 sudah dipakai petugas dengan sr_recno 12',
      },
    ]);
    expect(cs.fixes).toEqual({ phoneNormalized: 1, passwordConflict: 1, severalOfficers: 2 });

    const yusuf = await memberByPhone('081211110001');
    expect(yusuf).toMatchObject({
      name: 'Bripka Yusuf',
      roles: ['piket'],
      active: true,
      username: null,
      legacyDutyRecNo: 1,
      legacyCsRecNo: null,
      deletedAt: null,
    });
    expect(yusuf.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(yusuf.passwordHash, 'rahasia01')).toBe(true);

    const left = await memberByPhone('081211110005');
    expect(left).toMatchObject({ active: false, legacyDutyRecNo: 5 });
    expect(left.deletedAt).not.toBeNull();

    // In both tables: one member with both roles, and the password of bhpdet_dbs.
    const dewi = await t.database.db.select().from(staff).where(eq(staff.phone, '081211110006'));
    expect(dewi).toHaveLength(1);
    expect(dewi[0]).toMatchObject({
      name: 'Dewi Serbabisa',
      roles: ['piket', 'cs'],
      legacyDutyRecNo: 6,
      legacyCsRecNo: 11,
    });
    expect(await verifyPassword(dewi[0]?.passwordHash, 'sandi-piket')).toBe(true);
    expect(await verifyPassword(dewi[0]?.passwordHash, 'sandi-cs')).toBe(false);

    // Already in the portal: takes the role and the record number, keeps name and password.
    const rina = await memberByPhone(portalMember.phone);
    expect(rina).toMatchObject({ id: portalMember.id, name: 'Rina Portal', roles: ['cs', 'piket'] });
    expect(rina.legacyDutyRecNo).toBe(7);
    expect(await verifyPassword(rina.passwordHash, portalMember.password)).toBe(true);
  });

  it('makes the one marked officer hold the post, and leaves a post whose file marks two', async () => {
    const yusuf = await memberByPhone('081211110001');
    const posts = await t.database.db.select().from(dutyPosts);
    expect(posts.map(({ role, staffId }) => ({ role, staffId }))).toEqual([
      { role: 'piket', staffId: yusuf.id },
    ]);
  });

  it('never lets a legacy password out of the staff table', async () => {
    const report = await importFiles(t.database.db, files(), { apply: false });
    const written = [
      JSON.stringify(report),
      renderReport(report),
      JSON.stringify(await t.database.db.select().from(auditLog)),
      JSON.stringify(t.logs),
    ].join('\n');
    for (const password of passwords) expect(written).not.toContain(password);
  });

  it('a second run changes nothing; a changed legacy password replaces the one it set', async () => {
    const again = await importFiles(t.database.db, files());
    expect(again.table('bhpdet_dbs.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(again.table('emr_soap_o.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await t.database.db.$count(staff)).toBe(6);

    const changed = await importFiles(t.database.db, {
      'bhpdet_dbs.csv': onDuty.replace(' ahmad-lama ', 'ahmad-baru').replace('sandi-portal-lama', 'lain'),
    });
    expect(changed.table('bhpdet_dbs.csv')).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
    const ahmad = await memberByPhone('081211110002');
    expect(await verifyPassword(ahmad.passwordHash, 'ahmad-baru')).toBe(true);
    expect(
      await verifyPassword((await memberByPhone(portalMember.phone)).passwordHash, portalMember.password),
    ).toBe(true);
    await importFiles(t.database.db, files());
  });

  it('leaves a password reset in the portal alone', async () => {
    const admin = await createStaffMember(t.database.db, { roles: ['admin'] });
    const yusuf = await memberByPhone('081211110001');
    await resetStaffPassword(
      t.database.db,
      { staffId: admin.id, address: '10.9.1.2', tokenHash: 'none' },
      yusuf.id,
      'Lampu-Hijau-77',
    );
    const again = await importFiles(t.database.db, files());
    expect(again.table('bhpdet_dbs.csv')).toMatchObject({ updated: 0, fixes: { portalPasswordKept: 2 } });
    expect(await verifyPassword((await memberByPhone('081211110001')).passwordHash, 'Lampu-Hijau-77')).toBe(
      true,
    );
  });

  it('hands the post over to an imported officer with their legacy password, spaces and all', async () => {
    const ahmad = await memberByPhone('081211110002');
    const wrong = await handover(ahmad.id, 'rahasia01');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');

    const res = await handover(ahmad.id, '   ahmad-lama  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ahmad.id, name: 'Serda Ahmad', phone: '081211110002' });
    const duty = await t.app.inject({ method: 'GET', url: '/api/duty' });
    expect(duty.json()).toMatchObject({ piket: { id: ahmad.id }, cs: null });
  });

  it("lists a weak legacy password while it is the member's, and makes them set a new one", async () => {
    // As after an import made before the portal's rules were applied to legacy passwords.
    await t.database.db.update(staff).set({ passwordChangeRequired: false });
    const report = await importFiles(t.database.db, files());
    // Not Yusuf, whose password was reset in the portal, nor Rina's own, nor Dewi's of emr_soap_o.
    expect(report.table('bhpdet_dbs.csv')).toMatchObject({ updated: 1 });
    expect(report.table('bhpdet_dbs.csv').notices).toEqual([
      {
        file: 'bhpdet_dbs.csv',
        line: 3,
        key: '2',
        text: 'Kata sandi lama Serda Ahmad lemah (kata sandi tidak boleh memuat nama atau nama pengguna petugas): wajib diganti saat pertama masuk web',
      },
    ]);
    expect(report.table('emr_soap_o.csv').notices.map((notice) => notice.key)).toEqual(['12']);
    const flagged = async (phone: string) => (await memberByPhone(phone)).passwordChangeRequired;
    expect(await flagged('081211110002')).toBe(true);
    expect(await flagged('081211110012')).toBe(true);
    expect(await flagged('081211110001')).toBe(false);
    expect(await flagged('081211110006')).toBe(false);
    expect(await flagged(portalMember.phone)).toBe(false);

    // A strong legacy password lifts it; a weak one again sets it.
    const strong = await importFiles(t.database.db, {
      'bhpdet_dbs.csv': onDuty.replace(' ahmad-lama ', 'Pagi-Cerah-81'),
    });
    expect(strong.table('bhpdet_dbs.csv')).toMatchObject({ updated: 1, notices: [] });
    expect(await flagged('081211110002')).toBe(false);
    await importFiles(t.database.db, files());
    expect(await flagged('081211110002')).toBe(true);
  });
});
