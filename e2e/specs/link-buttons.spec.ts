import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

// Links drawn as PrimeReact buttons (`<Link className="p-button">`): the theme's button colours sit in a
// cascade layer, which any plain rule for links outside it beats, so these are checked in the browser that
// applies the layers. Text in the very colour of its ground is not a violation to axe but a result to
// review ("equalRatio": it may be hidden on purpose), which the routes' axe runs let pass: here it fails.

/**
 * Fails with every link button whose text does not stand out from its ground (axe's colour contrast), or
 * that is underlined where the buttons beside it are not.
 */
async function expectLinkButtonsReadable(page: Page, name: string) {
  await expect(page.getByRole('link', { name })).toBeVisible();
  const underlined = await page
    .locator('a.p-button')
    .evaluateAll((links) =>
      links
        .filter((link) => getComputedStyle(link).textDecorationLine !== 'none')
        .map((link) => link.textContent),
    );
  expect(underlined, 'underlined link buttons').toEqual([]);
  const { violations, incomplete } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('a.p-button')
    .withRules(['color-contrast'])
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze();
  const unreadable = [
    ...violations.flatMap((violation) => violation.nodes),
    ...incomplete
      .flatMap((review) => review.nodes)
      .filter((node) => node.any.some((check) => check.data?.messageKey === 'equalRatio')),
  ];
  const found = unreadable.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
  expect(found, found.join('\n')).toEqual([]);
}

test('the order confirmation links to its status with a readable button', async ({ page }) => {
  await page.goto('/ambulance');
  await page.getByLabel('Nama pemesan').fill('Siti Aminah');
  await page.getByLabel('No. HP').fill('081299887766');
  await page.getByLabel('Nama pasien').fill('Pasien Uji Tombol');
  await page.getByLabel('Alamat jemput').fill('Jl. Sudirman No. 5, Makassar');
  await page.getByLabel('Tujuan').fill('IGD Rumah Sakit');
  await page
    .getByLabel('Waktu jemput')
    .fill(new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 16));
  await page.getByRole('button', { name: 'Kirim Pesanan' }).click();
  await expect(page.getByRole('heading', { name: 'Pesanan diterima' })).toBeVisible();
  await expectLinkButtonsReadable(page, 'Lihat status pesanan');
});

test('the patient desk draws its link buttons as readable as its buttons: Pasien Baru, Ubah Data', async ({
  page,
}) => {
  await logIn(page, 'agus', '/pasien');
  await expectLinkButtonsReadable(page, 'Pasien Baru');
  const [patient] = (await (await page.request.get('/api/patients?mrn=1')).json()) as { id: number }[];
  expect(patient, 'the demo patient with record number 000001').toBeDefined();
  await page.goto(`/pasien/${patient?.id}`);
  await expectLinkButtonsReadable(page, 'Ubah Data');
});
