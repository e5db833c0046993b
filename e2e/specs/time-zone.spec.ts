import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { bookByApi } from '../support/booking.ts';
import { end, freePorts, spawnPortal, waitFor } from '../support/processes.ts';

// A hospital in Makassar (TZ=Asia/Makassar, WITA, UTC+8): the built portal of its own on a fresh embedded
// database with the demo data. Its queue board and a booking's status page show the times on its clock,
// labelled WITA, wherever the browser is (Chromium here runs in UTC).

let portal: ChildProcess | undefined;
let dir = '';
let url = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), 'portal-wita-'));
  const [port] = (await freePorts(1)) as [number];
  const log = path.join(dir, 'portal.log');
  portal = spawnPortal(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      TZ: 'Asia/Makassar',
      LOG_LEVEL: 'warn',
    },
    log,
  );
  url = `http://127.0.0.1:${port}`;
  await waitFor('the portal', async () => (await fetch(`${url}/api/health`)).ok, portal, log, 90_000);
});

test.afterAll(async () => {
  if (portal) await end(portal, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** A moment's wall-clock time in Makassar (UTC+8), as the Indonesian screens write it: "08.05". */
const witaClock = (at: Date) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(11, 16).replace(':', '.');
/** A day `days` after today in Makassar, YYYY-MM-DD. */
const witaDay = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test("the waiting room's clock is on the hospital's clock, labelled WITA", async ({ page }) => {
  await page.goto(`${url}/papan-antrean`);
  const clock = page.locator('.board-clock time');
  await expect(clock).toHaveText(/^\d{2}\.\d{2} WITA$/);
  // The clock ticks every second: a minute may have turned over since it last did.
  const shown = (await clock.textContent())?.replace(' WITA', '');
  expect([witaClock(new Date(Date.now() - 5000)), witaClock(new Date())]).toContain(shown);
});

test("a booking's status page says the clinic hours and the estimate in WITA, at the hours the clinic keeps", async ({
  page,
}) => {
  const clinics = (await (await fetch(`${url}/api/clinics`)).json()) as { id: number }[];
  let booked: { code: string; start: string } | undefined;
  for (let days = 1; days <= 7 && !booked; days++) {
    const date = witaDay(days);
    for (const clinic of clinics) {
      const sessions = (await (
        await fetch(`${url}/api/clinics/${clinic.id}/schedules?date=${date}`)
      ).json()) as {
        id: number;
        start: string;
        bookable: boolean;
        remainingNonJkn: number;
      }[];
      const session = sessions.find((s) => s.bookable && s.remainingNonJkn > 0);
      if (!session) continue;
      const { bookingCode } = await bookByApi(
        page.request,
        { scheduleId: session.id, date },
        {
          name: 'Pasien Zona Waktu',
          birthDate: '1985-03-14',
          sex: 'P',
          address: 'Jl. Penghibur No. 3, Makassar',
        },
        { origin: url },
      );
      booked = { code: bookingCode, start: session.start };
      break;
    }
  }
  if (!booked) throw new Error('no demo session open in the coming week');

  await page.goto(`${url}/registrasi/lacak?kode=${booked.code}`);
  const start = booked.start.replace(':', '.');
  await expect(page.getByText(new RegExp(`^${start}–\\d{2}\\.\\d{2} WITA$`)).first()).toBeVisible();
  await expect(page.getByText(/^pukul \d{2}\.\d{2} WITA$/).first()).toBeVisible();
});
