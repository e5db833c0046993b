import { expect, type Page, test } from '@playwright/test';
import { createClinic, randomPrefix } from '../support/clinics.ts';
import { bookByApi, checkInAtDesk } from '../support/booking.ts';
import { csrfHeaders, logIn, staffBrowser, submitLogin } from '../support/staff.ts';

// The staff back office: patient search and history (rosmiati; andi for a booking of his own), attendance
// (rosmiati: no other spec clocks her in; hendra, at work in the demo data, clocks out), the duty roster (andi,
// a cell of next month cleared first), the operating-room schedule (fadilah, an operation of its own) and staff
// administration (andi, a new person of its own). Each test sets up what it needs, so they run in any order and
// beside the other specs.

interface Operation {
  id: number;
  procedure: string;
  theatre: string;
  cancelled: boolean;
  patient: { id: number; mrn: string; name: string; birthDate: string };
}

interface PublicSchedule {
  date: string;
  operations: {
    order: number;
    theatre: string;
    procedure: string;
    surgeon: string | null;
    plannedStart: string | null;
    status: string;
    cancelled: boolean;
  }[];
}

/** A mark that no other run of a test has used: for names, procedures and usernames. */
const uniqueMark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Today in the hospital's time zone (WIB, UTC+7), as YYYY-MM-DD. */
const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

const toast = (page: Page) => page.locator('.p-toast');

test('a records clerk finds a patient by name, opens the record and reads the visit history', async ({
  page,
}) => {
  await logIn(page, 'rosmiati', '/pasien');
  await expect(page.getByRole('heading', { name: 'Pencarian Pasien' })).toBeVisible();

  // Setup: a demo patient with a visit in the last year that was not cancelled.
  const candidates = (await (await page.request.get('/api/patients?name=rahman')).json()) as {
    id: number;
    mrn: string;
    name: string;
  }[];
  let chosen:
    | {
        patient: (typeof candidates)[number];
        visit: { registrationNo: string; date: string; clinic: { name: string }; diagnoses: string[] };
        sameDay: number;
      }
    | undefined;
  for (const patient of candidates) {
    const visits = (await (
      await page.request.get(`/api/patients/${patient.id}/outpatient-visits`)
    ).json()) as { registrationNo: string; date: string; clinic: { name: string }; diagnoses: string[] }[];
    const visit = visits.find((v) => v.diagnoses.length > 0);
    if (visit) {
      chosen = { patient, visit, sameDay: visits.filter((v) => v.date === visit.date).length };
      break;
    }
  }
  if (!chosen) throw new Error('no demo patient named Rahman has a visit in the last year');
  const { patient, visit, sameDay } = chosen;

  await expect(page.getByLabel('Cari berdasarkan')).toHaveValue('name');
  await page.getByLabel('Kata kunci').fill(patient.name);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page).toHaveURL(/\/pasien\?by=name&q=/);
  const results = page.getByRole('table', { name: `Hasil pencarian Nama "${patient.name}"` });
  const row = results.getByRole('row').filter({ hasText: patient.mrn });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: patient.name }).click();

  await expect(page).toHaveURL(`/pasien/${patient.id}`);
  const identity = page.getByRole('region', { name: `Identitas Pasien: ${patient.name}` });
  await expect(identity).toContainText(`No. RM${patient.mrn}`);
  await expect(
    page
      .getByRole('table', { name: 'Kunjungan Terakhir' })
      .getByRole('button', { name: visit.registrationNo }),
  ).toBeVisible();

  // The outpatient history of the last year, then narrowed to the visit's day.
  const history = page.getByRole('region', { name: 'Riwayat Kunjungan' });
  await expect(history.getByRole('tab', { name: 'Rawat Jalan' })).toHaveAttribute('aria-selected', 'true');
  const outpatient = history.getByRole('table', { name: 'Rawat Jalan' });
  await expect(outpatient.getByRole('button', { name: visit.registrationNo })).toBeVisible();
  await history.getByLabel('Dari tanggal').fill(visit.date);
  await history.getByLabel('Sampai tanggal').fill(visit.date);
  await history.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(history.getByText(`${sameDay} kunjungan`, { exact: true })).toBeVisible();
  await expect(outpatient.locator('tbody').getByRole('row')).toHaveCount(sameDay);
  const visitRow = outpatient.getByRole('row').filter({ hasText: visit.registrationNo });
  await expect(visitRow).toContainText(visit.clinic.name);
  await expect(visitRow).toContainText(visit.diagnoses.join('; '));

  // A date range the wrong way round is explained, not sent.
  await history.getByLabel('Dari tanggal').fill('2030-01-02');
  await history.getByLabel('Sampai tanggal').fill('2030-01-01');
  await history.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(history.getByText('Tanggal akhir tidak boleh sebelum tanggal awal.')).toBeVisible();
  await expect(outpatient.getByRole('button', { name: visit.registrationNo })).toBeVisible();

  // The visit's details open over the record, and the link can be shared.
  await outpatient.getByRole('button', { name: visit.registrationNo }).click();
  const details = page.getByRole('dialog', { name: `Kunjungan ${visit.registrationNo}` });
  await expect(details).toContainText(`${patient.name} (${patient.mrn})`);
  await expect(details).toContainText(visit.clinic.name);
  await expect(details).toContainText(visit.diagnoses.join('; '));
  await expect(page).toHaveURL(`/pasien/${patient.id}?kunjungan=${visit.registrationNo}`);
  // The footer's button (the header's × has the same name, and no text).
  await details.getByRole('button', { name: 'Tutup' }).filter({ hasText: 'Tutup' }).click();
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(`/pasien/${patient.id}`);

  // Back to the search finds the same results.
  await page.getByRole('button', { name: 'Kembali ke pencarian' }).click();
  await expect(row).toHaveCount(1);
  await expect(page.getByLabel('Kata kunci')).toHaveValue(patient.name);

  // The record number finds the patient too, typed without the zeros in front (demo numbers have six digits).
  const typed = withoutLeadingZeros(patient.mrn);
  expect(typed).not.toBe(patient.mrn);
  await findByRecordNumber(page, typed);
  const byNumber = page.getByRole('table', { name: `Hasil pencarian No. RM "${typed}"` });
  await expect(byNumber.locator('tbody').getByRole('row')).toHaveCount(1);
  await expect(byNumber.getByRole('row').filter({ hasText: patient.mrn })).toHaveCount(1);
  await expect(byNumber.getByRole('link', { name: patient.name })).toBeVisible();
});

const withoutLeadingZeros = (mrn: string) => mrn.replace(/^0+(?=\d)/, '');

async function findByRecordNumber(page: Page, typed: string) {
  await page.getByLabel('Cari berdasarkan').selectOption('No. RM');
  await page.getByLabel('Kata kunci').fill(typed);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page).toHaveURL(`/pasien?by=mrn&q=${typed}`);
}

test('a booking made on the website shows on the record of its patient, found by record number', async ({
  page,
}) => {
  // Setup: a clinic of its own with a session today, and a new patient who books it on the website.
  const andi = await logIn(page, 'andi', '/pasien');
  const clinic = await createClinic(page, andi, randomPrefix('P'));
  const name = `Pasien Booking ${uniqueMark()}`;
  const booking = await bookByApi(
    page.request,
    { clinicId: clinic.id },
    { name, birthDate: '1980-04-21', sex: 'L', address: 'Jl. Veteran Selatan No. 8, Makassar' },
  );
  // A new patient's record is provisional until the desk's check-in has seen the KTP: then it is found.
  await checkInAtDesk(page.request, andi, booking.bookingCode);

  await findByRecordNumber(page, withoutLeadingZeros(booking.mrn));
  await page.getByRole('link', { name }).click();
  const bookings = page.getByRole('region', { name: 'Riwayat Pendaftaran' });
  await expect(bookings.getByText('1 pendaftaran', { exact: true })).toBeVisible();
  const row = bookings.getByRole('row').filter({ hasText: booking.bookingCode });
  for (const text of [clinic.name, clinic.doctor, booking.queueNumber, 'Sudah check-in', 'Umum', 'Website']) {
    await expect(row).toContainText(text);
  }
});

test('a staff member clocks in, and one at work since the shift began clocks out; the admin sees both today', async ({
  page,
  browser,
}) => {
  const me = await logIn(page, 'rosmiati', '/absensi');
  const state = page.locator('.attendance-state');
  const month = page.getByRole('table', { name: 'Shift Bulan Ini' });
  await expect(state).toHaveText('Anda belum absen masuk.');
  await expect(month.getByRole('row').filter({ hasText: 'Masih bertugas' })).toHaveCount(0);

  // A double click: the second click does not close the shift the first one opened.
  await page.getByRole('button', { name: 'Absen Masuk' }).dblclick();
  await expect(toast(page)).toContainText(/Absen masuk tercatat pukul \d{2}\.\d{2}\./);
  await expect(state).toHaveText(/^Anda sedang bertugas sejak .+\.$/);
  await expect(page.getByRole('button', { name: 'Absen Masuk' })).toBeHidden();
  await expect(month.getByRole('row').filter({ hasText: 'Masih bertugas' })).toHaveCount(1);

  // A reload (another device) shows the same open shift: it is kept by the server.
  await page.reload();
  await expect(state).toHaveText(/^Anda sedang bertugas sejak /);

  // Within a minute of the clock-in a clock-out is refused.
  await page.getByRole('button', { name: 'Absen Pulang' }).click();
  // The error's toast and the notices' toast are two: each message is looked for in both.
  await expect(toast(page).getByText(/^Anda baru saja absen masuk\./)).toBeVisible();
  await expect(state).toHaveText(/^Anda sedang bertugas sejak /);

  // The demo's ward nurse has been at work since a shift began (an hour ago or more): the clock-out is taken.
  const nurse = await staffBrowser(browser, 'hendra', '/absensi');
  const nurseState = nurse.page.locator('.attendance-state');
  await expect(nurseState).toHaveText(/^Anda sedang bertugas sejak .+\.$/);
  await nurse.page.getByRole('button', { name: 'Absen Pulang' }).click();
  await expect(
    toast(nurse.page).getByText(/Absen pulang tercatat pukul \d{2}\.\d{2}; lama bertugas \d+:\d{2}\./),
  ).toBeVisible();
  await expect(nurseState).toHaveText('Anda belum absen masuk.');
  await expect(nurse.page.getByRole('button', { name: 'Absen Masuk' })).toBeEnabled();
  const nurseMonth = nurse.page.getByRole('table', { name: 'Shift Bulan Ini' });
  await expect(nurseMonth.getByRole('row').filter({ hasText: 'Masih bertugas' })).toHaveCount(0);
  await nurse.close();

  // The admin's list of today has her at work and him gone home.
  const admin = await staffBrowser(browser, 'andi', '/absensi');
  await admin.page.getByRole('tab', { name: 'Hari Ini' }).click();
  await expect(admin.page).toHaveURL('/absensi?tab=hari-ini');
  const today = admin.page.getByRole('table', { name: /^Absensi Hari Ini, / });
  await expect(today.getByRole('row').filter({ hasText: me.name })).toContainText('Bertugas');
  await expect(today.getByRole('row').filter({ hasText: 'Ns. Hendra Saputra' })).toContainText(
    'Sudah pulang',
  );
  await admin.close();
});

test('an admin plans an officer in a roster cell of next month, and takes the plan back', async ({
  page,
}) => {
  const admin = await logIn(page, 'andi', '/piket');
  const headers = csrfHeaders(admin);
  const today = jakartaToday();
  const [year, month] = today.split('-').map(Number) as [number, number];
  const nextMonth = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
  const date = `${nextMonth}-15`;

  // Setup: the cell starts empty, whatever an earlier run left.
  const planned = (await (await page.request.get(`/api/roster?from=${date}&to=${date}`)).json()) as {
    id: number;
    shift: string;
    role: string;
  }[];
  for (const entry of planned.filter((e) => e.shift === 'pagi' && e.role === 'piket')) {
    expect((await page.request.delete(`/api/roster/${entry.id}`, { headers })).status()).toBe(204);
  }
  const eligible = (await (await page.request.get('/api/roster/eligible')).json()) as {
    piket: { id: number; name: string }[];
  };
  const officer = eligible.piket[0];
  if (!officer) throw new Error('nobody may be rostered as Petugas Piket');

  await expect(page.getByRole('heading', { name: /^Jadwal Piket: / })).toBeVisible();
  await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  const day = page.getByRole('row').filter({ has: page.locator(`time[datetime="${date}"]`) });
  const cell = day.getByRole('button', { name: /^Petugas Piket shift Pagi, / });
  await expect(cell).toHaveAccessibleName(/: belum dijadwalkan$/);

  await cell.click();
  const dialog = page.getByRole('dialog', { name: /^Petugas Piket: shift Pagi, / });
  await dialog.getByLabel('Petugas').selectOption({ label: officer.name });
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(`${officer.name} dijadwalkan sebagai Petugas Piket shift Pagi, `);
  await expect(cell).toHaveAccessibleName(new RegExp(`: ${officer.name.replace(/[.,]/g, '\\$&')}$`));
  await expect(cell).toContainText(officer.name);

  // Saved on the server: a reload of the page finds it in the same cell.
  await page.reload();
  await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await expect(cell).toContainText(officer.name);
  const saved = (await (await page.request.get(`/api/roster?from=${date}&to=${date}`)).json()) as {
    shift: string;
    role: string;
    staff: { id: number };
  }[];
  expect(saved.filter((e) => e.shift === 'pagi' && e.role === 'piket').map((e) => e.staff.id)).toEqual([
    officer.id,
  ]);

  // The same dialog takes the officer off again.
  await cell.click();
  await expect(dialog.getByLabel('Petugas')).toHaveValue(String(officer.id));
  await dialog.getByRole('button', { name: 'Hapus dari jadwal' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(`${officer.name} dihapus dari jadwal Petugas Piket shift Pagi, `);
  await expect(cell).toHaveAccessibleName(/: belum dijadwalkan$/);
});

test('theatre staff add an operation for today, start it and move it to Selesai; the public board follows without the patient', async ({
  page,
  request,
}) => {
  await logIn(page, 'fadilah', '/jadwal-operasi');
  const today = jakartaToday();
  const procedure = `Eksisi kista ateroma uji ${uniqueMark()}`;
  // Setup: a patient to operate on, and a surgeon.
  const [patient] = (await (await page.request.get('/api/operations/patients?q=saputra')).json()) as {
    mrn: string;
    name: string;
  }[];
  const [surgeon] = (await (await page.request.get('/api/operations/surgeons')).json()) as { name: string }[];
  if (!patient || !surgeon) throw new Error('no demo patient or surgeon for the operation');
  const label = `${procedure} (${patient.name})`;

  await expect(page.getByRole('heading', { name: /^Jadwal Operasi / })).toBeVisible();
  await expect(page.getByLabel('Tanggal', { exact: true })).toHaveValue(today);

  await page.getByRole('button', { name: 'Tambah operasi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Operasi' });
  await expect(dialog.getByLabel('Tanggal operasi')).toHaveValue(today);
  await dialog.getByLabel('Cari pasien (No. RM atau nama)').fill(patient.mrn);
  await dialog
    .getByRole('list', { name: 'Hasil pencarian pasien' })
    .getByRole('button', { name: `Pilih ${patient.name} (No. RM ${patient.mrn})` })
    .click();
  await expect(dialog.getByRole('group', { name: 'Pasien' })).toContainText(
    `${patient.name} — No. RM ${patient.mrn}`,
  );
  await dialog.getByLabel('Tindakan').fill(procedure);
  await dialog.getByLabel('Kamar operasi').fill('OK 3');
  await dialog.getByLabel('Dokter operator').selectOption({ label: surgeon.name });
  await dialog.getByLabel('Jam rencana mulai').fill('14:30');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(`Operasi ${label} ditambahkan sebagai urutan `);

  const list = page.getByRole('table', { name: /^Jadwal Operasi / });
  const row = list.getByRole('row').filter({ hasText: procedure });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(patient.name);
  await expect(row).toContainText(`No. RM ${patient.mrn}`);
  await expect(row).toContainText('14.30');
  await expect(row).toContainText(surgeon.name);
  await expect(row).toContainText('Menunggu');

  await row.getByRole('button', { name: `Mulai operasi ${label}` }).click();
  await page
    .getByRole('dialog', { name: 'Mulai operasi?' })
    .getByRole('button', { name: 'Ya, mulai' })
    .click();
  await expect(toast(page)).toContainText(`Operasi ${label} dimulai.`);
  await expect(row).toContainText('Sedang Berlangsung');
  await expect(row.getByRole('button', { name: `Ubah operasi ${label}` })).toBeHidden();

  await row.getByRole('button', { name: `Selesaikan operasi ${label}` }).click();
  await page
    .getByRole('dialog', { name: 'Selesaikan operasi?' })
    .getByRole('button', { name: 'Ya, selesai' })
    .click();
  await expect(toast(page)).toContainText(`Operasi ${label} selesai.`);
  await expect(row).toContainText('Selesai');
  await expect(row.getByRole('button', { name: `Selesaikan operasi ${label}` })).toBeHidden();
  await expect(row.getByRole('button', { name: `Batalkan operasi ${label}` })).toBeHidden();

  // The status filter (kept in the URL) finds it among the finished ones after a reload.
  await page.getByLabel('Status', { exact: true }).selectOption('Selesai');
  await expect(page).toHaveURL(/status=Selesai/);
  await page.reload();
  await expect(row).toContainText('Selesai');
  await expect(list.getByRole('row').filter({ hasText: 'Menunggu' })).toHaveCount(0);

  // The public board shows it as finished, without the patient.
  const board = (await (await request.get('/api/public/operating-schedule')).json()) as PublicSchedule;
  expect(board.date).toBe(today);
  expect(board.operations.filter((o) => o.procedure === procedure)).toEqual([
    expect.objectContaining({
      theatre: 'OK 3',
      plannedStart: '14:30',
      surgeon: surgeon.name,
      status: 'Selesai',
    }),
  ]);
  const text = JSON.stringify(board);
  expect(text).not.toContain(patient.name);
  expect(text).not.toContain(patient.mrn);
});

test("the public operating schedule lists today's operations and nothing about the patients", async ({
  page,
  request,
}) => {
  await logIn(page, 'fadilah', '/jadwal-operasi');
  const today = jakartaToday();
  // What the theatre staff see for today, with the patients.
  const staffList = (await (await page.request.get(`/api/operations?date=${today}`)).json()) as Operation[];
  expect(staffList.length).toBeGreaterThan(0);

  const response = await request.get('/api/public/operating-schedule');
  expect(response.status()).toBe(200);
  const board = (await response.json()) as PublicSchedule;
  expect(board.date).toBe(today);

  // Today's operations of the demo data, the cancelled one flagged.
  const procedures = board.operations.map((o) => o.procedure);
  for (const seeded of ['Kolesistektomi laparoskopi', 'Tonsilektomi', 'ORIF fraktur femur dekstra']) {
    expect(procedures).toContain(seeded);
  }
  expect(board.operations.find((o) => o.procedure === 'Appendektomi laparoskopi')?.cancelled).toBe(true);
  // Every operation of the staff list is on the board (others may add more meanwhile).
  for (const operation of staffList) {
    expect(board.operations).toContainEqual(
      expect.objectContaining({ procedure: operation.procedure, theatre: operation.theatre }),
    );
  }

  // Only the operation's own fields, and no name, record number or birth date of any patient.
  for (const line of board.operations) {
    expect(Object.keys(line).sort()).toEqual(
      ['cancelled', 'order', 'plannedStart', 'procedure', 'status', 'surgeon', 'theatre'].sort(),
    );
  }
  const text = await response.text();
  for (const { patient } of staffList) {
    expect(text).not.toContain(patient.name);
    expect(text).not.toContain(patient.mrn);
    expect(text).not.toContain(patient.birthDate);
  }
});

test('an admin adds a staff member with a role, who chooses their own password at the first login and reaches only that desk', async ({
  page,
  browser,
}) => {
  await logIn(page, 'andi', '/pegawai');
  const stamp = uniqueMark();
  const name = `Nurhayati Uji ${stamp}`;
  const username = `uji.${stamp}`;
  const password = '#7391-%8824!';
  const phone = `0813${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  await page.getByRole('button', { name: 'Tambah pegawai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pegawai' });
  await dialog.getByLabel('Nama lengkap').fill(name);
  await dialog.getByLabel('Nomor HP').fill(phone);
  await dialog.getByLabel('Nama pengguna').fill(username);
  await dialog.getByLabel('Kata sandi').fill(password);
  await dialog.getByRole('group', { name: 'Peran' }).getByLabel('Rekam Medis').check();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(`Pegawai "${name}" ditambahkan.`);

  await page.getByLabel('Cari', { exact: true }).fill(username);
  const row = page.getByRole('table', { name: 'Daftar Pegawai' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(username);
  await expect(row).toContainText('Rekam Medis');
  await expect(row).toContainText('Aktif');

  // The new person logs in with the password the admin gave: before any desk they choose their own,
  // which only they know, and then find the records desk.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto('/auth?next=/pasien');
  await submitLogin(newcomer, username, password);
  await expect(newcomer.getByRole('heading', { level: 1, name: 'Ganti Kata Sandi Anda Dulu' })).toBeVisible();
  await expect(newcomer.getByText('Kata sandi Anda diberikan oleh admin')).toBeVisible();
  await expect(newcomer.getByRole('heading', { name: 'Pencarian Pasien' })).toHaveCount(0);
  const own = `${password}-milik-sendiri`;
  const change = newcomer.getByRole('dialog', { name: 'Ganti Kata Sandi' });
  await change.getByLabel('Kata sandi lama').fill(password);
  await change.getByLabel('Kata sandi baru', { exact: true }).fill(own);
  await change.getByLabel('Ulangi kata sandi baru').fill(own);
  await change.getByRole('button', { name: 'Simpan' }).click();
  await expect(newcomer).toHaveURL('/pasien');
  await expect(newcomer.getByRole('banner')).toContainText(name);
  await expect(newcomer.getByRole('heading', { name: 'Pencarian Pasien' })).toBeVisible();
  const menu = newcomer
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('list', { name: 'Petugas' });
  await expect(menu.getByRole('link', { name: 'Cari Pasien' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Pegawai' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Jadwal Operasi' })).toHaveCount(0);
  // Only that desk: staff administration stays closed.
  await newcomer.goto('/pegawai');
  await expect(newcomer.getByText('Anda tidak berhak membuka data pegawai.')).toBeVisible();
  await context.close();
});
