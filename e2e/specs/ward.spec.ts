import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { csrfHeaders, logIn, type StaffSession } from '../support/staff.ts';

/** A text matched literally inside a regular expression (room names have brackets). */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Every test here changes the beds: one at a time, in order. Other specs assert only facts about beds that
// hold whatever the admissions are.
test.describe.configure({ mode: 'serial' });

interface Room {
  code: string;
  name: string;
  capacity: number;
  occupied: number;
  available: number;
  sex: 'L' | 'P' | null;
}

interface Patient {
  id: number;
  mrn: string;
  name: string;
  sex: 'L' | 'P';
  admittedIn: string | null;
}

async function rooms(request: APIRequestContext): Promise<Room[]> {
  return ((await (await request.get('/api/beds')).json()) as { rooms: Room[] }).rooms;
}

/** Logs in and lands on the ward desk; answers the session. */
async function openWardDesk(page: Page, username = 'sri'): Promise<StaffSession> {
  const session = await logIn(page, username, '/bangsal');
  await expect(page.getByRole('heading', { name: 'Pasien Dirawat' })).toBeVisible();
  return session;
}

/** Patients of `sex` who are not lying in any room now. */
async function freePatients(page: Page, sex: 'L' | 'P'): Promise<Patient[]> {
  const found = (await (await page.request.get('/api/ward/patients?q=an')).json()) as Patient[];
  return found.filter((patient) => patient.admittedIn === null && patient.sex === sex);
}

/** A room's numbers in the bed page's table. */
function bedCell(page: Page, room: Room, column: 'Terisi' | 'Tersedia'): Locator {
  const index = column === 'Terisi' ? 3 : 4;
  return page
    .getByRole('table', { name: 'Per Ruangan' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: room.name, exact: true }) })
    .locator('td')
    .nth(index - 1);
}

async function searchPatient(page: Page, patient: Patient): Promise<Locator> {
  await page.getByLabel('No. RM atau nama pasien').fill(patient.mrn);
  const row = page
    .getByRole('table', { name: 'Cari Pasien' })
    .getByRole('row')
    .filter({ hasText: patient.name });
  await expect(row).toHaveCount(1);
  return row;
}

async function inpatientRow(page: Page, room: Room, patient: Patient): Promise<Locator> {
  await page.getByRole('region', { name: 'Pasien Dirawat' }).getByLabel('Ruangan').selectOption(room.code);
  const row = page
    .getByRole('table', { name: 'Pasien Dirawat' })
    .getByRole('row')
    .filter({ hasText: patient.mrn });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(room.name);
  return row;
}

test(
  'admit, transfer and discharge; the bed page in another browser follows without a reload',
  { tag: '@postgres' },
  async ({ page, browser, request }) => {
    // Two browsers through three desk actions: the longest flows take near the default time on a busy machine.
    test.slow();
    // Two rooms for anyone, with free beds: one to admit into, one to move to.
    const open = (await rooms(request)).filter((room) => room.sex === null && room.available >= 1);
    const [first, second] = open;
    if (!first || !second) throw new Error('the demo data has no two open rooms with free beds');
    const full = (await rooms(request)).find((room) => room.available === 0);

    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await viewer.goto('/tempattidur');
    await expect(viewer.getByRole('status')).toHaveText('Pembaruan langsung');
    await expect(bedCell(viewer, first, 'Terisi')).toHaveText(String(first.occupied));
    // Gone after any reload: proves that the numbers below changed in place.
    await viewer.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await openWardDesk(page);
    const [patient] = await freePatients(page, 'L');
    if (!patient) throw new Error('no patient to admit');

    const result = await searchPatient(page, patient);
    await result.getByRole('button', { name: `Rawat inap ${patient.name}` }).click();
    const admitDialog = page.getByRole('dialog', { name: `Rawat Inap: ${patient.name}` });
    const roomChoice = admitDialog.getByLabel('Ruangan');
    if (full) await expect(roomChoice.locator(`option[value="${full.code}"]`)).toBeDisabled();
    await roomChoice.selectOption(first.code);
    // The first free bed unless another is chosen; the DPJP from the doctors' list.
    await expect(admitDialog.getByLabel('Tempat tidur')).toHaveValue('');
    const dpjp = admitDialog.getByLabel('DPJP (dokter penanggung jawab)');
    await expect(dpjp.locator('option').nth(1)).toBeAttached();
    const doctor = ((await dpjp.locator('option').nth(1).textContent()) ?? '').trim();
    await dpjp.selectOption({ label: doctor });
    await admitDialog.getByRole('button', { name: 'Rawat Inap' }).click();
    await expect(
      page.getByText(new RegExp(`${patient.name} dirawat di ${escape(first.name)}, tempat tidur \\d+\\.`)),
    ).toBeVisible();
    await expect(admitDialog).toBeHidden();
    await expect(result).toContainText(`sedang dirawat di ${first.name}`);

    await expect(bedCell(viewer, first, 'Terisi')).toHaveText(String(first.occupied + 1));
    await expect(bedCell(viewer, first, 'Tersedia')).toHaveText(String(first.available - 1));

    const admitted = await inpatientRow(page, first, patient);
    await expect(admitted).toContainText(doctor);
    await admitted.getByRole('button', { name: `Pindahkan ${patient.name}` }).click();
    const transferDialog = page.getByRole('dialog', { name: `Pindahkan ${patient.name}` });
    await expect(transferDialog).toContainText(`Sekarang di ${first.name}.`);
    await expect(transferDialog.getByLabel('Ruangan').locator(`option[value="${first.code}"]`)).toHaveCount(
      0,
    );
    await transferDialog.getByLabel('Ruangan').selectOption(second.code);
    await transferDialog.getByRole('button', { name: 'Pindahkan' }).click();
    await expect(
      page.getByText(
        new RegExp(`${patient.name} dipindahkan ke ${escape(second.name)}, tempat tidur \\d+\\.`),
      ),
    ).toBeVisible();

    await expect(bedCell(viewer, first, 'Terisi')).toHaveText(String(first.occupied));
    await expect(bedCell(viewer, second, 'Terisi')).toHaveText(String(second.occupied + 1));

    const moved = await inpatientRow(page, second, patient);
    await moved.getByRole('button', { name: `Pulangkan ${patient.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Pulangkan ${patient.name}` });
    await expect(confirm).toContainText(`Pulangkan dari ${second.name}.`);
    await confirm.getByLabel('Cara pulang').selectOption('Sembuh/Pulang atas persetujuan dokter');
    await confirm.getByRole('button', { name: 'Pulangkan' }).click();
    await expect(page.getByText(`${patient.name} telah dipulangkan.`)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Pasien Dirawat' }).getByRole('row').filter({ hasText: patient.mrn }),
    ).toHaveCount(0);

    await expect(bedCell(viewer, second, 'Terisi')).toHaveText(String(second.occupied));
    await expect(bedCell(viewer, second, 'Tersedia')).toHaveText(String(second.available));
    expect(await viewer.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await viewerContext.close();
  },
);

test(
  'a full room refuses: it cannot be chosen, and a room filled meanwhile is refused by the server',
  { tag: '@postgres' },
  async ({ page, request }) => {
    const all = await rooms(request);
    const full = all.find((room) => room.available === 0);
    if (!full) throw new Error('the demo data has no full room');
    // The open room with the fewest free beds: the test fills it behind the desk's back.
    const [nearlyFull] = all
      .filter((room) => room.sex === null && room.available >= 1)
      .sort((a, b) => a.available - b.available);
    if (!nearlyFull) throw new Error('the demo data has no open room with free beds');

    const session = await openWardDesk(page);
    const [patient, ...others] = await freePatients(page, 'L');
    const fillers = others.slice(0, nearlyFull.available);
    if (!patient || fillers.length < nearlyFull.available) throw new Error('not enough patients to admit');

    // The server refuses the full room whoever asks.
    const refused = await page.request.post('/api/ward/admissions', {
      headers: csrfHeaders(session),
      data: { patientId: patient.id, roomCode: full.code },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe('ROOM_FULL');

    const result = await searchPatient(page, patient);
    await result.getByRole('button', { name: `Rawat inap ${patient.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rawat Inap: ${patient.name}` });
    const roomChoice = dialog.getByLabel('Ruangan');
    await expect(roomChoice.locator(`option[value="${full.code}"]`)).toBeDisabled();
    await expect(roomChoice.locator(`option[value="${full.code}"]`)).toHaveText(`${full.name} — penuh`);
    await roomChoice.selectOption(nearlyFull.code);

    // Another desk takes the last beds while this one is still choosing.
    const admissions: number[] = [];
    for (const filler of fillers) {
      const response = await page.request.post('/api/ward/admissions', {
        headers: csrfHeaders(session),
        data: { patientId: filler.id, roomCode: nearlyFull.code },
      });
      expect(response.status()).toBe(201);
      admissions.push(((await response.json()) as { id: number }).id);
    }

    await dialog.getByRole('button', { name: 'Rawat Inap' }).click();
    await expect(dialog.getByText(`${nearlyFull.name} penuh: tidak ada tempat tidur kosong.`)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(roomChoice.locator(`option[value="${nearlyFull.code}"]`)).toBeDisabled();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(result).not.toContainText('sedang dirawat');

    for (const id of admissions) {
      const discharged = await page.request.post(`/api/ward/admissions/${id}/discharge`, {
        headers: csrfHeaders(session),
      });
      expect(discharged.status()).toBe(204);
    }
    const after = (await rooms(request)).find((room) => room.code === nearlyFull.code);
    expect(after?.available).toBe(nearlyFull.available);
  },
);
