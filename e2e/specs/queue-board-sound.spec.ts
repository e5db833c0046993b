import { expect, type Page, test } from '@playwright/test';
import { createClinic, namePattern, randomPrefix, type TestClinic, todayWib } from '../support/clinics.ts';
import { checkInAtDesk } from '../support/booking.ts';
import { finishSpeaking, installSpeechDouble, sentence, sounds, spoken } from '../support/speech.ts';
import { csrfHeaders, logIn, type StaffSession } from '../support/staff.ts';

// The queue board says each call aloud: a chime, then the sentence in Bahasa Indonesia (Chromium here has no
// voices: see support/speech.ts for the stand-in that records it).

/** Books `patientIds` at the counter into the clinic's session today and checks them in, in that order. */
async function checkedInPatients(page: Page, staff: StaffSession, clinic: TestClinic, patientIds: number[]) {
  const sessions = (await (
    await page.request.get(`/api/clinics/${clinic.id}/schedules?date=${todayWib()}`)
  ).json()) as { id: number }[];
  const scheduleId = sessions[0]?.id;
  if (!scheduleId) throw new Error(`no session today for ${clinic.name}`);
  for (const patientId of patientIds) {
    const booked = await page.request.post('/api/desk/registrations', {
      headers: csrfHeaders(staff),
      data: { patientId, scheduleId, date: todayWib(), payer: 'UMUM', phone: '081355577002' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingCode } = (await booked.json()) as { bookingCode: string };
    await checkInAtDesk(page.request, staff, bookingCode);
  }
  return scheduleId;
}

test('the queue board says each call aloud once, one after the other, and keeps quiet when switched off', async ({
  page,
  browser,
}) => {
  // Three clinics and a desk in two browsers: about as long as the other desk flows.
  test.slow();
  const fajar = await logIn(page, 'fajar', '/antrean');
  // Two demo patients (record numbers 000001 and 000002): the new clinics hold no booking of theirs.
  const patient = async (mrn: number) => {
    const [found] = (await (await page.request.get(`/api/patients?mrn=${mrn}`)).json()) as { id: number }[];
    if (!found) throw new Error(`no demo patient with record number ${mrn}`);
    return found;
  };
  const first = await patient(1);
  const second = await patient(2);
  const clinics = [];
  for (const letter of ['S', 'T', 'V']) clinics.push(await createClinic(page, fajar, randomPrefix(letter)));
  const [internal, children, dental] = clinics as [TestClinic, TestClinic, TestClinic];
  const prefix = (clinic: TestClinic) => clinic.name.replace('Poli Uji ', '');
  await checkedInPatients(page, fajar, internal, [first.id, second.id]);
  const childrenSession = await checkedInPatients(page, fajar, children, [first.id, second.id]);
  const dentalSession = await checkedInPatients(page, fajar, dental, [first.id]);
  const callNext = async (scheduleId: number) => {
    const res = await page.request.post('/api/queue/desk/call-next', {
      headers: csrfHeaders(fajar),
      data: { scheduleId },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  // The waiting room's TV, showing these three clinics (other specs' desks call meanwhile): sound switched on
  // at 50 %, remembered the next time the board opens.
  const boardAddress = `/papan-antrean?poli=${clinics.map((clinic) => clinic.id).join(',')}`;
  const visitor = await browser.newContext();
  await visitor.addInitScript(installSpeechDouble);
  const setup = await visitor.newPage();
  await setup.goto(boardAddress);
  const setupSwitch = setup.getByRole('button', { name: 'Suara panggilan' });
  await expect(setupSwitch).toHaveAttribute('aria-pressed', 'false');
  await setupSwitch.click();
  await expect(setupSwitch).toHaveAttribute('aria-pressed', 'true');
  const setupVolume = setup.getByRole('slider', { name: 'Volume' });
  await expect(setupVolume).toHaveValue('80');
  await setupVolume.focus();
  for (let step = 0; step < 3; step += 1) await setupVolume.press('ArrowLeft');
  await expect(setupVolume).toHaveValue('50');
  await setup.close();

  const board = await visitor.newPage();
  await board.goto(boardAddress);
  const soundSwitch = board.getByRole('button', { name: 'Suara panggilan' });
  await expect(soundSwitch).toHaveAttribute('aria-pressed', 'true');
  await expect(board.getByRole('slider', { name: 'Volume' })).toHaveValue('50');
  // Someone touches the board, as it asks: browsers play sound only after a click or key press on the page.
  await board.getByRole('heading', { level: 1 }).click();
  await expect(board.getByRole('heading', { name: internal.name })).toBeVisible();

  // The desk calls the first number: the board shows it and says it, once, after a chime.
  await page.goto(`/antrean?poli=${internal.id}`);
  const desk = page.getByRole('region', { name: namePattern(internal.doctor) });
  await desk.getByRole('button', { name: 'Panggil berikutnya' }).click();
  const firstCall = `${prefix(internal)}-001`;
  await expect(board.getByRole('status')).toContainText(
    `Nomor ${firstCall}, silakan masuk ke ${internal.name}`,
  );
  await expect
    .poll(() => sounds(board))
    .toEqual([
      { kind: 'chime', overlapping: false },
      {
        kind: 'speech',
        text: sentence(firstCall, internal),
        lang: 'id-ID',
        volume: 0.5,
        overlapping: false,
      },
    ]);
  await finishSpeaking(board);

  // Two calls in quick succession: the second waits until the first has been said.
  await callNext(childrenSession);
  await expect.poll(() => spoken(board)).toHaveLength(2);
  await callNext(dentalSession);
  await expect(board.getByRole('status')).toContainText(`Nomor ${prefix(dental)}-001`);
  expect(await spoken(board)).toHaveLength(2);
  await finishSpeaking(board);
  await expect.poll(() => spoken(board)).toHaveLength(3);
  await finishSpeaking(board);
  expect(await spoken(board)).toEqual([
    sentence(firstCall, internal),
    sentence(`${prefix(children)}-001`, children),
    sentence(`${prefix(dental)}-001`, dental),
  ]);

  // Switched off: a call is shown but not said. Switched on again, the next call is said, and only that one.
  await soundSwitch.click();
  await expect(soundSwitch).toHaveAttribute('aria-pressed', 'false');
  await desk.getByRole('button', { name: 'Panggil berikutnya' }).click();
  await expect(board.getByRole('status')).toContainText(`Nomor ${prefix(internal)}-002`);
  await soundSwitch.click();
  await callNext(childrenSession);
  await expect(board.getByRole('status')).toContainText(`Nomor ${prefix(children)}-002`);
  await expect.poll(() => spoken(board)).toHaveLength(4);
  await finishSpeaking(board);
  expect((await spoken(board))[3]).toBe(sentence(`${prefix(children)}-002`, children));

  // Never two at once: each chime and each sentence started after the one before had been said, each sentence
  // right after its chime, and no chime for the call made while the sound was off.
  const all = await sounds(board);
  expect(all.map((sound) => sound.kind)).toEqual([
    'chime',
    'speech',
    'chime',
    'speech',
    'chime',
    'speech',
    'chime',
    'speech',
  ]);
  expect(all.filter((sound) => sound.overlapping)).toEqual([]);
  await visitor.close();
});
