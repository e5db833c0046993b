import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { createClinic, namePattern, randomPrefix, todayWib } from '../support/clinics.ts';
import { kioskCodeInput } from '../support/kiosk.ts';
import { expectSaid, installSpeechDouble, sentence, spoken } from '../support/speech.ts';
import { csrfHeaders, logIn, staffBrowser } from '../support/staff.ts';

// The lobby kiosk's walk-in numbers by kind (BPJS, Umum, Prioritas), the priority lane called first at the
// admission counter and said on the lobby's board; the kiosk's screens fitting a 1366 × 768 lobby PC and a
// 390 × 844 phone-sized tablet without scrolling to their buttons; and the other calls the boards say: a clinic's
// "Panggil ulang" and the pharmacy's "Obat selesai".

/** Takes a walk-in number of the kind whose button starts with `kind` at the kiosk: the number on the slip. */
async function takeNumber(page: Page, kind: RegExp): Promise<string> {
  await page.getByRole('button', { name: /Ambil nomor antrean pendaftaran/ }).click();
  await page.getByRole('button', { name: kind }).click();
  const number = page
    .getByRole('region', { name: 'Nomor Antrean Pendaftaran' })
    .locator('.kiosk-slip-number');
  await expect(number).toHaveText(/^[ABP]-\d{3}$/);
  return (await number.textContent()) ?? '';
}

/** Whether the element lies wholly inside the window as it is, without scrolling. */
const inViewport = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      window.scrollY === 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth
    );
  });

const checkedInBooking = {
  bookingCode: 'K7QD-2MXP',
  queueNumber: 'OBG-012',
  queueSeq: 12,
  estimatedAt: new Date(Date.now() + 3_600_000).toISOString(),
  clinic: { id: 1, code: 'OBG', name: 'Poli Kebidanan dan Penyakit Kandungan' },
  doctor: { id: 3, name: 'dr. Andi Wijaya Kusumanegara, Sp.OG(K), M.Kes' },
  date: new Date().toISOString().slice(0, 10),
  start: '08:00',
  end: '12:00',
  payer: 'JKN',
  status: 'CHECKED_IN',
  waitingAhead: 14,
  serving: 'OBG-001',
  newPatient: true,
  survey: null,
};

for (const size of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`fits a ${size.width} × ${size.height} screen: the whole booking code, and the slip's buttons without scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/anjungan');
    await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
    const code = kioskCodeInput(page);
    await code.fill('WMWM2MXW');
    await expect(code).toHaveValue('WMWM-2MXW');
    const fits = await code.evaluate((input) => input.scrollWidth <= input.clientWidth);
    expect(fits, 'the code field shows the whole code').toBe(true);
    const keypadFits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(keypadFits, 'no key lies past the edge of the screen').toBe(true);
    await page.getByRole('button', { name: 'Kembali' }).click();

    // The priority lane says who it is for on its button.
    await page.getByRole('button', { name: /Ambil nomor antrean pendaftaran/ }).click();
    await expect(
      page.getByRole('button', { name: /^Prioritas Lansia, penyandang disabilitas, ibu hamil/ }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, '/anjungan (jenis antrean)');
    await page.getByRole('button', { name: 'Kembali' }).click();

    const number = await takeNumber(page, /^Prioritas/);
    expect(number).toMatch(/^P-\d{3}$/);
    await expect(page.getByRole('button', { name: 'Selesai', exact: true })).toBeVisible();
    expect(await inViewport(page, 'Cetak')).toBe(true);
    expect(await inViewport(page, 'Selesai')).toBe(true);
    await page.getByRole('button', { name: 'Selesai', exact: true }).click();

    // The check-in slip, the longest (a new patient's, with long names): only its layout is under test here,
    // so the check-in is answered as the booking engine would (kiosk.spec.ts checks in for real).
    await page.route('**/api/registrations/*/check-in', (route) => route.fulfill({ json: checkedInBooking }));
    await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
    await kioskCodeInput(page).fill('K7QD2MXP');
    await page.getByRole('button', { name: 'Check-in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check-in berhasil' })).toBeVisible();
    expect(await inViewport(page, 'Cetak')).toBe(true);
    expect(await inViewport(page, 'Selesai')).toBe(true);
  });
}

test('calls the priority lane first at the admission counter; the board says the number with its letter', async ({
  page,
  browser,
}) => {
  await page.goto('/anjungan');
  const general = await takeNumber(page, /^Umum/);
  expect(general).toMatch(/^A-\d{3}$/);
  await page.getByRole('button', { name: 'Selesai', exact: true }).click();
  const priority = await takeNumber(page, /^Prioritas/);
  expect(priority).toMatch(/^P-\d{3}$/);

  const tv = await browser.newContext();
  await tv.addInitScript(installSpeechDouble);
  const board = await tv.newPage();
  await board.goto('/papan-antrean?loket=ya');
  await board.getByRole('button', { name: 'Suara panggilan' }).click();

  // Counter 8 calls until it reaches the priority number: other specs' numbers may be waiting before it,
  // but the general number taken before it still waits then.
  const clerk = await staffBrowser(browser, 'agus', '/antrean?tab=loket&loket=8');
  const desk = clerk.page.getByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
  const served = desk.getByRole('status', { name: 'Dilayani di Loket 8' });
  const rowOf = (number: string) => desk.getByRole('row').filter({ hasText: number });
  await expect(rowOf(priority)).toContainText('Prioritas');
  await expect(rowOf(general)).toContainText('Umum');
  for (let calls = 0; calls < 50 && (await served.textContent())?.includes(priority) !== true; calls++) {
    const before = await served.textContent();
    await desk.getByRole('button', { name: 'Panggil berikutnya' }).click();
    await expect(served).not.toHaveText(before ?? '');
  }
  await expect(served).toContainText(priority);
  await expect(rowOf(general)).toContainText('Menunggu');

  const counter = board.getByRole('list', { name: 'Loket pendaftaran' });
  await expect(counter.getByRole('listitem').filter({ hasText: 'Loket Pendaftaran 8' })).toContainText(
    priority,
  );
  await expectSaid(board, sentence(priority, { name: 'Loket Pendaftaran 8' }));

  await desk.getByRole('button', { name: 'Selesai' }).click();
  await tv.close();
  await clerk.close();
});

test("the board says a clinic's number again on Panggil ulang, and the pharmacy's board calls the patient for their medicine", async ({
  page,
  browser,
}) => {
  const fajar = await logIn(page, 'fajar', '/antrean');
  const clinic = await createClinic(page, fajar, randomPrefix('L'));
  const [patient] = (await (await page.request.get('/api/patients?mrn=3')).json()) as { id: number }[];
  const sessions = (await (
    await page.request.get(`/api/clinics/${clinic.id}/schedules?date=${todayWib()}`)
  ).json()) as { id: number }[];
  const booked = await page.request.post('/api/desk/registrations', {
    headers: csrfHeaders(fajar),
    data: { patientId: patient?.id, scheduleId: sessions[0]?.id, date: todayWib(), payer: 'UMUM' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookingCode, queueNumber } = (await booked.json()) as { bookingCode: string; queueNumber: string };
  for (const action of ['check-in', 'call']) {
    const moved = await page.request.post(`/api/queue/desk/registrations/${bookingCode}/${action}`, {
      headers: csrfHeaders(fajar),
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // The waiting room's TV opens with the number already called: not news, until the desk calls it again.
  const tv = await browser.newContext();
  await tv.addInitScript(installSpeechDouble);
  const board = await tv.newPage();
  await board.goto(`/papan-antrean?poli=${clinic.id}`);
  await board.getByRole('button', { name: 'Suara panggilan' }).click();
  await expect(board.getByRole('heading', { name: clinic.name })).toBeVisible();
  expect(await spoken(board)).toEqual([]);

  await page.goto(`/antrean?poli=${clinic.id}`);
  const desk = page.getByRole('region', { name: namePattern(clinic.doctor) });
  const row = desk.getByRole('row').filter({ hasText: queueNumber });
  await row.getByRole('button', { name: `Panggil ulang ${queueNumber}` }).click();
  await expect(page.getByText(`${queueNumber} dipanggil ulang.`)).toBeVisible();
  await expectSaid(board, sentence(queueNumber, clinic));
  await expect(row).toContainText('Dipanggil');
  await tv.close();

  // The doctor's service ends with a prescription; the pharmacy prepares it and calls the patient on its board.
  await row.getByRole('button', { name: `${queueNumber} selesai, resep Racikan ke farmasi` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, selesai dan kirim resep' }).click();
  await expect(page.getByText(new RegExp(`${queueNumber} dikirim ke farmasi`))).toBeVisible();
  const lobby = await browser.newContext();
  await lobby.addInitScript(installSpeechDouble);
  const pharmacyBoard = await lobby.newPage();
  await pharmacyBoard.goto('/papan-antrean?farmasi=ya');
  await pharmacyBoard.getByRole('button', { name: 'Suara panggilan' }).click();

  await page.getByRole('tab', { name: 'Antrean Farmasi' }).click();
  await expect(page.getByRole('link', { name: /Buka papan farmasi/ })).toHaveAttribute(
    'href',
    '/papan-antrean?farmasi=ya',
  );
  const pharmacy = page.getByRole('table', { name: 'Antrean farmasi hari ini' });
  await pharmacy.getByRole('button', { name: `Mulai siapkan obat ${queueNumber}` }).click();
  await pharmacy.getByRole('button', { name: `Obat selesai ${queueNumber}` }).click();
  const calls = pharmacyBoard.getByRole('region', { name: 'Farmasi: obat siap diambil' });
  await expect(calls).toContainText(queueNumber);
  await expectSaid(pharmacyBoard, sentence(queueNumber, { name: 'Farmasi' }));
  await expectNoSeriousViolations(pharmacyBoard, '/papan-antrean?farmasi=ya');
  await lobby.close();
});
