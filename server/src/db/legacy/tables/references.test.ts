import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { referenceCodes } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';

const header = ['kode', 'nama', 'sr_deleted'];
const files = {
  'master_golpas.csv': legacyCsv(header, [
    ['ad', 'TNI AD ', ''],
    ['UM', 'Umum', ''],
    ['', 'Tanpa kode', ''],
    ['AD', 'TNI AD lagi', ''],
  ]),
  'master_satuan.csv': legacyCsv(header, [
    ['KODAM', 'Kodam XIV/Hasanuddin', ''],
    ['YON', 'Yonif 700', 'T'],
  ]),
  'master_pangkat.csv': legacyCsv(header, [
    ['SERKA', 'Sersan Kepala', ''],
    ['KOPTU', '', ''],
  ]),
  // The same code in another list is another entry.
  'master_perusahaan.csv': legacyCsv(header, [['UM', 'PT Usaha Maju', '']]),
};

describe('legacy reference lists (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const all = () =>
    handle.db
      .select({
        kind: referenceCodes.kind,
        code: referenceCodes.code,
        name: referenceCodes.name,
        deleted: referenceCodes.deletedAt,
      })
      .from(referenceCodes)
      .orderBy(asc(referenceCodes.kind), asc(referenceCodes.code));

  it('imports each list under its kind, upper-casing codes and turning away what it cannot keep', async () => {
    const report = await importFiles(handle.db, files);
    expect(report.table('master_golpas.csv')).toMatchObject({
      status: 'imported',
      read: 4,
      inserted: 2,
      rejected: 2,
      fixes: { upperCased: 1, trimmed: 1 },
      rejections: [
        { line: 4, column: 'kode', reason: 'kode golongan pasien kosong' },
        { line: 5, column: 'kode', reason: 'kunci ganda AD: sudah ada di baris 2' },
      ],
    });
    expect(report.table('master_satuan.csv')).toMatchObject({ inserted: 2, rejected: 0 });
    expect(report.table('master_pangkat.csv')).toMatchObject({
      inserted: 1,
      rejections: [{ line: 3, column: 'nama', reason: 'nama pangkat kosong' }],
    });
    expect(report.table('master_perusahaan.csv')).toMatchObject({ inserted: 1 });

    expect(await all()).toEqual([
      { kind: 'company', code: 'UM', name: 'PT Usaha Maju', deleted: null },
      { kind: 'patient_group', code: 'AD', name: 'TNI AD', deleted: null },
      { kind: 'patient_group', code: 'UM', name: 'Umum', deleted: null },
      { kind: 'rank', code: 'SERKA', name: 'Sersan Kepala', deleted: null },
      { kind: 'unit', code: 'KODAM', name: 'Kodam XIV/Hasanuddin', deleted: null },
      { kind: 'unit', code: 'YON', name: 'Yonif 700', deleted: expect.any(Date) },
    ]);
  });

  it('a second run changes nothing; a renamed or restored entry is updated', async () => {
    const again = await importFiles(handle.db, files);
    for (const file of Object.keys(files))
      expect(again.table(file)).toMatchObject({ status: 'imported', inserted: 0, updated: 0 });
    expect(again.table('master_golpas.csv').unchanged).toBe(2);

    const changed = await importFiles(handle.db, {
      'master_satuan.csv': legacyCsv(header, [
        ['KODAM', 'Kodam XIV/Hasanuddin', ''],
        ['YON', 'Yonif Raider 700', ''],
      ]),
    });
    expect(changed.table('master_satuan.csv')).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect((await all()).find((r) => r.code === 'YON')).toMatchObject({
      name: 'Yonif Raider 700',
      deleted: null,
    });
  });
});
