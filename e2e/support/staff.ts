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
 * Logs in as `username` (with the demo password unless another is given), opens `next` and answers the
 * session. The login goes through the API, as the login form sends it: the form itself is tested in
 * auth.spec.ts, and the other specs need only the session cookie (the page shares its browser's cookies).
 */
export async function logIn(
  page: Page,
  username: string,
  next: string,
  password = `rahasia-${username}`,
): Promise<StaffSession> {
  const login = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(next);
  await expect(page).toHaveURL(next);
  return (await login.json()) as StaffSession;
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
