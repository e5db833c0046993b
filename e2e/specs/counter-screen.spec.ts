import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { createClinic, namePattern, randomDigits, randomPrefix } from '../support/clinics.ts';
import { animationsDone } from '../support/screens.ts';
import { logIn } from '../support/staff.ts';

// A registration clerk's whole round at the counter, on the counter's 1366×768 screen: a walk-in takes a number
// in the priority lane at the lobby kiosk, the clerk calls it to loket 1 (and again), registers the new patient from their KTP and
// books them in one screen, prints the receipt-size ticket, and finds the booking on the clinic's queue, which
// leads to the patient.

test.use({ viewport: { width: 1366, height: 768 } });

/** 96 CSS pixels to the inch: a length on paper as the browser lays it out. */
const mm = (millimetres: number) => (millimetres * 96) / 25.4;

/**
 * The lobby kiosk (/anjungan): a walk-in's number for the registration counters in the priority lane (an
 * elderly patient), as printed on the slip.
 */
async function takeWalkInNumber(page: Page): Promise<string> {
  await page.goto('/anjungan');
  await page.getByRole('button', { name: /Ambil nomor antrean pendaftaran/ }).click();
  await page.getByRole('button', { name: /^Prioritas/ }).click();
  const number = page
    .getByRole('region', { name: 'Nomor Antrean Pendaftaran' })
    .locator('.kiosk-slip-number');
  await expect(number).toHaveText(/^P-\d{3}$/);
  const taken = (await number.textContent()) ?? '';
  await page.getByRole('button', { name: 'Selesai' }).click();
  return taken;
}

/** A screenshot kept with the test's results (test-results/…/name.png) and attached to its report. */
async function screenshot(page: Page, testInfo: TestInfo, name: string, target: Page | Locator = page) {
  const path = testInfo.outputPath(`${name}.png`);
  await target.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a walk-in is called, registered as a new patient, booked and given a receipt ticket in one screen', async ({
  page,
}, testInfo) => {
  const fajar = await logIn(page, 'fajar', '/antrean');
  const prefix = randomPrefix('K');
  const clinic = await createClinic(page, fajar, prefix);
  const number = await takeWalkInNumber(page);

  // Loket 1 calls until it serves this number (other specs' walk-ins may be waiting before it), then again.
  await page.goto('/antrean?tab=loket&loket=1');
  const desk = page.getByRole('region', { name: 'Antrean loket pendaftaran hari ini' });
  const served = desk.getByRole('status', { name: 'Dilayani di Loket 1' });
  await expect(desk.getByRole('cell', { name: number })).toBeVisible();
  for (let calls = 0; calls < 50 && !(await served.textContent())?.includes(number); calls++) {
    const before = await served.textContent();
    await desk.getByRole('button', { name: 'Panggil berikutnya' }).click();
    await expect(served).not.toHaveText(before ?? '');
  }
  await expect(served).toContainText(number);
  await desk.getByRole('button', { name: 'Panggil ulang' }).click();
  await expect(page.getByText(`Nomor ${number} dipanggil ulang.`)).toBeVisible();
  await screenshot(page, testInfo, '1-loket');

  // The served number's holder: registered on the counter's screen, which says whom the counter serves.
  await desk.getByRole('link', { name: 'Daftarkan' }).click();
  await expect(page).toHaveURL('/pasien/daftar?loket=1');
  await expect(page.getByText(`Melayani nomor ${number} di Loket 1.`)).toBeVisible();

  // Not on record: the KTP's NIK finds nobody, and the new record starts from it.
  const nik = `737101150685${randomDigits(4)}`;
  const name = `Baso Uji ${prefix}`;
  await page.getByRole('searchbox', { name: 'Cari pasien' }).fill(nik);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page.getByText('Dicari sebagai NIK.')).toBeVisible();
  await expect(page.getByText(/^Tidak ada pasien yang cocok/)).toBeVisible();
  await page.getByRole('button', { name: 'Pasien baru' }).click();
  const form = page.getByRole('region', { name: 'Pendaftaran Pasien Baru' });
  await expect(form.getByLabel('NIK (KTP)')).toHaveValue(nik);
  await form.getByLabel('Nama Lengkap').fill(name);
  await form.getByLabel('Jenis Kelamin').selectOption('Laki-laki');
  await form.getByLabel('Tanggal Lahir').fill('1985-06-15');
  await form.getByLabel('Nama Ibu Kandung').fill('Sitti Rahmah');
  // Three lines of a KTP's address: on the patient card it must not push the footer off.
  await form
    .getByLabel('Alamat 1 (sesuai KTP)')
    .fill(
      'Jl. Sultan Alauddin II Lorong 4 No. 17B, RT 002 / RW 005, Kelurahan Mangasa, ' +
        'Kecamatan Tamalate, Kota Makassar, Sulawesi Selatan 90221',
    );
  await form.getByLabel('No. HP', { exact: true }).fill(`0813${randomDigits(8)}`);
  await screenshot(page, testInfo, '2-pasien-baru');
  await form.getByRole('button', { name: 'Daftarkan Pasien' }).click();

  // Straight on to the booking, the new patient carried over.
  const dialog = page.getByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
  await expect(dialog).toContainText(`Pasien: ${name} · No. RM`);
  await dialog.getByRole('button', { name: clinic.name }).click();
  await dialog.locator('.reg-dates button:not([disabled])').first().click();
  await dialog.getByRole('button', { name: namePattern(clinic.doctor) }).click();
  await dialog.getByRole('radio', { name: 'Umum (bayar sendiri)' }).check();
  await screenshot(page, testInfo, '3-booking');
  await dialog.getByRole('button', { name: 'Daftarkan', exact: true }).click();

  const booked = page.getByRole('dialog', { name: 'Pendaftaran berhasil' });
  const queueNumber = `${prefix}-001`;
  await expect(booked.getByLabel('Nomor antrean')).toHaveText(queueNumber);
  await expect(booked).toContainText(name);
  await expect(booked.getByRole('button', { name: 'Cetak' })).toBeVisible();

  // On paper: the ticket alone, receipt-wide, on an 80 mm page.
  await page.emulateMedia({ media: 'print' });
  const ticket = booked.getByRole('region', { name: 'Bukti Pendaftaran Rawat Jalan' });
  await expect(ticket).toBeVisible();
  await expect(booked.getByRole('button', { name: 'Cetak' })).toBeHidden();
  await expect(booked.getByRole('button', { name: 'Selesai' })).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Cari pasien' })).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await animationsDone(page);
  const box = await ticket.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(mm(72) + 1);
  expect(box?.x).toBeLessThan(mm(5));
  await screenshot(page, testInfo, '4-tiket-cetak');
  const pdf = await page.pdf({ preferCSSPageSize: true, path: testInfo.outputPath('tiket.pdf') });
  await testInfo.attach('tiket.pdf', {
    path: testInfo.outputPath('tiket.pdf'),
    contentType: 'application/pdf',
  });
  // One page of 80 × 297 mm (in points): the receipt roll's.
  const pages = [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
    ([, width, height]) => [
      Math.round((Number(width) * 25.4) / 72),
      Math.round((Number(height) * 25.4) / 72),
    ],
  );
  expect(pages).toEqual([[80, 297]]);
  await page.emulateMedia({ media: 'screen' });
  await booked.getByRole('button', { name: 'Selesai' }).click();

  // The clinic's queue lists the booking; its row leads to the patient.
  await page.goto(`/antrean?poli=${clinic.id}`);
  const session = page.getByRole('region', { name: namePattern(clinic.doctor) });
  const row = session.getByRole('row').filter({ hasText: queueNumber });
  await expect(row).toContainText('Loket');
  await screenshot(page, testInfo, '5-antrean-poli');
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/pasien\/\d+$/);
  await expect(page.getByRole('region', { name: `Identitas Pasien: ${name}` })).toBeVisible();

  // The patient card keeps its footer on the card, the long address cut short.
  await page.getByRole('button', { name: 'Kartu Pasien' }).click();
  const card = page.getByRole('article', { name: 'Kartu Pasien' });
  for (const media of ['screen', 'print'] as const) {
    await page.emulateMedia({ media });
    await animationsDone(page);
    const cardBox = await card.boundingBox();
    const footerBox = await card.locator('footer').boundingBox();
    expect(footerBox, media).not.toBeNull();
    expect((footerBox?.y ?? 0) + (footerBox?.height ?? 0), media).toBeLessThanOrEqual(
      (cardBox?.y ?? 0) + (cardBox?.height ?? 0) + 0.5,
    );
    await screenshot(page, testInfo, `6-kartu-${media}`);
  }
  await page.emulateMedia({ media: 'screen' });
});
