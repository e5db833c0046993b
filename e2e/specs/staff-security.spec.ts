import { expect, test } from '@playwright/test';
import { chooseOwnPassword, csrfHeaders, logIn, staffBrowser, submitLogin } from '../support/staff.ts';

// Staff security: an admin (andi) ends the session of a staff member of the test's own, whose browser is
// then sent to log in again; the records officer (rosmiati) sees in the read audit a patient search that a
// registration clerk (agus) made. Each run uses its own person and search term.

/** A mark that no other run of the test has used. */
const uniqueMark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test("an admin ends a staff member's session, and that person's browser is sent to log in", async ({
  page,
  browser,
}) => {
  // Two browsers and three logins (each a deliberately slow password hash) on a shared 2-core machine.
  test.slow();
  const mark = uniqueMark();
  const person = {
    name: `Sertu Sesi ${mark}`,
    username: `sesi${mark}`,
    password: 'pelangi-senja-4821',
  };
  const admin = await logIn(page, 'andi', '/pegawai');
  const created = await page.request.post('/api/staff', {
    headers: csrfHeaders(admin),
    data: {
      ...person,
      phone: `0813${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      roles: ['ward'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  person.password = await chooseOwnPassword(person.username, person.password);

  // The person works at the ward desk in a browser of their own.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await logIn(theirs, person.username, '/bangsal', person.password);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Bangsal' })).toBeVisible();

  // Their own page lists that login.
  await theirs.getByRole('link', { name: person.name }).click();
  await expect(theirs).toHaveURL('/akun');
  const logins = theirs.getByRole('table', { name: 'Riwayat Masuk' });
  await expect(logins.getByRole('row').nth(1)).toContainText('Masuk portal');
  await expect(logins.getByRole('row').nth(1)).toContainText('Berhasil');

  await page.getByLabel('Cari').fill(mark);
  const row = page.getByRole('row', { name: new RegExp(person.name) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Sesi masuk ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sesi Masuk ${person.name}` });
  const sessions = dialog.getByRole('table', { name: `Sesi masuk ${person.name}` });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(sessions).toContainText('127.0.0.1');
  await sessions.getByRole('button', { name: 'Akhiri sesi dari 127.0.0.1' }).click();
  await expect(page.getByText(`Sesi ${person.name} diakhiri.`)).toBeVisible();
  await expect(sessions).toContainText('Tidak ada sesi yang aktif.');

  // Their next step needs the session: it has ended, and the login page says so.
  await theirs.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Piket' }).click();
  await expect(theirs).toHaveURL('/auth?next=/piket');
  await expect(
    theirs.getByText('Sesi Anda telah berakhir atau diakhiri oleh admin. Silakan masuk kembali.'),
  ).toBeVisible();
  await submitLogin(theirs, person.username, person.password);
  await expect(theirs).toHaveURL('/piket');
  await context.close();
});

test('the records officer sees a patient search that a registration clerk made', async ({
  page,
  browser,
}) => {
  const term = `jejak ${uniqueMark()}`;
  const clerk = await staffBrowser(browser, 'agus', '/pasien');
  await clerk.page.getByLabel('Cari berdasarkan').selectOption('Nama');
  await clerk.page.getByLabel('Kata kunci').fill(term);
  await clerk.page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(clerk.page.getByText('Tidak ada pasien yang cocok.')).toBeVisible();
  await clerk.close();

  await logIn(page, 'rosmiati', '/pasien');
  await page
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('link', { name: 'Akses Data Pasien' })
    .click();
  await expect(page).toHaveURL('/jejak-akses');
  await expect(page.getByRole('heading', { level: 1, name: 'Akses Data Pasien' })).toBeVisible();

  const staffSearch = page.getByRole('searchbox', { name: 'Petugas' });
  await staffSearch.fill('agus');
  // Chosen at once: the typed term, written to the URL after a pause, and the kind must both stay there (each
  // write starts from the URL as it is now, not as the last render saw it).
  await page.getByLabel('Jenis akses').selectOption('Pencarian pasien');
  const reads = page.getByRole('table', { name: 'Akses Data Pasien' });
  const search = reads.getByRole('row', { name: new RegExp(`Nama: ${term}`) });
  await expect(search).toHaveCount(1);
  await expect(search).toContainText('Pencarian pasien');
  await expect(search).toContainText('agus');
  await expect(search).toContainText('127.0.0.1');
  await expect(page).toHaveURL(/petugas=agus.*jenis=search|jenis=search.*petugas=agus/);

  // Another staff member's reads leave the clerk's search out.
  await staffSearch.fill('rosmiati');
  await expect(reads.getByRole('row', { name: new RegExp(`Nama: ${term}`) })).toHaveCount(0);
});
