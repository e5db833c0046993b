import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

async function openSettings(page: Page, title: string) {
  await page.getByRole('button', { name: title }).click();
  const sidebar = page.getByRole('complementary', { name: title });
  await expect(sidebar).toBeVisible();
  return sidebar;
}

/** Today's date in the hospital's time zone as the English UI writes a day: "Friday, 27 Nov 2026". */
const todayInEnglish = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    weekday: 'long',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date());

test('English is chosen in the settings, shown on public pages and staff desks, and remembered', async ({
  page,
}) => {
  // A staff member, for the staff desk below.
  await logIn(page, 'andi', '/absensi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Absensi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');

  const sidebar = await openSettings(page, 'Pengaturan');
  await sidebar.getByRole('radio', { name: 'English' }).check();
  // The whole page at once, without a reload: the sidebar, the menu and the desk.
  await expect(page.getByRole('complementary', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attendance');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.press('Escape');

  // A staff desk, its date written in English.
  await page.getByRole('tab', { name: 'Today' }).click();
  await expect(page.getByRole('table', { name: `Attendance Today, ${todayInEnglish()}` })).toBeVisible();

  // A public page, after a reload.
  await page.goto('/jadwal-dokter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Doctor Schedule');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Doctor Schedule');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const english = await openSettings(page, 'Settings');
  await english.getByRole('radio', { name: 'Bahasa Indonesia' }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jadwal Dokter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
});

test('the saved language is on the page before the JavaScript of the app runs', async ({ page }) => {
  await page.goto('/');
  const sidebar = await openSettings(page, 'Pengaturan');
  await sidebar.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');

  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('heading')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
