import { expect, type Locator, type Page, test } from '@playwright/test';
import { bookByApi, bookOnlineAsNewPatient, checkInAtDesk } from '../support/booking.ts';
import { createClinic, randomDigits, randomPrefix, type TestClinic, todayWib } from '../support/clinics.ts';
import { csrfHeaders, logIn } from '../support/staff.ts';

// What a clerk at 1366×768 and a patient on a 390×844 phone see: controls beside their labels, fields that
// keep their size, and public pages that fit the phone's width.

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

/** The lines that the text inside `locator` takes on the screen. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const text = document.createRange();
    text.selectNodeContents(element);
    return new Set(Array.from(text.getClientRects(), (line) => Math.round(line.top))).size;
  });

/** The lines that the start of the text inside `locator` takes, up to the end of `part`'s first match. */
const lineCountOf = (locator: Locator, part: RegExp) =>
  locator.evaluate(
    (element, { source, flags }) => {
      const match = new RegExp(source, flags).exec(element.textContent ?? '');
      if (!match) throw new Error(`no ${source} in ${element.textContent}`);
      let left = match.index + match[0].length;
      const text = document.createRange();
      text.setStart(element, 0);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (left <= length) {
          text.setEnd(node, left);
          break;
        }
        left -= length;
      }
      return new Set(Array.from(text.getClientRects(), (line) => Math.round(line.top))).size;
    },
    { source: part.source, flags: part.flags },
  );

/** The cells of `table`'s column headed `header`. */
const columnCells = async (table: Locator, header: string) => {
  await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  // By the cells as the page holds them: a column left out where the table is narrow still has its cells.
  const index = await table
    .locator('thead th')
    .evaluateAll((cells, name) => cells.findIndex((cell) => cell.textContent?.trim() === name), header);
  return table.locator(`tbody tr td:nth-child(${index + 1})`);
};

/** Today in Jakarta and the day half a year before it: a range of the records desk's lists with rows in it. */
const lastHalfYear = () => {
  const today = todayWib();
  const halfYearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 182 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { today, halfYearAgo };
};

/** The box a desk table (or a cell of it) scrolls in where it is wider: as wide as the table's card. */
const tableWrapper = (inside: Locator) =>
  inside.locator('xpath=ancestor::div[contains(@class, "p-datatable-wrapper")]');

/** The desk table holding `inside` fits its card: nothing in it to scroll sideways to. */
const expectTableFits = async (inside: Locator) =>
  expect(
    await tableWrapper(inside).evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);

/** Each care class in `cells` ("Kelas III") on one line, and the table they are in as wide as its card at most. */
const expectClassesOnOneLine = async (cells: Locator, classes: RegExp) => {
  await expect(cells.filter({ hasText: classes }).first()).toBeVisible();
  for (const cell of await cells.filter({ hasText: classes }).all()) {
    expect(await lineCount(cell), await cell.innerText()).toBe(1);
  }
  await expectTableFits(cells.first());
};

/** The page does not scroll sideways: nothing is wider than the screen. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);

test.describe('at a desk, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the booking form draws each payer choice right beside its label', async ({ page }) => {
    await page.goto('/registrasi');
    await page.getByRole('button', { name: /Poli Penyakit Dalam/ }).click();
    // The last day offered: today's sessions may have ended by the hour the test runs.
    await page.locator('.reg-dates button:not([disabled])').last().click();
    await page.getByRole('button', { name: /dr\./, disabled: false }).first().click();
    for (const name of ['JKN / BPJS Kesehatan', 'Umum (bayar sendiri)']) {
      const radio = await box(page.getByRole('radio', { name }));
      const label = await box(page.locator('label.reg-radio', { hasText: name }).locator('span').first());
      // The radio's own size (a stretched input draws its circle in the middle of a wide box).
      expect(radio.width, name).toBeLessThan(24);
      expect(label.x - (radio.x + radio.width), name).toBeLessThan(16);
    }
  });

  test("a section's introduction stands apart from the fields below it", async ({ page }) => {
    await logIn(page, 'rosmiati', '/kunjungan');
    const intro = page.getByText(/^Kunjungan yang dihapus tidak ditampilkan/);
    const introBox = await box(intro);
    const field = await box(page.getByText('Dari tanggal', { exact: true }));
    expect(field.y - (introBox.y + introBox.height)).toBeGreaterThanOrEqual(12);
  });

  test("the ward's rooms keep each class name on one line, the table within its card", async ({ page }) => {
    await logIn(page, 'sri', '/bangsal?tab=ruangan');
    const rooms = page.getByRole('table', { name: 'Ruangan dan Tempat Tidur' });
    // The class, without the sex the room is for (under it where the table is narrow).
    await expectClassesOnOneLine((await columnCells(rooms, 'Kelas')).locator('.list-one-line'), /^Kelas I+$/);
  });

  test('an NIK error leaves the other fields of its row their size', async ({ page }) => {
    await logIn(page, 'agus', '/pasien/baru');
    const form = page.getByRole('region', { name: 'Pendaftaran Pasien Baru' });
    const heights = () =>
      form
        .locator('input.p-inputtext:visible')
        .evaluateAll((inputs: HTMLInputElement[]) => inputs.map((input) => input.offsetHeight));
    await expect(form.getByLabel('NIK (KTP)')).toBeVisible();
    const before = await heights();
    await form.getByLabel('NIK (KTP)').fill('7371019999990001');
    await form.getByLabel('NIK (KTP)').blur();
    await expect(form.getByRole('list', { name: 'Hasil pemeriksaan NIK' })).toBeVisible();
    expect(await heights()).toEqual(before);
  });
});

test.describe('on a lobby kiosk, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 }, hasTouch: true });

  test("the booking code's keypad fits the screen with the staff's Keluar button, nothing to scroll to", async ({
    page,
  }) => {
    await page.goto('/anjungan');
    await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
    await expect(page.getByRole('group', { name: 'Papan ketik kode booking' })).toBeVisible();
    const leave = await box(page.getByRole('button', { name: 'Keluar (petugas)' }));
    expect(leave.y + leave.height).toBeLessThanOrEqual(768);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);
    // Each key is still larger than a finger.
    const key = await box(page.getByRole('button', { name: 'K', exact: true }));
    expect(key.height).toBeGreaterThanOrEqual(48);
  });
});

test.describe('at the desks with three buttons a row, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the ward's buttons go two to a line and leave each inpatient's details three lines at most", async ({
    page,
  }) => {
    await logIn(page, 'sri', '/bangsal');
    const rows = page
      .getByRole('table', { name: 'Pasien Dirawat' })
      .getByRole('row')
      .filter({
        has: page.getByRole('button', { name: /^Pulangkan / }),
      });
    await expect(rows.first()).toBeVisible();
    // The first five of the demo's sixty inpatients (the ward's spec admits and discharges meanwhile).
    for (let index = 0; index < 5; index++) {
      const row = rows.nth(index);
      const cells = row.getByRole('cell');
      const transfer = await box(row.getByRole('button', { name: /^Pindahkan / }));
      const doctor = await box(row.getByRole('button', { name: /^Ganti DPJP / }));
      const discharge = await box(row.getByRole('button', { name: /^Pulangkan / }));
      expect(doctor.y, 'Pindahkan and Ganti DPJP side by side').toBe(transfer.y);
      expect(discharge.y, 'Pulangkan on the next line').toBeGreaterThan(transfer.y);
      // The patient's name (above the record number), the room, the DPJP and the admission's date and time.
      for (const text of [
        cells.nth(1).locator('.list-person-name'),
        cells.nth(2),
        cells.nth(4),
        cells.nth(5),
      ]) {
        expect(await lineCount(text), await text.innerText()).toBeLessThanOrEqual(3);
      }
    }
  });

  test("the ward's admission dates stay on one line, the time at most on the next", async ({ page }) => {
    await logIn(page, 'sri', '/bangsal');
    // The side menu is open at a desk's width: the table shares the screen with it.
    await expect(page.getByRole('link', { name: 'Bangsal' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Pasien Dirawat' });
    const admitted = await columnCells(table, 'Masuk');
    await expect(admitted.first()).toHaveText(/^\d{1,2} \S+ \d{4} \d{2}\.\d{2}$/);
    // The first page's twenty inpatients.
    for (const cell of (await admitted.all()).slice(0, 20)) {
      const text = await cell.innerText();
      expect(await lineCountOf(cell, /^\d{1,2} \S+ \d{4}/), `the date of ${text}`).toBe(1);
      expect(await lineCount(cell), text).toBeLessThanOrEqual(2);
    }
  });

  test('the operating schedule fits its page, its buttons beside each other', async ({ page }) => {
    await logIn(page, 'fadilah', '/jadwal-operasi');
    const schedule = page.getByRole('region', { name: /^Jadwal Operasi / });
    const table = schedule.getByRole('table');
    await expect(table.getByRole('button', { name: /^Batalkan / }).first()).toBeVisible();
    // The table ends where the card's content does, as the "Tambah operasi" button above it.
    const add = await box(schedule.getByRole('button', { name: 'Tambah operasi' }));
    const drawn = await box(table);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(add.x + add.width + 1);
  });
});

test.describe('on a tablet, 768×1024', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test("the ward desk shows every row's buttons without scrolling the table or the page sideways", async ({
    page,
  }) => {
    await logIn(page, 'sri', '/bangsal');
    const table = page.getByRole('table', { name: 'Pasien Dirawat' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^Pulangkan / }) });
    await expect(rows.first()).toBeVisible();
    await expectTableFits(table);
    await expectNoSidewaysScroll(page);
    const edge = await box(tableWrapper(table));
    // The first page's twenty inpatients.
    for (const row of (await rows.all()).slice(0, 20)) {
      for (const button of await row.getByRole('button').all()) {
        const drawn = await box(button);
        expect(drawn.x + drawn.width, String(await button.getAttribute('aria-label'))).toBeLessThanOrEqual(
          edge.x + edge.width,
        );
      }
    }
  });

  test("the ward's rooms show each room's buttons without scrolling the table", async ({ page }) => {
    await logIn(page, 'sri', '/bangsal');
    await page.getByRole('tab', { name: 'Ruangan' }).click();
    const table = page.getByRole('table', { name: 'Ruangan dan Tempat Tidur' });
    await expect(table.getByRole('button', { name: /^Riwayat / }).first()).toBeVisible();
    await expectTableFits(table);
  });
});

test.describe('on a small laptop, 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("the orders desk keeps each pickup time's date on one line, the time at most on the next", async ({
    page,
  }) => {
    await logIn(page, 'andi', '/meja-pesanan');
    // The side menu is open at a desk's width: the table shares the screen with it.
    await expect(page.getByRole('link', { name: 'Pesanan', exact: true })).toBeVisible();
    const pickups = await columnCells(page.getByRole('table', { name: 'Daftar Pesanan' }), 'Waktu jemput');
    await expect(pickups.first()).toHaveText(/^\d{1,2} \S+ \d{4} \d{2}\.\d{2}$/);
    for (const cell of await pickups.all()) {
      const text = await cell.innerText();
      expect(await lineCountOf(cell, /^\d{1,2} \S+ \d{4}/), `the date of ${text}`).toBe(1);
      expect(await lineCount(cell), text).toBeLessThanOrEqual(2);
    }
    await expectNoSidewaysScroll(page);
  });

  test("the ward's inpatients and rooms fit their cards, in both languages", async ({ page }) => {
    const tables = {
      id: { inpatients: 'Pasien Dirawat', rooms: 'Ruangan dan Tempat Tidur' },
      en: { inpatients: 'Inpatients', rooms: 'Rooms and Beds' },
    };
    for (const language of ['id', 'en'] as const) {
      await page.addInitScript((chosen) => {
        localStorage.setItem('portal.settings', JSON.stringify({ language: chosen }));
      }, language);
      await logIn(page, 'sri', '/bangsal');
      const inpatients = page.getByRole('table', { name: tables[language].inpatients });
      await expect(inpatients.getByRole('row').nth(1)).toBeVisible();
      await expectTableFits(inpatients);
      await page.goto('/bangsal?tab=ruangan');
      const rooms = page.getByRole('table', { name: tables[language].rooms });
      await expect(rooms.getByRole('row').nth(1)).toBeVisible();
      await expectTableFits(rooms);
    }
  });

  test("the patient record keeps each visit's date on one line", async ({ page }) => {
    await logIn(page, 'rosmiati', '/pasien');
    const [patient] = (await (await page.request.get('/api/patients?mrn=1')).json()) as { id: number }[];
    expect(patient, 'the demo patient with record number 000001').toBeDefined();
    await page.goto(`/pasien/${patient?.id}`);
    const recent = page.getByRole('region', { name: 'Kunjungan Terakhir' });
    const dates = await columnCells(recent.getByRole('table'), 'Tanggal');
    await expect(dates.first()).toHaveText(/^\d{1,2} \S+ \d{4}$/);
    for (const cell of await dates.all()) expect(await lineCount(cell), await cell.innerText()).toBe(1);
  });

  test('the side menu keeps each of its items on one line, in both languages', async ({ page }) => {
    for (const language of ['id', 'en']) {
      await page.addInitScript((chosen) => {
        localStorage.setItem('portal.settings', JSON.stringify({ language: chosen }));
      }, language);
      // The administrator: every desk in the menu, "Pesan WhatsApp Pasien" among them.
      await logIn(page, 'andi', '/meja-pesanan');
      const menu = page.getByRole('navigation', { name: language === 'en' ? 'Main menu' : 'Menu utama' });
      const links = menu.getByRole('link');
      await expect(
        links.filter({ hasText: language === 'en' ? 'Patient WhatsApp Messages' : 'WhatsApp' }),
      ).toBeVisible();
      // The item's name, beside its icon.
      for (const link of await links.all()) {
        expect(await lineCount(link.locator('span')), await link.innerText()).toBe(1);
      }
    }
  });

  test("the visit list fits its card, each visit's clinic under its doctor and BATAL under its number", async ({
    page,
  }) => {
    const { today, halfYearAgo } = lastHalfYear();
    for (const batal of ['false', 'true']) {
      await logIn(page, 'rosmiati', `/kunjungan?from=${halfYearAgo}&to=${today}&batal=${batal}`);
      await expect(page.getByRole('link', { name: 'Rekap Kunjungan', exact: true })).toBeVisible();
      const table = page.getByRole('table', { name: 'Kunjungan Rawat Jalan' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expectTableFits(table);
      await expect(table.getByRole('columnheader', { name: 'Poli', exact: true })).toBeHidden();
      await expect(
        table
          .getByText(/^Poli /)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      if (batal === 'true')
        await expect(
          table.getByText('BATAL', { exact: true }).filter({ visible: true }).first(),
        ).toBeVisible();
    }
  });

  test("the stay and booking lists fit their card: a stay's patient group under the patient, a booking's clinic under its doctor and its queue number under its code", async ({
    page,
  }) => {
    const andi = await logIn(page, 'andi', '/');
    const clinic = await createClinic(page, andi, randomPrefix('L'));
    await bookOnlineAsNewPatient(page, clinic, {
      name: 'Andi Muhammad Fadli Syahrir Daeng Mappaseng',
      birthDate: '1984-02-29',
      sex: 'Laki-laki',
      address: 'Jl. Urip Sumoharjo No. 12, Makassar',
      phone: '081245670000',
    });

    const { today, halfYearAgo } = lastHalfYear();
    await logIn(page, 'rosmiati', `/kunjungan?tab=rawat-inap&from=${halfYearAgo}&to=${today}`);
    await expect(page.getByRole('link', { name: 'Rekap Kunjungan', exact: true })).toBeVisible();
    const stays = page.getByRole('table', { name: 'Pasien Rawat Inap' });
    await expect(stays.getByRole('row').nth(1)).toBeVisible();
    await expectTableFits(stays);
    await expect(stays.getByRole('columnheader', { name: 'Golongan Pasien / Penjamin' })).toBeHidden();
    // The group on the line under the record number (innerText leaves out what is not shown).
    const patientCell = (await columnCells(stays, 'Pasien')).first();
    expect(await patientCell.innerText()).toMatch(/No\. RM \d+\n\S/);

    // The test clinic's bookings of today: the day's whole list runs to several pages in this suite.
    await page.goto(`/kunjungan?tab=pendaftaran&from=${today}&to=${today}&poli=${clinic.id}`);
    const bookings = page.getByRole('table', { name: 'Pendaftaran Rawat Jalan' });
    const booking = bookings.getByRole('row').filter({ hasText: 'Andi Muhammad Fadli' });
    await expect(booking).toBeVisible();
    await expectTableFits(bookings);
    for (const header of ['Poli', 'No. Antrean'])
      await expect(bookings.getByRole('columnheader', { name: header, exact: true })).toBeHidden();
    await expect(booking.getByText(clinic.name, { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(booking.getByText(/^[A-Z]+-\d{3}$/).filter({ visible: true })).toHaveCount(1);
  });

  test("the staff list, the operating schedule and a patient's bookings fit their card, a column folded under another", async ({
    page,
  }) => {
    const andi = await logIn(page, 'andi', '/pegawai');
    const staff = page.getByRole('table', { name: 'Daftar Pegawai' });
    const agus = staff.getByRole('row').filter({ hasText: 'Agus Salim Daeng Nai' });
    await expect(agus).toBeVisible();
    await expectTableFits(staff);
    // The login under the name.
    await expect(staff.getByRole('columnheader', { name: 'Nama Pengguna' })).toBeHidden();
    await expect(agus.getByText('agus', { exact: true }).filter({ visible: true })).toHaveCount(1);

    await page.goto('/jadwal-operasi');
    const schedule = page.getByRole('table', { name: /^Jadwal Operasi / });
    await expect(schedule.getByRole('button', { name: /^Batalkan / }).first()).toBeVisible();
    await expectTableFits(schedule);
    // The theatre under the planned time.
    await expect(schedule.getByRole('columnheader', { name: 'Kamar' })).toBeHidden();
    await expect(
      schedule
        .getByText(/^OK \d+$/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();

    // A new patient's booking on the website, checked in at the desk (a record is provisional until then).
    const clinic = await createClinic(page, andi, randomPrefix('R'));
    const { bookingCode, mrn } = await bookByApi(
      page.request,
      { clinicId: clinic.id },
      {
        name: 'Siti Nurhaliza Andi Tenri Abeng',
        birthDate: '1990-06-15',
        sex: 'P',
        address: 'Jl. Sultan Alauddin No. 7, Makassar',
      },
    );
    await checkInAtDesk(page.request, andi, bookingCode);
    const [patient] = (await (await page.request.get(`/api/patients?mrn=${mrn}`)).json()) as { id: number }[];
    await page.goto(`/pasien/${patient?.id}`);
    const bookings = page.getByRole('region', { name: 'Riwayat Pendaftaran' }).getByRole('table');
    await expect(bookings.getByRole('row').filter({ hasText: clinic.doctor })).toBeVisible();
    await expectTableFits(bookings);
    // The clinic under the doctor, the queue number under the booking code.
    for (const header of ['Poli', 'No. Antrean'])
      await expect(bookings.getByRole('columnheader', { name: header, exact: true })).toBeHidden();
  });

  test("the orders desk shows each order's kind and its button without scrolling the table", async ({
    page,
  }) => {
    await logIn(page, 'andi', '/meja-pesanan');
    await expect(page.getByRole('link', { name: 'Pesanan', exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Daftar Pesanan' });
    await expect(table.getByRole('button', { name: /^Buka pesanan / }).first()).toBeVisible();
    await expectTableFits(table);
    // The kind, under the code where it has no column of its own.
    const row = table.getByRole('row').filter({ hasText: 'DMB3-N8RT' });
    await expect(row.getByText('Mobil Ambulance', { exact: true }).filter({ visible: true })).toHaveCount(1);
  });

  test("the outbox fits its card at both widths: a message's attempts under its status, its channel under its recipient", async ({
    page,
  }) => {
    const andi = await logIn(page, 'andi', '/');
    const clinic = await createClinic(page, andi, randomPrefix('W'));
    // The booking's WhatsApp confirmation, with the booking's links in it.
    const phone = `0813${randomDigits(8)}`;
    await bookByApi(
      page.request,
      { clinicId: clinic.id },
      {
        name: 'Andi Tenri Ajeng Daeng Bau',
        birthDate: '1979-11-03',
        sex: 'P',
        address: 'Jl. Sam Ratulangi No. 21, Makassar',
      },
      { phone },
    );
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      await page.goto('/notifikasi?channel=whatsapp');
      const table = page.getByRole('table', { name: 'Notifikasi WhatsApp dan laporan BPJS' });
      const message = table.getByRole('row').filter({ hasText: phone });
      await expect(message).toBeVisible();
      await expectTableFits(table);
      await expect(message.getByText(/^\d+ percobaan$/)).toBeVisible();
      await expect(message.getByText('WhatsApp', { exact: true })).toBeVisible();
      // When it is tried again (no gateway here): its date on one line, as the created moment's.
      const retry = message.getByText(/^Dicoba lagi /);
      await expect(retry).toBeVisible();
      expect(
        await lineCountOf(retry, /^Dicoba lagi \d{1,2} \S+ \d{4}/),
        `the date of ${await retry.innerText()}`,
      ).toBe(await lineCountOf(retry, /^Dicoba lagi \d/));
    }
  });
});

test.describe('at the orders and complaints desks, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a record opened from the list is brought into view', async ({ page }) => {
    for (const [path, open] of [
      ['/meja-pesanan', /^Buka pesanan /],
      ['/meja-pengaduan', /^Buka pengaduan /],
    ] as const) {
      await logIn(page, 'andi', path);
      const buttons = page.getByRole('button', { name: open });
      await expect(buttons.first()).toBeVisible();
      await buttons.last().click();
      // The opened record's heading has the focus, and is on the screen.
      await expect(page.locator('h2:focus')).toBeInViewport();
    }
  });

  test("the list's page links are round buttons of one size, each number in the middle of its own", async ({
    page,
  }) => {
    await logIn(page, 'andi', '/meja-pesanan');
    const pages = page.getByRole('navigation', { name: 'Halaman daftar' });
    const current = pages.getByRole('button', { name: 'Halaman 1' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    const drawn = await box(current);
    const number = await current.evaluate((button) => {
      const text = document.createRange();
      text.selectNodeContents(button);
      const { x, width } = text.getBoundingClientRect();
      return { x, width };
    });
    expect(Math.abs(number.x + number.width / 2 - (drawn.x + drawn.width / 2))).toBeLessThan(2);
    for (const name of ['Halaman pertama', 'Halaman sebelumnya', 'Halaman berikutnya', 'Halaman terakhir']) {
      const step = await box(pages.getByRole('button', { name }));
      expect({ width: step.width, height: step.height }, name).toEqual({
        width: drawn.width,
        height: drawn.height,
      });
    }
    // Rows per page: a number, not a form's wide field.
    expect((await box(pages.getByLabel('Baris per halaman'))).width).toBeLessThan(120);
  });

  test('each tracking code in the lists stays on one line', async ({ page }) => {
    for (const path of ['/meja-pesanan', '/meja-pengaduan']) {
      await logIn(page, 'andi', path);
      const code = page.getByRole('row').nth(1).getByRole('cell').first();
      // As shown: the orders desk's cell also holds the order's kind, for where its column is left out.
      await expect(code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/, { useInnerText: true });
      expect(await lineCount(code), path).toBe(1);
    }
  });
});

test.describe('on a phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the operating board fits the phone', async ({ page }) => {
    await page.goto('/papan-operasi');
    await expect(page.getByRole('heading', { name: 'Jadwal Operasi Hari Ini' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the orders, complaints and messages desks keep their filters within the phone', async ({ page }) => {
    await logIn(page, 'andi', '/meja-pesanan');
    for (const [path, filter] of [
      ['/meja-pesanan', 'Jenis'],
      ['/meja-pengaduan', 'Status'],
      ['/notifikasi', 'Saluran'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByLabel(filter, { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });

  test('the tariff book keeps each class name on one line, the table within its card', async ({ page }) => {
    await page.goto('/tarifpelayanan');
    await expectClassesOnOneLine(await columnCells(page.getByRole('table'), 'Kelas'), /^Kelas \d$/);
    await expectNoSidewaysScroll(page);
  });

  test("the ambulance page puts the officer on duty's number above the form", async ({ page }) => {
    await page.goto('/ambulance');
    const emergency = page.getByRole('complementary', { name: 'Keadaan darurat?' });
    const call = emergency.locator('a[href^="tel:"]');
    await expect(call).toBeVisible();
    const number = await box(call);
    // On the first screen, before the form begins.
    expect(number.y + number.height).toBeLessThan(844);
    expect(number.y).toBeLessThan((await box(page.getByRole('heading', { name: 'Data Pemesanan' }))).y);
  });

  test("the booking ticket keeps the queue number on one line, and the status page the doctor's name", async ({
    page,
  }) => {
    // A doctor's name long enough to wrap beside the status page's longest label.
    const eyeClinic = { name: 'Poli Mata', doctor: 'dr. Fitriani Lamba, Sp.M' };
    const who = {
      name: 'Andi Saputra',
      birthDate: '1990-05-12',
      sex: 'Laki-laki',
      address: 'Jl. Kenari 5, Makassar',
      phone: '081298765432',
    } as const;
    await bookOnlineAsNewPatient(page, eyeClinic, who, { day: 'last' });

    const number = page.getByLabel('Nomor antrean');
    await expect(number).toHaveText(/^[A-Z]+-\d{3}$/);
    const lineHeight = await number.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await box(number)).height).toBeLessThan(lineHeight * 1.5);
    await expectNoSidewaysScroll(page);

    // The status page's long labels ("Nomor yang sedang dilayani") wrap and leave the values their room.
    await page.getByRole('link', { name: 'Lihat status antrean' }).click();
    const status = page.getByRole('region', { name: /· Poli Mata$/ });
    const doctor = status.locator('dt:text-is("Dokter") + dd');
    await expect(doctor).toHaveText(eyeClinic.doctor);
    // As high as the clinic's one-line name.
    const clinic = await box(status.locator('dt:text-is("Poli") + dd'));
    expect((await box(doctor)).height).toBeLessThan(clinic.height * 1.5);
  });

  test('the bed page shows every room with its free beds and notes, nothing cut off at the edge', async ({
    page,
  }) => {
    await page.goto('/tempattidur');
    const rooms = page.getByRole('table', { name: 'Per Ruangan' });
    const mawar = rooms.getByRole('row', { name: /Ruang Mawar/ });
    for (const part of [
      mawar.getByRole('cell').filter({ hasText: 'Khusus perempuan' }),
      mawar.locator('.beds-available'),
    ]) {
      await expect(part).toBeVisible();
      const { x, width } = await box(part);
      expect(x + width).toBeLessThanOrEqual(390);
    }
    // The table does not scroll sideways within its card either.
    const wrap = page.locator('.beds-table-wrap').filter({ has: rooms });
    expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
  });

  test('the doctor timetable shows one clinic on request, each doctor with their hours below the name', async ({
    page,
  }) => {
    await page.goto('/jadwal-dokter');
    await expect(page.getByRole('heading', { level: 2, name: 'Poli Anak' })).toBeVisible();
    const internal = page.getByRole('table', { name: 'Poli Penyakit Dalam' });
    const name = await box(internal.getByRole('rowheader').first());
    const hours = await box(internal.getByRole('cell').first());
    expect(hours.y).toBeGreaterThanOrEqual(name.y + name.height);
    expect(hours.x).toBe(name.x);
    const whole = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.getByRole('combobox', { name: 'Poli' }).selectOption({ label: 'Poli Mata' });
    await expect(page).toHaveURL(/\?poli=\d+$/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Poli Mata']);
    const one = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(one).toBeLessThan(whole / 4);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('on a TV in the waiting room, 1920×1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the queue board shows twelve clinics on the screen, none below its edge or cut off', async ({
    page,
  }) => {
    // A waiting room's TV with twelve clinics, each with a doctor on duty all day today (the demo's clinics have
    // no session on a Sunday, and other specs add theirs to the whole board meanwhile).
    const andi = await logIn(page, 'andi', '/');
    const clinics: TestClinic[] = [];
    for (const letter of 'ABCDEFGHIJKL') {
      clinics.push(await createClinic(page, andi, randomPrefix(`T${letter}`)));
    }
    await page.goto(`/papan-antrean?poli=${clinics.map((clinic) => clinic.id).join(',')}`);
    const cards = page.getByRole('list', { name: 'Poliklinik' }).getByRole('listitem');
    await expect(cards).toHaveCount(12);
    // Nobody scrolls a TV.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    for (const card of await cards.all()) {
      const name = await card.getByRole('heading').innerText();
      await expect(card, name).toBeInViewport({ ratio: 1 });
      expect(await card.evaluate((item) => item.scrollHeight - item.clientHeight), name).toBeLessThanOrEqual(
        0,
      );
      // The number being served, readable across the room.
      expect((await box(card.getByRole('definition').first())).height, name).toBeGreaterThan(40);
    }

    // A smaller TV (1366×768) still fits them, and its labels stay readable.
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);
    for (const card of await cards.all()) {
      await expect(card).toBeInViewport({ ratio: 1 });
      expect(await card.evaluate((item) => item.scrollHeight - item.clientHeight)).toBeLessThanOrEqual(0);
    }
    const label = cards.first().getByRole('term').first();
    await expect(label).toHaveText('Nomor dilayani');
    expect(
      await label.evaluate((term) => parseFloat(getComputedStyle(term).fontSize)),
    ).toBeGreaterThanOrEqual(12);
  });

  test('the bed board in its TV mode shows every room and class on the screen, none cut off', async ({
    page,
  }) => {
    await page.goto('/tempattidur');
    await page.getByRole('button', { name: 'Layar penuh' }).click();
    await expect(page.getByRole('button', { name: 'Keluar layar penuh' })).toBeVisible();
    const cards = page.getByRole('list', { name: /^(Kelas|Ruangan)$/ }).getByRole('listitem');
    await expect(page.getByRole('list', { name: 'Ruangan' }).getByRole('listitem').first()).toBeVisible();
    // The demo's ten classes and thirteen rooms.
    expect(await cards.count()).toBeGreaterThanOrEqual(23);
    for (const card of await cards.all()) {
      const name = await card.locator('.beds-tv-name').innerText();
      await expect(card, name).toBeInViewport({ ratio: 1 });
      expect(await card.evaluate((item) => item.scrollHeight - item.clientHeight), name).toBeLessThanOrEqual(
        0,
      );
    }
  });

  test('the operating board shows every operation of a long day on the screen, each on one line', async ({
    page,
  }) => {
    const session = await logIn(page, 'fadilah', '/jadwal-operasi');
    const [patient] = (await (await page.request.get('/api/operations/patients?q=saputra')).json()) as {
      id: number;
    }[];
    if (!patient) throw new Error('no demo patient to operate on');
    const mark = `papan ${Date.now().toString(36)}`;
    for (let step = 1; step <= 14; step++) {
      const added = await page.request.post('/api/operations', {
        headers: csrfHeaders(session),
        data: {
          date: todayWib(),
          patientId: patient.id,
          procedure: `Debridemen dan skin graft luka bakar derajat dua, tahap ${step} (uji ${mark})`,
          theatre: 'OK 2',
        },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    await page.goto('/papan-operasi');
    const table = page.getByRole('table', { name: 'Daftar operasi hari ini' });
    await expect(table.getByRole('row').filter({ hasText: mark })).toHaveCount(14);
    // Nobody scrolls a TV.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    const rows = table.locator('tbody').getByRole('row');
    const heights = new Set<number>();
    for (const row of await rows.all()) {
      await expect(row).toBeInViewport({ ratio: 1 });
      heights.add(Math.round((await box(row)).height));
    }
    // One line each: every row as high as the others, the long procedures' rows too.
    expect([...heights]).toHaveLength(1);
  });
});

test.describe('the satisfaction index, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the chart names each unit in full inside its card, as wide as the table's", async ({ page }) => {
    await logIn(page, 'andi', '/survei-kepuasan');
    // The demo's surveys were answered in the last few days: from the month ten days ago, so that the
    // first days of a month (or of a year) still show them.
    const tenDaysAgo = new Date(Date.parse(todayWib()) - 10 * 86_400_000).toISOString().slice(0, 7);
    await page.getByLabel('Dari bulan').fill(tenDaysAgo);
    const table = page.getByRole('table', { name: 'Indeks per Unit dan Bulan' });
    await expect(
      table.getByRole('row').filter({ hasText: 'Layanan Ambulans dan Mobil Jenazah' }),
    ).toHaveCount(1);

    const card = await box(
      page.locator('figure.card', { has: page.getByRole('img', { name: 'Grafik IKM' }) }),
    );
    const tableCard = await box(page.locator('section.card', { has: table }));
    expect(Math.abs(card.width - tableCard.width)).toBeLessThanOrEqual(1);
    const label = await box(
      page.getByRole('img', { name: 'Grafik IKM' }).getByText(/^Layanan Ambulans dan Mobil Jenazah · /),
    );
    expect(label.x).toBeGreaterThanOrEqual(card.x);
    expect(label.x + label.width).toBeLessThanOrEqual(card.x + card.width);

    // The introduction above the period keeps a line's space from the first label.
    const intro = await box(page.getByText(/^Indeks Kepuasan Masyarakat \(IKM\) menurut/));
    const field = await box(page.getByText('Dari bulan', { exact: true }));
    expect(field.y - (intro.y + intro.height)).toBeGreaterThanOrEqual(12);
  });
});
