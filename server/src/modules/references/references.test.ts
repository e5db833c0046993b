import type { ReferenceEntry } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { type LoggedIn, loginAsNew, type StaffLogin } from '../../test/factories.js';

let t: TestApp;
let admin: StaffLogin;
let clerk: StaffLogin;
let nurse: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'] });
  clerk = await loginAsNew(t, { roles: ['registration'] });
  nurse = await loginAsNew(t, { roles: ['ward'] });
});
afterAll(() => t.app.close());

const list = (query: string, who: LoggedIn = clerk) =>
  t.app.inject({ method: 'GET', url: `/api/reference-codes?${query}`, headers: { cookie: who.cookie } });
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const add = (kind: string, code: string, name: string) =>
  write('POST', '/api/reference-codes', { kind, code, name });

const auditOf = (id: number) =>
  t.database.db
    .select({ action: auditLog.action, details: auditLog.details, staffId: auditLog.staffId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'reference_code'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('reference lists (database-backed)', () => {
  it('adds codes in capitals, lists one kind by code, renames and retires them, with audit', async () => {
    const kodim = ok<ReferenceEntry>(await add('unit', 'sat03', 'Kodim 1408/Makassar'), 201);
    expect(kodim).toEqual({
      id: kodim.id,
      kind: 'unit',
      code: 'SAT03',
      name: 'Kodim 1408/Makassar',
      active: true,
    });
    ok(await add('unit', 'SAT01', 'Kodam XIV/Hasanuddin'), 201);
    ok(await add('rank', 'PKT01', 'Prajurit Dua'), 201);
    expect(ok<ReferenceEntry[]>(await list('kind=unit')).map((entry) => entry.code)).toEqual([
      'SAT01',
      'SAT03',
    ]);

    const renamed = ok<ReferenceEntry>(
      await write('PUT', `/api/reference-codes/${kodim.id}`, { name: 'Kodim 1408/BS Makassar' }),
    );
    expect(renamed).toMatchObject({ code: 'SAT03', name: 'Kodim 1408/BS Makassar' });

    expect((await write('DELETE', `/api/reference-codes/${kodim.id}`)).statusCode).toBe(204);
    expect(ok<ReferenceEntry[]>(await list('kind=unit')).map((entry) => entry.code)).toEqual(['SAT01']);
    expect(ok<ReferenceEntry[]>(await list('kind=unit&includeRetired=true'))).toContainEqual({
      ...renamed,
      active: false,
    });

    // Adding a retired code again brings it back under the new name.
    const back = ok<ReferenceEntry>(await add('unit', 'SAT03', 'Kodim 1408/Makassar'), 201);
    expect(back).toEqual({ ...renamed, name: 'Kodim 1408/Makassar', active: true });

    const trail = await auditOf(kodim.id);
    expect(trail.map((row) => row.action)).toEqual([
      'reference.create',
      'reference.update',
      'reference.retire',
      'reference.restore',
    ]);
    expect(trail[1]?.details).toMatchObject({
      name: { from: 'Kodim 1408/Makassar', to: 'Kodim 1408/BS Makassar' },
    });
    expect(trail.every((row) => row.staffId === admin.member.id)).toBe(true);
  });

  it('refuses a code in use, a bad code or kind, and unknown ids', async () => {
    ok(await add('company', 'PRS01', 'PT Semen Tonasa'), 201);
    const taken = await add('company', 'prs01', 'PT Lain');
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({
      code: 'DUPLICATE',
      message: 'Kode PRS01 sudah dipakai untuk perusahaan PT Semen Tonasa.',
    });
    // The same code in another list is another code.
    ok(await add('patient_group', 'PRS01', 'Karyawan PT Semen Tonasa'), 201);

    const bad = await add('company', 'PRS 02', '');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({
      code: 'Kode hanya huruf, angka, titik, garis miring atau tanda hubung.',
      name: 'Nama wajib diisi.',
    });
    expect((await add('religion', 'ISL', 'Islam')).statusCode).toBe(400);
    expect((await list('kind=religion')).statusCode).toBe(400);
    expect((await write('PUT', '/api/reference-codes/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await write('DELETE', '/api/reference-codes/999999')).statusCode).toBe(404);
  });

  it('lets the counter read the lists and only admins change them', async () => {
    expect((await list('kind=rank', clerk)).statusCode).toBe(200);
    expect((await list('kind=rank', nurse)).statusCode).toBe(403);
    const byClerk = await write(
      'POST',
      '/api/reference-codes',
      { kind: 'rank', code: 'X1', name: 'X' },
      clerk,
    );
    expect(byClerk.statusCode).toBe(403);
  });
});
