import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { importFiles, legacyCsv } from '../../test/legacy.js';
import type { DatabaseHandle } from '../client.js';
import { rowsOf } from '../rows.js';

// An empty table is filled without its search and sort indexes, which are built once the file is
// written: the desks must find them all there afterwards, whatever the run did.

const patientsFile = (rows: string[][]) => legacyCsv(['kode', 'nama', 'kelamin', 'tglahir'], rows);

describe('legacy import into an empty table (database)', () => {
  let handle: DatabaseHandle;
  const indexes = async () =>
    (
      await rowsOf<{ name: string }>(
        handle.db.execute(
          sql`select indexname as name from pg_indexes where tablename = 'patients' order by indexname`,
        ),
      )
    ).map((index) => index.name);
  /** How the desks' name search finds a patient: through the trigram index. */
  const searchByName = async (term: string) =>
    (
      await rowsOf<{ mrn: string }>(
        handle.db.execute(sql`select mrn from patients where upper(name) like ${`%${term}%`} order by mrn`),
      )
    ).map((patient) => patient.mrn);

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('leaves every index in place after a dry run and after filling the empty table', async () => {
    const before = await indexes();
    expect(before).toContain('patients_name_trgm');

    await importFiles(
      handle.db,
      { 'master_pasien.csv': patientsFile([['000001', 'Siti', 'P', '1980-01-02']]) },
      {
        apply: false,
      },
    );
    expect(await indexes()).toEqual(before);

    const report = await importFiles(handle.db, {
      'master_pasien.csv': patientsFile([
        ['000001', 'Siti Aminah', 'P', '1980-01-02'],
        ['000002', 'Budi Santoso', 'L', '1979-03-04'],
        ['000003', 'Ani', 'X', '1990-05-05'],
      ]),
    });
    expect(report.table('master_pasien.csv')).toMatchObject({ status: 'imported', inserted: 2, rejected: 1 });
    expect(await indexes()).toEqual(before);
    expect(await searchByName('AMINAH')).toEqual(['000001']);

    // The table has rows now: a second run keeps its indexes up as it goes, and its new patients are found.
    const again = await importFiles(handle.db, {
      'master_pasien.csv': patientsFile([['000004', 'Rina Aminah', 'P', '1985-06-07']]),
    });
    expect(again.table('master_pasien.csv')).toMatchObject({ status: 'imported', inserted: 1 });
    expect(await indexes()).toEqual(before);
    expect(await searchByName('AMINAH')).toEqual(['000001', '000004']);
  });
});
