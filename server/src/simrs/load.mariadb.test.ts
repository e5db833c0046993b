import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpectedImport } from '../db/legacy/sample.js';
import { createTestSimrs, smallSampleFolder, type TestSimrs } from '../test/simrs.js';
import { openSimrs } from './client.js';
import { loadSimrs, SimrsLoadError } from './load.js';

// The SIMRS of the tests: the small legacy sample loaded into MariaDB (TEST_MARIADB_URL).

const expected = JSON.parse(
  readFileSync(path.join(smallSampleFolder, 'expected.json'), 'utf8'),
) as ExpectedImport;

/** Rows of the sample the SIMRS itself cannot hold (see the test below); every other record loads. */
const refused: Record<string, number> = { 'master_pasien.csv': 2 };

const folder = mkdtempSync(path.join(tmpdir(), 'simrs-load-'));
let simrs: TestSimrs;
beforeAll(async () => {
  simrs = await createTestSimrs({ sample: true });
});
afterAll(async () => {
  await simrs?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const count = async (table: string) => {
  const [row] = await simrs.client.rows<{ n: number }>('SELECT COUNT(*) AS n FROM ??', [table]);
  return Number(row?.n);
};

describe('a SIMRS loaded from the legacy sample (MariaDB, TEST_MARIADB_URL)', () => {
  it('holds every record of every file but those it refuses', async () => {
    const report = simrs.loaded!;
    expect(report.files.map((f) => f.file).sort()).toEqual(Object.keys(expected.files).sort());
    expect(report.skipped).toEqual([]);
    for (const [file, counts] of Object.entries(expected.files)) {
      const loaded = report.files.find((f) => f.file === file)!;
      expect({ file, read: loaded.read, loaded: loaded.loaded, refused: loaded.refused }).toEqual({
        file,
        read: counts.read,
        loaded: counts.read - (refused[file] ?? 0),
        refused: refused[file] ?? 0,
      });
      expect(await count(loaded.table)).toBe(loaded.loaded);
    }
    // The two the importer rejects as well: a medical record number keyed twice (the unique key keeps the
    // first) and a record the exporter did not quote, whose commas split it.
    expect(expected.files['master_pasien.csv']?.rejections).toEqual([
      { line: 14, column: 'kode' },
      { line: 42, column: '' },
    ]);
    const patients = report.files.find((f) => f.file === 'master_pasien.csv')!;
    expect(patients.unreadable).toBe(1);
    expect(patients.notes).toEqual(
      expect.arrayContaining([
        'baris 42: jumlah kolom tidak sama dengan header',
        "MariaDB 1062: Duplicate entry '000012' for key 'master_pasien_kode'",
      ]),
    );
    const [kept] = await simrs.client.rows<{ nama: string }>(
      'SELECT nama FROM master_pasien WHERE kode = ?',
      ['000012'],
    );
    expect(kept?.nama).not.toBe(kept?.nama.toUpperCase());
  });

  it('keeps the values as the legacy stored them', async () => {
    const { client } = simrs;
    const [patient] = await client.rows<Record<string, unknown>>(
      'SELECT kode, nama, kelamin, tglahir, umur1, alamat1, golpaskd, tgl, sr_recno, sr_deleted FROM master_pasien WHERE kode = ?',
      ['000001'],
    );
    expect(patient).toEqual({
      kode: '000001',
      nama: 'Putri Nurul Daeng Ngai',
      kelamin: 'P',
      tglahir: '2019-07-20',
      umur1: 7,
      alamat1: 'Jl. Sungai Saddang No. 126, RT 005/RW 007, Kel. Mattoanging, Kec. Mariso, Makassar',
      golpaskd: 'AD03',
      tgl: '2025-12-02',
      sr_recno: 1,
      // The legacy's "not deleted" as this record has it.
      sr_deleted: '0',
    });
    // A Windows-1252 file; a password with spaces around it; record numbers from the file.
    expect(await client.rows('SELECT nama FROM master_ruangkd WHERE kode = ?', ['BGV'])).toEqual([
      { nama: 'Ruang Bougenvillé (Kelas II, lama)' },
    ]);
    expect(await client.rows('SELECT tarifkt, piket FROM bhpdet_dbs WHERE sr_recno = 12')).toEqual([
      { tarifkt: ' hasanuddin94 ', piket: '1' },
    ]);
    // A date a spreadsheet wrote day first, an open stay's zero date, one left empty, and a date that
    // does not exist (31/13/…), which MariaDB keeps as the zero date with a warning.
    expect(await client.rows('SELECT tglkeluar FROM bil_rj_xbjalan WHERE noreg = ?', ['RJ00000802'])).toEqual(
      [{ tglkeluar: '2026-02-27' }],
    );
    expect(
      await client.rows('SELECT noreg, tglkeluar FROM bil_ri_xbinap WHERE noreg IN (?) ORDER BY noreg', [
        ['RI00003601', 'RI00003701'],
      ]),
    ).toEqual([
      { noreg: 'RI00003601', tglkeluar: null },
      { noreg: 'RI00003701', tglkeluar: '0000-00-00' },
    ]);
    expect(await client.rows('SELECT tglahir FROM master_pasien WHERE kode = ?', ['000061'])).toEqual([
      { tglahir: '0000-00-00' },
    ]);
    expect(simrs.loaded?.files.find((f) => f.file === 'master_pasien.csv')?.warnings).toBe(1);
    // Decimals as text, exactly.
    expect(await client.rows('SELECT tarif FROM tarifx_rj WHERE kode = ?', ['RJ001'])).toEqual([
      { tarif: '25000.00' },
    ]);
  });

  it('refuses a second record under a natural key, whatever its case and trailing spaces', async () => {
    const { client } = simrs;
    await expect(
      client.run('INSERT INTO master_pasien (kode, nama) VALUES (?, ?)', ['000001', 'Orang Lain']),
    ).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
    await expect(
      client.run('INSERT INTO master_dokter (kode, nama) VALUES (?, ?)', ['d001 ', 'X']),
    ).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
    await expect(
      client.run('INSERT INTO bil_rj_xbjalan (noreg, norekmed) VALUES (?, ?)', ['RJ00000101', '000001']),
    ).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' });
  });

  it('loads the same sample into a fresh database identically', async () => {
    const again = await createTestSimrs({ sample: true });
    try {
      const checksums = async (target: TestSimrs) => {
        const tables = target.loaded!.files.map((f) => f.table);
        return target.client.rows<{ Table: string; Checksum: number }>('CHECKSUM TABLE ??', [tables]);
      };
      const first = await checksums(simrs);
      const second = await checksums(again);
      expect(second.map((row) => row.Checksum)).toEqual(first.map((row) => row.Checksum));
      expect(first.every((row) => row.Checksum !== null)).toBe(true);
      const counts = (target: TestSimrs) =>
        target.loaded!.files.map(({ seconds: _seconds, ...file }) => file);
      expect(counts(again)).toEqual(counts(simrs));
    } finally {
      await again.drop();
    }
  });

  it('refuses to load into tables that hold rows', async () => {
    await expect(loadSimrs(simrs.client, smallSampleFolder)).rejects.toThrow(
      /Tabel \w+ di .* sudah berisi data: muat hanya ke basis data SIMRS yang kosong/,
    );
  });

  it('takes a tariff book of its own, leaves out columns the SIMRS lacks, and reads a mysql --batch export', async () => {
    const exportDir = path.join(folder, 'ekspor');
    mkdirSync(exportDir);
    writeFileSync(
      path.join(exportDir, 'tarifx_lab.csv'),
      'kode;ket;kelas;tarif;catatan\r\nLAB01;"Darah; rutin";Umum;45000;lama\r\n',
    );
    // What `mariadb --batch` writes: tabs, backslash escapes, NULL.
    writeFileSync(
      path.join(exportDir, 'master_golpas.csv'),
      'kode\tnama\tsr_deleted\nUM01\tUMUM\\tlama \\\\ baru\tNULL\n',
    );
    writeFileSync(path.join(exportDir, 'catatan.csv'), 'a;b\r\n1;2\r\n');
    const fresh = await createTestSimrs();
    try {
      const report = await loadSimrs(fresh.client, exportDir);
      expect(report.skipped).toEqual(['catatan.csv']);
      expect(report.files.find((f) => f.file === 'tarifx_lab.csv')).toMatchObject({
        table: 'tarifx_lab',
        loaded: 1,
        ignoredColumns: ['catatan'],
      });
      expect(
        await fresh.client.rows('SELECT kode, ket, tarif, sr_recno, sr_deleted FROM tarifx_lab'),
      ).toEqual([{ kode: 'LAB01', ket: 'Darah; rutin', tarif: '45000.00', sr_recno: 1, sr_deleted: '' }]);
      expect(await fresh.client.rows('SELECT kode, nama, sr_deleted FROM master_golpas')).toEqual([
        { kode: 'UM01', nama: 'UMUM\tlama \\ baru', sr_deleted: '' },
      ]);
    } finally {
      await fresh.drop();
    }
  });

  it('refuses a folder that is missing, a file, or one without SIMRS tables, before connecting', async () => {
    const notExport = path.join(folder, 'dokumen');
    mkdirSync(notExport);
    writeFileSync(path.join(notExport, 'catatan.txt'), 'bukan ekspor');
    // Nothing answers there: a load that tried to connect would fail with another error.
    const nowhere = openSimrs('mysql://root@127.0.0.1:9/simrs', { connectTimeoutMs: 1000 });
    try {
      const cases: [string, RegExp][] = [
        [path.join(folder, 'tidak-ada'), /Folder .*tidak-ada tidak ada\./],
        [path.join(notExport, 'catatan.txt'), /catatan\.txt adalah berkas, bukan folder/],
        [notExport, /tidak berisi satu pun berkas tabel SIMRS/],
      ];
      for (const [given, message] of cases) {
        const failed = loadSimrs(nowhere, given);
        await expect(failed).rejects.toThrow(SimrsLoadError);
        await expect(failed).rejects.toThrow(message);
      }
    } finally {
      await nowhere.close();
    }
  });
});
