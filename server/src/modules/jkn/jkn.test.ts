import type { QueueEntry } from '@portal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jknTokenAttempts,
  jknTokens,
  operations,
  outbox,
  outpatientVisits,
  patients,
  registrations,
} from '../../db/schema/index.js';
import { addDays, isoWeekday, localMoment, localToday } from '../../lib/dates.js';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { createTestApp, eventually, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';
import { bogorRegion, bpjsUser, newJknPatient } from '../../test/jkn.js';

// The Mobile JKN service as BPJS calls it (HTTP to the listening server, BPJS's headers and bodies),
// and what the hospital reports back, received by the fake BPJS of the repository.

const credentials = { consId: '31415', secretKey: 'kunci-rahasia-uji-JKN', userKey: 'user-key-uji' };
const today = localToday();
/** BPJS's address as JKN_TRUSTED_ADDRESSES says (its range); the test's own requests come from 127.0.0.1. */
const bpjsAddress = '127.0.40.7';

let t: TestApp;
let fake: FakeBpjs;
let base: string;
let admin: StaffLogin;
let desk: StaffLogin;
let token: string;

interface Envelope<T = Record<string, unknown>> {
  metadata: { code: number; message: string };
  response?: T;
}

async function getToken(headers: Record<string, string>) {
  const res = await fetch(`${base}/api/jkn/token`, { headers });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Envelope,
  };
}

async function jkn<T = Record<string, unknown>>(
  service: string,
  body: unknown,
  headers: Record<string, string> = { 'x-username': bpjsUser.username, 'x-token': token },
): Promise<Envelope<T>> {
  const res = await fetch(`${base}/api/jkn/${service}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  // Every answer BPJS reads is HTTP 200 with the envelope.
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope<T>;
}

const refusal = (message: string) => ({ metadata: { code: 201, message } });

beforeAll(async () => {
  fake = await startFakeBpjs(credentials);
  t = await createTestApp({
    bpjs: {
      antrean: { baseUrl: fake.url, timeoutMs: 2_000, ...credentials },
      trustedAddresses: ['127.0.40.0/24'],
    },
    outbox: { pollMs: 50, backoffBaseMs: 50 },
    notifications: { maxAttempts: 100 },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await loginAsNew(t, { roles: ['admin'] });
  desk = await loginAsNew(t, { roles: ['registration'] });
  visitClinic = (await createSchedule(t.database.db)).clinicId;
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/jkn-credentials',
    headers: admin.headers,
    payload: bpjsUser,
  });
  expect(set.statusCode, set.body).toBe(200);
  const issued = await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password });
  token = String(issued.body.response?.token);
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

let cards = 0;
let visitClinic: number;
/** A JKN member known to the hospital (NIK, card number, a visit last year): no admission needed. */
async function member() {
  const patient = await createPatient(t.database.db);
  cards += 1;
  const insuranceNo = `000${String(process.pid % 1000).padStart(3, '0')}${String(cards).padStart(7, '0')}`;
  await t.database.db.update(patients).set({ insuranceNo }).where(eq(patients.id, patient.id));
  await t.database.db.insert(outpatientVisits).values({
    registrationNo: `RJ-UJI-${patient.id}`,
    patientId: patient.id,
    clinicId: visitClinic,
    visitDate: addDays(today, -365),
  });
  return { ...patient, insuranceNo };
}

/** A referral number of its own for each booking: one in an active booking books no second. */
let referrals = 0;
const referral = () => `0701R0011125K${String(++referrals).padStart(6, '0')}`;

function ambil(
  schedule: TestSchedule,
  patient: { nik: string | null; insuranceNo: string | null },
  extra = {},
) {
  return {
    nomorkartu: patient.insuranceNo ?? '',
    nik: patient.nik,
    nohp: '6281234567890',
    kodepoli: schedule.bpjs.kodepoli,
    norm: '',
    tanggalperiksa: today,
    kodedokter: schedule.bpjs.kodedokter,
    jampraktek: schedule.bpjs.jampraktek,
    jeniskunjungan: 1,
    nomorreferensi: referral(),
    ...extra,
  };
}

const deskAct = async (code: string, action: string, payload?: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/queue/desk/registrations/${code}/${action}`,
    headers: desk.headers,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json<QueueEntry>();
};

/** What the fake BPJS holds of a booking once the outbox has delivered `tasks`. */
const reported = (kodebooking: string, tasks: number[]) =>
  eventually(
    async () => {
      const booking = fake.bookings.get(kodebooking);
      return booking && booking.tasks.length === tasks.length ? booking : undefined;
    },
    { what: `tasks ${tasks.join(',')} of ${kodebooking} at the fake BPJS` },
  );

const registrationCount = async () =>
  (await t.database.db.select({ n: count() }).from(registrations))[0]?.n ?? 0;

describe('the token', () => {
  it('is handed out for the right user name and password only', async () => {
    expect((await getToken({})).body).toEqual(refusal('Username dan Password wajib diisi'));
    expect((await getToken({ 'x-username': bpjsUser.username, 'x-password': 'salah-sekali' })).body).toEqual(
      refusal('Username atau Password Tidak Sesuai'),
    );
    const right = await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password });
    expect(right.body.metadata).toEqual({ code: 200, message: 'Ok' });
    expect(right.body.response?.token).toMatch(/^[\w-]{40,}$/);
  });

  it('is refused when wrong, for another user or expired', async () => {
    const schedule = await createSchedule(t.database.db);
    const body = { kodebooking: 'ABCD-EFGH' };
    expect(await jkn('sisaantrean', body, { 'x-username': bpjsUser.username })).toEqual(
      refusal('Username dan Token wajib diisi'),
    );
    expect(await jkn('sisaantrean', body, { 'x-username': bpjsUser.username, 'x-token': 'palsu' })).toEqual(
      refusal('Token Tidak Valid'),
    );
    expect(await jkn('sisaantrean', body, { 'x-username': 'orang.lain', 'x-token': token })).toEqual(
      refusal('Token Tidak Valid'),
    );
    const { body: fresh } = await getToken({
      'x-username': bpjsUser.username,
      'x-password': bpjsUser.password,
    });
    const old = String(fresh.response?.token);
    await t.database.db.update(jknTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const before = await registrationCount();
    expect(
      await jkn('ambilantrean', ambil(schedule, await member()), {
        'x-username': bpjsUser.username,
        'x-token': old,
      }),
    ).toEqual(refusal('Token Expired'));
    expect(await registrationCount()).toBe(before);
    token = String(
      (await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password })).body.response
        ?.token,
    );
  });

  it('throttles failed token requests (HTTP 200, code 201 in the envelope, Retry-After) without touching the right user', async () => {
    const guess = { 'x-username': 'penebak', 'x-password': 'tebakan-salah' };
    for (let i = 0; i < 5; i++) expect((await getToken(guess)).status).toBe(200);
    const blocked = await getToken(guess);
    // BPJS reads the envelope, never the HTTP status.
    expect(blocked.status).toBe(200);
    expect(blocked.body.metadata.code).toBe(201);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(1);
    expect(blocked.body.metadata.message).toMatch(
      /^Terlalu banyak percobaan yang gagal\. Coba lagi dalam \d+ detik\.$/,
    );
    const right = await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password });
    expect(right.body.metadata.code).toBe(200);
  });

  it("survives a flood of wrong passwords for BPJS's user from elsewhere: BPJS's addresses still get tokens", async () => {
    const tokenFrom = async (remoteAddress: string, password: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/jkn/token',
        headers: { 'x-username': bpjsUser.username, 'x-password': password },
        remoteAddress,
      });
      // A held-back request is still HTTP 200 with code 201 in the envelope; its Retry-After tells it apart.
      return { status: res.statusCode, body: res.json<Envelope>(), held: 'retry-after' in res.headers };
    };
    // One address guessing: five checks, then it waits (and only it).
    const first = [];
    for (let i = 0; i < 7; i++) first.push((await tokenFrom('127.0.41.1', `tebakan-${i}`)).held);
    expect(first).toEqual([false, false, false, false, false, true, true]);
    expect((await tokenFrom('127.0.41.1', bpjsUser.password)).held).toBe(true);
    // Many addresses guessing: bounded at 20 failures a minute for the user…
    await Promise.all(Array.from({ length: 25 }, (_, i) => tokenFrom(`127.0.42.${i}`, `tebakan-${i}`)));
    const failures = await t.database.db
      .select({ n: count() })
      .from(jknTokenAttempts)
      .where(and(eq(jknTokenAttempts.username, bpjsUser.username), eq(jknTokenAttempts.outcome, 'failed')));
    expect(failures[0]?.n).toBeLessThanOrEqual(21);
    // …so a new address waits, even with the right password…
    expect((await tokenFrom('127.0.43.1', bpjsUser.password)).held).toBe(true);
    // …but BPJS, at a trusted address it never asked from before, gets its token, and it works.
    const bpjs = await tokenFrom(bpjsAddress, bpjsUser.password);
    expect(bpjs.status).toBe(200);
    expect(bpjs.body.metadata).toEqual({ code: 200, message: 'Ok' });
    token = String(bpjs.body.response?.token);
    expect((await jkn('sisaantrean', { kodebooking: 'X' })).metadata.message).not.toMatch(/Token/);
    // So does an address that got a token lately (this test's own, where BPJS's calls come from).
    expect(
      (await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password })).body.metadata
        .code,
    ).toBe(200);
    // The flood leaves the window, for the tests after this one.
    await t.database.db
      .update(jknTokenAttempts)
      .set({ at: sql`${jknTokenAttempts.at} - interval '2 minutes'` })
      .where(sql`${jknTokenAttempts.at} > now() - interval '2 minutes'`);
  });

  it('refuses a Mobile JKN password that breaks the staff password rules, keeping the one in use', async () => {
    const cases: [string, string, string][] = [
      ['bpjs.rsau', '   pendek-12  ', 'Kata sandi minimal 12 karakter.'],
      ['bpjs.rsau', 'rumahsakit2026!', 'Kata sandi ini terlalu umum dan mudah ditebak; pilih yang lain.'],
      ['bpjs.rsau', 'qwertyuiop12', 'Kata sandi ini terlalu umum dan mudah ditebak; pilih yang lain.'],
      [
        'RSAU.Antrean',
        'antrean-rsau-lumbung',
        'Kata sandi tidak boleh memuat nama atau nama pengguna petugas.',
      ],
    ];
    for (const [username, password, message] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/jkn-credentials',
        headers: admin.headers,
        payload: { username, password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(JSON.stringify(res.json().error), password).toContain(message);
    }
    const still = await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password });
    expect(still.body.metadata.code).toBe(200);
  });

  it('stops working when an admin sets new credentials; the password is stored only as a hash', async () => {
    const { body } = await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password });
    const before = String(body.response?.token);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/jkn-credentials',
      headers: admin.headers,
      payload: bpjsUser,
    });
    expect(set.json()).toMatchObject({ username: bpjsUser.username });
    expect(set.body).not.toContain(bpjsUser.password);
    expect(
      await jkn('sisaantrean', { kodebooking: 'X' }, { 'x-username': bpjsUser.username, 'x-token': before }),
    ).toEqual(refusal('Token Tidak Valid'));
    const dump = JSON.stringify(await t.database.db.execute('select * from jkn_credentials'));
    expect(dump).not.toContain(bpjsUser.password);
    expect(dump).toContain('$argon2id$');
    token = String(
      (await getToken({ 'x-username': bpjsUser.username, 'x-password': bpjsUser.password })).body.response
        ?.token,
    );
  });
});

describe('a patient registered by pasienbaru', () => {
  it('stays new while no visit was served: after a cancelled first booking the next is again admission first', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = `3272${String(Date.now()).slice(-8)}0043`;
    const card = `0008${String(Date.now()).slice(-9)}`;
    const registered = await jkn<{ norm: string }>('pasienbaru', newJknPatient(nik, card));
    expect(registered.metadata.code, registered.metadata.message).toBe(200);
    const newcomer = { nik, insuranceNo: card };
    const first = await jkn('ambilantrean', ambil(schedule, newcomer));
    const cancelled = String(first.response?.kodebooking);
    await jkn('batalantrean', { kodebooking: cancelled, keterangan: 'Pasien berhalangan hadir' });
    await eventually(async () => fake.bookings.get(cancelled)?.cancelled);

    const again = await jkn('ambilantrean', ambil(schedule, newcomer));
    expect(again.metadata.code, again.metadata.message).toBe(200);
    const kodebooking = String(again.response?.kodebooking);
    await jkn('checkinantrean', { kodebooking, waktu: String(Date.now()) });
    const atBpjs = await reported(kodebooking, [1]);
    expect(atBpjs.add).toMatchObject({ pasienbaru: 1 });
    expect(atBpjs.tasks.map((task) => task.taskid)).toEqual([1]);
  });
});

describe('estimasidilayani', () => {
  it('is never before the booking was made, nor after the session ends: late places start at the end', async () => {
    const schedule = await createSchedule(t.database.db);
    const before = Date.now();
    const now = await jkn<{ estimasidilayani: number }>('ambilantrean', ambil(schedule, await member()));
    expect(now.metadata.code, now.metadata.message).toBe(200);
    // The session began at midnight: its first place is not in the past.
    expect(now.response?.estimasidilayani).toBeGreaterThanOrEqual(before - 1000);

    const tomorrow = addDays(today, 1);
    const short = await createSchedule(t.database.db, {
      weekday: isoWeekday(tomorrow),
      start: '08:00',
      end: '08:30',
      minutesPerPatient: 10,
      quotaJkn: 6,
    });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const booked = await jkn<{ estimasidilayani: number; kodebooking: string }>(
        'ambilantrean',
        ambil(short, await member(), { tanggalperiksa: tomorrow }),
      );
      expect(booked.metadata.code, booked.metadata.message).toBe(200);
      times.push(Number(booked.response?.estimasidilayani));
      const atBpjs = await eventually(async () => fake.bookings.get(String(booked.response?.kodebooking)));
      expect(atBpjs.add.estimasidilayani).toBe(times.at(-1));
    }
    const at = (minutes: number) => localMoment(tomorrow, 8, minutes).getTime();
    expect(times).toEqual([at(0), at(10), at(20), at(30), at(30)]);
  });
});

describe('a JSON body whatever its content type', () => {
  it('reads the body as JSON without `Content-Type: application/json`, and still refuses one that is not JSON', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 5, quotaNonJkn: 3 });
    const body = JSON.stringify({
      kodepoli: schedule.bpjs.kodepoli,
      kodedokter: String(schedule.bpjs.kodedokter),
      tanggalperiksa: today,
      jampraktek: schedule.bpjs.jampraktek,
    });
    const send = async (type: string | undefined, text = body) => {
      const res = await fetch(`${base}/api/jkn/statusantrean`, {
        method: 'POST',
        headers: {
          'x-username': bpjsUser.username,
          'x-token': token,
          ...(type ? { 'content-type': type } : {}),
        },
        body: text,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Envelope;
    };
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      undefined,
    ]) {
      const answer = await send(type);
      expect(answer.metadata, String(type)).toEqual({ code: 200, message: 'Ok' });
      expect(answer.response).toMatchObject({ kuotajkn: 5 });
    }
    expect(await send('text/plain', 'kodepoli=ANA')).toEqual(
      refusal('Format request tidak sesuai: isi harus JSON yang valid'),
    );
  });
});

describe('a day of Mobile JKN', () => {
  it('books a known JKN member, through check-in, the doctor and the pharmacy, reporting tasks 3 to 7 in order', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 5, quotaNonJkn: 3 });
    const patient = await member();
    const status = await jkn('statusantrean', {
      kodepoli: schedule.bpjs.kodepoli,
      kodedokter: String(schedule.bpjs.kodedokter),
      tanggalperiksa: today,
      jampraktek: schedule.bpjs.jampraktek,
    });
    expect(status).toMatchObject({
      metadata: { code: 200 },
      response: {
        totalantrean: 0,
        sisaantrean: 0,
        antreanpanggil: '-',
        kuotajkn: 5,
        sisakuotajkn: 5,
        kuotanonjkn: 3,
      },
    });

    const booked = await jkn<Record<string, unknown>>(
      'ambilantrean',
      ambil(schedule, patient, { nomorreferensi: '0701R0011125B000123' }),
    );
    expect(booked.metadata.code, booked.metadata.message).toBe(200);
    expect(booked.response).toMatchObject({
      nomorantrean: `${schedule.queuePrefix}-001`,
      angkaantrean: 1,
      norm: patient.mrn,
      sisakuotajkn: 4,
      kuotajkn: 5,
      sisakuotanonjkn: 3,
    });
    const kodebooking = String(booked.response?.kodebooking);
    const [row] = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.code, kodebooking.replace('-', '')));
    expect(row).toMatchObject({
      payer: 'JKN',
      source: 'MJKN',
      visitType: 1,
      referralNo: '0701R0011125B000123',
      bpjsCardNo: patient.insuranceNo,
      phone: '081234567890',
      status: 'BOOKED',
    });

    // The same queue as the website's: the desk sees it.
    const deskView = await t.app.inject({
      method: 'GET',
      url: `/api/queue/desk?clinicId=${schedule.clinicId}`,
      headers: desk.headers,
    });
    expect(JSON.stringify(deskView.json())).toContain(kodebooking);

    expect(await jkn('sisaantrean', { kodebooking })).toMatchObject({
      metadata: { code: 200 },
      response: {
        nomorantrean: `${schedule.queuePrefix}-001`,
        sisaantrean: 0,
        antreanpanggil: '-',
        waktutunggu: 0,
      },
    });
    expect(await jkn('checkinantrean', { kodebooking, waktu: Date.now() })).toEqual({
      metadata: { code: 200, message: 'Ok' },
    });
    await deskAct(kodebooking, 'call');
    expect(await jkn('sisaantrean', { kodebooking })).toMatchObject({
      response: { antreanpanggil: `${schedule.queuePrefix}-001` },
    });
    await deskAct(kodebooking, 'serve');

    expect(await jkn('ambilantreanfarmasi', { kodebooking })).toEqual(
      refusal('Anda tidak memiliki resep dari dokter yang anda tuju, silahkan konfirmasi petugas poli'),
    );
    const sent = await deskAct(kodebooking, 'pharmacy', { prescriptionType: 'racikan' });
    expect(sent.pharmacy).toMatchObject({ prescriptionType: 'racikan' });
    expect(await jkn('ambilantreanfarmasi', { kodebooking })).toEqual({
      metadata: { code: 200, message: 'Ok' },
      response: {
        jenisresep: 'Racikan',
        nomorantrean: sent.pharmacy?.number,
        keterangan: 'Resep dibuat secara elektronik di poli',
      },
    });
    expect(await jkn('statusantreanfarmasi', { kodebooking })).toMatchObject({
      response: { jenisresep: 'Racikan', sisaantrean: 0, antreanpanggil: 0 },
    });
    await deskAct(kodebooking, 'pharmacy-start');
    expect(await jkn('statusantreanfarmasi', { kodebooking })).toMatchObject({
      response: { antreanpanggil: sent.pharmacy?.number },
    });
    await deskAct(kodebooking, 'pharmacy-done');

    const atBpjs = await reported(kodebooking, [3, 4, 5, 6, 7]);
    expect(atBpjs.add).toMatchObject({
      jenispasien: 'JKN',
      nomorkartu: patient.insuranceNo,
      nik: patient.nik,
      kodepoli: schedule.bpjs.kodepoli,
      kodedokter: schedule.bpjs.kodedokter,
      jampraktek: schedule.bpjs.jampraktek,
      pasienbaru: 0,
      norm: patient.mrn,
      angkaantrean: 1,
      jeniskunjungan: 1,
    });
    expect(atBpjs.tasks.map((task) => task.taskid)).toEqual([3, 4, 5, 6, 7]);
    // Served before the prescription was sent: the doctor's service ended without one, as BPJS heard.
    expect(atBpjs.tasks.find((task) => task.taskid === 5)?.jenisresep).toBe('Tidak ada');
    const times = atBpjs.tasks.map((task) => task.waktu);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    await eventually(async () => (fake.bookings.get(kodebooking)?.pharmacy ? true : undefined));
    expect(fake.bookings.get(kodebooking)?.pharmacy).toMatchObject({ jenisresep: 'racikan' });
  });

  it('answers 202 for an unknown patient, registers them with pasienbaru, books on the retry, admission first (tasks 1 to 5)', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = `3271${String(Date.now()).slice(-8)}0042`;
    const newcomer = { nik, insuranceNo: `0009${String(Date.now()).slice(-9)}` };
    expect(await jkn('ambilantrean', ambil(schedule, newcomer))).toEqual({
      metadata: { code: 202, message: 'Data pasien ini tidak ditemukan' },
    });
    const form = {
      nomorkartu: newcomer.insuranceNo,
      nik,
      nomorkk: '3271010101010001',
      nama: 'Siti Rahmawati',
      jeniskelamin: 'P',
      tanggallahir: '1990-02-14',
      nohp: '081298765432',
      alamat: 'Jl. Merdeka No. 10',
      ...bogorRegion,
    };
    // A region name or RT longer than the counter's form takes is refused, so the record stays editable there.
    expect(await jkn('pasienbaru', { ...form, namakel: 'P'.repeat(101) })).toEqual(
      refusal('Nama Kelurahan terlalu panjang'),
    );
    expect(await jkn('pasienbaru', { ...form, rt: '00000000007' })).toEqual(refusal('RT terlalu panjang'));
    const registered = await jkn<{ norm: string }>('pasienbaru', form);
    expect(registered.metadata).toEqual({
      code: 200,
      message: 'Harap datang ke admisi untuk melengkapi data rekam medis',
    });
    const norm = String(registered.response?.norm);
    expect(norm).toMatch(/^\d{6,}$/);
    const [created] = await t.database.db.select().from(patients).where(eq(patients.mrn, norm));
    expect(created).toMatchObject({
      name: 'Siti Rahmawati',
      sex: 'P',
      birthDate: '1990-02-14',
      familyCardNo: '3271010101010001',
      provinceCode: '32',
      provinceName: 'JAWA BARAT',
      regencyCode: '0188',
      regencyName: 'KOTA BOGOR',
      districtCode: '2301',
      districtName: 'BOGOR TENGAH',
      villageCode: 'D2105',
      villageName: 'PALEDANG',
      rw: '003',
      rt: '007',
      address: 'Jl. Merdeka No. 10',
      insuranceNo: newcomer.insuranceNo,
      phone: '081298765432',
    });
    expect(await jkn('pasienbaru', form)).toEqual(
      refusal('Pasien dengan NIK atau No.Kartu tersebut sudah terdaftar'),
    );

    const booked = await jkn('ambilantrean', ambil(schedule, newcomer, { norm }));
    expect(booked.metadata.code, booked.metadata.message).toBe(200);
    const kodebooking = String(booked.response?.kodebooking);
    expect(booked.response?.norm).toBe(norm);
    expect(await jkn('checkinantrean', { kodebooking, waktu: String(Date.now()) })).toMatchObject({
      metadata: { code: 200 },
    });
    // New to the hospital: the admission counter first.
    for (const action of ['admission-start', 'admission-end', 'call']) await deskAct(kodebooking, action);
    // A call undone and made again: BPJS hears one call (the first where it went out before the undo, else the
    // second), its times still rising.
    const undone = await t.app.inject({
      method: 'POST',
      url: '/api/queue/desk/undo',
      headers: desk.headers,
      payload: { scheduleId: schedule.id },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    await deskAct(kodebooking, 'call');
    // The doctor's service ends with the prescription: one step, and task 5 says which.
    const served = await deskAct(kodebooking, 'pharmacy', { prescriptionType: 'non racikan' });
    expect(served).toMatchObject({ status: 'SERVED', pharmacy: { prescriptionType: 'non racikan' } });
    expect(await jkn('statusantreanfarmasi', { kodebooking })).toMatchObject({
      response: { jenisresep: 'Non Racikan', sisaantrean: 0 },
    });
    for (const action of ['pharmacy-start', 'pharmacy-done']) await deskAct(kodebooking, action);
    const atBpjs = await reported(kodebooking, [1, 2, 3, 4, 5, 6, 7]);
    expect(atBpjs.add).toMatchObject({ pasienbaru: 1, norm });
    expect(atBpjs.tasks.map((task) => task.taskid)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(atBpjs.tasks.find((task) => task.taskid === 5)?.jenisresep).toBe('Non racikan');
    const times = atBpjs.tasks.map((task) => task.waktu);
    expect(times.every((time, i) => i === 0 || time > (times[i - 1] ?? 0))).toBe(true);
    const refusedHere = fake.calls.filter(
      (call) => (call.body as { kodebooking?: string })?.kodebooking === kodebooking && call.code !== 200,
    );
    expect(refusedHere).toEqual([]);
  });

  it('books a patient without a card on the non-JKN quota, through the day, reported as NON JKN', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 2, quotaNonJkn: 2 });
    const patient = await member();
    const booked = await jkn(
      'ambilantrean',
      ambil(schedule, { nik: patient.nik, insuranceNo: null }, { nomorreferensi: '' }),
    );
    expect(booked.metadata.code, booked.metadata.message).toBe(200);
    expect(booked.response).toMatchObject({ sisakuotajkn: 2, sisakuotanonjkn: 1 });
    const kodebooking = String(booked.response?.kodebooking);
    const [row] = await t.database.db
      .select({ payer: registrations.payer })
      .from(registrations)
      .where(eq(registrations.code, kodebooking.replace('-', '')));
    expect(row?.payer).toBe('UMUM');
    expect(await jkn('checkinantrean', { kodebooking, waktu: Date.now() })).toMatchObject({
      metadata: { code: 200 },
    });
    for (const action of ['call', 'serve']) await deskAct(kodebooking, action);
    const atBpjs = await reported(kodebooking, [3, 4, 5]);
    expect(atBpjs.add).toMatchObject({ jenispasien: 'NON JKN', nomorkartu: '', nomorreferensi: '' });
    expect(atBpjs.tasks.map((task) => task.taskid)).toEqual([3, 4, 5]);
  });

  it('cancels from Mobile JKN: the place goes back, BPJS hears the reason, a second cancel is refused', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 1 });
    const patient = await member();
    const booked = await jkn('ambilantrean', ambil(schedule, patient));
    const kodebooking = String(booked.response?.kodebooking);
    expect(await jkn('batalantrean', { kodebooking, keterangan: 'Pasien berhalangan hadir' })).toEqual({
      metadata: { code: 200, message: 'Ok' },
    });
    const again = await jkn('batalantrean', { kodebooking, keterangan: 'lagi' });
    expect(again.metadata.code).toBe(201);
    expect(again.metadata.message).toMatch(/tidak bisa dibatalkan: status dibatalkan/);
    expect(await jkn('sisaantrean', { kodebooking })).toEqual(refusal('Antrean Sudah Dibatalkan'));
    // The one JKN place is free again.
    const other = await jkn('ambilantrean', ambil(schedule, await member()));
    expect(other.response).toMatchObject({ angkaantrean: 2, sisakuotajkn: 0 });
    await eventually(async () => fake.bookings.get(kodebooking)?.cancelled);
    expect(fake.bookings.get(kodebooking)?.cancelled).toEqual({ keterangan: 'Pasien berhalangan hadir' });
  });

  it('is cancelled from the website too: one booking, both doors', async () => {
    const schedule = await createSchedule(t.database.db);
    const booked = await jkn('ambilantrean', ambil(schedule, await member()));
    const kodebooking = String(booked.response?.kodebooking);
    const res = await t.app.inject({ method: 'POST', url: `/api/registrations/${kodebooking}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await jkn('sisaantrean', { kodebooking })).toEqual(refusal('Antrean Sudah Dibatalkan'));
    await eventually(async () => fake.bookings.get(kodebooking)?.cancelled);
    expect(fake.bookings.get(kodebooking)?.cancelled).toEqual({ keterangan: 'Dibatalkan oleh pasien' });
  });
});

describe('refusals, each with its own message and nothing changed', () => {
  it('refuses a date beyond the booking window, and cancelling a booking already served', async () => {
    const schedule = await createSchedule(t.database.db);
    const farAway = addDays(today, 60);
    const far = await jkn(
      'ambilantrean',
      ambil(await createSchedule(t.database.db, { weekday: isoWeekday(farAway) }), await member(), {
        tanggalperiksa: farAway,
      }),
    );
    expect(far).toEqual(refusal('Pendaftaran paling lambat 30 hari ke depan.'));
    const booked = await jkn('ambilantrean', ambil(schedule, await member()));
    const kodebooking = String(booked.response?.kodebooking);
    await jkn('checkinantrean', { kodebooking, waktu: Date.now() });
    for (const action of ['call', 'serve']) await deskAct(kodebooking, action);
    const cancel = await jkn('batalantrean', { kodebooking, keterangan: 'terlambat' });
    expect(cancel.metadata).toEqual({
      code: 201,
      message: 'Pendaftaran tidak bisa dibatalkan: status sudah dilayani.',
    });
  });

  it('refuses bad input before anything is booked', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 1 });
    const patient = await member();
    const good = ambil(schedule, patient);
    await jkn('ambilantrean', ambil(schedule, await member()));
    const before = await registrationCount();
    const cases: [object | string, string][] = [
      [
        { ...good, tanggalperiksa: '25-11-2026' },
        'Format Tanggal Tidak Sesuai, format yang benar adalah yyyy-mm-dd',
      ],
      [{ ...good, tanggalperiksa: addDays(today, -1) }, 'Tanggal Periksa Tidak Berlaku Mundur'],
      [{ ...good, kodepoli: 'XYZ' }, 'Poli Tidak Ditemukan'],
      [{ ...good, kodedokter: 1 }, 'Dokter Tidak Ditemukan'],
      [{ ...good, jampraktek: '07:00-07:30' }, 'Belum Tersedia'],
      [{ ...good, nik: '12345' }, 'NIK harus 16 digit angka'],
      [{ ...good, nomorkartu: '123' }, 'Nomor Kartu harus 13 digit angka'],
      // The NIK is on record with another card: the booking would be billed to that member.
      [{ ...good, nomorkartu: '0009999999999' }, 'Nomor Kartu tidak sesuai dengan data pasien'],
      [{ ...good, jeniskunjungan: 5 }, 'Jenis Kunjungan tidak ditemukan'],
      [{ ...good, nomorreferensi: '' }, 'Nomor Referensi tidak boleh kosong'],
      [{ ...good, kodepoli: undefined }, 'Kode Poli tidak boleh kosong'],
      ['{"kodepoli": ', 'Format request tidak sesuai: isi harus JSON yang valid'],
      ['[1]', 'Format request tidak sesuai: isi harus objek JSON'],
      [
        JSON.stringify({ ...good, keterangan: 'x'.repeat(1_100_000) }),
        'Format request tidak sesuai: isi terlalu besar',
      ],
      [good, 'Kuota pasien JKN untuk jadwal ini sudah penuh'],
    ];
    for (const [body, message] of cases) {
      const answer = await jkn('ambilantrean', body);
      expect(answer.metadata.code, JSON.stringify(body)).toBe(201);
      expect(answer.metadata.message).toContain(message);
      expect(answer.response).toBeUndefined();
    }
    expect(await registrationCount()).toBe(before);
  });

  it('books a referral once while its booking is active, and again once that booking is cancelled', async () => {
    const schedule = await createSchedule(t.database.db);
    const letter = referral();
    const first = await jkn('ambilantrean', ambil(schedule, await member(), { nomorreferensi: letter }));
    expect(first.metadata.code, first.metadata.message).toBe(200);
    const other = await member();
    const before = await registrationCount();
    expect((await jkn('ambilantrean', ambil(schedule, other, { nomorreferensi: letter }))).metadata).toEqual({
      code: 201,
      message: `Anda sudah terdaftar dalam antrian menggunakan nomor referensi yang sama ditanggal ${today}`,
    });
    expect(await registrationCount()).toBe(before);

    await jkn('batalantrean', { kodebooking: first.response?.kodebooking, keterangan: 'Salah rujukan' });
    const again = await jkn('ambilantrean', ambil(schedule, other, { nomorreferensi: letter }));
    expect(again.metadata.code, again.metadata.message).toBe(200);
  });

  it('refuses days that do not exist and half a surrogate pair in every service, storing nothing', async () => {
    const schedule = await createSchedule(t.database.db);
    const good = ambil(schedule, await member());
    const [before] = await t.database.db.select({ n: count() }).from(patients);
    const registrations = await registrationCount();
    const newPatient = {
      nomorkartu: '0009876543210',
      nik: '3271010101900042',
      nomorkk: '3271010101010001',
      nama: 'Rina Kartika',
      jeniskelamin: 'P',
      tanggallahir: '0000-01-01',
      nohp: '081298765432',
      alamat: 'Jl. Merdeka No. 12',
      ...bogorRegion,
    };
    const dateMessage = 'Format Tanggal Tidak Sesuai, format yang benar adalah yyyy-mm-dd';
    const cases: [string, object, string][] = [
      ['ambilantrean', { ...good, tanggalperiksa: '2026-02-30' }, dateMessage],
      ['statusantrean', { ...good, tanggalperiksa: '2026-11-31' }, dateMessage],
      ['jadwaloperasirs', { tanggalawal: '2027-02-29', tanggalakhir: '2027-03-01' }, dateMessage],
      ['jadwaloperasirs', { tanggalawal: '1899-12-31', tanggalakhir: '1900-01-02' }, dateMessage],
      ['pasienbaru', newPatient, dateMessage],
      ['pasienbaru', { ...newPatient, tanggallahir: '2027-02-29' }, dateMessage],
      ['pasienbaru', { ...newPatient, tanggallahir: '1990-02-14', nama: 'Rina \ud800' }, 'surrogate'],
      ['batalantrean', { kodebooking: 'ABC123', keterangan: 'Berhalangan \udc00' }, 'surrogate'],
    ];
    for (const [service, body, message] of cases) {
      const answer = await jkn(service, body);
      expect(answer.metadata.code, `${service} ${JSON.stringify(body)}`).toBe(201);
      expect(answer.metadata.message).toContain(message);
    }
    const [after] = await t.database.db.select({ n: count() }).from(patients);
    expect(after?.n).toBe(before?.n);
    expect(await registrationCount()).toBe(registrations);
  });

  it('refuses a second booking of one patient in a clinic on a day, and a check-in on another day', async () => {
    const nextWeek = addDays(today, 7);
    const schedule = await createSchedule(t.database.db, { weekday: isoWeekday(nextWeek) });
    const patient = await member();
    const first = await jkn('ambilantrean', ambil(schedule, patient, { tanggalperiksa: nextWeek }));
    expect(first.metadata.code, first.metadata.message).toBe(200);
    const second = await jkn('ambilantrean', ambil(schedule, patient, { tanggalperiksa: nextWeek }));
    expect(second.metadata.message).toMatch(/sudah memiliki pendaftaran di poli yang sama/);
    const kodebooking = String(first.response?.kodebooking);
    expect(await jkn('checkinantrean', { kodebooking, waktu: Date.now() })).toEqual(
      refusal('Check-in hanya bisa dilakukan pada hari kunjungan'),
    );
    expect(await jkn('checkinantrean', { kodebooking, waktu: Date.now() - 3 * 86_400_000 })).toEqual(
      refusal('Waktu Checkin tidak berlaku mundur'),
    );
    expect(await jkn('sisaantrean', { kodebooking: 'ZZZZ-ZZZZ' })).toEqual(
      refusal('Antrean Tidak Ditemukan'),
    );
    expect(await jkn('statusantrean', { kodepoli: 'INT' })).toEqual(
      refusal('Kode Dokter tidak boleh kosong'),
    );
  });
});

describe('the operating schedule', () => {
  it('lists the operations between two dates and a member’s own, without names', async () => {
    const patient = await member();
    await t.database.db.insert(operations).values({
      date: addDays(today, 2),
      queueOrder: 1,
      patientId: patient.id,
      procedure: 'Appendektomi',
      theatre: 'OK 1',
    });
    const all = await jkn<{ list: Record<string, unknown>[] }>('jadwaloperasirs', {
      tanggalawal: today,
      tanggalakhir: addDays(today, 7),
    });
    expect(all.response?.list).toContainEqual(
      expect.objectContaining({
        tanggaloperasi: addDays(today, 2),
        jenistindakan: 'Appendektomi',
        terlaksana: 0,
        nopeserta: patient.insuranceNo,
      }),
    );
    expect(JSON.stringify(all)).not.toContain(patient.name);
    const own = await jkn<{ list: unknown[] }>('jadwaloperasipasien', { nopeserta: patient.insuranceNo });
    expect(own.response?.list).toHaveLength(1);
    expect(await jkn('jadwaloperasipasien', { nopeserta: '0000000000001' })).toEqual(
      refusal('Maaf anda tidak memiliki jadwal operasi'),
    );
    expect(await jkn('jadwaloperasirs', { tanggalawal: addDays(today, 3), tanggalakhir: today })).toEqual(
      refusal('Tanggal Awal harus lebih kecil atau sama dengan Tanggal Akhir'),
    );
  });
});

describe('under load, with BPJS down for a while', () => {
  it('never oversells: 200 Mobile JKN and 200 website bookings, gap-free numbers, each reported once', async () => {
    const schedule = await createSchedule(t.database.db, { quotaJkn: 150, quotaNonJkn: 100 });
    const members = await Promise.all(Array.from({ length: 200 }, () => member()));
    const walkIns = await Promise.all(Array.from({ length: 200 }, () => createPatient(t.database.db)));
    fake.fail({ mode: 'down' });
    const [fromJkn, fromWeb] = await Promise.all([
      Promise.all(members.map((patient) => jkn('ambilantrean', ambil(schedule, patient)))),
      Promise.all(
        walkIns.map((patient) =>
          t.app.inject({
            method: 'POST',
            url: '/api/registrations',
            remoteAddress: nextAddress(),
            payload: {
              scheduleId: schedule.id,
              date: today,
              payer: 'UMUM',
              patient: { mrn: patient.mrn, birthDate: patient.birthDate },
              phone: '081234567890',
            },
          }),
        ),
      ),
    ]);
    expect(fromJkn.filter((a) => a.metadata.code === 200)).toHaveLength(150);
    expect(fromJkn.filter((a) => a.metadata.code === 201).map((a) => a.metadata.message)).toEqual(
      Array(50).fill('Kuota pasien JKN untuk jadwal ini sudah penuh. Pilih jadwal atau tanggal lain.'),
    );
    expect(fromWeb.filter((r) => r.statusCode === 201)).toHaveLength(100);
    expect(fromWeb.filter((r) => r.statusCode === 409)).toHaveLength(100);

    const rows = await t.database.db
      .select({ seq: registrations.queueSeq, code: registrations.code })
      .from(registrations)
      .where(eq(registrations.clinicId, schedule.clinicId));
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );

    // BPJS was down: the reports wait, then go out once it is back, each booking exactly once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    fake.heal();
    await eventually(
      async () => {
        const [left] = await t.database.db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.channel, 'bpjs'), eq(outbox.status, 'pending')));
        return left?.n === 0 ? true : undefined;
      },
      { timeoutMs: 60_000, what: 'the outbox to empty' },
    );
    const codes = rows.map((r) => `${r.code.slice(0, 4)}-${r.code.slice(4)}`);
    const adds = fake.calls.filter((c) => c.path === 'antrean/add' && c.code === 200);
    const added = adds
      .map((c) => (c.body as { kodebooking: string }).kodebooking)
      .filter((code) => codes.includes(code));
    expect(added.sort()).toEqual([...codes].sort());
    expect(fake.calls.filter((c) => c.code === 201)).toEqual([]);
  }, 120_000);
});

describe('the documentation', () => {
  it('lists the eleven services in OpenAPI, with examples of what BPJS sends', () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { example?: unknown } }> } }>
      >;
    };
    const services = Object.keys(doc.paths).filter((path) => path.startsWith('/api/jkn/'));
    expect(services.sort()).toEqual(
      [
        'token',
        'statusantrean',
        'ambilantrean',
        'sisaantrean',
        'batalantrean',
        'checkinantrean',
        'pasienbaru',
        'jadwaloperasirs',
        'jadwaloperasipasien',
        'ambilantreanfarmasi',
        'statusantreanfarmasi',
      ]
        .map((name) => `/api/jkn/${name}`)
        .sort(),
    );
    const booking =
      doc.paths['/api/jkn/ambilantrean']?.post?.requestBody?.content['application/json']?.schema;
    expect(booking?.example).toMatchObject({ kodepoli: 'INT', jeniskunjungan: 1 });
  });
});

describe('after all of it', () => {
  it('never showed the BPJS secret key in a log line', () => {
    expect(t.logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(t.logs)).not.toContain(credentials.secretKey);
  });
});
