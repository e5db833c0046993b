import { CSRF_HEADER } from '@portal/contract/constants';
import { type Browser, expect, type Page } from '@playwright/test';

export interface StaffSession {
  id: number;
  name: string;
  username: string;
  roles: string[];
  csrfToken: string;
}

/** Fills the login form on the page shown and presses "Masuk". */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Nama Pengguna').fill(username);
  await page.getByLabel('Kata Sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/**
 * Logs in through the login page as `username` (with the demo password unless another is given), lands on
 * `next` and answers the session.
 */
export async function logIn(
  page: Page,
  username: string,
  next: string,
  password = `rahasia-${username}`,
): Promise<StaffSession> {
  await page.goto(`/auth?next=${encodeURIComponent(next)}`);
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(next);
  return (await (await page.request.get('/api/auth/me')).json()) as StaffSession;
}

/** A browser of its own for another staff member, logged in and on `next`. */
export async function staffBrowser(browser: Browser, username: string, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await logIn(page, username, next);
  return { page, session, close: () => context.close() };
}

/** The header a state-changing staff request carries: the session's CSRF token. */
export const csrfHeaders = (session: Pick<StaffSession, 'csrfToken'>) => ({
  [CSRF_HEADER]: session.csrfToken,
});
