import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { importFiles, legacyCsv } from '../../test/legacy.js';
import type { DatabaseHandle } from '../client.js';
import { referenceCodes } from '../schema/index.js';
import { ImportFolderError, planImport } from './import.js';
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
  async write(tx, batch, _context, outcome) {
    if (batch.some(({ row }) => row.name === 'BOOM')) throw new Error('disk full');
    return upsert(tx, referenceCodes, batch, [referenceCodes.kind, referenceCodes.code], outcome);
  },
});
const units = legacyTable({ ...ranks, file: 'units.csv' });
/** Reference codes of the kind the file names: a kind the database's check refuses fails its row there. */
const kinds = legacyTable({
  ...ranks,
  file: 'kinds.csv',
  read: (row) => ({
    kind: row.required('jenis', 'jenis') as 'rank',
    code: row.requiredCode('kode', 'kode'),
    name: row.required('nama', 'nama'),
  }),
});

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
      {
        file: 'ranks.csv',
        line: 3,
        key: 'B',
        column: '',
        reason: 'jumlah kolom tidak sama dengan header',
        value: '',
      },
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

  it('a file that fails part-way is untouched as a whole, and the run goes on with the next', async () => {
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
      ['later.csv', 'imported'],
    ]);
    // The first batch of ranks.csv (R1, R2) had been written before the second failed: it is gone too.
    expect(await stored()).toEqual([
      { code: 'L1', name: 'Satu' },
      { code: 'U1', name: 'Satu' },
    ]);
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

  it('a value the database refuses costs its row only, named by its key, and a dry run finds it too', async () => {
    const file = {
      'kinds.csv': legacyCsv(
        ['jenis', 'kode', 'nama'],
        [
          ['rank', 'A', 'Satu'],
          ['pangkat', 'B', 'Dua'],
          ['rank', 'C', 'Tiga'],
        ],
      ),
    };
    for (const apply of [false, true]) {
      const report = await importFiles(handle.db, file, { tables: [kinds], apply });
      expect(report.table('kinds.csv')).toMatchObject({ read: 3, inserted: 2, rejected: 1 });
      expect(report.table('kinds.csv').rejections).toEqual([
        expect.objectContaining({
          line: 3,
          key: 'B',
          reason: expect.stringMatching(/^ditolak basis data: .*23514/),
        }),
      ]);
    }
    expect(await stored()).toEqual([
      { code: 'A', name: 'Satu' },
      { code: 'C', name: 'Tiga' },
    ]);
  });

  it('finds the rows the database refuses in a large batch by halves, and takes the others', async () => {
    const wide = legacyTable({ ...kinds, file: 'wide.csv', batchSize: 10 });
    const rows = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((code) => [
      code === 'B' || code === 'F' ? 'pangkat' : 'rank',
      code,
      `Nama ${code}`,
    ]);
    const report = await importFiles(
      handle.db,
      { 'wide.csv': legacyCsv(['jenis', 'kode', 'nama'], rows) },
      { tables: [wide] },
    );
    expect(report.table('wide.csv')).toMatchObject({ read: 7, inserted: 5, rejected: 2 });
    expect(report.table('wide.csv').rejections.map(({ line, key }) => ({ line, key }))).toEqual([
      { line: 3, key: 'B' },
      { line: 7, key: 'F' },
    ]);
    expect((await stored()).map(({ code }) => code)).toEqual(['A', 'C', 'D', 'E', 'G']);
  });

  it('refuses a folder that is not an export before reading anything', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'legacy-'));
    try {
      writeFileSync(path.join(folder, 'catatan.txt'), 'bukan ekspor');
      await expect(planImport(path.join(folder, 'tidak-ada'), [ranks])).rejects.toThrow(
        /^Folder .*tidak-ada tidak ada\.$/,
      );
      await expect(planImport(path.join(folder, 'catatan.txt'), [ranks])).rejects.toThrow(
        /adalah berkas, bukan folder/,
      );
      await expect(planImport(folder, [ranks])).rejects.toThrow(/tidak berisi satu pun berkas ekspor/);
      await expect(planImport(folder, [ranks])).rejects.toBeInstanceOf(ImportFolderError);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
