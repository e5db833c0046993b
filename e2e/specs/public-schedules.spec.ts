import { expect, test } from '@playwright/test';

test('the doctor timetable lists the demo doctors per clinic, reached from the booking page', async ({
  page,
}) => {
  await page.goto('/registrasi');
  await page.getByRole('link', { name: 'Lihat jadwal dokter' }).click();
  await expect(page).toHaveURL('/jadwal-dokter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jadwal Dokter');

  const internal = page.getByRole('table', { name: 'Poli Penyakit Dalam' });
  const doctor = internal.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: 'Letkol Ckm dr. Andi Muhammad Arief, Sp.PD' }),
  });
  await expect(doctor).toContainText('Senin 08.00–12.00');
  await expect(doctor).toContainText('Jumat 08.00–12.00');
  await expect(page.getByRole('table', { name: 'Poli Mata' })).toContainText('dr. Fitriani Lamba, Sp.M');
});

test("the waiting area's operating board shows today's operations without the patients", async ({ page }) => {
  await page.goto('/papan-operasi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jadwal Operasi Hari Ini');
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();

  const list = page.getByRole('table', { name: 'Daftar operasi hari ini' });
  const cholecystectomy = list.getByRole('row').filter({ hasText: 'Kolesistektomi laparoskopi' });
  await expect(cholecystectomy).toContainText('OK 1');
  await expect(cholecystectomy).toContainText('Kolonel Ckm dr. Bambang Sutrisno, Sp.B');
  await expect(list.getByRole('row').filter({ hasText: 'Appendektomi laparoskopi' })).toContainText('Batal');
});
