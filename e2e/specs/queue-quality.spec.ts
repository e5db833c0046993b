import { expect, test } from '@playwright/test';
import { createClinic, randomDigits, randomPrefix, todayWib } from '../support/clinics.ts';
import { csrfHeaders, logIn } from '../support/staff.ts';

// The queue quality monitor on the queue desk: a JKN visit of a clinic of the test's own goes through the
// desk (check-in, call, serve), BPJS (the fake beside the portal) accepts its booking and tasks, and the
// monitor shows the visit complete, with BPJS's own view of the day on its button.

test('the monitor shows a JKN visit whose booking and tasks BPJS accepted as complete', async ({ page }) => {
  const fajar = await logIn(page, 'fajar', '/antrean');
  const headers = csrfHeaders(fajar);
  const prefix = randomPrefix('Q');
  const clinic = await createClinic(page, fajar, prefix, { poli: prefix, doctor: `9${randomDigits(5)}` });
  const today = todayWib();
  const [schedule] = (await (
    await page.request.get(`/api/clinics/${clinic.id}/schedules?date=${today}`)
  ).json()) as {
    id: number;
  }[];
  const patients = (await (await page.request.get('/api/patients?name=rahman')).json()) as {
    id: number;
    nik: string | null;
  }[];
  // BPJS hears of a patient with a NIK only.
  const patient = patients.find((p) => /^\d{16}$/.test(p.nik ?? ''));
  if (!schedule || !patient) throw new Error('no session today or no demo patient named Rahman with a NIK');

  const booked = await page.request.post('/api/desk/registrations', {
    headers,
    data: {
      patientId: patient.id,
      scheduleId: schedule.id,
      date: today,
      payer: 'JKN',
      bpjsCardNo: `000${randomDigits(10)}`,
      referralNo: `0701R001${randomDigits(10)}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookingCode } = (await booked.json()) as { bookingCode: string };
  for (const action of ['check-in', 'call', 'serve']) {
    const moved = await page.request.post(`/api/queue/desk/registrations/${bookingCode}/${action}`, {
      headers,
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  await page.goto('/antrean?tab=mutu');
  const table = page.getByRole('table', { name: /^Mutu antrean online BPJS/ });
  const row = table.getByRole('row').filter({ hasText: clinic.name });
  // Visits, booking accepted, tasks 3–7, complete, failed: the reports reach BPJS within moments.
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell')).toHaveText(
      [/Poli Uji/, '1', '1', '1', '1', '1', '0', '0', '1', '0'],
      {
        timeout: 1_000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await expect(
    page.getByRole('table', { name: 'Laporan yang ditolak atau gagal terkirim' }),
  ).not.toContainText(bookingCode);

  await page.getByRole('button', { name: 'Ambil data BPJS' }).click();
  await expect(page.getByText(/^BPJS mencatat \d+ antrean pada tanggal ini/)).toBeVisible();
  const differences = page.getByRole('table', { name: 'Selisih portal dan BPJS' });
  await expect(differences).not.toContainText(bookingCode);
  const waits = page.getByRole('table', { name: 'Rata-rata waktu tunggu menurut BPJS' });
  await expect(waits.getByRole('row').filter({ hasText: `${clinic.name} (${prefix})` })).toContainText('1');
});
