import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverDir } from '../test/process.js';
import { simrsCli } from '../test/simrs.js';

// `npm run cli -- simrs load`: what the IT officer sees when the folder or the URL is wrong.

const folder = mkdtempSync(path.join(tmpdir(), 'simrs-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the SIMRS load command', { timeout: 120_000 }, () => {
  it('refuses a wrong URL or folder with a clear message and a non-zero exit, before connecting', () => {
    const sample = path.join(serverDir, 'src/db/legacy/sample');
    // Exit 2 for what the command was given, 1 for the configuration (as every command stops on it).
    const cases: [NodeJS.ProcessEnv, string[], RegExp, number][] = [
      [{}, [sample], /Sebutkan --url mysql:\/\/… atau isi SIMRS_DATABASE_URL\./, 2],
      [
        {},
        [sample, '--url', 'postgres://portal@127.0.0.1/simrs'],
        /URL SIMRS harus berupa URL mysql:\/\//,
        2,
      ],
      // Nothing answers on port 9: the folder is refused before any connection is tried.
      [{}, ['tidak-ada', '--url', 'mysql://portal@127.0.0.1:9/simrs'], /Folder .*tidak-ada tidak ada\./, 2],
      [
        { SIMRS_DATABASE_URL: 'mysql://portal@127.0.0.1' },
        [sample],
        /SIMRS_DATABASE_URL harus menyebut satu basis data/,
        1,
      ],
    ];
    for (const [env, args, message, status] of cases) {
      const run = simrsCli({ INIT_CWD: folder, ...env }, ...args);
      expect(run.stderr).toMatch(message);
      expect(run.status).toBe(status);
    }
  });

  it('says which SIMRS could not be reached, with exit 1', () => {
    const run = simrsCli(
      {},
      path.join(serverDir, 'src/db/legacy/sample'),
      '--url',
      'mysql://portal@127.0.0.1:9/simrs',
    );
    expect(run.stderr).toMatch(/^Gagal: SIMRS di 127\.0\.0\.1:9\/simrs: .*ECONNREFUSED/m);
    expect(run.status).toBe(1);
  });
});
