import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { bookOnlineAsNewPatient } from '../support/booking.ts';
import { createClinic, namePattern, randomDigits, randomPrefix } from '../support/clinics.ts';
import { checkInAtKiosk } from '../support/kiosk.ts';
import { expectSaid, finishSpeaking, installSpeechDouble, sentence } from '../support/speech.ts';
import { logIn, staffBrowser } from '../support/staff.ts';

// Issue 17, item 4: the satisfaction survey (SKM) at the end of the whole outpatient journey. A patient books
// on the website (the WhatsApp confirmation lands in the outbox), checks in at the lobby kiosk, is called at
// the desk while the waiting room's board says the number aloud, is served, follows the survey link of the
// status page (the same link as the WhatsApp message), answers the nine questions once, and the admin sees
// the clinic's index, its letter and the comment, and downloads the CSV.

/** The WhatsApp messages of the outbox to one number, newest first (as an admin reads them). */
async function whatsappTo(admin: Page, phone: string): Promise<string[]> {
  const res = await admin.request.get('/api/desk/outbox?channel=whatsapp&pageSize=100');
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { recipient: string | null; message: string }[] };
  return items.filter((item) => item.recipient === phone).map((item) => item.message);
}

test('a patient booked online, checked in at the kiosk, called aloud and served rates the visit once; admins see the index', async ({
  page,
  browser,
}) => {
  // Four browsers (patient, kiosk, board, admin) and the desk over the whole journey.
  test.slow();
  const fajar = await logIn(page, 'fajar', '/antrean');
  const prefix = randomPrefix('W');
  const clinic = await createClinic(page, fajar, prefix);
  const number = `${prefix}-001`;
  const phone = `0813${randomDigits(8)}`;

  // The patient books on the website; the confirmation is in the WhatsApp outbox at once.
  const visitor = await browser.newContext();
  const patient = await visitor.newPage();
  const { bookingCode } = await bookOnlineAsNewPatient(patient, clinic, {
    name: 'Nurhayati Daeng Caya',
    birthDate: '1979-08-21',
    sex: 'Perempuan',
    address: 'Jl. Sultan Alauddin No. 40, Makassar',
    phone,
  });
  const admin = await staffBrowser(browser, 'andi', '/notifikasi');
  await expect(admin.page.getByText(`KODE BOOKING: *${bookingCode}*`)).toBeVisible();
  // With the ticket's QR code as an image, which the kiosk's camera reads (kiosk.spec films it).
  await expect(admin.page.getByText(`/api/registrations/${bookingCode}/qr.png`)).toBeVisible();

  // On the day: the lobby kiosk, by the booking code typed.
  const lobby = await browser.newContext();
  const kiosk = await lobby.newPage();
  await kiosk.goto('/anjungan');
  await checkInAtKiosk(kiosk, bookingCode);
  await expect(kiosk.getByRole('heading', { name: 'Check-in berhasil' })).toBeVisible();
  await expect(kiosk.getByRole('region', { name: 'Check-in berhasil' })).toContainText(number);
  await lobby.close();

  // The clinic's waiting-room TV (it shows this clinic only), with its sound switched on (the click is the
  // touch browsers ask for).
  const tv = await browser.newContext();
  await tv.addInitScript(installSpeechDouble);
  const board = await tv.newPage();
  await board.goto(`/papan-antrean?poli=${clinic.id}`);
  await board.getByRole('button', { name: 'Suara panggilan' }).click();
  await expect(board.getByRole('heading', { name: clinic.name })).toBeVisible();

  // The desk: a new patient passes the admission counter, then the clinic calls and the board says it.
  await page.goto(`/antrean?poli=${clinic.id}`);
  const session = page.getByRole('region', { name: namePattern(clinic.doctor) });
  await session.getByRole('button', { name: `Mulai admisi ${number}` }).click();
  await session.getByRole('button', { name: `Selesai admisi ${number}` }).click();
  await session.getByRole('button', { name: 'Panggil berikutnya' }).click();
  await expect(board.getByRole('status')).toContainText(`Nomor ${number}, silakan masuk ke ${clinic.name}`);
  const said = sentence(number, clinic);
  await expectSaid(board, said);
  await finishSpeaking(board);
  await session.getByRole('button', { name: `Selesai dilayani ${number}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, selesai' }).click();
  await expect(session.getByRole('button', { name: `Selesai dilayani ${number}` })).toBeHidden();
  await tv.close();

  // The status page offers the survey; the WhatsApp message carries the link too, which staff read without
  // its token (the survey is anonymous to the desks).
  await patient.goto(`/registrasi/lacak?kode=${bookingCode}`);
  await patient.getByRole('link', { name: 'Isi survei kepuasan' }).click();
  await expect(patient).toHaveURL(/\/survei\/[A-Z2-9]{20}$/);
  const token = new URL(patient.url()).pathname.split('/').pop() ?? '';
  await expect.poll(async () => (await whatsappTo(admin.page, phone)).join('\n')).toContain('/survei/…');
  expect((await whatsappTo(admin.page, phone)).join('\n')).not.toContain(token);

  // Nine questions, each with its own four answers; nothing is sent while one is unanswered.
  await expect(patient.getByRole('heading', { name: `Penilaian Anda atas: ${clinic.name}` })).toBeVisible();
  const question = (element: string) => patient.getByRole('group', { name: new RegExp(`^${element}\\. `) });
  await question('U1').getByRole('radio', { name: 'Sangat sesuai' }).check();
  await patient.getByRole('button', { name: 'Kirim Penilaian' }).click();
  await expect(patient.getByText('Masih ada pertanyaan yang belum dijawab.')).toBeVisible();
  await expect(question('U2').getByText('Pilih salah satu jawaban.')).toBeVisible();
  const answers: [string, string][] = [
    ['U2', 'Mudah'],
    ['U3', 'Cepat'],
    ['U4', 'Gratis'],
    ['U5', 'Sesuai'],
    ['U6', 'Sangat kompeten'],
    ['U7', 'Sangat sopan dan ramah'],
    ['U8', 'Berfungsi kurang maksimal'],
  ];
  for (const [element, answer] of answers) {
    await question(element).getByRole('radio', { name: answer, exact: true }).check();
  }
  // By keyboard: the arrows move along the answers and choose.
  await question('U9').getByRole('radio', { name: 'Buruk' }).focus();
  await patient.keyboard.press('ArrowRight');
  await patient.keyboard.press('ArrowRight');
  await expect(question('U9').getByRole('radio', { name: 'Baik', exact: true })).toBeChecked();
  await patient.getByLabel('Saran dan masukan (tidak wajib)').fill('Ruang tunggu poli agak panas.');
  await patient.getByRole('button', { name: 'Kirim Penilaian' }).click();
  await expect(patient.getByRole('heading', { name: 'Terima kasih!' })).toBeVisible();

  // Once per visit: the link now says so, and the status page no longer offers it.
  await patient.reload();
  await expect(patient.getByRole('heading', { name: 'Survei sudah diisi' })).toBeVisible();
  await patient.goto(`/registrasi/lacak?kode=${bookingCode}`);
  await expect(patient.getByTestId('reg-status')).toHaveText('Selesai dilayani');
  await expect(patient.getByRole('link', { name: 'Isi survei kepuasan' })).toHaveCount(0);
  await visitor.close();

  // The admin: the clinic's index for this month. Answers 4 3 3 4 3 4 4 3 3 = 31: 31 × 25 / 9 = 86,11 (B).
  await admin.page.goto('/survei-kepuasan');
  const row = admin.page.getByRole('row').filter({ hasText: clinic.name });
  await expect(row).toContainText('86,11');
  await expect(row).toContainText('B (Baik)');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(admin.page.getByRole('img', { name: 'Grafik IKM' })).toBeVisible();
  const comment = admin.page.getByRole('listitem').filter({ hasText: clinic.name });
  await expect(comment.getByText('Ruang tunggu poli agak panas.')).toBeVisible();
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('button', { name: 'Unduh CSV' }).click(),
  ]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv).toContain(`;${clinic.name};1;4,00;3,00;3,00;4,00;3,00;4,00;4,00;3,00;3,00;86,11;B;Baik\r\n`);
  await admin.close();
});
