import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { namePattern, randomDigits, randomNik, type TestClinic, todayWib } from './clinics.ts';
import { csrfHeaders, type StaffSession } from './staff.ts';

export interface NewPatient {
  name: string;
  birthDate: string;
  sex: 'Laki-laki' | 'Perempuan';
  address: string;
  phone: string;
}

/**
 * A new patient books today's session of `clinic` on the public page /registrasi, paying themselves, as a
 * visitor does it: clinic, date, doctor, payer, then who they are. Answers the booking code from the ticket.
 * `day: 'last'` books the last day offered instead: a demo clinic's session today may have ended.
 */
export async function bookOnlineAsNewPatient(
  patient: Page,
  clinic: Pick<TestClinic, 'name' | 'doctor'>,
  who: NewPatient,
  { day = 'today' }: { day?: 'today' | 'last' } = {},
): Promise<{ bookingCode: string }> {
  await patient.goto('/registrasi');
  await patient.getByRole('button', { name: clinic.name }).click();
  await expect(patient.getByRole('heading', { name: 'Pilih tanggal berobat' })).toBeVisible();
  // Today comes first (a test clinic's session runs until 23:59).
  const offered = patient.locator('.reg-dates button:not([disabled])');
  await (day === 'today' ? offered.first() : offered.last()).click();
  await patient.getByRole('button', { name: namePattern(clinic.doctor) }).click();
  await patient.getByRole('radio', { name: 'Umum (bayar sendiri)' }).check();
  await patient.getByRole('button', { name: 'Lanjut' }).click();
  await patient.getByRole('radio', { name: 'Belum pernah berobat (pasien baru)' }).check();
  await patient.getByRole('textbox', { name: 'NIK' }).fill(randomNik());
  await patient.getByLabel('Nama lengkap').fill(who.name);
  await patient.getByLabel('Tanggal lahir').fill(who.birthDate);
  await patient.getByRole('radio', { name: who.sex }).check();
  await patient.getByLabel('Alamat').fill(who.address);
  await patient.getByLabel('No. HP').fill(who.phone);
  await patient.getByRole('button', { name: 'Daftar' }).click();
  await expect(patient.getByText('Anda terdaftar sebagai pasien baru')).toBeVisible();
  const bookingCode = (await patient.getByLabel('Kode booking').textContent())?.trim() ?? '';
  expect(bookingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return { bookingCode };
}

/** A new patient as the public API takes one (`newPatient` of `POST /api/registrations`). */
export interface ApiNewPatient {
  name: string;
  birthDate: string;
  sex: 'L' | 'P';
  address: string;
}

/** What the public API answers for a booking. */
export interface ApiBooking {
  bookingCode: string;
  queueNumber: string;
  mrn: string;
}

/**
 * A new patient books through the public API, as the website does it, paying themselves: the session
 * `scheduleId` on `date`, or the first session of `clinicId` today. `origin` is another portal's address.
 */
export async function bookByApi(
  request: APIRequestContext,
  where: { clinicId: number } | { scheduleId: number; date: string },
  patient: ApiNewPatient,
  { phone = `0813${randomDigits(8)}`, origin = '' }: { phone?: string; origin?: string } = {},
): Promise<ApiBooking> {
  let session = where;
  if ('clinicId' in session) {
    const date = todayWib();
    const sessions = await request.get(`${origin}/api/clinics/${session.clinicId}/schedules?date=${date}`);
    expect(sessions.status(), await sessions.text()).toBe(200);
    const [first] = (await sessions.json()) as { id: number }[];
    if (!first) throw new Error(`no session today for clinic ${session.clinicId}`);
    session = { scheduleId: first.id, date };
  }
  const booked = await request.post(`${origin}/api/registrations`, {
    data: {
      ...session,
      payer: 'UMUM',
      patient: { newPatient: { nik: randomNik(), ...patient } },
      phone,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()) as ApiBooking;
}

/** The desk checks a booking in (for a new patient: the KTP seen, the record no longer provisional). */
export async function checkInAtDesk(
  request: APIRequestContext,
  staff: Pick<StaffSession, 'csrfToken'>,
  bookingCode: string,
): Promise<void> {
  const checkedIn = await request.post(`/api/queue/desk/registrations/${bookingCode}/check-in`, {
    headers: csrfHeaders(staff),
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(200);
}
