import { expect, test } from '@playwright/test';
import { todayWib } from '../support/clinics.ts';
import { animationsDone } from '../support/screens.ts';
import { csrfHeaders, logIn } from '../support/staff.ts';

// A4 portrait less Chromium's default margins (0.4 inch a side): the width a printed screen is laid out in.
const a4Width = Math.round((210 / 25.4) * 96 - 2 * 0.4 * 96);

test("the day's operating list printed from the desk: the list alone across the paper under the hospital's name, without the menu or buttons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page, 'fadilah', '/jadwal-operasi');
  const schedule = page.getByRole('region', { name: /^Jadwal Operasi / });
  const table = schedule.getByRole('table');
  await expect(table.getByRole('button', { name: /^Batalkan / }).first()).toBeVisible();
  const operations = await table.getByRole('row').count();
  // Who printed it, and when, is on paper only.
  const printed = page.getByText(/^Dicetak \d{1,2} \S+ \d{4} \d{2}\.\d{2} WIB oleh /);
  await expect(printed).toBeHidden();
  const boardLink = page.getByRole('link', { name: /^Buka papan operasi/ });
  await expect(boardLink).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: a4Width, height: 1000 });
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Keluar' })).toBeHidden();
  await expect(printed).toBeVisible();
  await expect(schedule.getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Aksi' })).toHaveCount(0);
  await expect(boardLink).toBeHidden();
  // Every operation with its patient, procedure and operator, the table within the paper's width.
  await expect(table.getByRole('row')).toHaveCount(operations);
  await expect(table.getByRole('columnheader', { name: 'Operator' })).toBeVisible();
  // The content slides over into the menu's place on the screen (not on paper): measured where it ends.
  await animationsDone(page);
  const drawn = await table.boundingBox();
  expect((drawn?.x ?? 0) + (drawn?.width ?? Infinity)).toBeLessThanOrEqual(a4Width);
  expect(drawn?.x).toBeLessThan(40);
});

test("two months' outpatient visits printed by the records office: all eight columns on an upright A4 page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // The last two months: the demo's visits of the month so far may be none on its first day.
  const to = todayWib();
  const from = new Date(Date.parse(to) - 60 * 86_400_000).toISOString().slice(0, 10);
  await logIn(page, 'rosmiati', `/kunjungan?from=${from}&to=${to}`);
  const table = page.getByRole('table', { name: 'Kunjungan Rawat Jalan' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const pageLinks = page.getByRole('navigation', { name: 'Halaman daftar' }).first();
  await expect(pageLinks).toBeVisible();
  // Which rows of how many the sheet holds: on paper only, where the page links are left out.
  const sheet = page.getByText(/^Halaman 1 dari \d+: baris 1–\d+ dari \d+\.$/).first();
  await expect(sheet).toBeHidden();
  const rangeStart = page.getByLabel('Dari tanggal');
  await expect(rangeStart).not.toHaveCSS('border-top-color', 'rgba(0, 0, 0, 0)');

  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: a4Width, height: 1000 });
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(pageLinks).toBeHidden();
  await expect(sheet).toBeVisible();
  // The range chosen prints as its dates, not as boxes.
  await expect(rangeStart).toHaveValue(from);
  await expect(rangeStart).toHaveCSS('border-top-color', 'rgba(0, 0, 0, 0)');
  await expect(table.getByRole('columnheader')).toHaveCount(8);
  await animationsDone(page);
  const drawn = await table.boundingBox();
  expect((drawn?.x ?? 0) + (drawn?.width ?? Infinity)).toBeLessThanOrEqual(a4Width);
});

test("the month's roster printed by the admin who plans it: each cell's officer on paper, without the planning hint or the log's switch", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const admin = await logIn(page, 'andi', '/piket');
  const headers = csrfHeaders(admin);
  // Tonight's Customer Service cell: someone else than the roster holds, put back afterwards.
  const date = todayWib();
  const entries = (await (await page.request.get(`/api/roster?from=${date}&to=${date}`)).json()) as {
    shift: string;
    role: string;
    staff: { id: number };
  }[];
  const before = entries.find((entry) => entry.shift === 'malam' && entry.role === 'cs');
  const eligible = (await (await page.request.get('/api/roster/eligible')).json()) as {
    cs: { id: number; name: string }[];
  };
  const officer = eligible.cs.find((member) => member.id !== before?.staff.id);
  if (!officer) throw new Error('nobody else may be rostered as Customer Service');
  const plan = (staffId: number) =>
    page.request.put('/api/roster', { headers, data: { date, shift: 'malam', role: 'cs', staffId } });
  const planned = await plan(officer.id);
  expect(planned.status(), await planned.text()).toBe(200);
  const { id } = (await planned.json()) as { id: number };
  try {
    await page.reload();
    const cell = page
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime="${date}"]`) })
      .getByRole('button', { name: /^Customer Service shift Malam, / });
    await expect(cell).toBeVisible();
    const hint = page.getByText('Pilih sel untuk menjadwalkan petugas atau menghapusnya.');
    await expect(hint).toBeVisible();
    const logSwitch = page.locator('.duty-log-filter').getByText('Tugas', { exact: true });
    await expect(logSwitch).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: a4Width, height: 1000 });
    await expect(cell).toBeVisible();
    await expect(cell).toContainText(officer.name);
    await expect(hint).toBeHidden();
    await expect(logSwitch).toBeHidden();
    // The month's other buttons (its arrows) are left out.
    await expect(page.getByRole('button', { name: 'Bulan berikutnya' })).toBeHidden();
  } finally {
    const restored = before
      ? await plan(before.staff.id)
      : await page.request.delete(`/api/roster/${id}`, { headers });
    expect(restored.ok()).toBe(true);
  }
});

test("the ward's inpatients printed: the whole list under its heading, without the desk's tabs or page links", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page, 'sri', '/bangsal');
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: 'Ruangan' })).toBeVisible();
  const inpatients = page.getByRole('table', { name: 'Pasien Dirawat' });
  await expect(inpatients.getByRole('row').nth(1)).toBeVisible();
  // The demo's wards hold more inpatients than a page of the list: the screen shows the first twenty.
  const stays = (await (await page.request.get('/api/ward/admissions')).json()) as unknown[];
  expect(stays.length).toBeGreaterThan(20);
  await expect(inpatients.getByRole('row')).toHaveCount(1 + 20);
  const pageLinks = page.getByRole('navigation', { name: 'Halaman daftar' });
  await expect(pageLinks).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: a4Width, height: 1000 });
  await expect(tabs).toBeHidden();
  await expect(pageLinks).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pasien Dirawat' })).toBeVisible();
  // On paper every inpatient, not the page on the screen.
  await expect(inpatients.getByRole('row')).toHaveCount(1 + stays.length);
});
