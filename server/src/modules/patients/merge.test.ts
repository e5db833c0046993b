import type { PatientAuditEntry, PatientDetail, PatientMergePlan } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissions, operations, outpatientVisits, patients, registrations } from '../../db/schema/index.js';
import { localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createRoom,
  createSchedule,
  type LoggedIn,
  loginAsNew,
  type StaffLogin,
  nextAddress,
  type TestSchedule,
  webBooking,
} from '../../test/factories.js';

let t: TestApp;
let admin: StaffLogin;
let records: StaffLogin;
let schedule: TestSchedule;
let roomId: number;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAsNew(t, { roles: ['admin'] });
  records = await loginAsNew(t, { roles: ['records'] });
  schedule = await createSchedule(t.database.db);
  roomId = (await createRoom(t.database.db, { capacity: 4 })).id;
});
afterAll(() => t.app.close());

const get = (url: string, who: LoggedIn = admin) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const merge = (survivorId: number, duplicateId: number, who: LoggedIn = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/patients/${survivorId}/merge`,
    payload: { duplicateId },
    headers: who.headers,
  });
const preview = (survivorId: number, duplicateId: number) =>
  get(`/api/patients/${survivorId}/merge-preview?duplicateId=${duplicateId}`);

/** A booking today at the test clinic, through the public booking. */
async function book(patient: { mrn: string; birthDate: string; phone: string | null }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    remoteAddress: nextAddress(),
    payload: webBooking(schedule, patient, today),
  });
  expect(res.statusCode, res.body).toBe(201);
}

let serial = 0;
async function visit(patientId: number) {
  serial += 1;
  await t.database.db.insert(outpatientVisits).values({
    registrationNo: `RJM${String(serial).padStart(7, '0')}`,
    patientId,
    clinicId: schedule.clinicId,
    visitDate: today,
  });
}
async function stay(patientId: number, current: boolean) {
  serial += 1;
  await t.database.db.insert(admissions).values({
    registrationNo: `RIM${String(serial).padStart(7, '0')}`,
    patientId,
    roomId,
    admittedAt: new Date(Date.now() - 3 * 86_400_000),
    dischargedAt: current ? null : new Date(Date.now() - 86_400_000),
  });
}
async function operation(patientId: number) {
  await t.database.db
    .insert(operations)
    .values({ date: today, queueOrder: 1, patientId, procedure: 'Appendektomi', theatre: 'OK 1' });
}

const countsOf = async (patientId: number) => ({
  outpatientVisits: await t.database.db.$count(outpatientVisits, eq(outpatientVisits.patientId, patientId)),
  admissions: await t.database.db.$count(admissions, eq(admissions.patientId, patientId)),
  registrations: await t.database.db.$count(registrations, eq(registrations.patientId, patientId)),
  operations: await t.database.db.$count(operations, eq(operations.patientId, patientId)),
});

describe('merging two records of one patient (database-backed)', () => {
  it('moves visits, stays, bookings and operations, fills empty fields, and audits both records', async () => {
    const survivor = await createPatient(t.database.db, { name: 'Sitti Rahmah', sex: 'P', phone: null });
    const duplicate = await createPatient(t.database.db, { name: 'Siti Rahmah', sex: 'P' });
    await t.database.db.update(patients).set({ nik: null }).where(eq(patients.id, survivor.id));
    await t.database.db
      .update(patients)
      .set({
        phone: '081377001122',
        religion: 'Islam',
        patientGroupCode: 'UM01',
        patientGroup: 'UMUM',
        unitCode: 'SAT03',
        unit: 'Kodim 1408/Makassar',
      })
      .where(eq(patients.id, duplicate.id));
    // A group text without its code: the survivor keeps it, not half of the duplicate's pair.
    await t.database.db
      .update(patients)
      .set({ religion: 'Islam', patientGroup: 'Umum (lama)' })
      .where(eq(patients.id, survivor.id));
    await visit(duplicate.id);
    await visit(duplicate.id);
    await stay(duplicate.id, false);
    await book({ ...duplicate, phone: '081377001122' });
    await operation(duplicate.id);
    await visit(survivor.id);

    const plan = ok<PatientMergePlan>(await preview(survivor.id, duplicate.id));
    expect(plan).toEqual({
      survivor: { id: survivor.id, mrn: survivor.mrn, name: 'Sitti Rahmah' },
      duplicate: {
        id: duplicate.id,
        mrn: duplicate.mrn,
        name: 'Siti Rahmah',
        birthDate: duplicate.birthDate,
        nik: duplicate.nik,
      },
      moves: { outpatientVisits: 2, admissions: 1, registrations: 1, operations: 1 },
      filled: ['nik', 'phone', 'unitCode', 'unit'],
      conflicts: [],
    });

    const merged = ok<PatientDetail>(await merge(survivor.id, duplicate.id));
    expect(merged).toMatchObject({
      id: survivor.id,
      mrn: survivor.mrn,
      nik: duplicate.nik,
      phone: '081377001122',
      patientGroupCode: null,
      patientGroup: 'Umum (lama)',
      unitCode: 'SAT03',
      unit: 'Kodim 1408/Makassar',
    });
    expect(await countsOf(survivor.id)).toEqual({
      outpatientVisits: 3,
      admissions: 1,
      registrations: 1,
      operations: 1,
    });
    expect(await countsOf(duplicate.id)).toEqual({
      outpatientVisits: 0,
      admissions: 0,
      registrations: 0,
      operations: 0,
    });

    const gone = await get(`/api/patients/${duplicate.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toEqual({
      code: 'PATIENT_MERGED',
      message: `Data pasien ini sudah digabungkan ke No. RM ${survivor.mrn}.`,
    });
    const [row] = await t.database.db.select().from(patients).where(eq(patients.id, duplicate.id));
    expect(row).toMatchObject({ mergedIntoId: survivor.id, nik: null });
    expect(row?.deletedAt).not.toBeNull();
    expect(ok<{ id: number }[]>(await get('/api/patients?name=siti rahmah')).map((p) => p.id)).toEqual([]);

    const moved = { outpatientVisits: 2, admissions: 1, registrations: 1, operations: 1 };
    const [onSurvivor] = ok<PatientAuditEntry[]>(await get(`/api/patients/${survivor.id}/audit`));
    expect(onSurvivor).toMatchObject({
      action: 'patient.merge',
      staff: { id: admin.member.id },
      changes: [
        { field: 'nik', from: null, to: duplicate.nik },
        { field: 'phone', from: null, to: '081377001122' },
        { field: 'unitCode', from: null, to: 'SAT03' },
        { field: 'unit', from: null, to: 'Kodim 1408/Makassar' },
      ],
      merge: { patient: { id: duplicate.id, mrn: duplicate.mrn, name: 'Siti Rahmah' }, moved },
    });
    const [onDuplicate] = ok<PatientAuditEntry[]>(await get(`/api/patients/${duplicate.id}/audit`));
    expect(onDuplicate).toMatchObject({
      action: 'patient.merged',
      changes: [{ field: 'nik', from: duplicate.nik, to: null }],
      merge: { patient: { id: survivor.id, mrn: survivor.mrn }, moved },
    });

    // A merged record is gone: it cannot be merged again.
    const again = await merge(survivor.id, duplicate.id);
    expect(again.statusCode).toBe(404);
  });

  it('refuses two current stays or two bookings at one clinic on one day, and changes nothing', async () => {
    const a = await createPatient(t.database.db);
    const b = await createPatient(t.database.db);
    await stay(a.id, true);
    await stay(b.id, true);
    await visit(b.id);
    const plan = ok<PatientMergePlan>(await preview(a.id, b.id));
    expect(plan.conflicts).toEqual([expect.stringMatching(/^Kedua data sedang dirawat inap/)]);
    const refused = await merge(a.id, b.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('MERGE_CONFLICT');
    expect(await countsOf(b.id)).toMatchObject({ outpatientVisits: 1, admissions: 1 });
    expect(ok<PatientDetail>(await get(`/api/patients/${b.id}`)).id).toBe(b.id);

    const c = await createPatient(t.database.db);
    const d = await createPatient(t.database.db);
    await book(c);
    await book(d);
    const clash = await merge(c.id, d.id);
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toMatch(
      /^Kedua data punya pendaftaran aktif di Poli Uji \d+ pada \d{2}-\d{2}-\d{4}; /,
    );
    expect(await countsOf(d.id)).toMatchObject({ registrations: 1 });
  });

  it('takes the birth date an imported record lacked from the duplicate, which settles its flag', async () => {
    const survivor = await createPatient(t.database.db, { name: 'Pasien Impor Tanpa Tanggal' });
    const duplicate = await createPatient(t.database.db, { birthDate: '1970-02-28' });
    await t.database.db
      .update(patients)
      .set({
        birthDate: null,
        importIssues: [{ column: 'tglahir', reason: 'tanggal lahir tidak dikenali', value: '31/02/1970' }],
      })
      .where(eq(patients.id, survivor.id));
    expect(ok<PatientMergePlan>(await preview(survivor.id, duplicate.id)).filled).toContain('birthDate');
    const merged = ok<PatientDetail>(await merge(survivor.id, duplicate.id));
    expect(merged).toMatchObject({ birthDate: '1970-02-28', importIssues: [] });
  });

  it('is for admins only, and refuses merging a record into itself or an unknown one', async () => {
    const a = await createPatient(t.database.db);
    const b = await createPatient(t.database.db);
    expect((await merge(a.id, b.id, records)).statusCode).toBe(403);
    expect((await get(`/api/patients/${a.id}/merge-preview?duplicateId=${b.id}`, records)).statusCode).toBe(
      403,
    );
    const itself = await merge(a.id, a.id);
    expect(itself.statusCode).toBe(400);
    expect(errorOf(itself).fields).toEqual({
      duplicateId: 'Pilih data pasien lain: satu data tidak dapat digabungkan dengan dirinya sendiri.',
    });
    expect((await merge(a.id, 999_999)).statusCode).toBe(404);
    expect((await merge(999_999, a.id)).statusCode).toBe(404);
  });
});
