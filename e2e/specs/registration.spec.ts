import { expect, test } from '@playwright/test';
import { bookByApi, bookOnlineAsNewPatient } from '../support/booking.ts';
import { createClinic, namePattern, randomPrefix } from '../support/clinics.ts';
import { logIn } from '../support/staff.ts';

test(
  'a new patient books online, checks in, and is called at the desk while the public board follows',
  { tag: '@postgres' },
  async ({ page, browser }) => {
    // Two browsers and the whole path from booking to the call: 47 s on a busy CI machine, near the default 60.
    test.slow();
    const fajar = await logIn(page, 'fajar', '/antrean');
    const prefix = randomPrefix('U');
    const clinic = await createClinic(page, fajar, prefix);

    // The public, in a browser of their own.
    const visitor = await browser.newContext();
    const patient = await visitor.newPage();
    await bookOnlineAsNewPatient(patient, clinic, {
      name: 'Andi Baso Mappaseng',
      birthDate: '1988-04-12',
      sex: 'Laki-laki',
      address: 'Jl. Urip Sumoharjo No. 7, Makassar',
      phone: '081355512345',
    });
    const number = `${prefix}-001`;
    await expect(patient.getByLabel('Nomor antrean')).toHaveText(number);

    // On the day the patient checks in from the status page.
    await patient.getByRole('link', { name: 'Lihat status antrean' }).click();
    await expect(patient).toHaveURL(/\/registrasi\/lacak/);
    await patient.getByRole('button', { name: 'Check-in' }).click();
    await expect(patient.getByText('Check-in berhasil')).toBeVisible();

    // The clinic's waiting-room screen (other specs' desks call their numbers meanwhile).
    const board = await visitor.newPage();
    await board.goto(`/papan-antrean?poli=${clinic.id}`);
    const card = board
      .getByRole('listitem')
      .filter({ has: board.getByRole('heading', { name: clinic.name }) });
    await expect(card).toContainText('1 orang');

    // The desk: a new patient passes the admission counter first, then the clinic calls.
    await page.goto(`/antrean?poli=${clinic.id}`);
    const session = page.getByRole('region', { name: namePattern(clinic.doctor) });
    await session.getByRole('button', { name: `Mulai admisi ${number}` }).click();
    await session.getByRole('button', { name: `Selesai admisi ${number}` }).click();
    await session.getByRole('button', { name: 'Panggil berikutnya' }).click();
    await expect(session.getByRole('status')).toContainText(number);

    // The board announces the call at once and shows the number being served.
    await expect(board.getByRole('status')).toContainText(`Nomor ${number}, silakan masuk ke ${clinic.name}`);
    await expect(card).toContainText(number);
    await expect(card).toContainText('0 orang');

    // The patient's status page says so too.
    await patient.reload();
    await expect(patient.getByText('Nomor Anda sedang dipanggil')).toBeVisible();

    // Served, and undone by mistake: the board follows both.
    await session.getByRole('button', { name: `Selesai dilayani ${number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, selesai' }).click();
    await expect(card.locator('.queue-board-number')).toHaveText('—');
    await session.getByRole('button', { name: 'Batalkan aksi terakhir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, batalkan' }).click();
    await expect(card.locator('.queue-board-number')).toHaveText(number);
    await visitor.close();
  },
);

test('a patient who no longer needs the visit cancels it, and the place goes back to the quota', async ({
  page,
}) => {
  const fajar = await logIn(page, 'fajar', '/jadwal-poli');
  const prefix = randomPrefix('C');
  const clinic = await createClinic(page, fajar, prefix);
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const schedules = async () =>
    (await (await page.request.get(`/api/clinics/${clinic.id}/schedules?date=${today}`)).json()) as {
      remainingNonJkn: number;
    }[];

  const { bookingCode } = await bookByApi(
    page.request,
    { clinicId: clinic.id },
    {
      name: 'Hasnah Daeng Ngai',
      birthDate: '1975-09-30',
      sex: 'P',
      address: 'Jl. Perintis Kemerdekaan Km. 9, Makassar',
    },
  );
  expect((await schedules())[0]?.remainingNonJkn).toBe(4);

  await page.goto(`/registrasi/lacak?kode=${bookingCode}`);
  await expect(page.getByText('Terdaftar', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Batalkan pendaftaran' }).click();
  await page.getByRole('button', { name: 'Ya, batalkan' }).click();
  await expect(page.getByText(`Pendaftaran ${prefix}-001 dibatalkan.`)).toBeVisible();
  await expect(page.getByText('Dibatalkan', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Batalkan pendaftaran' })).toHaveCount(0);
  expect((await schedules())[0]?.remainingNonJkn).toBe(5);
});

test("the browser's back button goes back one step of the booking, and a reload keeps the ticket", async ({
  page,
  browser,
}) => {
  const fajar = await logIn(page, 'fajar', '/antrean');
  const clinic = await createClinic(page, fajar, randomPrefix('H'));
  const patient = await (await browser.newContext()).newPage();

  await patient.goto('/registrasi');
  await patient.getByRole('button', { name: clinic.name }).click();
  await patient.locator('.reg-dates button:not([disabled])').first().click();
  await expect(patient.getByRole('heading', { name: 'Pilih dokter dan jam praktik' })).toBeVisible();
  await patient.goBack();
  await expect(patient.getByRole('heading', { name: 'Pilih tanggal berobat' })).toBeFocused();
  await expect(patient.getByRole('definition').filter({ hasText: clinic.name })).toBeVisible();
  await patient.goBack();
  await expect(patient.getByRole('heading', { name: 'Pilih poli' })).toBeVisible();
  await patient.goForward();
  await expect(patient.getByRole('heading', { name: 'Pilih tanggal berobat' })).toBeVisible();
  // The wizard's own "Kembali" is a step back in the history too: the browser's back then leaves the clinic
  // step behind, and does not return to the later step.
  await patient.locator('.reg-dates button:not([disabled])').first().click();
  await patient.getByRole('button', { name: 'Kembali' }).click();
  await expect(patient.getByRole('heading', { name: 'Pilih tanggal berobat' })).toBeFocused();
  await patient.goBack();
  await expect(patient.getByRole('heading', { name: 'Pilih poli' })).toBeVisible();
  await patient.goForward();
  await expect(patient.getByRole('heading', { name: 'Pilih tanggal berobat' })).toBeVisible();

  const { bookingCode } = await bookOnlineAsNewPatient(patient, clinic, {
    name: 'Nurhayati Daeng Caya',
    birthDate: '1990-02-14',
    sex: 'Perempuan',
    address: 'Jl. Veteran Selatan No. 12, Makassar',
    phone: '081355598765',
  });
  // The only copy of the code where no WhatsApp message brings it: a reload keeps the ticket.
  await patient.reload();
  await expect(patient.getByLabel('Kode booking')).toHaveText(bookingCode);
  // A new booking starts afresh; going back shows the ticket again.
  await patient.getByRole('button', { name: 'Daftar pasien lain' }).click();
  await expect(patient.getByRole('heading', { name: 'Pilih poli' })).toBeVisible();
  await patient.goBack();
  await expect(patient.getByLabel('Kode booking')).toHaveText(bookingCode);
});
