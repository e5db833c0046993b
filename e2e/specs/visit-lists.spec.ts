import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

// Rekap Kunjungan (rosmiati, records): a known outpatient visit of the demo data, found through the patient's
// own history, is listed on its day and clinic and exported to CSV as a spreadsheet opens it.

interface DemoVisit {
  registrationNo: string;
  date: string;
  clinic: { id: number; name: string };
  cancelled: boolean;
}

test('a records clerk lists a day of one clinic and exports it to CSV', async ({ page }) => {
  await logIn(page, 'rosmiati', '/kunjungan');
  await expect(page.getByRole('heading', { level: 1, name: 'Rekap Kunjungan' })).toBeVisible();

  // Setup: a demo patient with a visit in the last year that was not cancelled.
  const candidates = (await (await page.request.get('/api/patients?name=rahman')).json()) as {
    id: number;
    mrn: string;
    name: string;
  }[];
  let known: { patient: (typeof candidates)[number]; visit: DemoVisit } | undefined;
  for (const patient of candidates) {
    const visits = (await (
      await page.request.get(`/api/patients/${patient.id}/outpatient-visits`)
    ).json()) as DemoVisit[];
    const visit = visits.find((v) => !v.cancelled);
    if (visit) {
      known = { patient, visit };
      break;
    }
  }
  if (!known) throw new Error('no demo patient named Rahman has a visit in the last year');
  const { patient, visit } = known;

  // The visit's day, then its clinic, each choice once the list has answered the one before (as a person
  // sees the list change before choosing again).
  const listed = (query: string) =>
    page.waitForResponse((r) => r.url().includes(`/api/reports/visits?${query}&page=1`) && r.ok());
  const range = `from=${visit.date}&to=${visit.date}`;
  await page.getByLabel('Dari tanggal').fill(visit.date);
  await page.getByLabel('Sampai tanggal').fill(visit.date);
  let answered = listed(range);
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await answered;
  answered = listed(`${range}&clinicId=${visit.clinic.id}`);
  await page.getByLabel('Poli', { exact: true }).selectOption({ label: visit.clinic.name });
  await answered;
  await expect(page).toHaveURL(`/kunjungan?${range}&poli=${visit.clinic.id}`);
  const table = page.getByRole('table', { name: 'Kunjungan Rawat Jalan' });
  const row = table.getByRole('row').filter({ hasText: visit.registrationNo });
  await expect(row).toContainText(patient.name);
  await expect(row).toContainText(`No. RM ${patient.mrn}`);
  await expect(row).toContainText(visit.clinic.name);
  await expect(page.getByText(/^\d+ kunjungan$/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Tertinggi \d+ pada / })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`rawat-jalan_${visit.date}_${visit.date}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(
    'Tanggal;No. Registrasi;No. RM;Nama Pasien;Golongan Pasien / Penjamin;Poli;Dokter;Diagnosa;Status',
  );
  const line = lines.find((l) => l.includes(`;${visit.registrationNo};`));
  expect(line?.startsWith(`${visit.date};${visit.registrationNo};${patient.mrn};${patient.name};`)).toBe(
    true,
  );
  expect(line).toContain(`;${visit.clinic.name};`);
  // Every line of the file is a visit of that day and clinic.
  const visitLines = lines.slice(1).filter((l) => l !== '');
  expect(
    visitLines.every((l) => l.startsWith(`${visit.date};`) && l.includes(`;${visit.clinic.name};`)),
  ).toBe(true);
  await expect(page.getByText(`${visitLines.length} kunjungan`, { exact: true })).toBeVisible();
});
