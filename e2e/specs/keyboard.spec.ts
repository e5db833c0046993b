import { expect, type Locator, type Page, test } from '@playwright/test';
import { createClinic, namePattern, randomNik, randomPrefix } from '../support/clinics.ts';
import { staffBrowser } from '../support/staff.ts';

// A visitor who uses no mouse books an outpatient visit with Tab, Shift+Tab, Enter, Space, the arrow keys
// and typing: every control on the way is reached, and wherever the keyboard is, a ring shows it.

/** The focused control's visible focus ring: the outline of the control, or of the box a hidden input sits in. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const scope = active.closest('.p-component') ?? active;
    const ring = [active, ...Array.from(scope.querySelectorAll('*')), scope].find((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return (
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        style.visibility === 'visible' &&
        parseFloat(style.opacity) > 0 &&
        box.width > 2 &&
        box.height > 2
      );
    });
    if (!ring) return { control: active.outerHTML.slice(0, 120), ring: null };
    const box = ring.getBoundingClientRect();
    const style = getComputedStyle(ring);
    return {
      control: active.outerHTML.slice(0, 120),
      ring: {
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        inView: box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
      },
    };
  });
}

/** The focused control shows a solid ring at least 2 px wide, inside the window (scrolled to, if need be). */
async function expectVisibleFocus(page: Page) {
  const focus = await focusRing(page);
  expect(focus, 'something has the focus').not.toBeNull();
  expect(focus?.ring, `a visible focus ring on ${focus?.control}`).toMatchObject({ inView: true });
  expect(focus?.ring?.color, `the ring of ${focus?.control} is not transparent`).not.toMatch(
    /rgba\(.*, 0\)$/,
  );
}

/** A move to the next step puts the focus on its heading, and the ring shows it there. */
async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('heading', { name: title })).toBeFocused();
  await expectVisibleFocus(page);
}

/** Presses Tab until `target` has the focus, checking the ring at every stop on the way. */
async function tabTo(page: Page, target: Locator, { maxStops = 80, back = false } = {}) {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} not reached in ${maxStops} presses of Tab`);
}

test('a visitor books an outpatient visit with the keyboard alone, and always sees where the focus is', async ({
  page,
  browser,
}) => {
  test.slow();
  const fajar = await staffBrowser(browser, 'fajar', '/jadwal-poli');
  const clinic = await createClinic(fajar.page, fajar.session, randomPrefix('K'));
  await fajar.close();

  await page.goto('/registrasi');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The skip link comes first and takes the focus past the top bar and the menu.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Langsung ke konten' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const clinicButton = page.getByRole('button', { name: clinic.name });
  await expect(clinicButton).toBeVisible();
  await tabTo(page, clinicButton);
  await page.keyboard.press('Enter');

  await expectStep(page, 'Pilih tanggal berobat');
  // Today comes first: the session runs until 23:59.
  const today = page.locator('.reg-dates button:not([disabled])').first();
  await expect(today).toBeVisible();
  await tabTo(page, today);
  await page.keyboard.press('Space');
  await expectStep(page, 'Pilih dokter dan jam praktik');
  const doctor = page.getByRole('button', { name: namePattern(clinic.doctor) });
  await expect(doctor).toBeVisible();
  await tabTo(page, doctor);
  await page.keyboard.press('Enter');
  await expectStep(page, 'Cara pembayaran');

  // A group of radio buttons is one stop; the arrow keys choose within it.
  const general = page.getByRole('radio', { name: 'Umum (bayar sendiri)' });
  await tabTo(page, page.getByRole('radio').first());
  while (!(await general.isChecked())) {
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page);
  }
  await tabTo(page, page.getByRole('button', { name: 'Lanjut' }));
  await page.keyboard.press('Enter');
  await expectStep(page, 'Data pasien');

  const newPatient = page.getByRole('radio', { name: 'Belum pernah berobat (pasien baru)' });
  await tabTo(page, page.getByRole('radio').first());
  while (!(await newPatient.isChecked())) {
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page);
  }
  const nik = randomNik();
  await tabTo(page, page.getByRole('textbox', { name: 'NIK' }));
  await page.keyboard.type(nik);
  await tabTo(page, page.getByLabel('Nama lengkap'));
  await page.keyboard.type('Rini Tandi Allo');
  await tabTo(page, page.getByLabel('Tanggal lahir'));
  // A date field takes the day, the month and the year as typed, in the browser's order (here MM/DD/YYYY).
  await page.keyboard.type('03151990');
  await expect(page.getByLabel('Tanggal lahir')).toHaveValue('1990-03-15');
  await tabTo(page, page.getByRole('radio', { name: 'Laki-laki' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Perempuan' })).toBeChecked();
  await expectVisibleFocus(page);
  await tabTo(page, page.getByLabel('Alamat'));
  await page.keyboard.type('Jl. Sam Ratulangi No. 21, Makassar');
  await tabTo(page, page.getByLabel('No. HP'));
  await page.keyboard.type('081355598765');
  await tabTo(page, page.getByRole('button', { name: 'Daftar' }));
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Nomor antrean')).toHaveText(`${clinic.name.replace('Poli Uji ', '')}-001`);
  await expect(page.getByText('Anda terdaftar sebagai pasien baru')).toBeVisible();
});

for (const path of ['/registrasi', '/pengaduan', '/tempattidur', '/papan-antrean']) {
  test(`every stop of the Tab key on ${path} shows where the focus is`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Memuat…')).toHaveCount(0);
    const seen = new Set<string>();
    // Forwards through the page until the focus leaves it (to the browser) or comes round again.
    for (let stop = 0; stop < 150; stop += 1) {
      await page.keyboard.press('Tab');
      const focus = await focusRing(page);
      if (!focus || seen.has(focus.control)) break;
      seen.add(focus.control);
      await expectVisibleFocus(page);
    }
    expect(seen.size).toBeGreaterThan(2);
  });
}
