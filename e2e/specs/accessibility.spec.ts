import { type BrowserContextOptions, expect, type Page, test as base } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { appScreens, concretePath, createStaffWithEveryRole } from '../support/screens.ts';
import { baseURL } from '../playwright.config.ts';
import { logIn } from '../support/staff.ts';

// Every route of the app's screen registry through axe-core: the public ones as the public sees them, the
// staff ones as a staff member who may open them all. A route fails on any serious or critical violation.
// A test takes a few routes in one page, one after the other (a browser page for each route cost more than
// its axe run on the 2-core CI machine); the failure names every route and rule found.

const screens = await appScreens();

/** Waits until the route shows its content: its heading, and nothing left loading. */
async function openRoute(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Memuat…')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"], .p-datatable-loading-overlay')).toHaveCount(0);
}

/** Routes per test: enough to share a page among them, few enough to spread over the workers. */
const routesPerTest = 6;

/** `list` in consecutive groups of `size`. */
const inGroups = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) =>
    list.slice(index * size, (index + 1) * size),
  );

/**
 * Opens each route in turn in `page` and fails with every serious or critical violation of all of them. axe
 * reads every element of a page: the longest desk lists have taken a minute each on the busy CI machine, so
 * each route has the time a slow test (`test.slow()`) has.
 */
async function expectRoutesAccessible(page: Page, paths: readonly string[]) {
  base.setTimeout(paths.length * 3 * base.info().timeout);
  for (const path of paths) {
    await base.step(path, async () => {
      await openRoute(page, path);
      await expectNoSeriousViolations(page, path, { soft: true });
    });
  }
}

/** The public routes' parameters: the demo's open survey (server/src/db/seed/demo-data/requests.ts). */
const publicParams = { token: 'DEMQ7SKM2AMBK4PX9RTW' };

base.describe('axe-core, anonymously', () => {
  for (const group of inGroups(
    screens.filter((entry) => !entry.staff),
    routesPerTest,
  )) {
    const paths = group.map((screen) => screen.path);
    base(`${paths.join(', ')}: no serious or critical accessibility violations`, async ({ page }) => {
      await expectRoutesAccessible(
        page,
        paths.map((path) => concretePath(path, publicParams)),
      );
    });
  }
});

/** One staff member with every role per worker, logged in; the routes' parameters point at demo records. */
const test = base.extend<
  object,
  { everyRole: { storageState: BrowserContextOptions['storageState']; params: Record<string, string> } }
>({
  everyRole: [
    async ({ browser }, use) => {
      // A worker's fixture gets a bare browser: its contexts need the portal's address spelled out.
      const adminContext = await browser.newContext({ baseURL });
      const adminPage = await adminContext.newPage();
      const login = await createStaffWithEveryRole(adminPage, await logIn(adminPage, 'andi', '/absensi'));
      await adminContext.close();
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await logIn(page, login.username, '/absensi', login.password);
      const [patient] = (await (await page.request.get('/api/patients?mrn=1')).json()) as { id: number }[];
      expect(patient, 'the demo patient with record number 000001').toBeDefined();
      const storageState = await context.storageState();
      await context.close();
      await use({ storageState, params: { id: String(patient?.id) } });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  storageState: async ({ everyRole }, use) => use(everyRole.storageState),
});

test.describe('axe-core, as a staff member of every role', () => {
  for (const group of inGroups(
    screens.filter((entry) => entry.staff),
    routesPerTest,
  )) {
    const paths = group.map((screen) => screen.path);
    test(`${paths.join(', ')}: no serious or critical accessibility violations`, async ({
      page,
      everyRole,
    }) => {
      await expectRoutesAccessible(
        page,
        paths.map((path) => concretePath(path, everyRole.params)),
      );
    });
  }
});
