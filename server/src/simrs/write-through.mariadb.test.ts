import { type PatientDetail, type PatientInput, patientFieldNames } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../db/schema/index.js';
import { createTestApp, errorOf, eventually, ok, type TestApp } from '../test/app.js';
import { loginAsNew, type StaffLogin } from '../test/factories.js';
import { createTestSimrs, type TestSimrs } from '../test/simrs.js';
import { linkInstallStatements, linkStatus, linkTableNames, runStatements } from './link.js';

// The portal's screens that change what the SIMRS owns, linked to a real SIMRS (MariaDB, TEST_MARIADB_URL):
// each change is written to the SIMRS in the same action, or nowhere, and a row the SIMRS changed first
// wins over the clerk's change.

let simrs: TestSimrs;
let t: TestApp;
let clerk: StaffLogin;

beforeAll(async () => {
  simrs = await createTestSimrs({ sample: true });
  await runStatements(simrs.client, await linkInstallStatements(simrs.client));
  t = await createTestApp({ simrs: { url: simrs.url, pollMs: 60_000 } });
  clerk = await loginAsNew(t, { roles: ['registration', 'records'] });
  // The first mirror, which the link starts on its own.
  const tables = (await linkTableNames(simrs.client)).length;
  await eventually(
    async () => {
      const status = await linkStatus(t.database.db);
      return status.length === tables && status.every((table) => table.fullDone) ? true : undefined;
    },
    { timeoutMs: 60_000, what: 'the first mirror' },
  );
});
afterAll(async () => {
  await t?.app.close();
  await simrs?.drop();
});

const simrsRow = async (sql: string, values: (string | number)[]) =>
  (await simrs.client.rows<Record<string, unknown>>(sql, values))[0];

const auditOf = (action: string, entity: string, entityId: string | number) =>
  t.database.db
    .select({ details: auditLog.details, staffId: auditLog.staffId })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))),
    );

describe('a patient corrected at the counter, linked to the SIMRS (MariaDB)', () => {
  const patientOf = async (mrn: string) => {
    const [row] = await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.mrn, mrn));
    if (!row) throw new Error(`patient ${mrn} not mirrored`);
    return ok<PatientDetail>(await t.app.inject({ url: `/api/patients/${row.id}`, headers: clerk.headers }));
  };
  const correct = (patient: PatientDetail, changes: Partial<PatientInput>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/patients/${patient.id}`,
      headers: clerk.headers,
      payload: {
        ...Object.fromEntries(patientFieldNames.map((field) => [field, patient[field]])),
        ...changes,
      },
    });

  it('writes the changed fields to master_pasien and audits the write-through', async () => {
    const patient = await patientOf('000002');
    const corrected = ok<PatientDetail>(
      await correct(patient, { phone: '081299887766', address: 'Jl. Pettarani No. 9, Makassar' }),
    );
    expect(corrected).toMatchObject({ phone: '081299887766', address: 'Jl. Pettarani No. 9, Makassar' });
    expect(
      await simrsRow('select telp, alamat1, nama from master_pasien where kode = ?', ['000002']),
    ).toEqual({
      telp: '081299887766',
      alamat1: 'Jl. Pettarani No. 9, Makassar',
      nama: patient.name,
    });
    const [entry] = await auditOf('simrs.write', 'patient', patient.id);
    expect(entry?.details).toMatchObject({
      table: 'master_pasien',
      key: '000002',
      values: { telp: '081299887766', alamat1: 'Jl. Pettarani No. 9, Makassar' },
    });
  });

  it('keeps what the SIMRS changed first: 409 with the current values, audited, nothing overwritten', async () => {
    const patient = await patientOf('000003');
    await simrs.client.run('update master_pasien set telp = ? where kode = ?', ['085200001111', '000003']);

    const res = await correct(patient, { phone: '081100002222' });
    expect(res.statusCode).toBe(409);
    const error = errorOf(res) as ReturnType<typeof errorOf> & { current?: PatientDetail };
    expect(error.code).toBe('SIMRS_CONFLICT');
    expect(error.message).toMatch(/diubah di SIMRS/);
    expect(error.current).toMatchObject({ id: patient.id, mrn: '000003', phone: '085200001111' });

    expect(await simrsRow('select telp from master_pasien where kode = ?', ['000003'])).toEqual({
      telp: '085200001111',
    });
    expect((await patientOf('000003')).phone).toBe('085200001111');
    const [entry] = await auditOf('simrs.conflict', 'patient', patient.id);
    expect(entry).toMatchObject({
      staffId: clerk.member.id,
      details: { table: 'master_pasien', values: { telp: '081100002222' }, simrs: { telp: '085200001111' } },
    });
    // Seen, the SIMRS's values are the ones to correct: the same change now goes through.
    ok(await correct(error.current as PatientDetail, { phone: '081100002222' }));
    expect(await simrsRow('select telp from master_pasien where kode = ?', ['000003'])).toEqual({
      telp: '081100002222',
    });
  });

  it('changes nothing on either side when the SIMRS refuses the value, and tells the clerk why', async () => {
    const patient = await patientOf('000004');
    const res = await correct(patient, { name: 'Nguyễn Văn Hải', address: 'Jl. Baru 1' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('SIMRS_REFUSED_VALUE');
    expect(await patientOf('000004')).toMatchObject({ name: patient.name, address: patient.address });
    expect(await simrsRow('select nama, alamat1 from master_pasien where kode = ?', ['000004'])).toEqual({
      nama: patient.name,
      alamat1: patient.address,
    });
  });
});
