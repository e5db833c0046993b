import { type Browser, expect, type Page, test } from '@playwright/test';
import { fakeParticipant, fakeReferral } from '../../server/src/fake-bpjs/reference.ts';
import { addDays } from '../../server/src/lib/dates.ts';
import {
  createClinic,
  randomDigits,
  randomNik,
  randomPrefix,
  type TestClinic,
  todayWib,
} from '../support/clinics.ts';
import { checkInAtKiosk } from '../support/kiosk.ts';
import { csrfHeaders, logIn, type StaffSession } from '../support/staff.ts';
import { startVclaimPortal, VCLAIM_PPK, type VclaimPortal } from '../support/vclaim.ts';

// BPJS VClaim at the website, the kiosk and the counter, against the repository's fake BPJS: a JKN patient's
// card and referral are checked before anything is booked, and a booking made while BPJS is down is checked
// when it is back. A portal of its own with VClaim configured (support/vclaim.ts).

test.describe.configure({ mode: 'serial' });

let portal: VclaimPortal;
let staff: { page: Page; session: StaffSession; close: () => Promise<void> };
let clinic: TestClinic;
/** The clinic's BPJS code, which a referral must name. */
let poli: string;

interface DemoPatient {
  mrn: string;
  name: string;
  birthDate: string;
  phone: string | null;
  nik: string | null;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  portal = await startVclaimPortal();
  staff = await staffOn(browser, 'fajar', '/antrean');
  poli = randomPrefix('V');
  clinic = await createClinic(staff.page, staff.session, poli, { poli, doctor: `8${randomDigits(5)}` });
});

test.afterAll(async () => {
  await staff?.close();
  await portal?.stop();
});

async function staffOn(browser: Browser, username: string, next: string) {
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  const session = await logIn(page, username, next);
  return { page, session, close: () => context.close() };
}

/** A demo patient with a phone on record (the website asks for it with the birth date). */
async function demoPatient(name: string): Promise<DemoPatient> {
  const found = (await (await staff.page.request.get(`/api/patients?name=${name}`)).json()) as DemoPatient[];
  // The website asks for the phone with the birth date; BPJS hears of a patient with a NIK only.
  const patient = found.find((p) => p.phone && /^\d{16}$/.test(p.nik ?? ''));
  if (!patient) throw new Error(`no demo patient named ${name} with a phone and a NIK`);
  return patient;
}

/** BPJS knows the patient's card, active, under their name: its number. */
function cardOf(patient: DemoPatient): string {
  const noKartu = `0002${randomDigits(9)}`;
  portal.bpjs.participants.set(
    noKartu,
    fakeParticipant({
      noKartu,
      nik: randomNik(),
      nama: patient.name.toUpperCase(),
      tglLahir: patient.birthDate,
    }),
  );
  return noKartu;
}

/** A referral from primary care for the card to this hospital's clinic, `daysOld` days ago: its number. */
function referralFor(noKartu: string, daysOld: number): string {
  const noKunjungan = `0114B003${randomDigits(11)}`;
  portal.bpjs.referrals.set(
    noKunjungan,
    fakeReferral({
      noKunjungan,
      tglKunjungan: addDays(todayWib(), -daysOld),
      noKartu,
      poliRujukan: { kode: poli, nama: clinic.name.toUpperCase() },
      ppkDirujuk: { kode: VCLAIM_PPK, nama: 'RS UJI' },
    }),
  );
  return noKunjungan;
}

/** On /registrasi: today's session of the clinic, paid by JKN with this card and referral. */
async function chooseJkn(page: Page, card: string, referral: string) {
  await page.goto('/registrasi');
  await page.getByRole('button', { name: clinic.name }).click();
  await page.locator('.reg-dates button:not([disabled])').first().click();
  await page.getByRole('button', { name: new RegExp(clinic.doctor.replace(/[.,]/g, '\\$&')) }).click();
  await page.getByRole('radio', { name: 'JKN / BPJS Kesehatan' }).check();
  await page.getByLabel('Nomor kartu BPJS').fill(card);
  await page.getByLabel('Nomor rujukan').fill(referral);
  await page.getByRole('button', { name: 'Lanjut' }).click();
}

/** The returning patient says who they are and books: the page shows the ticket or the refusal. */
async function identifyAndBook(page: Page, patient: DemoPatient) {
  await page.getByRole('radio', { name: 'Pernah berobat di sini (pasien lama)' }).check();
  await page.getByLabel('No. rekam medis (No. RM)').fill(patient.mrn);
  await page.getByLabel('Tanggal lahir').fill(patient.birthDate);
  await page.getByLabel('No. HP').fill(patient.phone ?? '');
  await page.getByRole('button', { name: 'Daftar' }).click();
}

async function bookingCodeOn(page: Page): Promise<string> {
  const code = (await page.getByLabel('Kode booking').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return code;
}

test('a JKN patient is refused for a referral out of date, books with a valid one, checks in at the kiosk and gets the SEP at the desk', async ({
  browser,
}) => {
  const patient = await demoPatient('siti');
  const card = cardOf(patient);
  const expired = referralFor(card, 120);
  const valid = referralFor(card, 10);
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();

  await chooseJkn(page, card, expired);
  await identifyAndBook(page, patient);
  // BPJS's answer in the patient's words, next to the referral, and nothing booked.
  await expect(page.getByText(/Rujukan ini sudah tidak berlaku pada tanggal kunjungan/)).toBeVisible();
  await expect(page.getByLabel('Nomor rujukan')).toBeVisible();
  await page.getByLabel('Nomor rujukan').fill(valid);
  await page.getByRole('button', { name: 'Lanjut' }).click();
  await page.getByRole('button', { name: 'Daftar' }).click();
  const bookingCode = await bookingCodeOn(page);

  await page.goto('/anjungan');
  await checkInAtKiosk(page, bookingCode);
  await expect(page.getByRole('heading', { name: 'Check-in berhasil' })).toBeVisible();
  await context.close();

  // The clerk issues the SEP from the queue desk, filled from BPJS's referral, and prints it.
  const desk = staff.page;
  await desk.goto(`/antrean?poli=${clinic.id}`);
  const row = desk.getByRole('row').filter({ hasText: patient.name });
  await row.getByRole('button', { name: /^Buat SEP/ }).click();
  const form = desk.getByRole('dialog', { name: 'Buat SEP' });
  await expect(form).toContainText('Essential (primary) hypertension');
  await form.getByRole('button', { name: 'Terbitkan SEP' }).click();
  const sheet = desk.getByRole('article', { name: /^SEP / });
  await expect(sheet).toBeVisible();
  const [issued] = [...portal.bpjs.seps.values()].filter((sep) => sep.noKartu === card);
  expect(issued).toBeDefined();
  await desk.emulateMedia({ media: 'print' });
  await expect(sheet).toContainText(issued?.noSep ?? '?');
  await expect(sheet).toContainText(patient.name.toUpperCase());
  await expect(sheet).toContainText('I10');
  await desk.emulateMedia({ media: 'screen' });
  await desk.keyboard.press('Escape');
  await expect(row).toContainText(issued?.noSep ?? '?');

  // Called and served: BPJS has the booking and tasks 3 to 5, and the monitor shows the visit complete.
  for (const action of ['call', 'serve']) {
    const moved = await desk.request.post(`/api/queue/desk/registrations/${bookingCode}/${action}`, {
      headers: csrfHeaders(staff.session),
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await desk.goto('/antrean?tab=mutu');
  const quality = desk
    .getByRole('table', { name: /^Mutu antrean online BPJS/ })
    .getByRole('row')
    .filter({ hasText: clinic.name });
  // Visits, booking accepted, tasks 3–7, complete, failed.
  await expect(async () => {
    await desk.reload();
    await expect(quality.getByRole('cell')).toHaveText(
      [new RegExp(clinic.name), '1', '1', '1', '1', '1', '0', '0', '1', '0'],
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
});

test('with BPJS down a JKN booking is made on the format checks, marked for the clerk, and checked when BPJS is back', async ({
  browser,
}) => {
  const patient = await demoPatient('rahman');
  const card = cardOf(patient);
  const referral = referralFor(card, 5);
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  portal.bpjs.fail({ mode: 'down' });
  try {
    await chooseJkn(page, card, referral);
    await identifyAndBook(page, patient);
    await bookingCodeOn(page);

    await staff.page.goto(`/antrean?poli=${clinic.id}`);
    const row = staff.page.getByRole('row').filter({ hasText: patient.name });
    await expect(row).toContainText('Belum dicek BPJS');
  } finally {
    portal.bpjs.heal();
  }
  // The recheck asks BPJS again within seconds (BPJS_VCLAIM_RECHECK_SECONDS=2): the card and referral pass,
  // the mark goes.
  await expect(async () => {
    await staff.page.reload();
    const row = staff.page.getByRole('row').filter({ hasText: patient.name });
    await expect(row).toBeVisible({ timeout: 2_000 });
    await expect(row).not.toContainText('Belum dicek BPJS', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});
