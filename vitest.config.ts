import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The fault suites' fuzz files first, the public ones (about three minutes each) before the staff ones, then
 * the rest in Vitest's order. Without the durations of an earlier run (a fresh clone, as on CI) Vitest starts
 * the largest files first: the fuzz files are four lines long, so they started last, and one core stood idle
 * for the last minute while the other finished a public one.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const fuzz = /\/fuzz-(public|staff)-\d+\.test\.ts$/.exec(file.moduleId);
      return fuzz ? (fuzz[1] === 'public' ? 0 : 1) : 2;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    projects: [
      'server',
      // The fault suites, with FAULTS set (`npm run test:faults`): server/vitest.faults.config.ts.
      ...(process.env.FAULTS ? ['server/vitest.faults.config.ts'] : []),
      'web',
      // The documentation's links, anchors, npm scripts and command line commands (docs/links.test.ts).
      { test: { name: 'docs', include: ['docs/**/*.test.ts'], environment: 'node' } },
    ],
    // Vitest leaves a core to itself by default (one worker on a 2-core machine), but its own process
    // mostly waits for the workers.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: FuzzFirst },
  },
});
