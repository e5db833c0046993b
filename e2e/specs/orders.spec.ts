import { expect, test } from '@playwright/test';
import { staffBrowser } from '../support/staff.ts';

// The order and the complaint made here are moved by the desks: one step at a time, in order.
test.describe.configure({ mode: 'serial' });

const phone = '081299887766';
const stamp = Date.now().toString(36).toUpperCase();
const patient = `Pasien Uji ${stamp}`;

/** The hospital's wall-clock time `days` from now, as the date-time box takes it. */
function jakartaLocal(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 16);
}

let code = '';

test('an ambulance is ordered, confirmed by the desk, and the requester sees it', async ({
  page,
  browser,
}) => {
  await page.goto('/ambulance');
  await page.getByLabel('Nama pemesan').fill('Siti Aminah');
  await page.getByLabel('No. HP').fill('+6281299887766');
  await page.getByLabel('Nama pasien').fill(patient);
  await page.getByLabel('Alamat jemput').fill('Jl. Sudirman No. 5, Makassar');
  await page.getByLabel('Tujuan').fill('IGD Rumah Sakit');
  // The farthest pickup of all: first on the desk, which lists the latest pickup first.
  await page.getByLabel('Waktu jemput').fill(jakartaLocal(85));
  await page.getByRole('button', { name: 'Kirim Pesanan' }).click();

  await expect(page.getByRole('heading', { name: 'Pesanan diterima' })).toBeVisible();
  code = (await page.locator('.order-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByText(`Mobil Ambulance untuk ${patient}`)).toBeVisible();
  // A reload keeps the code (no WhatsApp message may bring it).
  await page.reload();
  await expect(page.locator('.order-code')).toHaveText(code);

  await page.getByRole('link', { name: 'Lihat status pesanan' }).click();
  await expect(page).toHaveURL(/\/ambulance\/lacak\?kode=/);
  await expect(page.getByTestId('order-status')).toHaveText('Baru');

  const desk = (await staffBrowser(browser, 'ridwan', '/meja-pesanan')).page;
  await desk.getByRole('button', { name: `Buka pesanan ${code}` }).click();
  await desk.getByLabel('Kendaraan').fill('DD 9123 AB');
  await desk.getByLabel('Pengemudi').fill('Pak Ahmad');
  await desk.getByRole('button', { name: 'Simpan' }).click();
  await expect(desk.getByText(`Kendaraan dan pengemudi pesanan ${code} disimpan.`)).toBeVisible();
  await desk.getByLabel('Catatan', { exact: true }).fill('Ambulans siap berangkat.');
  await desk.getByRole('button', { name: 'Konfirmasi' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Dikonfirmasi');
  await expect(desk.getByRole('button', { name: 'Berangkat' })).toBeVisible();
  await desk.context().close();

  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Dikonfirmasi');
  await expect(page.getByText('DD 9123 AB', { exact: true })).toBeVisible();
  await expect(page.getByText('Ambulans siap berangkat.')).toBeVisible();
});

test('the status page refuses a code with the wrong phone', async ({ page }) => {
  await page.goto(`/jenazah/lacak?kode=${code}&hp=081200000000`);
  await expect(page.getByText('Pesanan tidak ditemukan. Periksa kode dan nomor HP.')).toBeVisible();
});

test('a complaint is filed and the staff answer shows on its status page', async ({ page, browser }) => {
  const message = `AC ruang tunggu poli anak mati sejak pagi (${stamp}).`;
  await page.goto('/pengaduan');
  await page.getByLabel('Kategori').selectOption({ index: 1 });
  await page.getByLabel('Unit (opsional)').fill('Poli Anak');
  await page.getByLabel('Pesan').fill(message);
  await page.getByLabel('No. HP').fill(phone);
  await page.getByRole('button', { name: 'Kirim Pengaduan' }).click();
  await expect(page.getByRole('heading', { name: 'Pengaduan diterima' })).toBeVisible();
  const complaintCode = (await page.locator('.order-code').textContent()) ?? '';
  await page.reload();
  await expect(page.locator('.order-code')).toHaveText(complaintCode);
  await page.getByRole('link', { name: 'Lihat status pengaduan' }).click();
  await expect(page.getByText('Diterima', { exact: true })).toBeVisible();

  const desk = (await staffBrowser(browser, 'nurul', '/meja-pengaduan')).page;
  await desk.getByRole('button', { name: `Buka pengaduan ${complaintCode}` }).click();
  await expect(desk.getByText(message)).toBeVisible();
  await desk.getByLabel('Jawaban', { exact: true }).fill('Teknisi kami sedang memperbaiki AC.');
  await desk.getByLabel('Sekaligus ubah status').selectOption('IN_PROGRESS');
  await desk.getByRole('button', { name: 'Jawab' }).click();
  await expect(desk.getByText(`Jawaban untuk ${complaintCode} dikirim.`)).toBeVisible();
  await desk.context().close();

  await page.reload();
  await expect(page.getByText('Teknisi kami sedang memperbaiki AC.')).toBeVisible();
  await expect(page.getByText('Diproses', { exact: true })).toBeVisible();
});

test('staff see the outbox of WhatsApp messages', async ({ browser }) => {
  const page = (await staffBrowser(browser, 'andi', '/notifikasi')).page;
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByLabel('Status')).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.context().close();
});
