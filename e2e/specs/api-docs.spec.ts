import { expect, test } from '@playwright/test';

test('the API documentation opens under the portal Content-Security-Policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  // The document is built on its first request: 4 s on an idle 2-core machine, past 10 s beside the other specs.
  await expect(page.getByText('Portal Rumah Sakit API')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/health', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
