import type { PatientSearchRow, QueueDesk, RegistrationCreated, RegistrationRequest } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/index.js';
import { localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, type TestApp } from '../../test/app.js';
import {
  createSchedule,
  freshNik,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';

// Issue 31.2: a NIK typed on the public form claims no one's identity. A public new-patient booking makes
// a provisional record that the counter confirms against the KTP; until then it proves nothing.

let t: TestApp;
let desk: StaffLogin;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
  desk = await loginAsNew(t, { roles: ['registration', 'records'], name: 'Petugas Loket KTP' });
});
afterAll(() => t.app.close());

const owner = { name: 'Siti Pemilik Asli', birthDate: '1990-08-15', sex: 'P' as const, address: 'Makassar' };
const ownerPhone = '081255550001';
const attackerPhone = '081399990002';

const book = (payload: RegistrationRequest) =>
  t.app.inject({ method: 'POST', url: '/api/registrations', payload, remoteAddress: nextAddress() });

const asNew = (
  schedule: TestSchedule,
  nik: string,
  person: typeof owner,
  phone: string,
): RegistrationRequest => ({
  scheduleId: schedule.id,
  date: today,
  payer: 'UMUM',
  patient: { newPatient: { nik, ...person } },
  phone,
});

const asExisting = (schedule: TestSchedule, nik: string, phone: string): RegistrationRequest => ({
  scheduleId: schedule.id,
  date: today,
  payer: 'UMUM',
  patient: { nik, birthDate: owner.birthDate },
  phone,
});

async function booked(payload: RegistrationRequest): Promise<RegistrationCreated> {
  const res = await book(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The attacker: the owner's NIK and birth date (both on the KTP), an invented name, their own phone. */
const attack = (schedule: TestSchedule, nik: string) =>
  booked(asNew(schedule, nik, { ...owner, name: 'Nama Karangan' }, attackerPhone));

async function staffSearch(nik: string): Promise<PatientSearchRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/patients?nik=${nik}`, headers: desk.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const deskAction = (code: string, action: 'check-in' | 'admission-start') =>
  t.app.inject({
    method: 'POST',
    url: `/api/queue/desk/registrations/${code}/${action}`,
    headers: desk.headers,
  });

describe('a stranger’s NIK on the public new-patient form', () => {
  it('leaves nothing behind once cancelled: the owner then books as new with their NIK', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = freshNik();
    const claim = await attack(schedule, nik);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/registrations/${claim.bookingCode}/cancel`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // The attacker's record is gone: no patient to find at the desk, none holding the NIK.
    expect(await staffSearch(nik)).toEqual([]);
    const [left] = await t.database.db.select().from(patients).where(eq(patients.mrn, claim.mrn));
    expect(left?.deletedAt).not.toBeNull();

    const own = await booked(asNew(schedule, nik, owner, ownerPhone));
    expect(own).toMatchObject({ newPatient: true, patientName: 'S. P. A.' });
    expect(own.mrn).not.toBe(claim.mrn);
  });

  it('proves nothing while its booking is open: not for the attacker, not against the owner', async () => {
    const schedule = await createSchedule(t.database.db);
    const other = await createSchedule(t.database.db);
    const nik = freshNik();
    const claim = await attack(schedule, nik);

    // Not a patient on record for the desks either, until the counter has seen the KTP.
    expect(await staffSearch(nik)).toEqual([]);

    // The attacker's phone does not prove the identity for a booking as an existing patient.
    const again = await book(asExisting(other, nik, attackerPhone));
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('PATIENT_NOT_FOUND');
    const byNumber = await book({
      ...asExisting(other, nik, attackerPhone),
      patient: { mrn: claim.mrn, birthDate: owner.birthDate },
    });
    expect(byNumber.statusCode).toBe(404);

    // The owner, as an existing patient with their own phone, is never answered with the attacker's data…
    const ownAsExisting = await book(asExisting(other, nik, ownerPhone));
    expect(ownAsExisting.statusCode).toBe(404);
    expect(ownAsExisting.body).not.toContain(claim.mrn);
    expect(ownAsExisting.body).not.toContain('N. K.');
    // …and books as the new patient they are, beside the attacker's open booking.
    const own = await booked(asNew(other, nik, owner, ownerPhone));
    expect(own).toMatchObject({ newPatient: true, patientName: 'S. P. A.' });
    expect(own.mrn).not.toBe(claim.mrn);
  });

  it('is the same provisional record when the same person books another clinic', async () => {
    const nik = freshNik();
    const first = await booked(asNew(await createSchedule(t.database.db), nik, owner, ownerPhone));
    const second = await booked(asNew(await createSchedule(t.database.db), nik, owner, ownerPhone));
    expect(second).toMatchObject({ mrn: first.mrn, newPatient: true });
  });
});

describe('the counter confirms a provisional patient against the KTP', () => {
  async function queueEntry(schedule: TestSchedule, code: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/queue/desk?clinicId=${schedule.clinicId}`,
      headers: desk.headers,
    });
    const view = res.json<QueueDesk>();
    return view.sessions.flatMap((s) => s.entries).find((e) => e.bookingCode === code);
  }

  it('at check-in: the record becomes a patient with their number, found and proven as any other', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = freshNik();
    const ticket = await booked(asNew(schedule, nik, owner, ownerPhone));
    expect(await queueEntry(schedule, ticket.bookingCode)).toMatchObject({
      newPatient: true,
      provisional: true,
    });

    const checkedIn = await deskAction(ticket.bookingCode, 'check-in');
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json()).toMatchObject({ provisional: false, patient: { mrn: ticket.mrn } });
    expect(await staffSearch(nik)).toMatchObject([{ mrn: ticket.mrn, name: owner.name }]);
    // Now the phone on record proves the identity online.
    const next = await booked(asExisting(await createSchedule(t.database.db), nik, ownerPhone));
    expect(next).toMatchObject({ mrn: ticket.mrn, newPatient: false });
  });

  it('is provisional again when the desk undoes the check-in that confirmed it', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = freshNik();
    const ticket = await booked(asNew(schedule, nik, owner, ownerPhone));
    expect((await deskAction(ticket.bookingCode, 'check-in')).statusCode).toBe(200);
    expect(await staffSearch(nik)).toHaveLength(1);

    const undone = await t.app.inject({
      method: 'POST',
      url: '/api/queue/desk/undo',
      headers: desk.headers,
      payload: { scheduleId: schedule.id },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'BOOKED', provisional: true });
    expect(await staffSearch(nik)).toEqual([]);
    // And it proves nothing online again.
    expect((await book(asExisting(await createSchedule(t.database.db), nik, ownerPhone))).statusCode).toBe(
      404,
    );
  });

  it('at admission after a kiosk check-in, which alone confirms nothing', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = freshNik();
    const ticket = await booked(asNew(schedule, nik, owner, ownerPhone));
    const kiosk = await t.app.inject({
      method: 'POST',
      url: `/api/registrations/${ticket.bookingCode}/check-in`,
    });
    expect(kiosk.statusCode, kiosk.body).toBe(200);
    expect(await queueEntry(schedule, ticket.bookingCode)).toMatchObject({ provisional: true });

    const admitted = await deskAction(ticket.bookingCode, 'admission-start');
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json()).toMatchObject({ provisional: false });
  });

  it('lets the counter register the owner while a stranger’s booking with their NIK is open', async () => {
    const schedule = await createSchedule(t.database.db);
    // A NIK that matches the owner's birth date and sex, as the counter's form checks.
    const nik = `737101550890${String(Date.now() % 1e4).padStart(4, '0')}`;
    const claim = await attack(schedule, nik);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: desk.headers,
      payload: { ...owner, name: 'Rahmawati Daeng Loket', nik, phone: ownerPhone },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { mrn } = registered.json<{ mrn: string }>();
    expect(mrn).not.toBe(claim.mrn);
    expect(await staffSearch(nik)).toMatchObject([{ mrn, name: 'Rahmawati Daeng Loket' }]);
  });

  it('refuses to confirm a NIK another patient on record holds, and says which record', async () => {
    const schedule = await createSchedule(t.database.db);
    const nik = freshNik();
    const claim = await attack(schedule, nik);
    const own = await booked(asNew(await createSchedule(t.database.db), nik, owner, ownerPhone));
    expect((await deskAction(own.bookingCode, 'check-in')).statusCode).toBe(200);

    const refused = await deskAction(claim.bookingCode, 'check-in');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'PATIENT_NIK_TAKEN' });
    expect(errorOf(refused).message).toContain(own.mrn);
    expect(await queueEntry(schedule, claim.bookingCode)).toMatchObject({
      status: 'BOOKED',
      provisional: true,
    });
  });
});
