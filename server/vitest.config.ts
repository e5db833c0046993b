import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite in memory and PostgreSQL databases are per test file; migrations take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'Asia/Jakarta' },
  },
});
