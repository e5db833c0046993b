import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../client.js';
import { rooms } from '../../schema/index.js';
import { createTestDatabase } from '../../../test/db.js';
import { importFiles, legacyCsv } from '../../../test/legacy.js';

const header = ['kode', 'nama', 'kelas', 'kapasitas', 'kelamin', 'sr_deleted'];
const file = legacyCsv(header, [
  ['cdr', 'Paviliun Cendrawasih', 'VVIP', '2', '', ''],
  ['MRP', 'Ruang Merpati', 'Kelas I', '8', '', ''],
  ['NUR', 'Ruang Nuri', 'kelas 2', '10', '', ''],
  ['MLT', 'Ruang Melati', 'III', '12', 'p', ''],
  ['KSR', 'Paviliun Kasuari', 'VIP', '6', 'L', ''],
  ['UTM', 'Paviliun Utama', 'utama', '4', '', ''],
  ['KL1', 'Ruang Kelas Satu', 'KL1', '1', '', ''],
  ['ICCU', 'Ruang ICCU', 'ICCU', '4', '', ''],
  ['NICU', 'Perinatologi', 'NICU', '6', '', ''],
  ['ISO', 'Isolasi Teratai', 'Isolasi', '4', '', 'T'],
  ['BRU', 'Ruang Baru', 'Kelas Super', '4', '', ''],
  ['KSG', 'Ruang Kosong', 'KL3', '0', '', ''],
  ['CMP', 'Ruang Campur', 'KL3', '4', 'X', ''],
  ['MRP', 'Ruang Merpati Lagi', 'KL1', '8', '', ''],
]);

describe('legacy master_ruangkd (database)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('imports rooms with their legacy class names mapped to the BPJS bed classes', async () => {
    const report = await importFiles(handle.db, { 'master_ruangkd.csv': file });
    const table = report.table('master_ruangkd.csv');
    expect(table).toMatchObject({ status: 'imported', read: 14, inserted: 10, updated: 0, rejected: 4 });
    expect(table.rejections).toMatchObject([
      {
        file: 'master_ruangkd.csv',
        line: 12,
        column: 'kelas',
        reason: 'kelas ruang tidak dikenali: "Kelas Super"',
      },
      {
        file: 'master_ruangkd.csv',
        line: 13,
        column: 'kapasitas',
        reason: 'bukan bilangan bulat 1–2147483647: "0"',
      },
      {
        file: 'master_ruangkd.csv',
        line: 14,
        column: 'kelamin',
        reason: 'kelamin ruang bukan L, P atau kosong: "X"',
      },
      {
        file: 'master_ruangkd.csv',
        line: 15,
        column: 'kode',
        reason: 'kunci ganda MRP: sudah ada di baris 3',
      },
    ]);

    const all = await handle.db
      .select({ code: rooms.code, class: rooms.class, capacity: rooms.capacity, sex: rooms.sex })
      .from(rooms)
      .orderBy(asc(rooms.code));
    expect(all).toEqual([
      { code: 'CDR', class: 'VVP', capacity: 2, sex: null },
      { code: 'ICCU', class: 'ICC', capacity: 4, sex: null },
      { code: 'ISO', class: 'ISO', capacity: 4, sex: null },
      { code: 'KL1', class: 'KL1', capacity: 1, sex: null },
      { code: 'KSR', class: 'VIP', capacity: 6, sex: 'L' },
      { code: 'MLT', class: 'KL3', capacity: 12, sex: 'P' },
      { code: 'MRP', class: 'KL1', capacity: 8, sex: null },
      { code: 'NICU', class: 'NIC', capacity: 6, sex: null },
      { code: 'NUR', class: 'KL2', capacity: 10, sex: null },
      { code: 'UTM', class: 'UTM', capacity: 4, sex: null },
    ]);
    const deleted = await handle.db.select({ code: rooms.code, deletedAt: rooms.deletedAt }).from(rooms);
    expect(deleted.filter((room) => room.deletedAt !== null).map((room) => room.code)).toEqual(['ISO']);
  });

  it('a second run changes nothing, and a changed room is updated', async () => {
    const again = await importFiles(handle.db, { 'master_ruangkd.csv': file });
    expect(again.table('master_ruangkd.csv')).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 10,
      rejected: 4,
    });
    const changed = await importFiles(handle.db, {
      'master_ruangkd.csv': file.replace('Ruang Nuri;kelas 2;10', 'Ruang Nuri;kelas 2;12'),
    });
    expect(changed.table('master_ruangkd.csv')).toMatchObject({ inserted: 0, updated: 1, unchanged: 9 });
    expect(await handle.db.$count(rooms)).toBe(10);
  });
});
