import { expect, type Locator, type Page, test } from '@playwright/test';
import { fakeBpjsUrl } from '../playwright.config.ts';
import { csrfHeaders, logIn } from '../support/staff.ts';

// The rooms change the bed board itself (a new room, its beds): this spec runs after the others, which count
// the board's rooms and add up its beds (its own project in playwright.config.ts; alone: `--no-deps`).
test.describe.configure({ mode: 'serial' });

interface HeldBed {
  koderuang: string;
  kapasitas: number;
  tersedia: number;
}

/** A room's numbers in the bed page's table: Kelas, Kapasitas, Terisi, Tersedia. */
function bedCell(page: Page, name: string, column: 'Kapasitas' | 'Tersedia'): Locator {
  return page
    .getByRole('table', { name: 'Per Ruangan' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .locator('td')
    .nth(column === 'Kapasitas' ? 1 : 3);
}

test('a room added and its capacity changed on the ward desk: the bed page follows live, BPJS Aplicares hears it', async ({
  page,
  browser,
  request,
}) => {
  // One long walk through the desk, the bed page and BPJS: more than the default time on a busy machine.
  test.slow();
  const suffix = Date.now().toString(36).toUpperCase();
  const code = `E2E-${suffix}`;
  const name = `Ruang Uji ${suffix}`;
  const bpjsCode = `UJI${suffix}`;

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto('/tempattidur');
  await expect(viewer.getByRole('status')).toHaveText('Pembaruan langsung');
  // Gone after any reload: proves that the numbers below changed in place.
  await viewer.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  const session = await logIn(page, 'andi', '/bangsal?tab=ruangan');
  const rooms = page.getByRole('table', { name: 'Ruangan dan Tempat Tidur' });
  await expect(rooms.getByRole('row', { name: /Ruang Merpati/ })).toBeVisible();

  await page.getByRole('button', { name: 'Tambah Ruangan' }).click();
  const add = page.getByRole('dialog', { name: 'Tambah Ruangan' });
  await add.getByLabel('Kode ruangan').fill(code);
  await add.getByLabel('Nama ruangan').fill(name);
  await add.getByLabel('Kelas BPJS (kodekelas)').selectOption('KL2');
  await add.getByLabel('Kapasitas (tempat tidur)').fill('3');
  await add.getByLabel('Kode ruang BPJS (koderuang)').fill(bpjsCode);
  await add.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(`${name} ditambahkan.`)).toBeVisible();
  await expect(bedCell(viewer, name, 'Kapasitas')).toHaveText('3');

  // Two patients lie in it: it cannot shrink below two beds.
  const found = (await (await page.request.get('/api/ward/patients?q=an')).json()) as {
    id: number;
    sex: 'L' | 'P';
    admittedIn: string | null;
  }[];
  const stays: number[] = [];
  // From the end of the list: the ward desk's spec takes its patients from the start.
  for (const patient of found.filter((p) => p.admittedIn === null).slice(-2)) {
    const admitted = await page.request.post('/api/ward/admissions', {
      headers: csrfHeaders(session),
      data: { patientId: patient.id, roomCode: code },
    });
    expect(admitted.status()).toBe(201);
    stays.push(((await admitted.json()) as { id: number }).id);
  }
  await expect(bedCell(viewer, name, 'Tersedia')).toHaveText('1');

  const row = rooms.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Ubah kapasitas ${name}` }).click();
  const capacity = page.getByRole('dialog', { name: `Kapasitas ${name}` });
  await capacity.getByLabel('Kapasitas baru').fill('1');
  await capacity.getByLabel('Alasan').fill('Satu tempat tidur dipindah ke ICU');
  await capacity.getByRole('button', { name: 'Simpan' }).click();
  await expect(
    capacity.getByText(`Kapasitas ${name} tidak dapat dijadikan 1: 2 tempat tidur sedang terisi.`),
  ).toBeVisible();
  await expect(bedCell(viewer, name, 'Kapasitas')).toHaveText('3');

  await capacity.getByLabel('Kapasitas baru').fill('6');
  await capacity.getByLabel('Alasan').fill('Tambahan tempat tidur dari gudang');
  await capacity.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(`Kapasitas ${name} sekarang 6 tempat tidur.`)).toBeVisible();
  await expect(bedCell(viewer, name, 'Kapasitas')).toHaveText('6');
  await expect(bedCell(viewer, name, 'Tersedia')).toHaveText('4');
  expect(await viewer.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

  // BPJS Aplicares (the fake beside the portal) holds the room's latest state, and the desk shows its answer.
  await expect
    .poll(async () => {
      const held = (await (await request.get(`${fakeBpjsUrl}/__fake/beds`)).json()) as HeldBed[];
      const bed = held.find((b) => b.koderuang === bpjsCode);
      return bed && { kapasitas: bed.kapasitas, tersedia: bed.tersedia };
    })
    .toEqual({ kapasitas: 6, tersedia: 4 });
  await expect(row).toContainText('Terkirim');
  await expect(row).toContainText('Jawaban BPJS: 1 Data berhasil diupdate.');

  await row.getByRole('button', { name: `Riwayat ${name}` }).click();
  const history = page.getByRole('dialog', { name: `Riwayat ${name}` });
  await expect(history.getByRole('row', { name: /Kapasitas diubah/ })).toContainText(
    'Kapasitas: 3 → 6Alasan: Tambahan tempat tidur dari gudang',
  );
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Emptied and retired: off the bed page, deleted at BPJS.
  for (const id of stays) {
    const discharged = await page.request.post(`/api/ward/admissions/${id}/discharge`, {
      headers: csrfHeaders(session),
    });
    expect(discharged.status()).toBe(204);
  }
  await row.getByRole('button', { name: `Nonaktifkan ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Nonaktifkan Ruangan' })
    .getByRole('button', { name: 'Nonaktifkan' })
    .click();
  await expect(page.getByText(`${name} dinonaktifkan.`)).toBeVisible();
  await expect(viewer.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
  await expect
    .poll(async () => {
      const held = (await (await request.get(`${fakeBpjsUrl}/__fake/beds`)).json()) as HeldBed[];
      return held.some((b) => b.koderuang === bpjsCode);
    })
    .toBe(false);
  await viewerContext.close();
});
