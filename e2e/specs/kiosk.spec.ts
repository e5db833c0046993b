import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { bookByApi } from '../support/booking.ts';
import { createClinic, randomPrefix, type TestClinic } from '../support/clinics.ts';
import { checkInAtKiosk, kioskCodeInput } from '../support/kiosk.ts';
import { expectSaid, installSpeechDouble, sentence } from '../support/speech.ts';
import { logIn, staffBrowser } from '../support/staff.ts';

// The lobby kiosk (/anjungan): check-in by the booking code, typed on its keypad or scanned from the
// ticket's QR code, a walk-in patient's number for the admission counter, no way out without a staff login,
// and back to its start screen after a minute without a touch.

let clinic: TestClinic;

const codeInput = kioskCodeInput;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const fajar = await logIn(page, 'fajar', '/antrean');
  clinic = await createClinic(page, fajar, randomPrefix('K'));
  await context.close();
});

/** A new patient's booking for today through the public API, as the website makes it. */
const bookToday = (page: Page) =>
  bookByApi(
    page.request,
    { clinicId: clinic.id },
    {
      name: 'Sitti Rahmawati',
      birthDate: '1990-02-17',
      sex: 'P',
      address: 'Jl. Veteran Selatan No. 12, Makassar',
    },
  );

async function expectCheckedIn(page: Page, queueNumber: string) {
  await expect(page.getByRole('heading', { name: 'Check-in berhasil' })).toBeVisible();
  const slip = page.getByRole('region', { name: 'Check-in berhasil' });
  await expect(slip).toContainText(queueNumber);
  await expect(slip).toContainText(clinic.name);
  await expect(slip).toContainText(clinic.doctor);
  await expect(slip).toContainText(/pukul \d{2}\.\d{2} WIB/);
}

async function expectShownCheckedIn(page: Page, bookingCode: string) {
  await page.goto(`/registrasi/lacak?kode=${bookingCode}`);
  // A new patient, as on the kiosk's slip: the registration counter first.
  await expect(
    page.getByText('Pasien baru: silakan ke loket pendaftaran terlebih dahulu dengan membawa KTP.'),
  ).toBeVisible();
  await expect(
    page.getByText(`Silakan menunggu di depan ${clinic.name} sampai nomor Anda dipanggil.`),
  ).toBeVisible();
}

test('checks in with the booking code typed on the keypad, in any case and without the dash', async ({
  page,
}) => {
  const booking = await bookToday(page);
  await page.goto('/anjungan');
  await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
  // Half on the on-screen keypad, half from a keyboard in small letters.
  const plain = booking.bookingCode.replace('-', '');
  const keypad = page.getByRole('group', { name: 'Papan ketik kode booking' });
  for (const key of plain.slice(0, 4)) await keypad.getByRole('button', { name: key, exact: true }).click();
  await codeInput(page).press('End');
  await codeInput(page).pressSequentially(plain.slice(4).toLowerCase());
  await expect(codeInput(page)).toHaveValue(booking.bookingCode);
  await page.getByRole('button', { name: 'Check-in', exact: true }).click();

  await expectCheckedIn(page, booking.queueNumber);
  // Booked as a new patient: the admission counter comes first.
  await expect(page.getByText(/Pasien baru: silakan ke loket pendaftaran/)).toBeVisible();

  // The same code again: already checked in, said in words.
  await page.getByRole('button', { name: 'Selesai' }).click();
  await checkInAtKiosk(page, booking.bookingCode);
  await expect(page.getByRole('alert')).toHaveText(
    `Anda sudah check-in. Nomor antrean Anda ${booking.queueNumber} di ${clinic.name}.`,
  );

  await expectShownCheckedIn(page, booking.bookingCode);
});

test('an unknown code gets a clear message, not a check-in', async ({ page }) => {
  await page.goto('/anjungan');
  await checkInAtKiosk(page, 'ZZZZ-2222');
  await expect(page.getByRole('alert')).toContainText('Kode booking ZZZZ-2222 tidak dikenal.');
});

test('checks in with the QR code of the WhatsApp message held up to the camera', async ({ page }) => {
  const booking = await bookToday(page);
  // The camera films the QR image the confirmation links to; jsQR reads it (Chromium here has no
  // BarcodeDetector, so this is the path of most kiosks' browsers too).
  await page.addInitScript((image: string) => {
    Reflect.deleteProperty(window, 'BarcodeDetector');
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          const picture = new Image();
          picture.src = image;
          await picture.decode();
          const canvas = document.createElement('canvas');
          canvas.width = 480;
          canvas.height = 360;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no canvas');
          const paint = () => {
            context.fillStyle = '#888';
            context.fillRect(0, 0, canvas.width, canvas.height);
            context.drawImage(picture, 140, 80, 200, 200);
          };
          paint();
          setInterval(paint, 100);
          return canvas.captureStream(10);
        },
      },
    });
  }, `/api/registrations/${booking.bookingCode}/qr.png`);

  await page.goto('/anjungan');
  await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
  await page.getByRole('button', { name: /Pindai kode QR/ }).click();

  await expectCheckedIn(page, booking.queueNumber);
  await expectShownCheckedIn(page, booking.bookingCode);
});

test('offers no scanning where the device has no camera', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
  });
  await page.goto('/anjungan');
  await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
  await expect(codeInput(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /Pindai kode QR/ })).toHaveCount(0);
});

test(
  'gives walk-in patients the next admission counter numbers, printed alone on the slip',
  { tag: '@postgres' },
  async ({ page }) => {
    await page.goto('/anjungan');
    const take = async () => {
      await page.getByRole('button', { name: /Ambil nomor antrean pendaftaran/ }).click();
      await page.getByRole('button', { name: /^Umum/ }).click();
      const slip = page.getByRole('region', { name: 'Nomor Antrean Pendaftaran' });
      const number = slip.locator('.kiosk-slip-number');
      await expect(number).toHaveText(/^A-\d{3}$/);
      return Number((await number.textContent())?.slice(2));
    };
    const first = await take();
    await expect(page.getByRole('button', { name: /Cetak/ })).toBeVisible();

    // On paper (the receipt printer's 80 mm roll) only the slip: no buttons, no header.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: /Cetak/ })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Anjungan Mandiri' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Nomor Antrean Pendaftaran' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Selesai' }).click();
    // The next number, or a later one when another spec's walk-in took a number in between (the numbers
    // themselves are gap-free: admission.test.ts).
    const second = await take();
    expect(second).toBeGreaterThan(first);
  },
);

test('calls a walk-in number to a counter of the admission desk; the board shows and says it', async ({
  page,
  browser,
}) => {
  await page.goto('/anjungan');
  await page.getByRole('button', { name: /Ambil nomor antrean pendaftaran/ }).click();
  await page.getByRole('button', { name: /^Umum/ }).click();
  const mine = await page.locator('.kiosk-slip-number').textContent();
  expect(mine).toMatch(/^A-\d{3}$/);

  // The lobby's TV shows the registration counters only.
  const tv = await browser.newContext();
  await tv.addInitScript(installSpeechDouble);
  const board = await tv.newPage();
  await board.goto('/papan-antrean?loket=ya');
  await board.getByRole('button', { name: 'Suara panggilan' }).click();

  // Counter 9 calls until it reaches this number: other specs' walk-ins may be waiting before it.
  const clerk = await staffBrowser(browser, 'agus', '/antrean?tab=loket&loket=9');
  const desk = clerk.page.getByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
  const served = desk.getByRole('status', { name: 'Dilayani di Loket 9' });
  await expect(desk.getByRole('cell', { name: mine ?? '' })).toBeVisible();
  for (let calls = 0; calls < 50 && (await served.textContent())?.includes(mine ?? '') !== true; calls++) {
    const before = await served.textContent();
    await desk.getByRole('button', { name: 'Panggil berikutnya' }).click();
    await expect(served).not.toHaveText(before ?? '');
  }
  await expect(served).toContainText(mine ?? '');

  await expectNoSeriousViolations(clerk.page, '/antrean?tab=loket');
  const counter = board.getByRole('list', { name: 'Loket pendaftaran' });
  await expect(counter.getByRole('listitem').filter({ hasText: 'Loket Pendaftaran 9' })).toContainText(
    mine ?? '',
  );
  await expectNoSeriousViolations(board, '/papan-antrean?loket=ya');
  const said = sentence(mine ?? '', { name: 'Loket Pendaftaran 9' });
  await expectSaid(board, said);

  await desk.getByRole('button', { name: 'Selesai' }).click();
  await expect(served).toContainText('Belum ada nomor yang dipanggil');
  await expect(counter.getByText('Loket Pendaftaran 9')).toHaveCount(0);
  await tv.close();
  await clerk.close();
});

test('has no link out; leaving it takes a staff login', async ({ page }) => {
  await page.goto('/anjungan');
  await expect(page.getByRole('heading', { name: 'Anjungan Mandiri' })).toBeVisible();
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);

  await page.getByRole('button', { name: /Keluar \(petugas\)/ }).click();
  await page.getByLabel('Nama Pengguna').fill('fajar');
  await page.getByLabel('Kata Sandi').fill('bukan-sandinya');
  await page.getByRole('button', { name: 'Masuk dan keluar' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/anjungan$/);

  await page.getByLabel('Kata Sandi').fill('rahasia-fajar');
  await page.getByRole('button', { name: 'Masuk dan keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
});

test('goes back to its start screen after a minute without a touch', async ({ page }) => {
  await page.clock.install();
  await page.goto('/anjungan');
  await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
  await codeInput(page).fill('K7QD');
  await page.clock.runFor(59_000);
  await expect(codeInput(page)).toHaveValue('K7QD');

  await page.clock.runFor(1_000);
  await expect(codeInput(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Check-in dengan kode booking/ })).toBeVisible();
});
