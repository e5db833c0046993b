import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

// The bed numbers change while ward.spec.ts runs in the other worker: the tests here assert only facts
// that hold whatever the admissions are (a room's beds add up, capacities stay).

/** The rows of a table below its header. */
const bodyRows = (table: Locator) => table.locator('tbody tr');

async function total(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ item$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
}

test('the ambulance tariff: a search narrows the table and stays in the URL', async ({ page }) => {
  await page.goto('/tarifambulance');
  const table = page.getByRole('table');
  await expect(bodyRows(table).first()).toContainText('Rp');
  const all = await bodyRows(table).count();
  expect(all).toBeGreaterThanOrEqual(3);
  await expect(table.getByRole('columnheader')).toHaveText(['Tujuan', 'Tarif', 'Keterangan']);

  await page.getByLabel('Cari tujuan atau keterangan').fill('gowa');
  await expect(page).toHaveURL('/tarifambulance?q=gowa');
  await expect(bodyRows(table)).toHaveCount(1);
  await expect(bodyRows(table)).toContainText('Gowa');
  await expect(bodyRows(table)).toContainText(/Rp\s\d{1,3}(\.\d{3})+/);

  await page.reload();
  await expect(page.getByLabel('Cari tujuan atau keterangan')).toHaveValue('gowa');
  await expect(bodyRows(table)).toHaveCount(1);

  await page.getByLabel('Cari tujuan atau keterangan').fill('kota tujuan yang tidak ada');
  await expect(page.getByText('Tidak ada tarif yang cocok.')).toBeVisible();
});

test('the service tariff book: pages through one book, then searches the other', async ({ page }) => {
  await page.goto('/tarifpelayanan');
  const book = page.getByLabel('Buku tarif');
  const table = page.getByRole('table');
  await book.selectOption({ label: 'Tarif Rawat Inap' });
  await expect(page).toHaveURL(/[?&]book=\d+/);
  await expect(bodyRows(table)).toHaveCount(20);
  const items = await total(page);
  expect(items).toBeGreaterThan(20);

  const firstOnPage1 = await bodyRows(table).first().textContent();
  await page.getByRole('button', { name: 'Halaman 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(bodyRows(table).first()).not.toHaveText(firstOnPage1 ?? '');
  await expect(bodyRows(table)).toHaveCount(Math.min(20, items - 20));

  await page.getByLabel('Kelas').selectOption('Kelas 1');
  await expect(page).not.toHaveURL(/page=/);
  const classCells = table.locator('tbody tr td:nth-child(2)');
  await expect(classCells.filter({ hasNotText: 'Kelas 1' })).toHaveCount(0);
  await expect(classCells.first()).toHaveText('Kelas 1');

  await book.selectOption({ label: 'Tarif Rawat Jalan' });
  await expect(page.getByLabel('Kelas')).toHaveValue('');
  await page.getByLabel('Cari layanan').fill('konsultasi');
  await expect(page).toHaveURL(/[?&]q=konsultasi/);
  await expect(bodyRows(table).filter({ hasNotText: /konsultasi/i })).toHaveCount(0);
  await expect(bodyRows(table).first()).toContainText('Konsultasi');
  expect(await total(page)).toBe(await bodyRows(table).count());

  // The book, the term and the class are all in the URL: back returns to the book paged before.
  await page.goBack();
  await expect(book.locator('option:checked')).toHaveText('Tarif Rawat Inap');
  await expect(page.getByLabel('Kelas')).toHaveValue('Kelas 1');
});

test('the bed page lists every room with beds that add up, the totals per class, and stays live', async ({
  page,
}) => {
  await page.goto('/tempattidur');
  await expect(page.getByRole('status')).toHaveText('Pembaruan langsung');
  await expect(page.getByText(/^Diperbarui \d{1,2} \w{3} \d{4} \d{2}\.\d{2} WIB$/)).toBeVisible();

  const rooms = page.getByRole('table', { name: 'Per Ruangan' });
  await expect(rooms.getByRole('columnheader')).toHaveText([
    'Ruangan',
    'Kelas',
    'Kapasitas',
    'Terisi',
    'Tersedia',
    'Keterangan',
  ]);
  const rows = await bodyRows(rooms).all();
  expect(rows.length).toBeGreaterThanOrEqual(8);
  let capacity = 0;
  for (const row of rows) {
    const [, room, occupied, available] = (await row.locator('td').allTextContents()).map(Number);
    expect((occupied ?? 0) + (available ?? 0)).toBe(room);
    capacity += room ?? 0;
  }
  await expect(rooms.getByRole('row', { name: /Ruang Mawar/ })).toContainText('Khusus perempuan');

  const classes = page.getByRole('table', { name: 'Jumlah per Kelas' });
  await expect(classes.locator('tfoot td').first()).toHaveText(String(capacity));
  await expect(classes.locator('tbody tr')).not.toHaveCount(0);

  await page.getByRole('button', { name: 'Layar penuh' }).click();
  await expect(page.getByRole('list', { name: 'Ruangan' }).getByRole('listitem')).toHaveCount(rows.length);
  await expect(page.getByRole('button', { name: 'Keluar layar penuh' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Layar penuh' })).toBeVisible();
  await expect(rooms).toBeVisible();
});

test('the dashboard shows free beds per class, who is on duty and the public services', async ({ page }) => {
  await page.goto('/');
  const beds = page.getByRole('region', { name: 'Tempat Tidur Kosong' });
  await expect(beds.getByRole('meter').first()).toBeVisible();
  expect(await beds.getByRole('meter').count()).toBeGreaterThanOrEqual(3);
  await expect(beds.getByRole('meter', { name: 'VIP', exact: true })).toHaveAttribute(
    'aria-valuetext',
    /^\d+ dari \d+ tempat tidur kosong$/,
  );

  const onDuty = page.getByRole('region', { name: 'Petugas Jaga' });
  await expect(onDuty.getByRole('link', { name: /^Telepon / })).toHaveCount(2);
  await expect(onDuty.getByRole('link', { name: /^Kirim WhatsApp ke / }).first()).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/628\d+$/,
  );

  const services = page.getByRole('region', { name: 'Layanan Publik' });
  // The seven services of the legacy portal, then the doctor timetable.
  await expect(services.getByRole('link')).toHaveCount(8);
  await expect(services.getByRole('link').last()).toHaveAccessibleName(/Jadwal Dokter/);
  await services.getByRole('link', { name: 'Buku Tarif Pelayanan' }).click();
  await expect(page).toHaveURL('/tarifpelayanan');
});

test('an admin imports a tariff book from CSV: one bad row and nothing comes in; fixed, all of it', async ({
  page,
}) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const bookName = `Uji Impor E2E ${suffix}`;
  await logIn(page, 'andi', '/tarifpelayanan');

  // A book of its own, so that the other tests keep the demo books as they are.
  await page.getByRole('button', { name: 'Tambah Buku' }).click();
  const bookDialog = page.getByRole('dialog', { name: 'Tambah Buku Tarif' });
  await bookDialog.getByLabel('Kode').fill(`E2E${suffix}`);
  await bookDialog.getByLabel('Nama buku').fill(bookName);
  await bookDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(`Buku "${bookName}" ditambahkan.`)).toBeVisible();
  await expect(page.getByLabel('Buku tarif').locator('option:checked')).toHaveText(bookName);
  await expect(page.getByText('0 item', { exact: true })).toBeVisible();
  const bookId = new URL(page.url()).searchParams.get('book');

  await page.getByRole('button', { name: 'Impor CSV' }).click();
  const dialog = page.getByRole('dialog', { name: `Impor CSV ke ${bookName}` });
  const file = (content: string) => ({
    name: 'tarif.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await dialog
    .getByLabel('Berkas CSV')
    .setInputFiles(
      file('nama;kelas;tarif\nVisite Dokter;Kelas 1;Rp 150.000\nInfus;Kelas 1;12,5\nEKG;Umum;85000\n'),
    );
  await dialog.getByRole('button', { name: 'Impor' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Tidak ada item yang diimpor.');
  await expect(alert.getByRole('listitem')).toHaveText(['baris 3: tarif: "12,5" bukan jumlah rupiah bulat.']);
  const nothing = await (await page.request.get(`/api/tariff-books/${bookId}/items`)).json();
  expect(nothing.total).toBe(0);

  await dialog
    .getByLabel('Berkas CSV')
    .setInputFiles(
      file('nama;kelas;tarif\nVisite Dokter;Kelas 1;Rp 150.000\nInfus;Kelas 1;12.500\nEKG;Umum;85000\n'),
    );
  await dialog.getByRole('button', { name: 'Impor' }).click();
  await expect(page.getByText('3 item diimpor.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 item', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Infus/ })).toContainText('Rp 12.500');

  await page.getByRole('button', { name: 'Hapus Buku' }).click();
  await page
    .getByRole('dialog', { name: 'Konfirmasi Hapus' })
    .getByRole('button', { name: 'Hapus', exact: true })
    .click();
  await expect(page.getByText(`Buku "${bookName}" dihapus.`)).toBeVisible();
  await expect(page.getByLabel('Buku tarif').locator('option', { hasText: bookName })).toHaveCount(0);
});
