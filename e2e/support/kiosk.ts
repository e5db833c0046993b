import type { Page } from '@playwright/test';

/** The kiosk's field for the booking code. */
export const kioskCodeInput = (page: Page) => page.getByRole('textbox', { name: 'Kode booking' });

/** On the kiosk's start screen (/anjungan): "check-in with the booking code", the code typed, "Check-in". */
export async function checkInAtKiosk(page: Page, bookingCode: string): Promise<void> {
  await page.getByRole('button', { name: /Check-in dengan kode booking/ }).click();
  await kioskCodeInput(page).fill(bookingCode);
  await page.getByRole('button', { name: 'Check-in', exact: true }).click();
}
