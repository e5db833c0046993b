import { expect, type Page, test } from '@playwright/test';
import { submitLogin } from '../support/staff.ts';

const staffMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Menu utama' }).getByRole('list', { name: 'Petugas' });

test('the login form explains missing fields and wrong credentials in Indonesian', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle('Masuk Petugas · Rumah Sakit Tentara');

  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByText('Nama pengguna wajib diisi.')).toBeVisible();
  await expect(page.getByText('Kata sandi wajib diisi.')).toBeVisible();

  await submitLogin(page, 'fajar', 'bukan-sandinya');
  await expect(page.getByRole('alert')).toHaveText('Nama pengguna atau kata sandi salah.');
  await expect(page.getByLabel('Kata Sandi')).toHaveValue('');
  await expect(page).toHaveURL('/auth');
});

test('a staff member logs in, sees the staff pages and the handover log, and logs out', async ({ page }) => {
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/me') sessionChecks.push(request.url());
  });

  await page.goto('/');
  await expect(staffMenu(page)).toBeHidden();
  await page.getByRole('link', { name: 'Masuk petugas' }).click();
  await expect(page).toHaveURL('/auth');

  // Staff start on their own first desk (an admin's is Pegawai), not on the public dashboard.
  await submitLogin(page, 'andi', 'rahasia-andi');
  await expect(page).toHaveURL('/pegawai');
  await expect(page.getByRole('banner')).toContainText('Andi Syahrir Mappaseng');
  await expect(staffMenu(page).getByRole('link')).toHaveText([
    'Pegawai',
    'Absensi',
    'Piket',
    'Bangsal',
    'Pesanan',
    'Pengaduan',
    'Antrean Poli',
    'Pendaftaran Pasien',
    'Jadwal Poli',
    'Jadwal Operasi',
    'Cari Pasien',
    'Referensi Pasien',
    'Rekap Kunjungan',
    'Akses Data Pasien',
    'Notifikasi',
    'Pesan WhatsApp Pasien',
    'Survei Kepuasan',
    'Sistem',
  ]);

  await staffMenu(page).getByRole('link', { name: 'Piket' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piket');
  const log = page.getByRole('region', { name: 'Log Serah Terima' });
  await expect(log).toBeVisible();
  await expect(log.getByRole('columnheader')).toHaveText([
    'Waktu',
    'Tugas',
    'Petugas',
    'Sebelumnya',
    'Hasil',
    'Alamat',
  ]);

  // A reload keeps the session: the hint cookie sends the app to ask the server who is logged in.
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Andi Syahrir Mappaseng');
  expect(sessionChecks.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL('/');
  await expect(staffMenu(page)).toBeHidden();
  await expect(page.getByRole('banner')).not.toContainText('Andi Syahrir Mappaseng');
  await expect(page.getByRole('link', { name: 'Masuk petugas' })).toBeVisible();

  const checksWhileLoggedIn = sessionChecks.length;
  await page.reload();
  await page.goto('/piket');
  await expect(page.getByRole('link', { name: 'Masuk untuk melihatnya' })).toBeVisible();
  expect(sessionChecks).toHaveLength(checksWhileLoggedIn);
});

test('the Piket page sends visitors to log in and brings them back', async ({ page }) => {
  await page.goto('/piket');
  await page.getByRole('link', { name: 'Masuk untuk melihatnya' }).click();
  await expect(page).toHaveURL('/auth?next=/piket');

  await submitLogin(page, 'ridwan', 'rahasia-ridwan');
  await expect(page).toHaveURL('/piket');
  await expect(page.getByRole('heading', { name: 'Log Serah Terima' })).toBeVisible();
});

test('staff without the admin or piket role may not read the handover log', async ({ page }) => {
  await page.goto('/auth?next=/piket');
  await submitLogin(page, 'agus', 'rahasia-agus');
  await expect(page).toHaveURL('/piket');
  await expect(page.getByText('Anda tidak berhak melihat log serah terima.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Log Serah Terima' })).toBeHidden();
  // The duty roster, on the same page, is for every staff member.
  await expect(page.getByRole('heading', { name: 'Jadwal Piket' })).toBeVisible();
});

test('the login page tells a logged-in staff member who they are', async ({ page }) => {
  await page.goto('/auth');
  await submitLogin(page, 'sri', 'rahasia-sri');
  await expect(page).toHaveURL('/bangsal');

  await page.goto('/auth');
  await expect(page.getByText('Anda sudah masuk sebagai')).toBeVisible();
  await page.getByRole('link', { name: 'Ke Beranda' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
});
