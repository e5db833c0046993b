import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['server', 'web'],
    // Vitest leaves a core to itself by default (one worker on a 2-core machine), but its own process
    // mostly waits for the workers.
    maxWorkers: availableParallelism(),
  },
});
