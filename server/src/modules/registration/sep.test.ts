import type {
  KioskSep,
  PatientRegistrationPage,
  QueueDesk,
  RegistrationCreated,
  Sep,
  SepDraft,
  SepInput,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, registrationSeps, registrations } from '../../db/schema/index.js';
import { fakeParticipant, fakeReferral } from '../../fake-bpjs/reference.js';
import type { FakeBpjs } from '../../fake-bpjs/server.js';
import { addDays, localToday } from '../../lib/dates.js';
import { parseTrackingCode } from '../../lib/tracking-code.js';
import { createTestApp, errorOf, type TestApp } from '../../test/app.js';
import { startFakeVclaim } from '../../test/vclaim.js';
import {
  createPatient,
  createSchedule,
  loginAsNew,
  nextAddress,
  type StaffLogin,
} from '../../test/factories.js';
import type { BpjsLink } from '../bpjs/client.js';
import { Vclaim } from '../bpjs/vclaim.js';

// The SEP of a JKN visit issued at the admission desk with VClaim, the fake BPJS of the repository standing in
// for it: filled from the booking, the referral and the mapping; BPJS's refusal shown as it came; one SEP per
// booking however many ask at once; changed or deleted the day it was issued only.

const PPK = 'RSUJI002';
const today = localToday();
/** The lobby kiosk's address. */
const KIOSK = '10.60.0.7';

let t: TestApp;
let fake: FakeBpjs;
let link: BpjsLink;
let clerk: StaffLogin;
let records: StaffLogin;

beforeAll(async () => {
  ({ fake, link } = await startFakeVclaim(PPK));
  t = await createTestApp({
    bpjs: { vclaim: link, ppkCode: PPK },
    registration: { kioskAddresses: [`${KIOSK}/32`] },
  });
  clerk = await loginAsNew(t, { roles: ['registration'], name: 'Petugas Admisi SEP' });
  records = await loginAsNew(t, { roles: ['records'], name: 'Petugas Rekam Medis SEP' });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});
afterEach(() => fake.heal());

let serial = 0;

/** A returning JKN patient booked today on the website with an active card and a referral for the clinic. */
async function admittedBooking(options: { checkIn?: boolean } = {}) {
  serial += 1;
  const schedule = await createSchedule(t.database.db);
  const patient = await createPatient(t.database.db, { name: 'Siti Rahayu' });
  const noKartu = `0008${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(6, '0')}`;
  fake.participants.set(
    noKartu,
    fakeParticipant({
      noKartu,
      nik: `3172${String(serial).padStart(12, '0')}`,
      nama: 'SITI RAHAYU',
      sex: 'P',
      tglLahir: '1985-06-15',
      hakKelas: { kode: '2', keterangan: 'KELAS II' },
    }),
  );
  const referralNo = `0114B0031126P${String(500 + serial).padStart(6, '0')}`;
  fake.referrals.set(
    referralNo,
    fakeReferral({
      noKunjungan: referralNo,
      tglKunjungan: addDays(today, -5),
      noKartu,
      poliRujukan: { kode: schedule.bpjs.kodepoli, nama: 'POLI UJI' },
      ppkDirujuk: { kode: PPK, nama: 'RS UJI' },
      diagnosa: { kode: 'K29.7', nama: 'Gastritis, unspecified' },
    }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    remoteAddress: nextAddress(),
    payload: {
      scheduleId: schedule.id,
      date: today,
      payer: 'JKN',
      patient: { mrn: patient.mrn, birthDate: patient.birthDate },
      phone: '0812 3456 7890',
      bpjsCardNo: noKartu,
      referralNo,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { bookingCode } = res.json<RegistrationCreated>();
  if (options.checkIn !== false) {
    // A returning patient's check-in is task 3: admitted, waiting for the clinic.
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${bookingCode}/check-in`,
      headers: clerk.headers,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
  }
  return { bookingCode, noKartu, referralNo, schedule, patient };
}

const sepUrl = (code: string) => `/api/queue/desk/registrations/${code}/sep`;

async function draftOf(code: string): Promise<SepDraft> {
  const res = await t.app.inject({ method: 'GET', url: `${sepUrl(code)}/draft`, headers: clerk.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SepDraft>();
}

const issue = (code: string, input: SepInput) =>
  t.app.inject({ method: 'POST', url: sepUrl(code), headers: clerk.headers, payload: input });

const insertCalls = () => fake.calls.filter((call) => call.path === 'SEP/2.0/insert').length;

/** The booking's SEP row, also one still being issued. */
async function sepRowOf(code: string) {
  const [row] = await t.database.db
    .select({ number: registrationSeps.number })
    .from(registrationSeps)
    .innerJoin(registrations, eq(registrations.id, registrationSeps.registrationId))
    .where(eq(registrations.code, parseTrackingCode(code) ?? ''));
  return row;
}

describe('the SEP of a JKN visit', () => {
  it('is filled from the booking, referral and mapping, issued with VClaim and shown with the booking', async () => {
    const b = await admittedBooking();
    const draft = await draftOf(b.bookingCode);
    expect(draft.basis).toMatchObject({
      cardNo: b.noKartu,
      mrn: b.patient.mrn,
      careClass: { code: '2', name: 'KELAS II' },
      clinic: { code: b.schedule.bpjs.kodepoli },
      doctor: { code: String(b.schedule.bpjs.kodedokter) },
      referral: { number: b.referralNo, source: 'primary', referrer: { code: '0114B003' } },
      controlLetter: null,
    });
    expect(draft.input).toEqual({
      diagnosisCode: 'K29.7',
      note: '',
      cob: false,
      phone: '0812 3456 7890',
      accident: null,
    });

    const res = await issue(b.bookingCode, { ...draft.input, note: 'Kontrol lambung' });
    expect(res.statusCode, res.body).toBe(200);
    const sep = res.json<Sep>();
    expect(sep.number).toMatch(new RegExp(`^${PPK}\\d{4}V\\d{6}$`));
    expect(sep).toMatchObject({
      date: today,
      bookingCode: b.bookingCode,
      diagnosis: 'K29.7 - Gastritis, unspecified',
      issuedBy: 'Petugas Admisi SEP',
    });

    // What VClaim was sent, in its own field names.
    expect(fake.seps.get(sep.number)?.request).toMatchObject({
      noKartu: b.noKartu,
      tglSep: today,
      ppkPelayanan: PPK,
      jnsPelayanan: '2',
      klsRawat: { klsRawatHak: '2' },
      noMR: b.patient.mrn,
      rujukan: { asalRujukan: '1', noRujukan: b.referralNo, ppkRujukan: '0114B003' },
      catatan: 'Kontrol lambung',
      diagAwal: 'K29.7',
      poli: { tujuan: b.schedule.bpjs.kodepoli, eksekutif: '0' },
      jaminan: { lakaLantas: '0' },
      skdp: { noSurat: '' },
      dpjpLayan: String(b.schedule.bpjs.kodedokter),
      user: 'Petugas Admisi SEP',
    });

    const desk = await t.app.inject({
      method: 'GET',
      url: `/api/queue/desk?clinicId=${b.schedule.clinicId}`,
      headers: clerk.headers,
    });
    expect(desk.json<QueueDesk>().vclaim).toBe(true);
    const entry = desk
      .json<QueueDesk>()
      .sessions.flatMap((s) => s.entries)
      .find((e) => e.bookingCode === b.bookingCode);
    expect(entry?.sep).toEqual({ number: sep.number, date: today });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${b.patient.id}/registrations`,
      headers: records.headers,
    });
    expect(history.json<PatientRegistrationPage>().items[0]?.sep).toEqual({
      number: sep.number,
      date: today,
    });

    const printed = await t.app.inject({ method: 'GET', url: sepUrl(b.bookingCode), headers: clerk.headers });
    expect(printed.json<Sep>()).toEqual(sep);
    const audited = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'sep.issue'), eq(auditLog.entityId, parseTrackingCode(b.bookingCode) ?? '')),
      );
    expect(audited).toEqual([{ details: { sep: sep.number } }]);
  });

  it("shows BPJS's refusal as BPJS words it and keeps nothing", async () => {
    const b = await admittedBooking();
    const draft = await draftOf(b.bookingCode);
    // Another system issued this card's SEP for the clinic today.
    const elsewhere = await new Vclaim(link).insertSep({
      noKartu: b.noKartu,
      tglSep: today,
      ppkPelayanan: PPK,
      jnsPelayanan: '2',
      klsRawat: { klsRawatHak: '2', klsRawatNaik: '', pembiayaan: '', penanggungJawab: '' },
      noMR: b.patient.mrn,
      rujukan: { asalRujukan: '1', tglRujukan: today, noRujukan: b.referralNo, ppkRujukan: '0114B003' },
      catatan: '',
      diagAwal: 'K29.7',
      poli: { tujuan: b.schedule.bpjs.kodepoli, eksekutif: '0' },
      cob: { cob: '0' },
      katarak: { katarak: '0' },
      jaminan: { lakaLantas: '0' },
      tujuanKunj: '0',
      skdp: { noSurat: '', kodeDPJP: '' },
      dpjpLayan: String(b.schedule.bpjs.kodedokter),
      noTelp: '081234567890',
      user: 'SIMRS lain',
    });

    const res = await issue(b.bookingCode, draft.input);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'BPJS_REFUSED',
      message:
        `1.Peserta NoKa ${b.noKartu} telah mendapat Pelayanan R.Jalan di Poli ${b.schedule.bpjs.kodepoli} ` +
        `pada hari yg sama di RS UJI Dgn No.SEP ${elsewhere.number}`,
    });
    expect(await sepRowOf(b.bookingCode)).toBeUndefined();
    const printed = await t.app.inject({ method: 'GET', url: sepUrl(b.bookingCode), headers: clerk.headers });
    expect(printed.statusCode).toBe(404);
  });

  it('is issued once however many ask at once, and asked for again answers the same SEP', async () => {
    const b = await admittedBooking();
    const draft = await draftOf(b.bookingCode);
    const before = insertCalls();
    const answers = await Promise.all([issue(b.bookingCode, draft.input), issue(b.bookingCode, draft.input)]);
    expect(insertCalls() - before).toBe(1);
    const issued = answers.filter((res) => res.statusCode === 200).map((res) => res.json<Sep>().number);
    const waiting = answers.filter((res) => res.statusCode === 409).map((res) => errorOf(res).code);
    expect(issued.length + waiting.length, answers.map((res) => res.body).join('\n')).toBe(2);
    expect(new Set(issued).size).toBe(1);
    expect(waiting.every((code) => code === 'SEP_IN_PROGRESS')).toBe(true);

    const again = await issue(b.bookingCode, draft.input);
    expect(again.statusCode, again.body).toBe(200);
    const number = again.json<Sep>().number;
    if (issued[0]) expect(number).toBe(issued[0]);
    expect(insertCalls() - before).toBe(1);
    expect([...fake.seps.values()].filter((s) => s.noKartu === b.noKartu)).toHaveLength(1);
  });

  it('is changed and deleted with a reason on the day it was issued, then may be issued again', async () => {
    const b = await admittedBooking();
    const draft = await draftOf(b.bookingCode);
    const sep = (await issue(b.bookingCode, draft.input)).json<Sep>();

    const accident = {
      kind: '1' as const,
      date: today,
      description: 'Jatuh dari motor',
      policeReportNo: 'LP/12/XI/2026',
      province: '31',
      regency: '0171',
      district: '3171010',
    };
    const changed = await t.app.inject({
      method: 'PUT',
      url: sepUrl(b.bookingCode),
      headers: clerk.headers,
      payload: { ...draft.input, diagnosisCode: 's82.2', accident },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Sep>()).toMatchObject({
      number: sep.number,
      diagnosis: 'S82.2 - Fracture of shaft of tibia',
      input: { accident },
    });
    expect(fake.seps.get(sep.number)?.request).toMatchObject({
      diagAwal: 'S82.2',
      jaminan: {
        lakaLantas: '1',
        noLP: 'LP/12/XI/2026',
        penjamin: { tglKejadian: today, suplesi: { lokasiLaka: { kdPropinsi: '31' } } },
      },
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: sepUrl(b.bookingCode),
      headers: clerk.headers,
      payload: { reason: 'Salah poli tujuan' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fake.seps.get(sep.number)?.deleted).toBe(true);
    expect(await sepRowOf(b.bookingCode)).toBeUndefined();
    const [audited] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'sep.delete'));
    expect(audited?.details).toEqual({ sep: sep.number, reason: 'Salah poli tujuan' });

    const anew = await issue(b.bookingCode, draft.input);
    expect(anew.statusCode, anew.body).toBe(200);
    expect(anew.json<Sep>().number).not.toBe(sep.number);
  });

  it('is neither changed nor deleted after the day it was issued', async () => {
    const b = await admittedBooking();
    const draft = await draftOf(b.bookingCode);
    const sep = (await issue(b.bookingCode, draft.input)).json<Sep>();
    await t.database.db
      .update(registrationSeps)
      .set({ date: addDays(today, -1) })
      .where(eq(registrationSeps.number, sep.number));
    const calls = fake.calls.length;

    const changed = await t.app.inject({
      method: 'PUT',
      url: sepUrl(b.bookingCode),
      headers: clerk.headers,
      payload: { ...draft.input, note: 'terlambat' },
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(errorOf(changed).code).toBe('SEP_NOT_TODAY');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: sepUrl(b.bookingCode),
      headers: clerk.headers,
      payload: { reason: 'terlambat' },
    });
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(errorOf(deleted).message).toMatch(/hanya dapat diubah atau dihapus pada hari terbitnya/);
    expect(fake.calls.length).toBe(calls);
    expect(fake.seps.get(sep.number)?.deleted).toBe(false);
  });

  it('is not issued while VClaim does not answer, and is once it does', async () => {
    const b = await admittedBooking();
    const draft = await draftOf(b.bookingCode);
    fake.fail({ mode: 'down' });
    const res = await issue(b.bookingCode, draft.input);
    expect(res.statusCode, res.body).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'BPJS_UNAVAILABLE' });
    expect(errorOf(res).message).toMatch(/SEP belum dibuat/);
    expect(await sepRowOf(b.bookingCode)).toBeUndefined();
    fake.heal();
    const again = await issue(b.bookingCode, draft.input);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('waits for the admission: not before check-in', async () => {
    const b = await admittedBooking({ checkIn: false });
    const res = await t.app.inject({
      method: 'GET',
      url: `${sepUrl(b.bookingCode)}/draft`,
      headers: clerk.headers,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('SEP_NOT_ADMITTED');
  });

  it("for a follow-up visit rests on the control letter and the earlier visit's referral", async () => {
    const b = await admittedBooking({ checkIn: false });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/registrations/${b.bookingCode}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const letterNo = `${PPK}1126K${String(serial).padStart(6, '0')}`;
    fake.controlLetters.set(letterNo, {
      noSuratKontrol: letterNo,
      noKartu: b.noKartu,
      noRujukan: b.referralNo,
      noSepAsal: `${PPK}1126V000001`,
      tglTerbit: addDays(today, -7),
      tglRencanaKontrol: today,
      poliTujuan: { kode: b.schedule.bpjs.kodepoli, nama: 'POLI UJI' },
      kodeDokter: String(b.schedule.bpjs.kodedokter),
      namaDokter: 'dr. Uji',
      diagnosa: { kode: 'E11.9', nama: 'Non-insulin-dependent diabetes mellitus without complications' },
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/desk/registrations',
      headers: clerk.headers,
      payload: {
        patientId: b.patient.id,
        scheduleId: b.schedule.id,
        date: today,
        payer: 'JKN',
        bpjsCardNo: b.noKartu,
        referralNo: letterNo,
        visitType: 3,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const code = booked.json<RegistrationCreated>().bookingCode;
    await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${code}/check-in`,
      headers: clerk.headers,
    });
    const draft = await draftOf(code);
    expect(draft.basis).toMatchObject({
      referral: { number: b.referralNo, source: 'primary' },
      controlLetter: { number: letterNo, doctor: { code: String(b.schedule.bpjs.kodedokter) } },
    });
    expect(draft.input.diagnosisCode).toBe('E11.9');
    const sep = (await issue(code, draft.input)).json<Sep>();
    expect(fake.seps.get(sep.number)?.request).toMatchObject({
      rujukan: { noRujukan: b.referralNo },
      skdp: { noSurat: letterNo, kodeDPJP: String(b.schedule.bpjs.kodedokter) },
      assesmentPel: '5',
    });
  });
});

describe("the lobby kiosk's SEP", () => {
  const kiosk = (code: string, remoteAddress = KIOSK) =>
    t.app.inject({ method: 'POST', url: `/api/registrations/${code}/sep`, remoteAddress });

  it('is issued after a returning patient checks in there, on the referral and its diagnosis', async () => {
    const b = await admittedBooking({ checkIn: false });
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/registrations/${b.bookingCode}/check-in`,
      remoteAddress: KIOSK,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const res = await kiosk(b.bookingCode);
    expect(res.statusCode, res.body).toBe(200);
    const { sep, reason } = res.json<KioskSep>();
    expect(reason).toBeNull();
    expect(sep).toMatchObject({ diagnosis: 'K29.7 - Gastritis, unspecified', issuedBy: 'Anjungan mandiri' });
    expect(fake.seps.get(sep?.number ?? '')?.request).toMatchObject({
      diagAwal: 'K29.7',
      user: 'Anjungan mandiri',
    });
    // Asked again (the patient pressed twice), the same SEP.
    expect((await kiosk(b.bookingCode)).json<KioskSep>().sep?.number).toBe(sep?.number);
  });

  it('sends the patient to the counter with the reason, BPJS refusing or the patient not admitted', async () => {
    const before = await admittedBooking({ checkIn: false });
    expect((await kiosk(before.bookingCode)).json<KioskSep>()).toEqual({
      sep: null,
      reason: 'SEP dibuat sesudah pasien check-in dan selesai admisi.',
    });
    const b = await admittedBooking();
    fake.participants.set(b.noKartu, {
      ...fake.participants.get(b.noKartu)!,
      statusPeserta: { kode: '1', keterangan: 'TIDAK AKTIF KARENA TUNGGAKAN' },
    });
    const res = await kiosk(b.bookingCode);
    expect(res.json<KioskSep>()).toEqual({
      sep: null,
      reason: 'Status Peserta TIDAK AKTIF KARENA TUNGGAKAN',
    });
  });

  it('is refused away from the kiosks', async () => {
    const b = await admittedBooking();
    const res = await kiosk(b.bookingCode, nextAddress());
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('NOT_A_KIOSK');
  });
});
