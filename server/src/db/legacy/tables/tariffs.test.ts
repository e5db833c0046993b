import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { tariffBooks, tariffItems } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';
import { renderReport } from '../report.js';

const books = legacyCsv(
  ['tabel', 'nama', 'sr_deleted'],
  [
    ['umum', 'Tarif Umum', ''],
    ['RJ', 'Tarif Rawat Jalan', ''],
    ['lama', 'Tarif 2015', 'T'],
    ['', 'Tanpa tabel', ''],
  ],
);
const itemHeader = ['kode', 'ket', 'kelas', 'tarif', 'sr_deleted'];
const umum = legacyCsv(itemHeader, [
  ['k01', 'Konsultasi Dokter Umum', 'Umum', '50000', ''],
  ['K02', 'Kamar Perawatan', ' Kelas 1 ', '650.000', ''],
  ['K03', 'Visite Spesialis', 'VIP', '250,000', ''],
  ['K04', 'Layanan Lama', 'Umum', '10000', 'T'],
  ['K05', 'Diskon', 'Umum', '-5000', ''],
  ['K06', 'Tarif Rahasia', 'Umum', 'gratis', ''],
  ['K07', 'Setengah', 'Umum', '12500,50', ''],
  ['K01', 'Konsultasi Lagi', 'Umum', '60000', ''],
  ['K08', '', 'Umum', '1000', ''],
]);
const rj = legacyCsv(itemHeader, [['K01', 'Pendaftaran', 'Umum', '25000', '']]);
const orphan = legacyCsv(itemHeader, [
  ['X1', 'Layanan X', 'Umum', '1000', ''],
  ['X2', 'Layanan Y', 'Umum', '2000', ''],
]);

const files = {
  'master_buku_tarifx.csv': books,
  'tarifx_umum.csv': umum,
  'TARIFX_RJ.csv': rj,
  'tarifx_hilang.csv': orphan,
};

describe('legacy tariff books and items (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const itemsOf = async (code: string) => {
    const [book] = await handle.db.select().from(tariffBooks).where(eq(tariffBooks.code, code));
    return handle.db
      .select({
        code: tariffItems.code,
        name: tariffItems.name,
        class: tariffItems.class,
        price: tariffItems.price,
        deleted: tariffItems.deletedAt,
      })
      .from(tariffItems)
      .where(eq(tariffItems.bookId, book!.id))
      .orderBy(asc(tariffItems.code));
  };

  it('imports the books, then each tarifx file into the book named by its file', async () => {
    const report = await importFiles(handle.db, files);
    expect(report.table('master_buku_tarifx.csv')).toMatchObject({
      status: 'imported',
      read: 4,
      inserted: 3,
      rejected: 1,
      rejections: [{ line: 5, column: 'tabel', reason: 'nama tabel buku tarif kosong' }],
    });
    expect(
      await handle.db
        .select({ code: tariffBooks.code, name: tariffBooks.name, deleted: tariffBooks.deletedAt })
        .from(tariffBooks)
        .orderBy(asc(tariffBooks.code)),
    ).toEqual([
      { code: 'LAMA', name: 'Tarif 2015', deleted: expect.any(Date) },
      { code: 'RJ', name: 'Tarif Rawat Jalan', deleted: null },
      { code: 'UMUM', name: 'Tarif Umum', deleted: null },
    ]);

    expect(report.table('tarifx_umum.csv')).toMatchObject({
      status: 'imported',
      read: 9,
      inserted: 4,
      rejected: 5,
      fixes: { upperCased: 1, trimmed: 1 },
    });
    expect(
      report.table('tarifx_umum.csv').rejections.map(({ line, column, reason }) => [line, column, reason]),
    ).toEqual([
      [6, 'tarif', 'bukan bilangan bulat 0–2147483647: "-5000"'],
      [7, 'tarif', 'bukan bilangan bulat 0–2147483647: "gratis"'],
      [8, 'tarif', 'bukan bilangan bulat 0–2147483647: "12500,50"'],
      [9, 'kode', 'kunci ganda K01: sudah ada di baris 2'],
      [10, 'ket', 'nama layanan (ket) kosong'],
    ]);
    expect(await itemsOf('UMUM')).toEqual([
      { code: 'K01', name: 'Konsultasi Dokter Umum', class: 'Umum', price: 50000, deleted: null },
      { code: 'K02', name: 'Kamar Perawatan', class: 'Kelas 1', price: 650000, deleted: null },
      { code: 'K03', name: 'Visite Spesialis', class: 'VIP', price: 250000, deleted: null },
      { code: 'K04', name: 'Layanan Lama', class: 'Umum', price: 10000, deleted: expect.any(Date) },
    ]);
    // The same item code in another book is another item.
    expect(report.table('TARIFX_RJ.csv')).toMatchObject({ inserted: 1, rejected: 0 });
    expect(await itemsOf('RJ')).toEqual([
      { code: 'K01', name: 'Pendaftaran', class: 'Umum', price: 25000, deleted: null },
    ]);

    expect(report.table('tarifx_hilang.csv')).toMatchObject({ status: 'imported', inserted: 0, rejected: 2 });
    expect(report.table('tarifx_hilang.csv').rejections[0]).toMatchObject({
      file: 'tarifx_hilang.csv',
      line: 2,
      column: '',
      reason: 'buku tarif HILANG tidak ada: tambahkan ke master_buku_tarifx.csv',
    });
  });

  it('a second run changes nothing, and a new price is an update', async () => {
    const again = await importFiles(handle.db, files);
    expect(again.table('master_buku_tarifx.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(again.table('tarifx_umum.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    expect(again.table('TARIFX_RJ.csv')).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });

    const changed = await importFiles(handle.db, { 'tarifx_rj.csv': rj.replace('25000', '30.000') });
    expect(changed.table('tarifx_rj.csv')).toMatchObject({ inserted: 0, updated: 1 });
    expect((await itemsOf('RJ'))[0]?.price).toBe(30000);
    expect(await handle.db.$count(tariffItems)).toBe(5);
  });

  it('warns of a book listed in master_buku_tarifx whose tarifx file is not in the export', async () => {
    const report = await importFiles(handle.db, {
      'master_buku_tarifx.csv': books.concat('ri;Tarif Rawat Inap;\r\n'),
      'tarifx_umum.csv': umum,
      'TARIFX_RJ.csv': rj,
    });
    // The deleted book "lama" has no file either, and wants none.
    expect(report.table('master_buku_tarifx.csv').notices).toEqual([
      {
        file: 'master_buku_tarifx.csv',
        line: 6,
        key: 'RI',
        text: 'buku tarif RI: berkas tarifx_ri.csv tidak ada, buku dibuat tanpa item; ekspor ulang tabel tarifx_ri',
      },
    ]);
    expect(renderReport(report)).toContain(
      '| master_buku_tarifx.csv | 6 | RI | buku tarif RI: berkas tarifx_ri.csv tidak ada',
    );
  });
});
