import { expect, type Page } from '@playwright/test';
import { namePattern, randomNik, type TestClinic } from './clinics.ts';

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
