import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { bookOnlineAsNewPatient } from '../support/booking.ts';
import { createClinic, randomPrefix } from '../support/clinics.ts';
import { checkInAtKiosk } from '../support/kiosk.ts';
import { logIn } from '../support/staff.ts';

// A patient's morning on a 390×844 phone: the booking, its status page and the check-in at the lobby kiosk,
// each screen kept as a screenshot beside the test's results, and none wider than the phone.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The screen as the patient sees it, attached to the test's results; it must not scroll sideways. */
async function seen(page: Page, testInfo: TestInfo, name: string) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test('a patient books on the phone, follows the status and checks in at the kiosk', async ({
  page,
  browser,
}, testInfo) => {
  const staff = await browser.newContext();
  const desk = await staff.newPage();
  const clinic = await createClinic(desk, await logIn(desk, 'fajar', '/jadwal-poli'), randomPrefix('H'));
  await staff.close();

  const { bookingCode } = await bookOnlineAsNewPatient(page, clinic, {
    name: 'Nurhayati Daeng Baji',
    birthDate: '1979-08-17',
    sex: 'Perempuan',
    address: 'Jl. Andi Pangeran Pettarani No. 12, Makassar',
    phone: '081344455566',
  });
  // The ticket is brought into view, its heading first.
  await expect(page.getByRole('heading', { name: 'Bukti Pendaftaran Rawat Jalan' })).toBeInViewport();
  await seen(page, testInfo, '1-booked');

  await page.getByRole('link', { name: 'Lihat status antrean' }).click();
  await expect(page).toHaveURL(/\/registrasi\/lacak/);
  await expect(page.getByText(bookingCode).first()).toBeVisible();
  await seen(page, testInfo, '2-status');

  await page.goto('/anjungan');
  await checkInAtKiosk(page, bookingCode);
  await expect(page.getByRole('heading', { name: 'Check-in berhasil' })).toBeVisible();
  // A new patient: the slip sends them to the registration counter first, and its buttons are on screen.
  await expect(page.getByText(/Pasien baru: silakan ke loket pendaftaran/)).toBeVisible();
  await seen(page, testInfo, '3-kiosk');

  await page.goto(`/registrasi/lacak?kode=${bookingCode}`);
  await expect(
    page.getByText('Pasien baru: silakan ke loket pendaftaran terlebih dahulu dengan membawa KTP.'),
  ).toBeVisible();
  await seen(page, testInfo, '4-checked-in');
});
