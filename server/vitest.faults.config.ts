import { defineConfig } from 'vitest/config';
import server from './vitest.config.ts';

// The fault suites (src/faults/): a project of its own, which the root config lists only when FAULTS is set
// (`npm run test:faults`, CI's last step with the server's tests on PostgreSQL beside it). Each file runs in a
// module registry of its own: the fuzz keeps its routes in its module.
export default defineConfig({
  ...server,
  test: {
    ...server.test,
    name: 'faults',
    include: ['src/faults/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts'],
    isolate: true,
  },
});
