import { expect, test } from '@playwright/test';
import { randomDigits, todayWib } from '../support/clinics.ts';
import { type LinkedPortal, startLinkedPortal } from '../support/simrs.ts';
import { logIn } from '../support/staff.ts';

// Linked mode in the browser: a portal beside a SIMRS of its own on the machine's MariaDB (TEST_MARIADB_URL;
// the project runs only when it is set). The SIMRS owns patients and visits: a patient registered at the
// portal's counter is the SIMRS's, under the number the SIMRS gives, and a visit the SIMRS records shows on the
// patient's page within the link's bound (60 s).

const clerk = { username: 'rini', password: 'Antrean-Makassar-2026!', roles: ['registration', 'records'] };
let portal: LinkedPortal;

test.beforeAll(async () => {
  // The SIMRS with the sample, the portal built from it: about 15 s, three times that on a busy machine.
  test.setTimeout(180_000);
  portal = await startLinkedPortal(clerk);
  // Today's session of internal medicine, as the SIMRS's schedule holds it (hari 1 is Monday, 7 Sunday).
  const weekday = new Date(`${todayWib()}T12:00:00Z`).getUTCDay() || 7;
  await portal.simrs.client.run(
    `insert into antrol_dokter (kodepoli, kodedokter, hari, jadwal, kuotajkn, kuotanonjkn, libur)
     values ('INT', '251101', ?, '00:00-23:59', 24, 8, '0')`,
    [weekday],
  );
});

test.afterAll(async () => {
  await portal?.stop();
});

test(
  'a clerk registers and books a patient: the SIMRS holds them under its number, and its visit shows',
  { tag: '@simrs' },
  async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    await logIn(page, clerk.username, '/pasien/baru', clerk.password);
    // The first mirror is done: the SIMRS's code lists and schedules are the portal's.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/system/simrs')).json()) as { syncedAt: string | null })
            .syncedAt,
        {
          timeout: 60_000,
        },
      )
      .not.toBeNull();

    const name = `Andi Tenri Loket ${randomDigits(4)}`;
    await page.reload();
    const form = page.getByRole('region', { name: 'Pendaftaran Pasien Baru' });
    await form.getByLabel('Nama Lengkap').fill(name);
    await form.getByLabel('Jenis Kelamin').selectOption('Perempuan');
    await form.getByLabel('Tanggal Lahir').fill('1990-03-12');
    await form.getByLabel('Golongan Pasien').selectOption({ label: 'UM01 — UMUM' });
    await form.getByLabel('Alamat 1 (sesuai KTP)').fill('Jl. Andi Djemma No. 8, Makassar');
    await form.getByLabel('No. HP', { exact: true }).fill('0813 5550 0422');
    await form.getByLabel('Nama Ibu Kandung').fill('Andi Besse');
    await form.getByRole('button', { name: 'Daftarkan Pasien' }).click();

    // Saved in the SIMRS first, then in the portal.
    await expect(page).toHaveURL(/\/pasien\/\d+$/, { timeout: 30_000 });
    const patientUrl = new URL(page.url()).pathname;
    const identity = page.getByRole('region', { name: `Identitas Pasien: ${name}` });
    const mrn =
      (await identity
        .locator('dt', { hasText: /^No\. RM$/ })
        .locator('+ dd')
        .textContent()) ?? '';
    expect(mrn).toMatch(/^\d{6}$/);
    // The SIMRS holds the patient under that number, and no one else under it.
    expect(
      await portal.simrs.client.rows('select nama, telp from master_pasien where kode = ?', [mrn]),
    ).toEqual([{ nama: name, telp: '081355500422' }]);

    // Booked at the counter into today's session.
    await page.goto('/pasien/daftar');
    await page.getByRole('searchbox', { name: 'Cari pasien' }).fill(mrn);
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await page.getByRole('button', { name: `Pilih ${name} (${mrn}) untuk didaftarkan` }).click();
    const dialog = page.getByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
    await expect(dialog).toContainText(`Pasien: ${name} · No. RM ${mrn}`);
    await dialog.getByRole('button', { name: 'Poli Penyakit Dalam' }).click();
    await dialog.locator('.reg-dates button:not([disabled])').first().click();
    // The session this test's SIMRS holds all day (the demo's own sessions of the doctor come on some days).
    await dialog.getByRole('button', { name: /Andi Muhammad Arief.*00\.00–23\.59/ }).click();
    await dialog.getByRole('radio', { name: 'Umum (bayar sendiri)' }).check();
    await dialog.getByLabel('No. HP').fill('081355500422');
    await dialog.getByRole('button', { name: 'Daftarkan', exact: true }).click();
    const booked = page.getByRole('dialog', { name: 'Pendaftaran berhasil' });
    await expect(booked.getByLabel('Kode booking')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(booked).toContainText(name);
    await booked.getByRole('button', { name: 'Selesai' }).click();

    // The SIMRS records the visit; the patient's page shows it within the link's bound.
    const registrationNo = `RJ9${randomDigits(7)}`;
    await portal.simrs.client.run(
      `insert into bil_rj_xbjalan (noreg, norekmed, tglmasuk, polikd, kddokter, tglkeluar, jam, icdkt1, lunas)
     values (?, ?, ?, 'INT', 'D001', ?, '10:15:00', 'I10 Hipertensi esensial', 'LUNAS')`,
      [registrationNo, mrn, todayWib(), todayWib()],
    );
    const patientId = patientUrl.split('/').pop();
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/patients/${patientId}/visits`)).json()) as {
              registrationNo: string;
            }[]
          ).map((visit) => visit.registrationNo),
        { timeout: 60_000 },
      )
      .toContain(registrationNo);
    await page.goto(patientUrl);
    const lastVisits = page.getByRole('table', { name: 'Kunjungan Terakhir' });
    // The page's five reads at once: on a busy 2-core machine they have taken over 10 s.
    await expect(lastVisits.getByRole('button', { name: registrationNo })).toBeVisible({ timeout: 30_000 });
    await context.close();
  },
);
