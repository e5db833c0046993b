import { expect, type Page, test } from '@playwright/test';

const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Pengaturan' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Pengaturan' });
  await expect(sidebar).toBeVisible();
  return sidebar;
}

test('the page loads without errors, the inline settings script included', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
  expect(errors).toEqual([]);
});

test('the font scale is 14 px by default and a change survives a reload', async ({ page }) => {
  await page.goto('/');
  expect(await rootFontSize(page)).toBe('14px');

  const sidebar = await openSettings(page);
  await sidebar.getByRole('button', { name: 'Perbesar huruf' }).click();
  await expect(sidebar.getByText('15 px')).toBeVisible();
  expect(await rootFontSize(page)).toBe('15px');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
  expect(await rootFontSize(page)).toBe('15px');
});

test('the chosen theme survives a reload', async ({ page }) => {
  await page.goto('/');
  const lightBackground = await bodyBackground(page);

  const sidebar = await openSettings(page);
  await sidebar.getByRole('radio', { name: 'Gelap' }).check();
  await expect.poll(() => bodyBackground(page)).not.toBe(lightBackground);
  const darkBackground = await bodyBackground(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
  expect(await bodyBackground(page)).toBe(darkBackground);
  await expect(page.locator('link[rel="stylesheet"][href*="/themes/"]')).toHaveAttribute(
    'href',
    '/themes/lara-dark-indigo/theme.css',
  );
});

test('saved settings apply before the JavaScript of the app runs, so nothing flashes', async ({ page }) => {
  await page.goto('/');
  const sidebar = await openSettings(page);
  await sidebar.getByRole('button', { name: 'Perkecil huruf' }).click();
  await sidebar.getByRole('radio', { name: 'Gelap' }).check();
  await expect(page.locator('#theme-link')).toHaveAttribute('href', '/themes/lara-dark-indigo/theme.css');
  const darkBackground = await bodyBackground(page);

  // Without the app's modules only the inline script in index.html can have applied them.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('heading')).toHaveCount(0);
  expect(await rootFontSize(page)).toBe('13px');
  expect(await bodyBackground(page)).toBe(darkBackground);
});

test('the settings sidebar closes with Escape', async ({ page }) => {
  await page.goto('/');
  const sidebar = await openSettings(page);
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
});

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the static menu is visible and the menu button hides it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('menu-mask')).toBeHidden();

    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(menu).toBeHidden();
  });
});

test.describe('on a screen 800 px wide', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the menu starts hidden, opens over the content, and closes with Escape and on navigation', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beranda');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    const menuButton = page.getByRole('button', { name: 'Buka menu' });
    const mask = page.getByTestId('menu-mask');
    await expect(menu).toBeHidden();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await expect(mask).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(mask).toBeHidden();

    await menuButton.click();
    await menu.getByRole('link', { name: 'Pengaduan Pelayanan' }).click();
    await expect(page).toHaveURL('/pengaduan');
    await expect(menu).toBeHidden();
    await expect(mask).toBeHidden();
  });

  test('a click on the mask closes the menu', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(menu).toBeVisible();

    await page.getByTestId('menu-mask').click({ position: { x: 700, y: 400 } });
    await expect(menu).toBeHidden();
  });
});
