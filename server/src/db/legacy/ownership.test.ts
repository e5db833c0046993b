import type { PatientDetail, PatientInput } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ok, type TestApp } from '../../test/app.js';
import { loginAsNew, type StaffLogin } from '../../test/factories.js';
import { importFiles, legacyCsv } from '../../test/legacy.js';
import { clinics, legacyImportChanges, legacyImports, outpatientVisits, patients } from '../schema/index.js';
import { renderReport } from './report.js';

// Go-live night, rehearsed: the legacy system keeps registering while the portal is live, and the
// export is imported again. Whatever the portal created or changed stays as the portal has it.

const patientHeader = ['kode', 'nama', 'kelamin', 'tglahir', 'ktp'];
const visitHeader = ['noreg', 'norekmed', 'tglmasuk', 'polikd'];

let t: TestApp;
let clerk: StaffLogin;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await loginAsNew(t, { roles: ['registration', 'records'] });
  await t.database.db.insert(clinics).values({ code: 'INT', name: 'Poli Penyakit Dalam', queuePrefix: 'A' });
});
afterAll(() => t.app.close());

const counterPatient: PatientInput = {
  name: 'Hasnah Daeng Ngai',
  sex: 'P',
  birthDate: '1988-03-09',
  nik: '7371014903880001',
  phone: '081244556677',
};

const register = async (input: PatientInput) =>
  ok<PatientDetail>(
    await t.app.inject({ method: 'POST', url: '/api/patients', payload: input, headers: clerk.headers }),
    201,
  );
const patientByMrn = async (mrn: string) => {
  const [row] = await t.database.db.select().from(patients).where(eq(patients.mrn, mrn));
  return row;
};

describe('re-importing the legacy export beside a live portal (database)', () => {
  it('never overwrites a patient the portal registered, reports the conflict first, and numbers after every legacy row', async () => {
    // First night: 000201 is turned away (no sex), 000200 comes.
    const first = await importFiles(t.database.db, {
      'master_pasien.csv': legacyCsv(patientHeader, [
        ['000200', 'Abdul Karim', 'L', '1960-01-01', ''],
        ['000201', 'Baso Tang', '', '1961-02-02', ''],
      ]),
    });
    expect(first.table('master_pasien.csv')).toMatchObject({ inserted: 1, rejected: 1 });

    // The counter's next number is after the rejected legacy row, not after the highest imported one.
    const hasnah = await register(counterPatient);
    expect(hasnah.mrn).toBe('000202');

    // The legacy system kept registering (its own 000202) until it closed; the fixed export comes.
    const second = await importFiles(t.database.db, {
      'master_pasien.csv': legacyCsv(patientHeader, [
        ['000200', 'Abdul Karim', 'L', '1960-01-01', ''],
        ['000201', 'Baso Tang', 'L', '1961-02-02', ''],
        ['000202', 'Nama Dari Sistem Lama', 'L', '1970-07-07', '7371010707700001'],
      ]),
      'bil_rj_xbjalan.csv': legacyCsv(visitHeader, [
        ['RJ9001', '000201', '2024-05-01', 'INT'],
        ['RJ9002', '000202', '2024-05-02', 'INT'],
      ]),
    });
    expect(second.table('master_pasien.csv')).toMatchObject({
      inserted: 1,
      unchanged: 1,
      rejected: 1,
      conflicts: 1,
      rejections: [
        {
          line: 4,
          key: '000202',
          column: 'kode',
          conflict: true,
          reason:
            '000202 "Hasnah Daeng Ngai" sudah ada di portal (dibuat di portal); berkas berbeda di kolom portal nik, name, sex, birth_date, phone, registered_on; baris tidak diterapkan',
        },
      ],
    });
    // The portal's patient is untouched, and no legacy visit hangs on them.
    expect(await patientByMrn('000202')).toMatchObject({
      name: 'Hasnah Daeng Ngai',
      nik: counterPatient.nik,
      importRun: null,
    });
    expect(second.table('bil_rj_xbjalan.csv')).toMatchObject({
      inserted: 1,
      conflicts: 1,
      rejections: [{ line: 3, key: 'RJ9002', column: 'norekmed', conflict: true }],
    });
    expect(
      await t.database.db
        .select({ no: outpatientVisits.registrationNo })
        .from(outpatientVisits)
        .orderBy(asc(outpatientVisits.registrationNo)),
    ).toEqual([{ no: 'RJ9001' }]);
    // The report opens with the conflicts, before the summary.
    const text = renderReport(second);
    expect(text.indexOf('## Bentrok dengan data portal: 2 baris tidak diterapkan')).toBeGreaterThan(0);
    expect(text.indexOf('Bentrok dengan data portal')).toBeLessThan(text.indexOf('## Ringkasan'));
    expect(text).toContain('| master_pasien.csv | 4 | 000202 | kode |');

    // The next number continues after every legacy number seen.
    expect((await register({ ...counterPatient, name: 'Pasien Berikut', nik: '7371014903880002' })).mrn).toBe(
      '000203',
    );
  });

  it('leaves an imported patient changed in the portal alone, still takes their visits, and records which run changed what', async () => {
    const file = (name: string, birthPlace: string) =>
      legacyCsv(
        [...patientHeader, 'tmplahir'],
        [
          ['000300', name, 'L', '1950-05-05', '', birthPlace],
          ['000301', 'Daeng Sikki', 'L', '1951-06-06', '', 'Gowa'],
        ],
      );
    await importFiles(t.database.db, { 'master_pasien.csv': file('Andi Mappanyukki', 'Bone') });
    const imported = await patientByMrn('000300');
    // The records clerk corrects the name in the portal.
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/patients/${imported?.id}`,
        payload: { name: 'Andi Mappanyukki Daeng', sex: 'L', birthDate: '1950-05-05', birthPlace: 'Bone' },
        headers: clerk.headers,
      }),
    );

    const again = await importFiles(t.database.db, {
      'master_pasien.csv': file('Andi Mappanyukki', 'Watampone'),
      'bil_rj_xbjalan.csv': legacyCsv(visitHeader, [['RJ9301', '000300', '2024-06-01', 'INT']]),
    });
    expect(again.table('master_pasien.csv')).toMatchObject({ updated: 0, conflicts: 1, unchanged: 1 });
    expect(again.table('master_pasien.csv').rejections[0]?.reason).toContain(
      '(diimpor, lalu diubah di portal); berkas berbeda di kolom portal name, birth_place;',
    );
    expect(await patientByMrn('000300')).toMatchObject({
      name: 'Andi Mappanyukki Daeng',
      birthPlace: 'Bone',
    });
    // Their legacy visit still joins them: the record came from the legacy data.
    expect(again.table('bil_rj_xbjalan.csv')).toMatchObject({ inserted: 1, rejected: 0 });
    // The legacy side corrected the same way: nothing to settle any more.
    const agreed = await importFiles(t.database.db, {
      'master_pasien.csv': file('Andi Mappanyukki Daeng', 'Bone'),
    });
    expect(agreed.table('master_pasien.csv')).toMatchObject({ updated: 0, conflicts: 0, unchanged: 2 });

    // An update of a record the portal has not touched is applied, and traceable to its run.
    const third = await importFiles(t.database.db, {
      'master_pasien.csv': legacyCsv(
        [...patientHeader, 'tmplahir'],
        [['000301', 'Daeng Sikki', 'L', '1951-06-06', '', 'Takalar']],
      ),
    });
    expect(third.table('master_pasien.csv')).toMatchObject({ updated: 1 });
    expect(await patientByMrn('000301')).toMatchObject({ birthPlace: 'Takalar', importRun: third.run });
    expect(
      await t.database.db
        .select({
          importId: legacyImportChanges.importId,
          tableName: legacyImportChanges.tableName,
          key: legacyImportChanges.legacyKey,
          file: legacyImportChanges.file,
          line: legacyImportChanges.line,
        })
        .from(legacyImportChanges)
        .where(eq(legacyImportChanges.importId, third.run)),
    ).toEqual([
      { importId: third.run, tableName: 'patients', key: '000301', file: 'master_pasien.csv', line: 2 },
    ]);
    const [run] = await t.database.db.select().from(legacyImports).where(eq(legacyImports.id, third.run));
    expect(run).toMatchObject({ apply: true, highestMrn: '000301' });
    expect(run?.finishedAt).not.toBeNull();
  });
});
