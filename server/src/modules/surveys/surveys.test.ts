import {
  type PublicComplaint,
  type PublicOrder,
  type RegistrationCreated,
  type RegistrationStatusView,
  type SurveyIndex,
  surveyGrade,
} from '@portal/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, orders, outbox, surveyInvitations, whatsappOptOuts } from '../../db/schema/index.js';
import { localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, type TestApp } from '../../test/app.js';
import {
  ambulanceOrderBody,
  createPatient,
  createSchedule,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';
import { indexOf } from './service.js';

let t: TestApp;
let clinicDesk: StaffLogin;
let ordersDesk: StaffLogin;
let complaintsDesk: StaffLogin;
let admin: StaffLogin;
const today = localToday();
const month = today.slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  clinicDesk = await loginAsNew(t, { roles: ['registration'] });
  ordersDesk = await loginAsNew(t, { roles: ['orders'] });
  complaintsDesk = await loginAsNew(t, { roles: ['complaints'] });
  admin = await loginAsNew(t, { roles: ['admin'] });
});
afterAll(() => t.app.close());

const post = (url: string, payload: object, as?: StaffLogin) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(as ? { headers: as.headers } : { remoteAddress: nextAddress() }),
  });
const get = (url: string, as?: StaffLogin) =>
  t.app.inject({ method: 'GET', url, ...(as ? { headers: as.headers } : {}) });

/** A visit booked, checked in, called and served today; its booking code. */
async function servedVisit(schedule: TestSchedule, phone = '081234567890'): Promise<string> {
  const patient = await createPatient(t.database.db, { phone });
  const booked = await post('/api/registrations', {
    scheduleId: schedule.id,
    date: today,
    payer: 'UMUM',
    patient: { mrn: patient.mrn, birthDate: patient.birthDate },
    phone,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const { bookingCode } = booked.json<RegistrationCreated>();
  for (const action of ['check-in', 'call', 'serve']) {
    const res = await post(`/api/queue/desk/registrations/${bookingCode}/${action}`, {}, clinicDesk);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
  return bookingCode;
}

const statusOf = async (bookingCode: string) =>
  (await get(`/api/registrations/${bookingCode}`)).json<RegistrationStatusView>();

const answers = (score: number, comment?: string) => ({
  u1: score,
  u2: score,
  u3: score,
  u4: score,
  u5: score,
  u6: score,
  u7: score,
  u8: score,
  u9: score,
  ...(comment === undefined ? {} : { comment }),
});

const submit = (token: string, body: object) => post(`/api/public/surveys/${token}`, body);

describe('the index as PermenPAN-RB 14/2017 computes it', () => {
  it('averages each element over the respondents and weighs the nine equally, times 25', () => {
    // Four respondents; the sums of their answers per element, U1…U9.
    const sums = [14, 13, 12, 15, 11, 14, 13, 12, 10];
    const result = indexOf(4, sums);
    expect(result.nrr.u1).toBe(3.5);
    expect(result.nrr.u9).toBe(2.5);
    // Σ NRR = 114 / 4 = 28.5; × 1/9 = 3.1666…; × 25 = 79.1666…
    expect(result.index).toBeCloseTo(79.16667, 5);
    expect(result.grade).toBe('B');
    expect(indexOf(3, Array(9).fill(12)).index).toBe(100);
    expect(indexOf(3, Array(9).fill(3)).index).toBe(25);
  });

  it('gives the letter by the converted intervals', () => {
    expect([100, 88.31, 88.3, 76.61, 76.6, 65, 64.99, 25].map(surveyGrade)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
    ]);
  });
});

describe('a served clinic visit (database-backed)', () => {
  it('invites the patient once, by WhatsApp and on the status page, and takes the answers once', async () => {
    const schedule = await createSchedule(t.database.db);
    const code = await servedVisit(schedule, '081299887766');
    const { survey } = await statusOf(code);
    expect(survey).toMatch(/^[A-Z2-9]{20}$/);
    const [message] = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.message, `%/survei/${survey}%`));
    expect(message).toMatchObject({ recipient: '081299887766', status: 'pending' });
    expect(message?.message).toContain(`https://rs.example.id/survei/${survey}`);
    expect(message?.message).toContain('Poli Uji');
    // Staff read the outbox without the link's token: no desk can open the survey or see if it was answered.
    const staffOutbox = await get('/api/desk/outbox?channel=whatsapp&pageSize=100', admin);
    const staffRead = staffOutbox.json<{ items: { message: string }[] }>().items.map((item) => item.message);
    expect(staffRead).toContainEqual(expect.stringContaining('https://rs.example.id/survei/…'));
    expect(staffOutbox.body).not.toContain(survey as string);

    const shown = await get(`/api/public/surveys/${survey}`);
    expect(shown.json()).toEqual({
      unit: 'clinic',
      unitName: expect.stringContaining('Poli Uji'),
      submitted: false,
    });

    const done = await submit(survey as string, answers(4, 'Pelayanan ramah.'));
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(`/api/public/surveys/${survey}`)).json()).toMatchObject({ submitted: true });
    expect((await statusOf(code)).survey).toBeNull();

    const again = await submit(survey as string, answers(1));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'SURVEY_ALREADY_SUBMITTED' });
    expect(errorOf(again).message).toContain('sudah diisi');
  });

  it('takes exactly one of two answers sent at the same moment', async () => {
    const schedule = await createSchedule(t.database.db);
    const { survey } = await statusOf(await servedVisit(schedule));
    const results = await Promise.all([
      submit(survey as string, answers(4)),
      submit(survey as string, answers(1)),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db
      .select()
      .from(surveyInvitations)
      .where(eq(surveyInvitations.token, survey as string));
    expect([1, 4]).toContain(row?.u1);
    expect(new Set([row?.u1, row?.u5, row?.u9]).size).toBe(1);
  });

  it('refuses incomplete or out-of-range answers in Bahasa Indonesia and keeps the survey open', async () => {
    const schedule = await createSchedule(t.database.db);
    const { survey } = await statusOf(await servedVisit(schedule));
    const outOfRange = await submit(survey as string, { ...answers(3), u4: 5 });
    expect(outOfRange.statusCode).toBe(400);
    expect(errorOf(outOfRange).fields?.u4).toBe('Pilih salah satu jawaban.');
    const missing = await submit(survey as string, { u1: 3 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.u9).toBe('Pilih salah satu jawaban.');
    const long = await submit(survey as string, answers(3, 'x'.repeat(1001)));
    expect(errorOf(long).fields?.comment).toBe('Saran paling banyak 1000 karakter.');
    expect((await get(`/api/public/surveys/${survey}`)).json()).toMatchObject({ submitted: false });
  });

  it('answers 404 for an unknown link', async () => {
    const long = 'X'.repeat(90);
    for (const res of [
      await get('/api/public/surveys/TIDAKADA'),
      await submit('TIDAKADA', answers(3)),
      await get(`/api/public/surveys/${long}`),
      await submit(long, answers(3)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('Survei tidak ditemukan. Periksa kembali tautan yang Anda terima.');
    }
  });

  it('sends nothing to a number that opted out, yet offers the survey on the status page', async () => {
    await t.database.db.insert(whatsappOptOuts).values({ phone: '081355554444', source: 'reply' });
    const schedule = await createSchedule(t.database.db);
    const { survey } = await statusOf(await servedVisit(schedule, '081355554444'));
    expect(survey).not.toBeNull();
    const [message] = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.message, `%/survei/${survey}%`));
    expect(message).toMatchObject({ status: 'failed', lastError: expect.stringContaining('STOP') });
  });
});

describe('a completed order and a resolved complaint (database-backed)', () => {
  it('invite the requester when an order is done, not before', async () => {
    const created = await post('/api/ambulance-orders', ambulanceOrderBody({ phone: '081377776666' }));
    const { code } = created.json<{ code: string }>();
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.code, code.replace('-', '')));
    const page = () => get(`/api/orders/${code}?phone=081377776666`).then((res) => res.json<PublicOrder>());
    for (const status of ['CONFIRMED', 'ON_THE_WAY']) {
      expect((await post(`/api/desk/orders/${order?.id}/status`, { status }, ordersDesk)).statusCode).toBe(
        200,
      );
      expect((await page()).survey).toBeNull();
    }
    expect(
      (await post(`/api/desk/orders/${order?.id}/status`, { status: 'DONE' }, ordersDesk)).statusCode,
    ).toBe(200);
    const { survey } = await page();
    expect((await get(`/api/public/surveys/${survey}`)).json()).toEqual({
      unit: 'ambulance',
      unitName: 'Layanan Ambulans dan Mobil Jenazah',
      submitted: false,
    });
    const [message] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.eventKey, `survey:order:${order?.id}`));
    expect(message).toMatchObject({ recipient: '081377776666', status: 'pending' });
    expect((await submit(survey as string, answers(3))).statusCode).toBe(200);
  });

  it('invite the complainant when the complaint is resolved, also by an answer that resolves it', async () => {
    for (const resolve of ['status', 'responses'] as const) {
      const created = await post('/api/complaints', {
        phone: '081366665555',
        category: 'pelayanan',
        message: 'Ruang tunggu panas.',
      });
      const { code } = created.json<{ code: string }>();
      const [row] = await t.database.db
        .select()
        .from(complaints)
        .where(eq(complaints.code, code.replace('-', '')));
      const url = `/api/desk/complaints/${row?.id}/${resolve}`;
      const body =
        resolve === 'status' ? { status: 'RESOLVED' } : { message: 'Sudah diperbaiki.', status: 'RESOLVED' };
      expect((await post(url, body, complaintsDesk)).statusCode).toBe(200);
      const page = await get(`/api/complaints/${code}?phone=081366665555`);
      const { survey } = page.json<PublicComplaint>();
      expect((await get(`/api/public/surveys/${survey}`)).json()).toMatchObject({ unit: 'complaints' });
      expect((await submit(survey as string, answers(2))).statusCode).toBe(200);
    }
  });
});

describe('the index for admins (database-backed)', () => {
  it('computes each clinic, the other units and all together for the month, for admins only', async () => {
    const schedule = await createSchedule(t.database.db);
    const scores = [
      [4, 4, 3, 4, 3, 4, 4, 3, 3],
      [3, 3, 3, 4, 2, 3, 4, 3, 2],
      [4, 3, 2, 4, 3, 4, 3, 2, 3],
    ];
    for (const score of scores) {
      const { survey } = await statusOf(await servedVisit(schedule));
      const [u1, u2, u3, u4, u5, u6, u7, u8, u9] = score;
      expect((await submit(survey as string, { u1, u2, u3, u4, u5, u6, u7, u8, u9 })).statusCode).toBe(200);
    }
    const url = `/api/surveys/index?from=${month}&to=${month}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, clinicDesk)).statusCode).toBe(403);
    const res = await get(url, admin);
    expect(res.statusCode, res.body).toBe(200);
    const index = res.json<SurveyIndex>();
    const clinic = index.rows.find((row) => row.clinic?.id === schedule.clinicId);
    // Sums U1…U9: 11 10 8 12 8 11 11 8 8 = 87 over 3 respondents: 87 × 25 / 27 = 80.555…
    expect(clinic).toMatchObject({ month, unit: 'clinic', respondents: 3, grade: 'B' });
    expect(clinic?.nrr.u1).toBeCloseTo(11 / 3, 10);
    expect(clinic?.index).toBeCloseTo((87 * 25) / 27, 10);
    const all = index.rows.find((row) => row.unit === null);
    const submitted = (await t.database.db.select().from(surveyInvitations)).filter((row) => row.submittedAt);
    expect(all).toMatchObject({ unitName: 'Seluruh Unit', respondents: submitted.length });
    expect(index.rows.some((row) => row.unit === 'ambulance')).toBe(true);
    expect(index.rows.some((row) => row.unit === 'complaints')).toBe(true);
    expect(index.comments).toContainEqual({
      month,
      unitName: expect.stringContaining('Poli Uji'),
      comment: 'Pelayanan ramah.',
    });
    // No row carries who answered: no token, no booking, no phone.
    expect(res.body).not.toMatch(/token|phone|registration|081/i);

    const csv = await get(`/api/surveys/index.csv?from=${month}&to=${month}`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFBulan;Unit;Responden;NRR U1 Persyaratan;NRR U2 Sistem, Mekanisme, dan Prosedur;NRR U3 Waktu Penyelesaian;' +
        'NRR U4 Biaya/Tarif;NRR U5 Produk Spesifikasi Jenis Pelayanan;NRR U6 Kompetensi Pelaksana;' +
        'NRR U7 Perilaku Pelaksana;NRR U8 Penanganan Pengaduan, Saran dan Masukan;NRR U9 Sarana dan Prasarana;IKM;Mutu;Kinerja',
    );
    expect(lines).toContain(
      `${month};${clinic?.unitName};3;3,67;3,33;2,67;4,00;2,67;3,67;3,67;2,67;2,67;80,56;B;Baik`,
    );
    expect((await get(`/api/surveys/index.csv?from=${month}&to=${month}`, clinicDesk)).statusCode).toBe(403);

    const backwards = await get(`/api/surveys/index?from=2026-05&to=2026-01`, admin);
    expect(backwards.statusCode).toBe(400);
  });
});

describe('the months of the index (database-backed)', () => {
  it('counts an answer in the month it was sent in WIB, both ends of the period included', async () => {
    for (const at of ['2025-01-31T16:30:00Z', '2025-01-31T17:30:00Z', '2025-03-31T16:59:59Z']) {
      const created = await post('/api/complaints', {
        phone: '081366664444',
        category: 'lainnya',
        message: 'Uji.',
      });
      const { code } = created.json<{ code: string }>();
      const [row] = await t.database.db
        .select()
        .from(complaints)
        .where(eq(complaints.code, code.replace('-', '')));
      await post(`/api/desk/complaints/${row?.id}/status`, { status: 'RESOLVED' }, complaintsDesk);
      const { survey } = (await get(`/api/complaints/${code}?phone=081366664444`)).json<PublicComplaint>();
      expect((await submit(survey as string, answers(2))).statusCode).toBe(200);
      await t.database.db
        .update(surveyInvitations)
        .set({ submittedAt: new Date(at) })
        .where(eq(surveyInvitations.token, survey as string));
    }
    const months = async (from: string, to: string) =>
      (await get(`/api/surveys/index?from=${from}&to=${to}`, admin))
        .json<SurveyIndex>()
        .rows.filter((row) => row.unit === 'complaints')
        .map((row) => [row.month, row.respondents, row.index, row.grade]);
    // 31 January 23.30 WIB, 1 February 00.30 WIB, 31 March 23.59 WIB; all answers 2: 2 × 25 = 50, D.
    expect(await months('2025-01', '2025-03')).toEqual([
      ['2025-01', 1, 50, 'D'],
      ['2025-02', 1, 50, 'D'],
      ['2025-03', 1, 50, 'D'],
    ]);
    expect(await months('2025-02', '2025-02')).toEqual([['2025-02', 1, 50, 'D']]);
    expect(await months('2025-04', '2025-12')).toEqual([]);
  });
});
