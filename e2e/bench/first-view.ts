/**
 * First-view weight of the portal: starts the built server on a fresh embedded database, opens `/` in
 * Chromium and adds up what the browser downloaded, gzipped; then opens each staff screen of the screen
 * registry in a fresh page of a staff member holding every role, and adds up its JavaScript, brotli as
 * nginx serves it (deploy/nginx). Fails when over budget.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { appScreens, concretePath, createStaffWithEveryRole } from '../support/screens.ts';
import { logIn } from '../support/staff.ts';
import { benchPort, leftOut } from './parts.ts';
import { startServer } from './server.ts';

const budgets = { initialJs: 150 * 1024, firstView: 300 * 1024, staffJs: 250 * 1024 };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Download {
  url: string;
  type: string;
  gzip: number;
  brotli: number;
}

/** What `page` downloads (but API calls) while `open` runs, compressed as a server would send it. */
async function downloads(page: Page, open: () => Promise<unknown>): Promise<Download[]> {
  const sizes: Download[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'fetch' || type === 'xhr' || type === 'eventsource') return;
    pending.push(
      response.body().then((body) => {
        // woff2 is compressed already.
        const woff2 = response.url().endsWith('.woff2');
        sizes.push({
          url: new URL(response.url()).pathname,
          type,
          gzip: woff2 ? body.length : gzipSync(body, { level: 9 }).length,
          brotli: woff2 ? body.length : brotliCompressSync(body).length,
        });
      }),
    );
  });
  await open();
  await Promise.all(pending);
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

const scripts = (sizes: Download[], size: 'gzip' | 'brotli') =>
  sizes.filter((s) => s.type === 'script').reduce((n, s) => n + s[size], 0);

/**
 * Waits until the page is whole: its route's chunk has drawn the heading, the fonts it uses have loaded, and
 * nothing more is loading (a figure read before that leaves out what the visitor still downloads).
 */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

async function publicFirstView(browser: Browser, base: string): Promise<boolean> {
  const page = await browser.newPage();
  const sizes = await downloads(page, async () => {
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await settled(page);
  });
  await page.close();
  for (const s of sizes) console.log(`${s.type.padEnd(11)} ${kb(s.gzip).padStart(9)}  ${s.url}`);
  const initialJs = scripts(sizes, 'gzip');
  const firstView = sizes.reduce((n, s) => n + s.gzip, 0);
  console.log(`\ninitial JavaScript of /: ${kb(initialJs)} gzipped (budget ${kb(budgets.initialJs)})`);
  console.log(`first view incl. CSS and fonts: ${kb(firstView)} gzipped (budget ${kb(budgets.firstView)})`);
  return initialJs <= budgets.initialJs && firstView <= budgets.firstView;
}

/** Each staff screen opened on its own, as a bookmark opens it: the JavaScript it needs, brotli. */
async function staffFirstViews(browser: Browser, base: string): Promise<boolean> {
  const adminContext = await browser.newContext({ baseURL: base });
  const adminPage = await adminContext.newPage();
  const login = await createStaffWithEveryRole(adminPage, await logIn(adminPage, 'andi', '/absensi'));
  await adminContext.close();
  const context = await browser.newContext({ baseURL: base });
  await logIn(await context.newPage(), login.username, '/akun', login.password);
  const patient = (await (await context.request.get('/api/patients?mrn=1')).json()) as { id: number }[];
  const params = { id: String(patient[0]?.id ?? 1) };

  const staffScreens = (await appScreens()).filter((screen) => screen.staff);
  let withinBudget = true;
  console.log(`\nJavaScript of each staff screen's first view, brotli (budget ${kb(budgets.staffJs)}):`);
  for (const screen of staffScreens) {
    const path = concretePath(screen.path, params);
    const page = await context.newPage();
    const sizes = await downloads(page, async () => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await settled(page);
    });
    await page.close();
    const js = scripts(sizes, 'brotli');
    withinBudget &&= js <= budgets.staffJs;
    console.log(`${kb(js).padStart(9)}  ${path}${js > budgets.staffJs ? '  over budget' : ''}`);
  }
  await context.close();
  return withinBudget;
}

async function main() {
  if (leftOut('first view', 'first-view')) return;
  const server = await startServer(benchPort(8));
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const publicOk = await publicFirstView(browser, server.base);
    const staffOk = await staffFirstViews(browser, server.base);
    if (!publicOk || !staffOk) {
      console.error('over budget');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
