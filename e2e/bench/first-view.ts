/**
 * First-view weight of the portal: starts the built server on a fresh embedded database, opens `/`
 * in Chromium and adds up what the browser downloaded, gzipped. Fails when over budget.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { startServer } from './server.ts';

const budgets = { initialJs: 150 * 1024, firstView: 300 * 1024 };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startServer(3198);
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage();
    const sizes: { url: string; type: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'fetch' || type === 'xhr') return;
      pending.push(
        response.body().then((body) => {
          // woff2 is compressed already; gzip would not shrink it.
          const gzip = response.url().endsWith('.woff2') ? body.length : gzipSync(body, { level: 9 }).length;
          sizes.push({ url: new URL(response.url()).pathname, type, gzip });
        }),
      );
    });
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);

    sizes.sort((a, b) => b.gzip - a.gzip);
    for (const s of sizes) console.log(`${s.type.padEnd(11)} ${kb(s.gzip).padStart(9)}  ${s.url}`);
    const initialJs = sizes.filter((s) => s.type === 'script').reduce((n, s) => n + s.gzip, 0);
    const firstView = sizes.reduce((n, s) => n + s.gzip, 0);
    console.log(`\ninitial JavaScript of /: ${kb(initialJs)} gzipped (budget ${kb(budgets.initialJs)})`);
    console.log(`first view incl. CSS and fonts: ${kb(firstView)} gzipped (budget ${kb(budgets.firstView)})`);
    if (initialJs > budgets.initialJs || firstView > budgets.firstView) {
      console.error('over budget');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
