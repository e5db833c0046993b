import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSimrs, simrsCli, smallSampleFolder, type TestSimrs } from '../test/simrs.js';

// `npm run cli -- simrs load` into a MariaDB database (TEST_MARIADB_URL), as the bench and a rehearsal run it.

let simrs: TestSimrs;
beforeAll(async () => {
  simrs = await createTestSimrs();
});
afterAll(() => simrs?.drop());

describe('the SIMRS load command (MariaDB, TEST_MARIADB_URL)', { timeout: 120_000 }, () => {
  it('loads a folder into the database of SIMRS_DATABASE_URL, file by file', async () => {
    const run = simrsCli({ SIMRS_DATABASE_URL: simrs.url }, smallSampleFolder);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^master_pasien\.csv → master_pasien: dibaca 63, dimuat 61, ditolak 2 \(1 tak terbaca\), peringatan 1, /m,
    );
    expect(run.stdout).toMatch(/^SIMRS di .*\/simrs_\w+ dimuat dari .* dalam [\d,]+ detik\.$/m);
    const [row] = await simrs.client.rows<{ n: number }>('SELECT COUNT(*) AS n FROM bil_rj_xbjalan');
    expect(Number(row?.n)).toBe(167);
  });
});
