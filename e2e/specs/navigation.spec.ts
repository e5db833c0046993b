import { expect, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

const services = [
  ['Tarif Ambulance', '/tarifambulance'],
  ['Pesan Mobil Ambulance', '/ambulance'],
  ['Pesan Mobil Jenazah', '/jenazah'],
  ['Pendaftaran Rawat Jalan', '/registrasi'],
  ['Ketersediaan Tempat Tidur', '/tempattidur'],
  ['Buku Tarif Pelayanan', '/tarifpelayanan'],
  ['Pengaduan Pelayanan', '/pengaduan'],
  // Newer than the legacy menu: after its seven services.
  ['Jadwal Dokter', '/jadwal-dokter'],
] as const;

test('the menu lists the seven services in the legacy order, then the doctor timetable, and each opens its page', async ({
  page,
}) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  const serviceLinks = menu.getByRole('list', { name: 'Layanan' }).getByRole('link');
  await expect(serviceLinks).toHaveText(services.map(([label]) => label));

  for (const [label, path] of services) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(page).toHaveTitle(`${label} · Rumah Sakit Tentara`);
  }
});

test('an unknown path ends on the not-found page', async ({ page }) => {
  await page.goto('/anything-unknown');
  await expect(page).toHaveURL('/notfound');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
  await expect(page.getByText('Requested resource is not available.')).toBeVisible();

  await page.getByRole('link', { name: 'Kembali ke Beranda' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
});

test('a screen whose code an upgrade removed reloads the page once, then says so and opens when asked', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
  // After an upgrade the portal answers 404 for the old build's files, which a page opened before asks for.
  let upgraded = true;
  await page.route('**/assets/TarifAmbulancePage-*.js', (route) =>
    upgraded ? route.fulfill({ status: 404, body: 'Halaman tidak ditemukan.' }) : route.fallback(),
  );
  let loads = 0;
  page.on('load', () => loads++);

  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await menu.getByRole('link', { name: 'Tarif Ambulance', exact: true }).click();
  // Reloaded once by itself (a kiosk or a TV board goes on so); the file still missing, it says why. The
  // page says so before the reload too: the reload is waited for first.
  await expect.poll(() => loads).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portal telah diperbarui');
  await expect(page.getByRole('alert')).toContainText('Muat ulang halaman untuk melanjutkan');
  expect(loads, 'no second reload by itself').toBe(1);
  await expect(page).toHaveURL('/tarifambulance');
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

  upgraded = false;
  await page.getByRole('button', { name: 'Muat ulang halaman' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarif Ambulance');
  await expect.poll(() => loads).toBe(2);
});

test('a reload stays on the same page', async ({ page }) => {
  await page.goto('/tarifpelayanan');
  await page.reload();
  await expect(page).toHaveURL('/tarifpelayanan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buku Tarif Pelayanan');
});

test('legacy hash URLs land on the same page', async ({ page }) => {
  await page.goto('/#/ambulance');
  await expect(page).toHaveURL('/ambulance');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pesan Mobil Ambulance');

  await page.goto('/#/tarifambulance?x=1');
  await expect(page).toHaveURL('/tarifambulance?x=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarif Ambulance');
});

test('navigation starts at the top and back restores the scroll position', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
  // The placeholder pages are short; a tall body stands in for a long page. Without scroll
  // anchoring, dashboard data arriving above the viewport cannot nudge the position by a few pixels.
  await expect(
    page.getByRole('region', { name: 'Tempat Tidur Kosong' }).getByRole('meter').first(),
  ).toBeVisible();
  await page.evaluate(() => {
    document.documentElement.style.overflowAnchor = 'none';
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 1500);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);

  await page
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('link', { name: 'Tarif Ambulance' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarif Ambulance');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test('the footer shows staff which database the server runs on', { tag: '@postgres' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText('Rumah Sakit');
  await expect(page.getByRole('contentinfo')).not.toContainText('Basis data');
  await logIn(page, 'andi', '/');
  await expect(page.getByRole('contentinfo')).toContainText(
    `Basis data: ${process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
});
