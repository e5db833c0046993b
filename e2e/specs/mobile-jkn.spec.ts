import { expect, type APIRequestContext, test } from '@playwright/test';
import { baseURL, fakeBpjsUrl } from '../playwright.config.ts';
import { createClinic, namePattern, randomDigits, randomPrefix, todayWib } from '../support/clinics.ts';
import { csrfHeaders, logIn } from '../support/staff.ts';

// BPJS's side is played by the test: it calls the portal's Mobile JKN service as BPJS does, and reads
// what the portal reported from the fake BPJS that runs beside the portal (see playwright.config.ts).

async function bpjsCall(request: APIRequestContext, token: string, service: string, data: object) {
  const res = await request.post(`/api/jkn/${service}`, {
    headers: { 'x-username': 'bpjs.e2e', 'x-token': token },
    data,
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    metadata: { code: number; message: string };
    response?: Record<string, unknown>;
  };
}

test(
  'a Mobile JKN booking of a new patient shows on the desk and the board, and BPJS hears every step',
  { tag: '@postgres' },
  async ({ page, browser, playwright }) => {
    const fajar = await logIn(page, 'fajar', '/antrean');
    const prefix = randomPrefix('J');
    const doctorCode = `9${randomDigits(5)}`;
    const clinic = await createClinic(page, fajar, prefix, { poli: prefix, doctor: doctorCode });
    const credentials = await page.request.put('/api/admin/jkn-credentials', {
      headers: csrfHeaders(fajar),
      data: { username: 'bpjs.e2e', password: 'lumbung-padi-uji-senja' },
    });
    expect(credentials.status(), await credentials.text()).toBe(200);

    // BPJS, without any staff session.
    const bpjs = await playwright.request.newContext({ baseURL });
    const tokenAnswer = await bpjs.get('/api/jkn/token', {
      headers: { 'x-username': 'bpjs.e2e', 'x-password': 'lumbung-padi-uji-senja' },
    });
    const token = String(((await tokenAnswer.json()) as { response: { token: string } }).response.token);
    const nik = `7371${randomDigits(12)}`;
    const card = `000${randomDigits(10)}`;
    const booking = {
      nomorkartu: card,
      nik,
      nohp: '081355512345',
      kodepoli: prefix,
      norm: '',
      tanggalperiksa: todayWib(),
      kodedokter: Number(doctorCode),
      jampraktek: clinic.hours,
      jeniskunjungan: 1,
      nomorreferensi: `0701R001${randomDigits(10)}`,
    };
    expect((await bpjsCall(bpjs, token, 'ambilantrean', booking)).metadata.code).toBe(202);
    const registered = await bpjsCall(bpjs, token, 'pasienbaru', {
      nomorkartu: card,
      nik,
      nomorkk: `7371${randomDigits(12)}`,
      nama: 'Rahmat Hidayat',
      jeniskelamin: 'L',
      tanggallahir: '1979-08-17',
      nohp: '081355512345',
      alamat: 'Jl. Perintis Kemerdekaan No. 12',
      kodeprop: '73',
      namaprop: 'SULAWESI SELATAN',
      kodedati2: '7371',
      namadati2: 'KOTA MAKASSAR',
      kodekec: '737101',
      namakec: 'MARISO',
      kodekel: '7371011001',
      namakel: 'BONTORANNU',
      rw: '002',
      rt: '004',
    });
    expect(registered.metadata.code).toBe(200);
    const booked = await bpjsCall(bpjs, token, 'ambilantrean', {
      ...booking,
      norm: registered.response?.norm,
    });
    expect(booked.metadata, JSON.stringify(booked)).toMatchObject({ code: 200 });
    const number = `${prefix}-001`;
    expect(booked.response).toMatchObject({ nomorantrean: number, angkaantrean: 1 });
    const kodebooking = String(booked.response?.kodebooking);
    expect(
      (await bpjsCall(bpjs, token, 'checkinantrean', { kodebooking, waktu: Date.now() })).metadata.code,
    ).toBe(200);

    // The clinic's waiting-room screen counts the checked-in Mobile JKN patient like any other.
    const visitor = await browser.newContext();
    const board = await visitor.newPage();
    await board.goto(`/papan-antrean?poli=${clinic.id}`);
    const boardCard = board
      .getByRole('listitem')
      .filter({ has: board.getByRole('heading', { name: clinic.name }) });
    await expect(boardCard).toContainText('1 orang');

    // The desk: the same queue; a patient new to the hospital passes admission first.
    await page.goto(`/antrean?poli=${clinic.id}`);
    const session = page.getByRole('region', { name: namePattern(clinic.doctor) });
    const row = session.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Rahmat Hidayat');
    await expect(row).toContainText('JKN');
    await session.getByRole('button', { name: `Mulai admisi ${number}` }).click();
    await session.getByRole('button', { name: `Selesai admisi ${number}` }).click();
    await session.getByRole('button', { name: 'Panggil berikutnya' }).click();
    await expect(session.getByRole('status')).toContainText(number);
    await expect(board.getByRole('status')).toContainText(`Nomor ${number}, silakan masuk ke ${clinic.name}`);
    await expect(boardCard).toContainText(number);

    // Mobile JKN sees the call too.
    expect((await bpjsCall(bpjs, token, 'sisaantrean', { kodebooking })).response).toMatchObject({
      antreanpanggil: number,
    });

    // And BPJS heard the booking and tasks 1 to 4, in order.
    await expect
      .poll(async () => {
        const held = (await (await bpjs.get(`${fakeBpjsUrl}/__fake/bookings`)).json()) as Record<
          string,
          { tasks: { taskid: number }[] }
        >;
        return held[kodebooking]?.tasks.map((task) => task.taskid);
      })
      .toEqual([1, 2, 3, 4]);
    await visitor.close();
    await bpjs.dispose();
  },
);

test('an admin maps a new clinic to BPJS from the list BPJS gives, and checks BPJS’s doctor schedules', async ({
  page,
}) => {
  const fajar = await logIn(page, 'fajar', '/jadwal-poli?tab=bpjs');
  const prefix = randomPrefix('M');
  const clinic = await createClinic(page, fajar, prefix);
  await page.reload();

  const clinics = page.getByRole('table', { name: 'Pemetaan Poli' });
  const row = clinics.getByRole('row').filter({ hasText: clinic.name });
  await expect(row).toContainText('Belum dipetakan');
  await expect(page.getByText(/^Belum dipetakan: \d+ poli aktif dan \d+ dokter aktif\.$/)).toBeVisible();

  // BPJS's own list, fetched through the portal from the (fake) BPJS.
  await page.getByRole('button', { name: 'Ambil referensi BPJS' }).click();
  await expect(page.getByText(/^Referensi BPJS: \d+ poli dan \d+ dokter\.$/)).toBeVisible();

  await row.getByRole('button', { name: `Petakan poli ${clinic.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Petakan ${clinic.name} ke BPJS` });
  await dialog.getByLabel('Pilih dari daftar BPJS').selectOption('MAT');
  await expect(dialog.getByLabel('Kode BPJS')).toHaveValue('MAT');
  await expect(dialog.getByLabel('Nama BPJS')).toHaveValue('MATA');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('MAT');
  await expect(row).not.toContainText('Belum dipetakan');

  // The demo's eye clinic is mapped to MAT too: BPJS's schedules of a Monday against the hospital's.
  await page.getByLabel('Poli', { exact: true }).selectOption({ label: 'Poli Mata (MAT)' });
  await page.getByLabel('Tanggal', { exact: true }).fill('2030-01-07');
  await page.getByRole('button', { name: 'Cek jadwal' }).click();
  const schedules = page.getByRole('table', { name: /^Jadwal dokter BPJS Poli Mata/ });
  await expect(schedules.getByRole('row').filter({ hasText: 'dr. Fitriani Lamba, Sp.M' })).toContainText(
    '08:00-12:00',
  );
});
