import { staffRoles } from '@portal/contract/constants';
import { expect, type Page } from '@playwright/test';
import { chooseOwnPassword, csrfHeaders, type StaffSession } from './staff.ts';

/** What a browser test needs of one entry of the web's screen registry (`web/src/app/screens.tsx`). */
export interface ScreenEntry {
  path: string;
  bare?: boolean;
  staff?: { roles?: readonly string[] };
}

// Through a variable, so that the type checker of the browser tests does not follow the registry into the
// pages (JSX, stylesheets); at run time Playwright loads the registry as it loads a spec, and the pages stay
// behind their `load` functions.
const registry = '../../web/src/app/screens.tsx';

/**
 * Every route of the app, from the screen registry the router is built from: a new screen is covered by the
 * tests that walk this list without editing them.
 */
export async function appScreens(): Promise<readonly ScreenEntry[]> {
  return ((await import(registry)) as { screens: readonly ScreenEntry[] }).screens;
}

/** The route with its `:parameters` filled in; a parameter without a value fails the test by name. */
export function concretePath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`No value for :${name} of ${path}: add one where this is called.`);
    return value;
  });
}

/**
 * A new staff member holding every role, created by an admin (`admin`, logged in on `adminPage`): one login
 * that may open every staff screen. Answers the username and password.
 */
export async function createStaffWithEveryRole(
  adminPage: Page,
  admin: StaffSession,
): Promise<{ username: string; password: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `semua.${stamp}`;
  const password = `#${Math.random().toString(36).slice(2, 10)}-7391!`;
  const res = await adminPage.request.post('/api/staff', {
    headers: csrfHeaders(admin),
    data: {
      name: `Petugas Semua Peran ${stamp}`,
      phone: `0813${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      username,
      password,
      roles: staffRoles,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password: await chooseOwnPassword(username, password) };
}

/**
 * Waits until what the page animates has ended (a dialog growing in, a panel sliding open): a box measured
 * meanwhile is the animation's, not the layout's. Endless animations (a spinner) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
