import { CSRF_HEADER } from '@portal/contract/constants';
import { type Browser, expect, type Page, request } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

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

/**
 * A staff member whose password an admin set (on /pegawai or `POST /api/staff`) must choose their own before
 * any desk: logs in as them in a request context of its own (a page's cookies stay whose they were), sets
 * `chosen`, and answers it for the spec's later logins. The screen that asks for it is tested in
 * backoffice.spec.ts.
 */
export async function chooseOwnPassword(
  username: string,
  given: string,
  chosen = `${given}-sendiri`,
): Promise<string> {
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/auth/login', { data: { username, password: given } });
    expect(login.status(), await login.text()).toBe(200);
    const session = (await login.json()) as StaffSession & { passwordChangeRequired?: boolean };
    expect(session.passwordChangeRequired, 'an admin-set password must be replaced').toBe(true);
    const changed = await api.post('/api/auth/password', {
      headers: csrfHeaders(session),
      data: { currentPassword: given, newPassword: chosen },
    });
    expect(changed.status(), await changed.text()).toBe(204);
    // The spec sees only the sessions it opens itself.
    const out = await api.post('/api/auth/logout', { headers: csrfHeaders(session) });
    expect(out.status(), await out.text()).toBeLessThan(300);
  } finally {
    await api.dispose();
  }
  return chosen;
}
