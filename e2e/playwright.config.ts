import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;
export const fakeBpjsUrl = `http://127.0.0.1:${port - 1}`;

// Debian's Chromium, as its headless shell (package chromium-headless-shell): the same Blink without the
// windowed browser around it, which Playwright itself uses for headless runs. The whole suite took a quarter
// less CPU than in /usr/bin/chromium (517 against 710 s). Playwright's own browser download does not work here.
// `CHROMIUM_PATH=/usr/bin/chromium` runs the specs in the full browser (also for `--headed`).
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Most specs are a whole desk flow of 10 to 40 steps, each waiting for what the user sees. On CI's busy
  // 2-core machine such a flow has taken 2 to 3 times as long as here, past Playwright's default of 30 s.
  timeout: 60_000,
  // The 2-core CI machine is busy: a first view (the API documentation's schema, built on its first
  // request) may take longer than Playwright's default of 5 s.
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // No trace: recording one costs every test, passing or not (each step's DOM snapshot took about 15 % of the
    // suite's time on CI's 2-core machine), and CI keeps only its log. To see a failure step by step, run
    // the spec again with `--trace retain-on-failure`.
    trace: 'off',
    launchOptions: chromiumLaunch,
  },
  // The workers take the projects in this order. The ones that run in one worker (the walk-ins one test at a
  // time, a portal of its own for nginx and VClaim, whose start is a wait) come before the main project, so that
  // they go on beside its tests rather than alone at the end with the other worker idle.
  projects: [
    // Linked mode: a portal of its own beside a SIMRS of its own on the machine's MariaDB, named by
    // TEST_MARIADB_URL (as the server's *.mariadb.test.ts); CI runs it (@simrs) with the @postgres step. First,
    // so that its wait for the mirror goes on beside the other tests rather than after them.
    ...(process.env.TEST_MARIADB_URL
      ? [
          {
            name: 'simrs',
            testMatch: /simrs-link\.spec\.ts/,
            use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
          },
        ]
      : []),
    // The walk-in numbers of the lobby kiosk: "call next" at a counter takes the oldest number of the priority
    // lane, whoever took it, so the specs that take numbers and call them run one at a time, beside the others.
    {
      name: 'walk-ins',
      testMatch: /(kiosk|kiosk-lanes|counter-screen)\.spec\.ts/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    // deploy/ as a hospital runs it: Debian's nginx in front of a portal of its own (the spec starts both on
    // free ports), called over HTTPS (a browser only for the page shown while the portal is stopped). In order,
    // in one worker: one portal for the file.
    {
      name: 'nginx',
      testMatch: /nginx\.spec\.ts/,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch, ignoreHTTPSErrors: true },
    },
    // BPJS VClaim: a portal of its own with VClaim configured beside a fake BPJS in the spec's process
    // (support/vclaim.ts), as every JKN booking is then checked. In order, in one worker.
    {
      name: 'vclaim',
      testMatch: /vclaim\.spec\.ts/,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    {
      name: 'chromium',
      testIgnore: /(rooms|nginx|simrs-link|vclaim|kiosk|kiosk-lanes|counter-screen)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    // Adds a room and changes its beds: after the specs that count the bed board's rooms and add up its beds.
    // Not tagged @postgres: as a dependant it would make `--grep @postgres` run the whole chromium project.
    {
      name: 'rooms',
      testMatch: /rooms\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
  ],
  webServer: {
    // The real built portal on a fresh database with the demo data (see the script).
    command: 'node scripts/start-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/data',
      LOG_LEVEL: 'warn',
      // Every spec writes from 127.0.0.1; the per-address limit itself has its own API test.
      PUBLIC_WRITE_LIMIT: '1000',
      // The fake BPJS that scripts/start-server.mjs starts beside the portal.
      FAKE_BPJS_PORT: new URL(fakeBpjsUrl).port,
      BPJS_ANTREAN_URL: `${fakeBpjsUrl}/antreanrs`,
      BPJS_APLICARES_URL: `${fakeBpjsUrl}/aplicaresws`,
      BPJS_PPK_CODE: 'E2E0001',
      BPJS_CONS_ID: 'e2e-cons-id',
      BPJS_SECRET_KEY: 'e2e-secret-key',
      BPJS_USER_KEY: 'e2e-user-key',
    },
  },
});
