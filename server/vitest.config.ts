import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The entry points' tests (the server's and the import command's) and the embedded database's backup always
    // run on an embedded database of their own: on a PostgreSQL run (TEST_DATABASE_URL, after `npm test`) they
    // would only repeat. What only several connections at once can show (a write going on while another waits
    // for a lock) is in `*.postgres.test.ts`: PGlite runs one query at a time.
    exclude: [
      ...(process.env.TEST_DATABASE_URL
        ? ['src/main.test.ts', 'src/db/backup.test.ts', 'src/db/legacy/cli.test.ts']
        : ['src/**/*.postgres.test.ts']),
      // What needs the SIMRS's MariaDB server runs only when one is named.
      ...(process.env.TEST_MARIADB_URL ? [] : ['src/**/*.mariadb.test.ts']),
      // The fault suites take minutes: their own project runs them (vitest.faults.config.ts), the unit run does not.
      'src/faults/**',
    ],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file builds its own app on its own database, so a worker runs its files one after the other in one
    // module registry rather than loading the server's modules again for each (it takes 40 % off the run).
    isolate: false,
    // PGlite in memory and PostgreSQL databases are per test file; migrations take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'Asia/Jakarta' },
  },
});
