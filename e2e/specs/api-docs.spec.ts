import { expect, test } from '@playwright/test';

test('the API documentation opens under the portal Content-Security-Policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByText('Portal Rumah Sakit API')).toBeVisible();
  await expect(page.getByText('/api/health', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
