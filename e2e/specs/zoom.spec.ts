import { expect, type Locator, type Page, test } from '@playwright/test';
import { createClinic, randomPrefix, todayWib } from '../support/clinics.ts';
import { checkInAtDesk } from '../support/booking.ts';
import { csrfHeaders, staffBrowser } from '../support/staff.ts';

// The boards read at 200 % zoom (WCAG 1.4.4 and 1.4.10): a 1280 × 720 screen zoomed to 200 % leaves the page
// 640 × 360 CSS pixels. Nothing may need scrolling sideways, and the numbers people look for are whole on screen.
test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 });

async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.content, 'the page is no wider than the window').toBeLessThanOrEqual(widths.window);
}

/**
 * Each element shows whole: inside the window's width, its text not cut off, and not hidden by a box around
 * it that clips or scrolls sideways.
 */
async function expectWhole(elements: Locator) {
  await expect(elements.first()).toBeVisible();
  const cut = await elements.evaluateAll((found) =>
    found.flatMap((element) => {
      const box = element.getBoundingClientRect();
      let clipped =
        box.left < 0 ||
        box.right > document.documentElement.clientWidth ||
        element.scrollWidth > element.clientWidth + 1;
      for (let outer = element.parentElement; outer && !clipped; outer = outer.parentElement) {
        if (getComputedStyle(outer).overflowX === 'visible') continue;
        const frame = outer.getBoundingClientRect();
        clipped = box.left < frame.left - 1 || box.right > frame.right + 1;
      }
      return clipped ? [element.textContent?.trim() || element.tagName] : [];
    }),
  );
  expect(cut, `cut off at 200 %: ${cut.join(', ')}`).toEqual([]);
}

test('the queue board at 200 % zoom: no sideways scrolling, each clinic and its number whole', async ({
  page,
  browser,
}) => {
  // A number being called, so that the board shows one in its largest type, in the announcement too.
  const desk = await staffBrowser(browser, 'fajar', '/antrean');
  const prefix = randomPrefix('Z');
  const clinic = await createClinic(desk.page, desk.session, prefix);
  const [patient] = (await (await desk.page.request.get('/api/patients?mrn=1')).json()) as { id: number }[];
  const [session] = (await (
    await desk.page.request.get(`/api/clinics/${clinic.id}/schedules?date=${todayWib()}`)
  ).json()) as { id: number }[];
  const headers = csrfHeaders(desk.session);
  const booked = await desk.page.request.post('/api/desk/registrations', {
    headers,
    data: {
      patientId: patient?.id,
      scheduleId: session?.id,
      date: todayWib(),
      payer: 'UMUM',
      phone: '081355577003',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookingCode } = (await booked.json()) as { bookingCode: string };
  await checkInAtDesk(desk.page.request, desk.session, bookingCode);

  await page.goto('/papan-antrean');
  const clinics = page.getByRole('list', { name: 'Poliklinik' });
  await expect(clinics.getByRole('heading', { name: clinic.name })).toBeVisible();
  const called = await desk.page.request.post('/api/queue/desk/call-next', {
    headers,
    data: { scheduleId: session?.id },
  });
  expect(called.status(), await called.text()).toBe(200);
  await desk.close();
  const number = `${prefix}-001`;
  await expect(page.getByRole('status')).toContainText(`Nomor ${number}, silakan masuk ke ${clinic.name}`);
  await expect(clinics.getByText(number)).toBeVisible();

  await expectNoSidewaysScrolling(page);
  await expectWhole(page.getByRole('heading', { level: 1 }));
  await expectWhole(page.getByRole('status').getByRole('paragraph'));
  await expectWhole(clinics.getByRole('heading', { level: 2 }));
  await expectWhole(clinics.getByRole('definition'));
  await expectWhole(page.getByRole('button', { name: 'Suara panggilan' }));
});

test('the bed board at 200 % zoom: no sideways scrolling, each room and its free beds whole, also on the ward TV', async ({
  page,
}) => {
  await page.goto('/tempattidur');
  const perRoom = page.getByRole('table', { name: 'Per Ruangan' });
  await expect(perRoom.getByRole('row').nth(1)).toBeVisible();

  await expectNoSidewaysScrolling(page);
  await expectWhole(page.getByRole('heading', { level: 1 }));
  await expectWhole(perRoom.getByRole('rowheader'));
  await expectWhole(perRoom.locator('.beds-available'));
  await expectWhole(page.getByRole('table', { name: 'Jumlah per Kelas' }).locator('.beds-available'));

  await page.getByRole('button', { name: 'Layar penuh' }).click();
  const rooms = page.getByRole('list', { name: 'Ruangan' });
  await expect(rooms).toBeVisible();
  await expectNoSidewaysScrolling(page);
  await expectWhole(rooms.getByRole('listitem'));
  await expectWhole(rooms.locator('.beds-tv-number'));
  await expectWhole(page.getByRole('list', { name: 'Kelas' }).locator('.beds-tv-number'));
});
