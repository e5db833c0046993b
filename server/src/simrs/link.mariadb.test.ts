import type { PatientSearchRow } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ok, type TestApp } from '../test/app.js';
import { loginAsNew, type StaffLogin } from '../test/factories.js';
import { createTestSimrs, type TestSimrs } from '../test/simrs.js';
import { installLink, linkRound, linkStatus } from './link.js';

// The linked mode against a real SIMRS (MariaDB, TEST_MARIADB_URL) holding the small legacy sample:
// the first mirror, then what the SIMRS changes afterwards, as a clerk finds it in the patient search.

let simrs: TestSimrs;
let t: TestApp;
let clerk: StaffLogin;

beforeAll(async () => {
  simrs = await createTestSimrs({ sample: true });
  await installLink(simrs.client);
  t = await createTestApp();
  clerk = await loginAsNew(t, { roles: ['registration', 'records'] });
});
afterAll(async () => {
  await t?.app.close();
  await simrs?.drop();
});

/** Rounds until the link has nothing more to do at once. */
async function catchUp(chunk?: number) {
  for (let round = 0; round < 500; round++) {
    const { more } = await linkRound(t.database.db, simrs.client, { chunk });
    if (!more) return;
  }
  throw new Error('the link never caught up');
}

const search = async (q: string) =>
  ok<PatientSearchRow[]>(
    await t.app.inject({ url: `/api/patients?name=${encodeURIComponent(q)}`, headers: clerk.headers }),
  );

const simrsCount = async (table: string) => {
  const [row] = await simrs.client.rows<{ n: number }>('select count(*) as n from ??', [table]);
  return Number(row?.n);
};

describe('the SIMRS link (MariaDB)', () => {
  it('mirrors every table in chunks that an interruption does not lose, then says the copy is current', async () => {
    // Seven records a statement: the patients take several rounds; stopping between rounds loses nothing.
    for (let round = 0; round < 5; round++) await linkRound(t.database.db, simrs.client, { chunk: 7 });
    const midway = await linkStatus(t.database.db);
    expect(midway.some((table) => !table.fullDone)).toBe(true);
    await catchUp(7);

    const status = await linkStatus(t.database.db);
    const patients = status.find((table) => table.table === 'master_pasien');
    expect(patients?.fullDone).toBe(true);
    // Every SIMRS record was read once: taken, or turned away by the importer's rules.
    expect((patients?.rowsMirrored ?? 0) + (patients?.rowsRejected ?? 0)).toBe(
      await simrsCount('master_pasien'),
    );
    expect(
      status.every((table) => table.fullDone && table.lagSeconds !== null && table.lagSeconds < 60),
    ).toBe(true);
    expect(status.map((table) => table.table)).toContain('bil_rj_xbjalan');
    expect(status.map((table) => table.table)).not.toContain('bhpdet_dbs');
  });

  it('shows a patient the SIMRS adds, changes, deletes by its mark and removes, at the next round', async () => {
    await catchUp();
    await simrs.client.run(
      `insert into master_pasien (kode, nama, kelamin, tglahir, alamat1) values (?, ?, ?, ?, ?)`,
      ['090001', 'Wa Ode Sitti Rahmah', 'P', '1979-06-15', 'Jl. Sultan Hasanuddin 9'],
    );
    await simrs.client.run(`insert into master_pasien (kode, nama, kelamin, tglahir) values (?, ?, ?, ?)`, [
      '090002',
      'La Ode Muhammad Kaimudin',
      'L',
      '1965-02-01',
    ]);
    await catchUp();
    const [added] = await search('Wa Ode Sitti');
    expect(added).toMatchObject({ mrn: '090001', name: 'Wa Ode Sitti Rahmah' });
    expect(await search('Kaimudin')).toHaveLength(1);

    await simrs.client.run('update master_pasien set nama = ? where kode = ?', [
      'Wa Ode Sitti Rahmawati',
      '090001',
    ]);
    await catchUp();
    expect((await search('Wa Ode Sitti'))[0]?.name).toBe('Wa Ode Sitti Rahmawati');

    await simrs.client.run(`update master_pasien set sr_deleted = 'T' where kode = ?`, ['090001']);
    await simrs.client.run('delete from master_pasien where kode = ?', ['090002']);
    await catchUp();
    expect(await search('Wa Ode Sitti')).toHaveLength(0);
    expect(await search('Kaimudin')).toHaveLength(0);
    // What the link applied is gone from the SIMRS's change log.
    expect(await simrsCount('portal_changes')).toBe(0);
  });
});
