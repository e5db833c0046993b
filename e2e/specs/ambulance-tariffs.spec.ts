import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

// An admin (andi) keeps the ambulance tariffs on /tarifambulance; the public sees them there and on the
// ambulance order form. The destinations carry a mark of this run and are retired at the end, so that the
// demo tariffs the other specs read stay as they are.

const mark = Date.now().toString(36).toUpperCase();
const destination = `Uji Tarif E2E ${mark}`;
const second = `Uji Tarif E2E Kedua ${mark}`;

/** The row of a destination in the page's table (not in a dialog's). */
const rowOf = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

// One tariff's life, a step per test, in order, with one admin's page kept from step to step.
test.describe.configure({ mode: 'serial' });

let admin: Page;
let adminName = '';

test.beforeAll(async ({ browser }) => {
  admin = await (await browser.newContext()).newPage();
  adminName = (await logIn(admin, 'andi', '/tarifambulance')).name;
});
test.afterAll(() => admin.context().close());

test('an admin adds an ambulance tariff', async () => {
  await admin.getByRole('button', { name: 'Tambah Tarif' }).click();
  const add = admin.getByRole('dialog', { name: 'Tambah Tarif Ambulans' });
  await add.getByLabel('Tujuan').fill(destination);
  await add.getByLabel('Tarif (Rp)').pressSequentially('375000');
  await add.getByLabel('Keterangan').fill('Termasuk sopir dan perawat');
  await add.getByRole('button', { name: 'Simpan' }).click();
  await expect(admin.getByText(`Tarif "${destination}" disimpan.`)).toBeVisible();
  await expect(add).toBeHidden();
  await expect(rowOf(admin, destination)).toContainText('Rp 375.000');
});

test('the destination in other letters is refused; a new price is kept in the history', async () => {
  await admin.getByRole('button', { name: 'Tambah Tarif' }).click();
  const add = admin.getByRole('dialog', { name: 'Tambah Tarif Ambulans' });
  await add.getByLabel('Tujuan').fill(destination.toLowerCase());
  await add.getByLabel('Tarif (Rp)').pressSequentially('1');
  await add.getByRole('button', { name: 'Simpan' }).click();
  await expect(add.getByText(/sudah ada di daftar tarif/)).toBeVisible();
  await add.getByRole('button', { name: 'Batal' }).click();
  await expect(add).toBeHidden();

  await admin.getByRole('button', { name: `Ubah tarif ${destination}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Ubah Tarif Ambulans' });
  await edit.getByLabel('Tarif (Rp)').fill('');
  await edit.getByLabel('Tarif (Rp)').pressSequentially('400000');
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(rowOf(admin, destination)).toContainText('Rp 400.000');

  await admin.getByRole('button', { name: `Riwayat tarif ${destination}` }).click();
  const history = admin.getByRole('dialog', { name: `Riwayat Tarif ${destination}` });
  const entries = history.getByRole('table', { name: 'Riwayat perubahan' }).locator('tbody tr');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(adminName);
  await expect(entries.first()).toContainText('Tarif: Rp 375.000 → Rp 400.000');
  await expect(entries.last()).toContainText('Ditambahkan');
  await admin.keyboard.press('Escape');
  await expect(history).toBeHidden();
});

test('the public sees the tariff on the tariff page and in the ambulance order form', async ({ page }) => {
  await page.goto(`/tarifambulance?q=${encodeURIComponent(mark)}`);
  await expect(rowOf(page, destination)).toContainText('Rp 400.000');
  await expect(page.getByRole('button', { name: `Ubah tarif ${destination}` })).toHaveCount(0);

  await page.goto('/ambulance');
  const field = page.getByLabel('Tujuan');
  await expect(page.locator(`datalist option[value="${destination}"]`)).toHaveCount(1);
  await field.fill(destination);
  await expect(page.getByText('Tarif: Rp 400.000')).toBeVisible();
  await expect(page.getByText('Termasuk sopir dan perawat')).toBeVisible();
  await field.fill('RS Wahidin Sudirohusodo');
  await expect(page.getByText('Tujuan di luar daftar tarif: tarif menyusul, sesuai jarak.')).toBeVisible();
});

test('an admin previews and applies a CSV file that changes one price and adds a destination', async () => {
  await admin.getByRole('button', { name: 'Impor CSV' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Impor Tarif Ambulans dari CSV' });
  await dialog.getByLabel('Berkas CSV').setInputFiles({
    name: 'tarif-ambulans.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`tujuan;tarif\n${destination.toUpperCase()};Rp 425.000\n${second};500.000\n`),
  });
  await dialog.getByRole('button', { name: 'Pratinjau' }).click();
  await expect(dialog.getByText('1 ditambahkan, 1 diubah, 0 tidak berubah, 0 ditolak.')).toBeVisible();
  await expect(rowOf(admin, destination)).toContainText('Rp 400.000');
  await dialog.getByRole('button', { name: 'Terapkan' }).click();
  await expect(admin.getByText('Impor selesai: 1 tarif ditambahkan, 1 diubah.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(admin, destination)).toContainText('Rp 425.000');
  await expect(rowOf(admin, second)).toContainText('Rp 500.000');
});

test('an admin retires both tariffs, and the public no longer sees them', async ({ page }) => {
  for (const name of [destination, second]) {
    await admin.getByRole('button', { name: `Nonaktifkan tarif ${name}`, exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Nonaktifkan Tarif' });
    await expect(confirm).toContainText(`"${name}"`);
    await confirm.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.getByText(`Tarif "${name}" dinonaktifkan.`)).toBeVisible();
    await expect(rowOf(admin, name)).toHaveCount(0);
  }
  await page.goto(`/tarifambulance?q=${encodeURIComponent(mark)}`);
  await expect(page.getByText('Tidak ada tarif yang cocok.')).toBeVisible();
});
