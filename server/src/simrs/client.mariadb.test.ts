import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSimrs, type TestSimrs } from '../test/simrs.js';
import { openSimrs } from './client.js';

// The client against MariaDB (TEST_MARIADB_URL): what the link can rely on whatever the server's defaults.

let simrs: TestSimrs;
beforeAll(async () => {
  simrs = await createTestSimrs();
});
afterAll(() => simrs?.drop());

describe('the SIMRS client (MariaDB, TEST_MARIADB_URL)', () => {
  it('refuses a value that does not fit rather than cutting it, and keeps zero dates', async () => {
    await expect(
      simrs.client.run('INSERT INTO master_golpas (kode, nama) VALUES (?, ?)', [
        'X'.repeat(21),
        'Terlalu panjang',
      ]),
    ).rejects.toMatchObject({ code: 'ER_DATA_TOO_LONG' });
    const inserted = await simrs.client.run(
      'INSERT INTO bil_ri_xbinap (noreg, norekmed, tglmasuk, tglkeluar) VALUES (?, ?, ?, ?)',
      ['RI00990001', '009900', '2026-11-25', '0000-00-00'],
    );
    expect(inserted).toMatchObject({ affectedRows: 1, insertId: 1 });
    expect(
      await simrs.client.rows('SELECT ??, tglkeluar FROM bil_ri_xbinap WHERE sr_recno = ?', [
        'tglmasuk',
        inserted.insertId,
      ]),
    ).toEqual([{ tglmasuk: '2026-11-25', tglkeluar: '0000-00-00' }]);
  });

  it('stores what Windows-1252 can hold in the latin1 tables, and refuses the rest rather than writing ?', async () => {
    const insert = 'INSERT INTO master_pangkat (kode, nama) VALUES (?, ?)';
    await simrs.client.run(insert, ['PKT90', 'Bougenvillé – “lama” €']);
    expect(await simrs.client.rows('SELECT nama FROM master_pangkat WHERE kode = ?', ['PKT90'])).toEqual([
      { nama: 'Bougenvillé – “lama” €' },
    ]);
    await expect(simrs.client.run(insert, ['PKT91', 'Nguyễn'])).rejects.toMatchObject({
      code: 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD',
    });
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    const insert = 'INSERT INTO master_satuan (kode, nama) VALUES (?, ?)';
    await simrs.client.transaction((tx) => tx.run(insert, ['SAT90', 'Disimpan']));
    await expect(
      simrs.client.transaction(async (tx) => {
        await tx.run(insert, ['SAT91', 'Dibatalkan']);
        await tx.run(insert, ['SAT90', 'Kode yang sama']);
      }),
    ).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(await simrs.client.rows('SELECT kode, nama FROM master_satuan ORDER BY kode')).toEqual([
      { kode: 'SAT90', nama: 'Disimpan' },
    ]);
  });

  it('stops a statement at the query timeout and goes on with a new connection', async () => {
    const client = openSimrs(simrs.url, { queryTimeoutMs: 300, connectionLimit: 1 });
    try {
      await expect(client.rows('SELECT SLEEP(5) AS slept')).rejects.toMatchObject({
        code: 'PROTOCOL_SEQUENCE_TIMEOUT',
      });
      const started = performance.now();
      expect(await client.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await client.close();
    }
  });
});
