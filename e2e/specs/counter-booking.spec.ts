import { expect, test } from '@playwright/test';
import { createClinic, namePattern, randomPrefix } from '../support/clinics.ts';
import { logIn } from '../support/staff.ts';

// The registration counter books a patient on record from the counter's registration screen (fajar: registration and admin), and
// the clinic's queue lists the booking as made at the counter.

test('the counter books a patient on record into today’s session and prints the ticket', async ({ page }) => {
  const fajar = await logIn(page, 'fajar', '/antrean');
  const prefix = randomPrefix('L');
  const clinic = await createClinic(page, fajar, prefix);
  // A demo patient: a new clinic of this test's own holds no booking of theirs.
  const [patient] = (await (await page.request.get('/api/patients?name=rahman')).json()) as {
    mrn: string;
    name: string;
  }[];
  if (!patient) throw new Error('no demo patient named Rahman');

  await page.goto('/pasien/daftar');
  await page.getByRole('searchbox', { name: 'Cari pasien' }).fill(patient.mrn);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await page
    .getByRole('button', { name: `Pilih ${patient.name} (${patient.mrn}) untuk didaftarkan` })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
  await expect(dialog).toContainText(`Pasien: ${patient.name} · No. RM ${patient.mrn}`);
  await dialog.getByRole('button', { name: clinic.name }).click();
  // Today comes first: the session runs until 23:59.
  await dialog.locator('.reg-dates button:not([disabled])').first().click();
  await dialog.getByRole('button', { name: namePattern(clinic.doctor) }).click();
  await dialog.getByRole('radio', { name: 'Umum (bayar sendiri)' }).check();
  await dialog.getByLabel('No. HP').fill('081355577001');
  await dialog.getByRole('button', { name: 'Daftarkan', exact: true }).click();

  const booked = page.getByRole('dialog', { name: 'Pendaftaran berhasil' });
  const number = `${prefix}-001`;
  await expect(booked.getByLabel('Nomor antrean')).toHaveText(number);
  await expect(booked.getByLabel('Kode booking')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(booked).toContainText(patient.name);
  await expect(booked.getByRole('button', { name: 'Cetak' })).toBeVisible();
  await booked.getByRole('button', { name: 'Selesai' }).click();

  await page.goto(`/antrean?poli=${clinic.id}`);
  const session = page.getByRole('region', { name: namePattern(clinic.doctor) });
  const row = session.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(patient.name);
  await expect(row).toContainText('Loket');
  await expect(row.getByRole('button', { name: `Check-in ${number}` })).toBeVisible();
});
