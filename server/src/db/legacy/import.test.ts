import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { importFiles, legacyCsv } from '../../test/legacy.js';
import type { DatabaseHandle } from '../client.js';
import { referenceCodes } from '../schema/index.js';
import { legacyTable, upsert } from './table.js';

// The importer's own rules, with small tables of its own: how files are read, what a dry run and a
// failure leave behind. The real tables have their tests beside them.

/** Ranks (`kode`, `nama`); a `nama` of BOOM fails the write of its batch, as a database error would. */
const ranks = legacyTable({
  file: 'ranks.csv',
  columns: ['kode', 'nama'],
  keyColumn: 'kode',
  batchSize: 2,
  prepare: async () => undefined,
  read: (row) => ({
    kind: 'rank' as const,
    code: row.requiredCode('kode', 'kode'),
    name: row.required('nama', 'nama'),
  }),
  key: (row) => row.code,
  async write(tx, batch) {
    if (batch.some(({ row }) => row.name === 'BOOM')) throw new Error('disk full');
    return upsert(
      tx,
      referenceCodes,
      batch.map(({ row }) => row),
      [referenceCodes.kind, referenceCodes.code],
    );
  },
});
const units = legacyTable({ ...ranks, file: 'units.csv' });

describe('legacy importer (database)', () => {
  let handle: DatabaseHandle;
  const stored = () =>
    handle.db
      .select({ code: referenceCodes.code, name: referenceCodes.name })
      .from(referenceCodes)
      .orderBy(asc(referenceCodes.code));

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  beforeEach(async () => {
    await handle.db.delete(referenceCodes);
  });
  afterAll(() => handle.close());

  it('reads comma or semicolon files, quoted fields, CRLF, a BOM and Windows-1252', async () => {
    const report = await importFiles(
      handle.db,
      {
        'ranks.csv': `\uFEFFKode , Nama\r\nmayor,"Mayor, Inf."\r\n`,
        'units.csv': Buffer.from('kode;nama\nKES;Kesehatan Rumah Sakit Tentara Jos\xe9\n', 'latin1'),
      },
      { tables: [ranks, units] },
    );
    expect(report.table('ranks.csv')).toMatchObject({ encoding: 'utf-8', separator: ',', inserted: 1 });
    expect(report.table('units.csv')).toMatchObject({
      encoding: 'windows-1252',
      separator: ';',
      inserted: 1,
    });
    expect(await stored()).toEqual([
      { code: 'KES', name: 'Kesehatan Rumah Sakit Tentara José' },
      { code: 'MAYOR', name: 'Mayor, Inf.' },
    ]);
  });

  it('rejects a row with another number of fields, and a header without a required column fails the file', async () => {
    const ragged = await importFiles(
      handle.db,
      { 'ranks.csv': 'kode;nama\nA;Satu\nB;Dua;lebih\n' },
      { tables: [ranks] },
    );
    expect(ragged.table('ranks.csv').rejections).toEqual([
      { file: 'ranks.csv', line: 3, column: '', reason: 'jumlah kolom tidak sama dengan header' },
    ]);
    const headless = await importFiles(
      handle.db,
      { 'ranks.csv': 'kode;name\nC;Tiga\n' },
      { tables: [ranks] },
    );
    expect(headless.table('ranks.csv')).toMatchObject({
      status: 'failed',
      error: 'kolom wajib tidak ada di header: nama',
    });
  });

  it('a failure part-way leaves that file and the ones after it untouched, and those before it imported', async () => {
    const report = await importFiles(
      handle.db,
      {
        'units.csv': legacyCsv(['kode', 'nama'], [['U1', 'Satu']]),
        'ranks.csv': legacyCsv(
          ['kode', 'nama'],
          [
            ['R1', 'Satu'],
            ['R2', 'Dua'],
            ['R3', 'Tiga'],
            ['R4', 'BOOM'],
          ],
        ),
        'later.csv': legacyCsv(['kode', 'nama'], [['L1', 'Satu']]),
      },
      { tables: [units, ranks, legacyTable({ ...ranks, file: 'later.csv' })] },
    );
    expect(report.tables.map((t) => [t.file, t.status])).toEqual([
      ['units.csv', 'imported'],
      ['ranks.csv', 'failed'],
      ['later.csv', 'not-started'],
    ]);
    // The first batch of ranks.csv (R1, R2) had been written before the second failed: it is gone too.
    expect(await stored()).toEqual([{ code: 'U1', name: 'Satu' }]);
    expect(report.table('ranks.csv').error).toMatch(/^galat basis data: disk full/);
  });

  it('a dry run writes nothing and says per file what would happen', async () => {
    await importFiles(
      handle.db,
      { 'ranks.csv': legacyCsv(['kode', 'nama'], [['A', 'Satu']]) },
      { tables: [ranks] },
    );
    const report = await importFiles(
      handle.db,
      {
        'ranks.csv': legacyCsv(
          ['kode', 'nama'],
          [
            ['A', 'Satu'],
            ['B', 'Dua'],
            ['c', 'Tiga'],
            ['A', 'Ganda'],
            ['', 'Kosong'],
          ],
        ),
      },
      { tables: [ranks], apply: false },
    );
    expect(report.table('ranks.csv')).toMatchObject({
      status: 'checked',
      read: 5,
      inserted: 2,
      updated: 0,
      unchanged: 1,
      rejected: 2,
      fixes: { upperCased: 1 },
    });
    expect(report.table('ranks.csv').rejections.map((r) => [r.line, r.column, r.reason])).toEqual([
      [5, 'kode', 'kunci ganda A: sudah ada di baris 2'],
      [6, 'kode', 'kode kosong'],
    ]);
    expect(await stored()).toEqual([{ code: 'A', name: 'Satu' }]);
  });

  it('names a missing file in the report and goes on with the others', async () => {
    const report = await importFiles(
      handle.db,
      { 'units.csv': legacyCsv(['kode', 'nama'], [['U1', 'Satu']]) },
      { tables: [ranks, units] },
    );
    expect(report.tables.map((t) => [t.file, t.status])).toEqual([
      ['ranks.csv', 'missing'],
      ['units.csv', 'imported'],
    ]);
  });
});
