import type { QueueDesk, RegistrationCreated, RegistrationRequest } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../db/schema/index.js';
import { type FakeParticipant, fakeParticipant, fakeReferral } from '../../fake-bpjs/reference.js';
import type { FakeBpjs } from '../../fake-bpjs/server.js';
import { addDays, localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, type TestApp } from '../../test/app.js';
import { startFakeVclaim } from '../../test/vclaim.js';
import {
  createPatient,
  createSchedule,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';
import type { BpjsLink } from '../bpjs/client.js';
import { Vclaim } from '../bpjs/vclaim.js';
import { namesMatch, recheckPendingBookings } from './jkn-checks.js';

// JKN bookings checked with BPJS's VClaim, the fake BPJS of the repository standing in for it: the card
// active and the patient's, the referral valid, addressed to this hospital and to the chosen clinic.

const PPK = 'RSUJI001';
const today = localToday();

let t: TestApp;
let fake: FakeBpjs;
let link: BpjsLink;
let clerk: StaffLogin;

beforeAll(async () => {
  ({ fake, link } = await startFakeVclaim(PPK));
  t = await createTestApp({ bpjs: { vclaim: link, ppkCode: PPK } });
  clerk = await loginAsNew(t, { roles: ['registration'], name: 'Petugas Loket VClaim' });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});
afterEach(() => fake.heal());

let serial = 0;

/** A participant VClaim knows, active unless told otherwise. */
function holder(name: string, status: FakeParticipant['statusPeserta'] = { kode: '0', keterangan: 'AKTIF' }) {
  serial += 1;
  const noKartu = `0009${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(6, '0')}`;
  fake.participants.set(
    noKartu,
    fakeParticipant({
      noKartu,
      nik: `3171${String(serial).padStart(12, '0')}`,
      nama: name,
      statusPeserta: status,
    }),
  );
  return noKartu;
}

/** A referral VClaim knows: from primary care ten days ago, to this hospital, for `poli`. */
function referral(
  noKartu: string,
  poli: string,
  options: { daysOld?: number; source?: 'primary' | 'hospital'; to?: string } = {},
) {
  serial += 1;
  const noKunjungan = `0114B0031126P${String(serial).padStart(6, '0')}`;
  fake.referrals.set(
    noKunjungan,
    fakeReferral({
      noKunjungan,
      source: options.source ?? 'primary',
      tglKunjungan: addDays(today, -(options.daysOld ?? 10)),
      noKartu,
      poliRujukan: { kode: poli, nama: `POLI ${poli}` },
      ppkDirujuk: { kode: options.to ?? PPK, nama: options.to ? 'RSUD LAIN' : 'RS UJI' },
    }),
  );
  return noKunjungan;
}

interface Case {
  schedule: TestSchedule;
  patient: Awaited<ReturnType<typeof createPatient>>;
  booking: RegistrationRequest;
}

/** A patient on record booking a JKN visit on the website with their card and referral. */
async function jknCase(
  options: {
    name?: string;
    cardName?: string;
    status?: FakeParticipant['statusPeserta'];
    poli?: string;
    daysOld?: number;
    to?: string;
  } = {},
): Promise<Case> {
  const schedule = await createSchedule(t.database.db);
  const patient = await createPatient(t.database.db, { name: options.name ?? 'Budi Santoso' });
  const bpjsCardNo = holder(options.cardName ?? 'BUDI SANTOSO', options.status);
  const referralNo = referral(bpjsCardNo, options.poli ?? schedule.bpjs.kodepoli, options);
  return {
    schedule,
    patient,
    booking: {
      scheduleId: schedule.id,
      date: today,
      payer: 'JKN',
      patient: { mrn: patient.mrn, birthDate: patient.birthDate },
      phone: '0812 3456 7890',
      bpjsCardNo,
      referralNo,
    },
  };
}

/** The clerk books the case's patient at the counter with this referral (or control letter). */
const deskBook = (c: Case, referralNo: string, visitType: 1 | 3 | 4) =>
  t.app.inject({
    method: 'POST',
    url: '/api/desk/registrations',
    headers: clerk.headers,
    payload: {
      patientId: c.patient.id,
      scheduleId: c.schedule.id,
      date: today,
      payer: 'JKN',
      bpjsCardNo: c.booking.bpjsCardNo,
      referralNo,
      visitType,
    },
  });

const book = (payload: RegistrationRequest) =>
  t.app.inject({ method: 'POST', url: '/api/registrations', payload, remoteAddress: nextAddress() });

const bookingsOf = (patientId: number) =>
  t.database.db.select().from(registrations).where(eq(registrations.patientId, patientId));

async function refusedWith(c: Case, field: 'bpjsCardNo' | 'referralNo', words: RegExp) {
  const res = await book(c.booking);
  expect(res.statusCode, res.body).toBe(400);
  const error = errorOf(res);
  expect(error).toMatchObject({ code: 'BPJS_REFUSED' });
  expect(error.message).toMatch(words);
  expect(error.fields?.[field]).toBe(error.message);
  expect(await bookingsOf(c.patient.id)).toHaveLength(0);
  return error.message;
}

async function deskRow(c: Case, code: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/queue/desk?clinicId=${c.schedule.clinicId}`,
    headers: clerk.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const entry = res
    .json<QueueDesk>()
    .sessions.flatMap((session) => session.entries)
    .find((e) => e.bookingCode === code);
  if (!entry) throw new Error(`booking ${code} not on the desk`);
  return entry;
}

const vclaimCalls = () => fake.calls.filter((call) => call.service === 'vclaim').length;

describe('a JKN booking checked with VClaim', () => {
  it('books a patient whose card is active and whose referral is for this hospital and clinic', async () => {
    const c = await jknCase();
    const before = vclaimCalls();
    const res = await book(c.booking);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<RegistrationCreated>()).toMatchObject({ payer: 'JKN', status: 'BOOKED' });
    // The card on the visit date, then the referral from primary care.
    expect(fake.calls.slice(-2).map((call) => [call.path, call.code])).toEqual([
      ['Peserta/nokartu/:nokartu/tglSEP/:tanggal', 200],
      ['Rujukan/:nomor', 200],
    ]);
    expect(vclaimCalls() - before).toBe(2);
    const row = await deskRow(c, res.json<RegistrationCreated>().bookingCode);
    expect(row).toMatchObject({ bpjsUnchecked: false, bpjsProblem: null });
  });

  it('refuses a card BPJS does not know, and books nothing', async () => {
    const c = await jknCase();
    c.booking.bpjsCardNo = '0000000000000';
    await refusedWith(c, 'bpjsCardNo', /Nomor kartu BPJS 0000000000000 tidak terdaftar di BPJS/);
  });

  it('refuses a card that is not active on the visit date, saying why, and books nothing', async () => {
    const c = await jknCase({ status: { kode: '1', keterangan: 'TIDAK AKTIF KARENA TUNGGAKAN' } });
    const message = await refusedWith(c, 'bpjsCardNo', /tidak aktif/);
    expect(message).toContain('TIDAK AKTIF KARENA TUNGGAKAN');
    expect(message).toContain('daftar sebagai pasien umum');
  });

  it("refuses another person's card before saying anything else about it", async () => {
    const c = await jknCase({
      cardName: 'SITI AMINAH',
      status: { kode: '1', keterangan: 'TIDAK AKTIF KARENA TUNGGAKAN' },
    });
    const message = await refusedWith(c, 'bpjsCardNo', /Nama pada kartu BPJS ini tidak sama/);
    expect(message).not.toMatch(/aktif/i);
  });

  it('refuses a referral older than 90 days on the visit date, with its dates, and books nothing', async () => {
    const c = await jknCase({ daysOld: 91 });
    await refusedWith(c, 'referralNo', /Rujukan ini sudah tidak berlaku.*berlaku 90 hari sampai/);
  });

  it('accepts a referral on its 90th day', async () => {
    const c = await jknCase({ daysOld: 90 });
    expect((await book(c.booking)).statusCode).toBe(201);
  });

  it('refuses a referral for another clinic than the one chosen, and books nothing', async () => {
    const c = await jknCase({ poli: 'MAT' });
    await refusedWith(c, 'referralNo', /Rujukan ini untuk poli POLI MAT, bukan poli yang dipilih/);
  });

  it('refuses a referral addressed to another hospital', async () => {
    const c = await jknCase({ to: '0999R001' });
    await refusedWith(c, 'referralNo', /ditujukan ke RSUD LAIN, bukan ke rumah sakit ini/);
  });

  it("refuses a referral BPJS does not know, or another participant's", async () => {
    const c = await jknCase();
    c.booking.referralNo = '0114B0031126P999999';
    await refusedWith(c, 'referralNo', /tidak ditemukan di BPJS/);
    c.booking.referralNo = referral(holder('ANDI'), c.schedule.bpjs.kodepoli);
    await refusedWith(c, 'referralNo', /milik peserta lain/);
  });

  it('does not ask BPJS again when the same booking is tried again at once', async () => {
    const c = await jknCase({ poli: 'MAT' });
    await refusedWith(c, 'referralNo', /bukan poli yang dipilih/);
    const before = vclaimCalls();
    await refusedWith(c, 'referralNo', /bukan poli yang dipilih/);
    expect(vclaimCalls()).toBe(before);
  });

  it('checks a counter booking: a referral from another hospital (visit type 4) is looked up as one', async () => {
    const c = await jknCase();
    const fromHospital = referral(c.booking.bpjsCardNo ?? '', c.schedule.bpjs.kodepoli, {
      source: 'hospital',
    });
    const asPrimary = await deskBook(c, fromHospital, 1);
    expect(asPrimary.statusCode, asPrimary.body).toBe(400);
    expect(errorOf(asPrimary).fields?.referralNo).toMatch(/tidak ditemukan di BPJS/);
    const res = await deskBook(c, fromHospital, 4);
    expect(res.statusCode, res.body).toBe(201);
    expect(fake.calls.at(-1)?.path).toBe('Rujukan/RS/:nomor');
  });

  it('leaves a control letter (visit type 3) to the hospital: only the card is checked', async () => {
    const c = await jknCase();
    const res = await deskBook(c, '0301R0011126K000777', 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(fake.calls.at(-1)?.path).toBe('Peserta/nokartu/:nokartu/tglSEP/:tanggal');
  });

  it('books a new patient whose name is on the card', async () => {
    const schedule = await createSchedule(t.database.db);
    const bpjsCardNo = holder('DEWI LESTARI');
    const res = await book({
      scheduleId: schedule.id,
      date: today,
      payer: 'JKN',
      patient: {
        newPatient: {
          // Jakarta Pusat, a woman born 3 February 1990 (40 added to her day).
          nik: `317101430290${String(serial).padStart(4, '0')}`,
          name: 'Dewi Lestari, S.E.',
          birthDate: '1990-02-03',
          sex: 'P',
          address: 'Jl. Melati 3, Jakarta',
        },
      },
      phone: '0812 3456 7891',
      bpjsCardNo,
      referralNo: referral(bpjsCardNo, schedule.bpjs.kodepoli),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a JKN booking while VClaim does not answer', () => {
  it('is booked on the format checks, marked for the clerk, and checked when BPJS is back', async () => {
    const c = await jknCase();
    fake.fail({ mode: 'down' }, 1);
    const res = await book(c.booking);
    expect(res.statusCode, res.body).toBe(201);
    const { bookingCode } = res.json<RegistrationCreated>();
    expect(await deskRow(c, bookingCode)).toMatchObject({ bpjsUnchecked: true, bpjsProblem: null });

    // Still down: the mark stays.
    fake.fail({ mode: 'down' });
    await recheckPendingBookings(t.database.db, { vclaim: new Vclaim(link), ppkCode: PPK });
    expect(await deskRow(c, bookingCode)).toMatchObject({ bpjsUnchecked: true });

    fake.heal();
    await recheckPendingBookings(t.database.db, { vclaim: new Vclaim(link), ppkCode: PPK });
    expect(await deskRow(c, bookingCode)).toMatchObject({ bpjsUnchecked: false, bpjsProblem: null });
  });

  it('is booked when BPJS answers too late; what BPJS refuses later is shown to the clerk', async () => {
    const c = await jknCase({ daysOld: 120 });
    fake.fail({ mode: 'slow', delayMs: 3_000 }, 1);
    const res = await book(c.booking);
    expect(res.statusCode, res.body).toBe(201);
    const { bookingCode } = res.json<RegistrationCreated>();

    await recheckPendingBookings(t.database.db, { vclaim: new Vclaim(link), ppkCode: PPK });
    const row = await deskRow(c, bookingCode);
    expect(row.bpjsUnchecked).toBe(false);
    expect(row.bpjsProblem).toMatch(/Rujukan ini sudah tidak berlaku/);
    expect(row.status).toBe('BOOKED');
  });
});

describe('comparing the name on the card', () => {
  it.each([
    ['BUDI SANTOSO', 'Budi Santoso'],
    ['TRI M', 'Tri Mulyono'],
    ['H. AHMAD FAUZI', 'Ahmad Fauzi'],
    ['DEWI LESTARI', 'Dewi Lestari, S.E.'],
    ['SITI NUR AISYAH', 'Siti Aisyah'],
  ])('takes %s for %s', (onCard, onRecord) => {
    expect(namesMatch(onCard, onRecord)).toBe(true);
  });

  it.each([
    ['SITI AMINAH', 'Budi Santoso'],
    ['BUDI SANTOSO', 'Budi Hartono'],
    ['M', 'Muhammad'],
  ])('refuses %s for %s', (onCard, onRecord) => {
    expect(namesMatch(onCard, onRecord)).toBe(false);
  });
});
