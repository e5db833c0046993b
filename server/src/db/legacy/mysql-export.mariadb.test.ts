import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import { importFiles } from '../../test/legacy.js';
import type { DatabaseHandle } from '../client.js';
import { patients } from '../schema/index.js';

// The export recipe of docs/legacy-import.md, run against a real MariaDB server with the `mariadb`
// command-line client: what `mariadb --batch` writes of a latin1 legacy table is read back exactly.
// Vitest takes `*.mariadb.test.ts` only with TEST_MARIADB_URL (e.g. mysql://root@127.0.0.1:3306/test),
// as `.ci/run` sets it.

const url = process.env.TEST_MARIADB_URL ?? '';
const run = promisify(execFile);

/** The `mariadb` client's connection options from TEST_MARIADB_URL. */
function client(target: URL) {
  return [
    `--host=${target.hostname}`,
    `--port=${target.port || '3306'}`,
    `--user=${decodeURIComponent(target.username)}`,
    ...(target.password ? [`--password=${decodeURIComponent(target.password)}`] : []),
    target.pathname.slice(1),
  ];
}

describe('legacy export with `mariadb --batch` (MariaDB, TEST_MARIADB_URL)', () => {
  const target = new URL(url);
  // A table of its own, so that runs side by side do not meet.
  const table = `master_pasien_${randomBytes(4).toString('hex')}`;
  const sql = (statement: string) => run('mariadb', [...client(target), '--execute', statement]);
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
    // As the legacy portal kept it: latin1 (MariaDB's latin1 is Windows-1252), NULL for what is unknown.
    await sql(`
      create table ${table} (
        kode varchar(20), nama varchar(100), kelamin char(1), tglahir date, alamat1 varchar(300),
        alamat2 varchar(300), telp varchar(30), ket text
      ) character set latin1;
      insert into ${table} values
        ('000501', 'Débora "Debby" O''Neil', 'P', '1980-01-02', 'Jl. Melati; No. 5 – Blok A', NULL, NULL,
         'alergi\\tpenisilin\\nkontrol "rutin"; tiap bulan'),
        ('000502', 'José', 'L', '1975-05-06', 'C:\\\\data\\\\N', 'NULL ada', '0812 3456 789', NULL);`);
  });
  afterAll(async () => {
    await sql(`drop table if exists ${table}`).catch(() => undefined);
    await handle?.close();
  });

  it('imports every value of the recipe’s export exactly', async () => {
    // The recipe: mariadb --batch --quick --default-character-set=utf8mb4 -e 'select * from …' legacy > …
    const { stdout } = await run(
      'mariadb',
      [
        ...client(target),
        '--batch',
        '--quick',
        '--default-character-set=utf8mb4',
        '--execute',
        `select * from ${table}`,
      ],
      { encoding: 'buffer', maxBuffer: 1 << 20 },
    );
    const report = await importFiles(handle.db, { 'master_pasien.csv': stdout });
    expect(report.table('master_pasien.csv')).toMatchObject({
      status: 'imported',
      separator: '\t',
      encoding: 'utf-8',
      read: 2,
      inserted: 2,
      rejected: 0,
      fixes: {},
    });
    const rows = await handle.db
      .select({
        mrn: patients.mrn,
        name: patients.name,
        sex: patients.sex,
        birthDate: patients.birthDate,
        address: patients.address,
        addressDomicile: patients.addressDomicile,
        phone: patients.phone,
        notes: patients.notes,
      })
      .from(patients)
      .orderBy(asc(patients.mrn));
    expect(rows).toEqual([
      {
        mrn: '000501',
        name: 'Débora "Debby" O\'Neil',
        sex: 'P',
        birthDate: '1980-01-02',
        address: 'Jl. Melati; No. 5 – Blok A',
        addressDomicile: null,
        phone: null,
        notes: 'alergi\tpenisilin\nkontrol "rutin"; tiap bulan',
      },
      {
        mrn: '000502',
        name: 'José',
        sex: 'L',
        birthDate: '1975-05-06',
        address: 'C:\\data\\N',
        addressDomicile: 'NULL ada',
        phone: '08123456789', // in the 08… form the desk searches by
        notes: null,
      },
    ]);
  });
});
