import type { ErrorResponse } from '@portal/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, outbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createStaffMember,
  type LoggedIn,
  loginAs,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestStaff,
} from '../../test/factories.js';

let t: TestApp;
let csOfficer: TestStaff;
let desk: StaffLogin;
let admin: LoggedIn;
let ordersOnly: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  csOfficer = await createStaffMember(t.database.db, { roles: ['cs'], name: 'Citra Layanan', onDuty: 'cs' });
  desk = await loginAsNew(t, { roles: ['complaints'], name: 'Nurul Pengaduan' });
  admin = await loginAsNew(t, { roles: ['admin'] });
  ordersOnly = await loginAsNew(t, { roles: ['orders'] });
});
afterAll(() => t.app.close());

const complaintBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Andi Baso',
  phone: '0813 5566 7788',
  category: 'pelayanan',
  unit: 'Poli Penyakit Dalam',
  message: 'Antrean poli sangat lama dan tidak ada informasi dari petugas.',
  ...overrides,
});

const fileComplaint = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/complaints', payload: body, remoteAddress: nextAddress() });

async function createComplaint(overrides: Record<string, unknown> = {}) {
  const res = await fileComplaint(complaintBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const { code } = res.json<{ code: string }>();
  const [row] = await t.database.db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.code, code.replace('-', '')));
  if (!row) throw new Error('complaint not stored');
  return { code, id: row.id };
}

const statusPage = (code: string, phone?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/complaints/${encodeURIComponent(code)}${phone === undefined ? '' : `?phone=${encodeURIComponent(phone)}`}`,
  });

const deskPost = (url: string, payload: unknown, as: LoggedIn = desk) =>
  t.app.inject({ method: 'POST', url, headers: as.headers, payload: payload as object });

const messagesFor = (id: number) =>
  t.database.db
    .select()
    .from(outbox)
    .where(like(outbox.eventKey, `complaint:${id}:%`))
    .orderBy(asc(outbox.id));

describe('complaint categories (database-backed)', () => {
  it('offers the standard categories on every database, in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/complaint-categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'pelayanan', name: 'Pelayanan' },
      { code: 'fasilitas', name: 'Fasilitas' },
      { code: 'tarif', name: 'Tarif/Biaya' },
      { code: 'petugas', name: 'Petugas' },
      { code: 'lainnya', name: 'Lainnya' },
    ]);
  });

  it('lets admins add, rename, reorder and retire categories; retired ones are no longer offered', async () => {
    const created = await deskPost(
      '/api/complaint-categories',
      { code: 'parkir', name: 'Parkir', sort: 50 },
      admin,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ code: 'parkir', name: 'Parkir', sort: 50, active: true });
    const again = await deskPost('/api/complaint-categories', { code: 'parkir', name: 'Lagi' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CATEGORY_CODE_TAKEN');
    const badCode = await deskPost('/api/complaint-categories', { code: 'Parkir Motor', name: 'x' }, admin);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields).toHaveProperty('code');

    const patch = (code: string, body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/complaint-categories/${code}`,
        headers: admin.headers,
        payload: body as object,
      });
    const renamed = await patch('parkir', { name: 'Parkir & Keamanan', sort: 5 });
    expect(renamed.json()).toEqual({ code: 'parkir', name: 'Parkir & Keamanan', sort: 5, active: true });
    let offered = (await t.app.inject({ method: 'GET', url: '/api/complaint-categories' })).json();
    expect(offered[0]).toEqual({ code: 'parkir', name: 'Parkir & Keamanan' });

    const { id } = await createComplaint({ category: 'parkir' });
    expect((await patch('parkir', { active: false })).json().active).toBe(false);
    offered = (await t.app.inject({ method: 'GET', url: '/api/complaint-categories' })).json();
    expect(offered.map((c: { code: string }) => c.code)).not.toContain('parkir');
    const refused = await fileComplaint(complaintBody({ category: 'parkir' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.category).toMatch(/tidak dikenal/);
    // The old complaint keeps its category.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/desk/complaints/${id}`,
      headers: desk.headers,
    });
    expect(detail.json().category).toEqual({ code: 'parkir', name: 'Parkir & Keamanan' });
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/desk/complaint-categories',
      headers: desk.headers,
    });
    expect(all.json()).toContainEqual({ code: 'parkir', name: 'Parkir & Keamanan', sort: 5, active: false });

    expect((await patch('tidak-ada', { name: 'x' })).statusCode).toBe(404);
  });

  it('keeps category changes to admins', async () => {
    expect((await deskPost('/api/complaint-categories', { code: 'x1', name: 'X' })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/complaint-categories/lainnya',
          headers: desk.headers,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/complaint-categories',
          payload: { code: 'x2', name: 'X' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/complaints', () => {
  it('files a complaint with a tracking code and tells the customer-service officer', async () => {
    const res = await fileComplaint(complaintBody({ phone: '+62 813-5566-7788' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/), status: 'RECEIVED' });
    const [row] = await t.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.code, body.code.replace('-', '')));
    expect(row).toMatchObject({ phone: '081355667788', name: 'Andi Baso', unit: 'Poli Penyakit Dalam' });
    const [message] = await messagesFor(row?.id ?? 0);
    expect(message).toMatchObject({
      recipient: csOfficer.phone,
      status: 'pending',
      eventKey: `complaint:${row?.id}:created`,
    });
    expect(message?.message).toBe(
      `Pengaduan baru ${body.code} (Pelayanan, unit Poli Penyakit Dalam) dari Andi Baso (081355667788): ` +
        'Antrean poli sangat lama dan tidak ada informasi dari petugas.',
    );
  });

  it('takes an anonymous complaint without a unit', async () => {
    const res = await fileComplaint({
      phone: '081355667788',
      category: 'fasilitas',
      message: 'AC ruang tunggu mati.',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an unknown category, a bad phone, a missing message and over-long texts', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ category: 'rahasia' }, 'category', /tidak dikenal/],
      [{ phone: '0211234' }, 'phone', /Nomor HP tidak valid/],
      [{ message: '  ' }, 'message', /wajib diisi/],
      [{ message: 'x'.repeat(2001) }, 'message', /paling panjang 2000 karakter/],
      [{ name: 'x'.repeat(101) }, 'name', /paling panjang 100 karakter/],
      [{ unit: 'x'.repeat(101) }, 'unit', /paling panjang 100 karakter/],
    ];
    for (const [change, field, message] of cases) {
      const res = await fileComplaint(complaintBody(change));
      expect(res.statusCode, field).toBe(400);
      expect(res.json<ErrorResponse>().error.fields?.[field], field).toMatch(message);
    }
  });
});

describe('complaints desk and status page', () => {
  it('shows the hospital’s answers on the status page, without the staff member’s name', async () => {
    const { code, id } = await createComplaint();
    const answered = await deskPost(`/api/desk/complaints/${id}/responses`, {
      message: 'Mohon maaf, kami menambah petugas loket mulai besok.',
      status: 'IN_PROGRESS',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'IN_PROGRESS',
      responses: [
        {
          message: 'Mohon maaf, kami menambah petugas loket mulai besok.',
          staff: { id: desk.member.id, name: 'Nurul Pengaduan' },
        },
      ],
    });

    const page = await statusPage(code.toLowerCase(), '+6281355667788');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      code,
      category: { code: 'pelayanan', name: 'Pelayanan' },
      unit: 'Poli Penyakit Dalam',
      message: 'Antrean poli sangat lama dan tidak ada informasi dari petugas.',
      status: 'IN_PROGRESS',
      createdAt: expect.any(String),
      responses: [
        { message: 'Mohon maaf, kami menambah petugas loket mulai besok.', at: expect.any(String) },
      ],
      survey: null,
    });
    expect(page.body).not.toContain('Nurul');

    const resolved = await deskPost(`/api/desk/complaints/${id}/status`, { status: 'RESOLVED' });
    expect(resolved.statusCode).toBe(200);
    expect((await statusPage(code, '081355667788')).json().status).toBe('RESOLVED');

    const messages = await messagesFor(id);
    expect(messages.map((m) => [m.recipient, m.message])).toEqual([
      [csOfficer.phone, expect.stringContaining('Pengaduan baru')],
      [
        '081355667788',
        `Jawaban rumah sakit atas pengaduan ${code} (status: Sedang ditangani): Mohon maaf, kami menambah petugas loket mulai besok.`,
      ],
      ['081355667788', `Pengaduan ${code} kini berstatus "Selesai".`],
    ]);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'complaint'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['complaint.answer', 'complaint.status']);
  });

  it('answers the same 404 unless the phone matches', async () => {
    const { code } = await createComplaint();
    const answers = await Promise.all([
      statusPage(code, '081200000000'),
      statusPage(code),
      statusPage('ZZZZ-ZZZZ', '081355667788'),
      statusPage('%25', '081355667788'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]?.json());
    }
  });

  it('allows only forward moves: RECEIVED → IN_PROGRESS → RESOLVED, or straight to RESOLVED', async () => {
    const first = await createComplaint();
    expect(
      (await deskPost(`/api/desk/complaints/${first.id}/status`, { status: 'RECEIVED' })).statusCode,
    ).toBe(409);
    expect(
      (await deskPost(`/api/desk/complaints/${first.id}/status`, { status: 'RESOLVED' })).statusCode,
    ).toBe(200);
    const back = await deskPost(`/api/desk/complaints/${first.id}/status`, { status: 'IN_PROGRESS' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.code).toBe('ILLEGAL_STATUS_CHANGE');
    // An answer that would move it backwards is refused whole.
    const answer = await deskPost(`/api/desk/complaints/${first.id}/responses`, {
      message: 'Dibuka kembali.',
      status: 'IN_PROGRESS',
    });
    expect(answer.statusCode).toBe(409);
    // A further answer without a move is fine, also after resolution.
    const followUp = await deskPost(`/api/desk/complaints/${first.id}/responses`, {
      message: 'Terima kasih atas masukannya.',
      status: 'RESOLVED',
    });
    expect(followUp.statusCode).toBe(200);
    expect(followUp.json().responses).toHaveLength(1);

    const second = await createComplaint();
    expect(
      (await deskPost(`/api/desk/complaints/${second.id}/status`, { status: 'IN_PROGRESS' })).statusCode,
    ).toBe(200);
    expect(
      (await deskPost(`/api/desk/complaints/${second.id}/status`, { status: 'IN_PROGRESS' })).statusCode,
    ).toBe(409);
    expect(
      (await deskPost(`/api/desk/complaints/${second.id}/status`, { status: 'RESOLVED' })).statusCode,
    ).toBe(200);
    expect((await deskPost('/api/desk/complaints/999999/status', { status: 'RESOLVED' })).statusCode).toBe(
      404,
    );
  });

  it('lists complaints by status and category, newest first', async () => {
    const a = await createComplaint({ category: 'tarif' });
    const b = await createComplaint({ category: 'tarif' });
    await deskPost(`/api/desk/complaints/${a.id}/status`, { status: 'IN_PROGRESS' });
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/desk/complaints?${query}`,
        headers: desk.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: number; phone: string }[]; total: number };
    };
    const tarif = await list('category=tarif');
    expect(tarif.items.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(tarif.items[0]?.phone).toBe('081355667788');
    expect((await list('category=tarif&status=IN_PROGRESS')).items.map((c) => c.id)).toEqual([a.id]);
    expect((await list('category=tarif&pageSize=1&page=2')).items.map((c) => c.id)).toEqual([a.id]);
  });

  it('is 401 anonymous and 403 for other roles, before looking at the input', async () => {
    const { id } = await createComplaint();
    expect((await t.app.inject({ method: 'GET', url: '/api/desk/complaints?page=x' })).statusCode).toBe(401);
    const res = await deskPost(`/api/desk/complaints/${id}/responses`, { message: '' }, ordersOnly);
    expect(res.statusCode).toBe(403);
    expect((await deskPost(`/api/desk/complaints/${id}/responses`, { message: '' })).statusCode).toBe(400);
    const cs = await loginAs(t.app, csOfficer);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/desk/complaints', headers: { cookie: cs.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});
