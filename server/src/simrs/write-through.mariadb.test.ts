import { type Operation, type PatientDetail, type PatientInput, patientFieldNames } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dutyPosts, operations, patientReads, patients, staff } from '../db/schema/index.js';
import { localToday } from '../lib/dates.js';
import { createTestApp, errorOf, eventually, ok, type TestApp } from '../test/app.js';
import {
  createPatient,
  createSchedule,
  createStaffMember,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestStaff,
} from '../test/factories.js';
import { mobileJknCaller } from '../test/jkn.js';
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
    // The record in the refusal is a read of the patient, in the read audit as an opened record is.
    await eventually(
      async () => {
        const reads = await t.database.db
          .select({ kind: patientReads.kind })
          .from(patientReads)
          .where(and(eq(patientReads.staffId, clerk.member.id), eq(patientReads.patientId, patient.id)));
        return reads.some((read) => read.kind === 'record') ? true : undefined;
      },
      { what: 'the conflict recorded as a read of the patient' },
    );
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

describe('a duty handover, linked to the SIMRS (MariaDB)', () => {
  const handover = (role: 'piket' | 'cs', member: TestStaff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/duty/${role}/handover`,
      payload: { staffId: member.id, password: member.password },
      remoteAddress: nextAddress(),
    });
  const flags = (table: string, flag: string) =>
    simrs.client.rows<{ recNo: number; nama: string; telp: string; on: string }>(
      'select sr_recno as recNo, nama, telp, ?? as `on` from ?? order by sr_recno',
      [flag, table],
    );
  const officerRows = async (table: string, flag: string) =>
    (await flags(table, flag)).filter((row) => row.on === '1').map((row) => row.recNo);
  const memberRows = async (id: number) =>
    (
      await t.database.db
        .select({ duty: staff.legacyDutyRecNo, cs: staff.legacyCsRecNo })
        .from(staff)
        .where(eq(staff.id, id))
    )[0];

  it('marks the new on-duty officer in bhpdet_dbs: piket 1 on their row only, the handover audited', async () => {
    // Imported from the legacy portal: known by their record number (13, Ns. Hendra Saputra).
    const hendra = await createStaffMember(t.database.db, { roles: ['piket'], name: 'Ns. Hendra Saputra' });
    await t.database.db.update(staff).set({ legacyDutyRecNo: 13 }).where(eq(staff.id, hendra.id));
    expect(await officerRows('bhpdet_dbs', 'piket')).toEqual([12]);

    ok(await handover('piket', hendra));
    expect(await officerRows('bhpdet_dbs', 'piket')).toEqual([13]);
    const [entry] = await auditOf('simrs.write', 'staff', hendra.id);
    expect(entry).toMatchObject({ staffId: hendra.id, details: { table: 'bhpdet_dbs', key: 13 } });
  });

  it('gives an officer without a SIMRS row a new one, with no password in it', async () => {
    const fresh = await createStaffMember(t.database.db, { roles: ['piket'], name: 'Andi Baso Tenri' });
    ok(await handover('piket', fresh));
    const rows = await flags('bhpdet_dbs', 'piket');
    const own = rows.find((row) => row.nama === 'Andi Baso Tenri');
    expect(own).toMatchObject({ telp: fresh.phone, on: '1' });
    expect(rows.filter((row) => row.on === '1')).toHaveLength(1);
    expect(await simrsRow('select tarifkt from bhpdet_dbs where sr_recno = ?', [own?.recNo ?? 0])).toEqual({
      tarifkt: null,
    });
    expect((await memberRows(fresh.id))?.duty).toBe(own?.recNo);
  });

  it('marks the customer-service officer in emr_soap_o, found by their phone', async () => {
    // Rini Handayani (record 24) was added in the portal with the phone the legacy portal had for her.
    const rini = await createStaffMember(t.database.db, { roles: ['cs'], name: 'Rini Handayani' });
    await t.database.db.update(staff).set({ phone: '081354409826' }).where(eq(staff.id, rini.id));
    ok(await handover('cs', rini));
    expect(await officerRows('emr_soap_o', 'aktif')).toEqual([24]);
    expect((await flags('emr_soap_o', 'aktif')).filter((row) => row.on !== '0')).toHaveLength(1);
    expect((await memberRows(rini.id))?.cs).toBe(24);
  });

  it('changes nothing on either side when the SIMRS refuses the officer, and says why', async () => {
    const before = await flags('bhpdet_dbs', 'piket');
    const [post] = await t.database.db.select().from(dutyPosts).where(eq(dutyPosts.role, 'piket'));
    const member = await createStaffMember(t.database.db, { roles: ['piket'], name: 'Trần Thị Thu' });
    const res = await handover('piket', member);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: 'SIMRS_REFUSED_VALUE',
      message: expect.stringMatching(/petugas/),
    });
    expect(await flags('bhpdet_dbs', 'piket')).toEqual(before);
    expect(await t.database.db.select().from(dutyPosts).where(eq(dutyPosts.role, 'piket'))).toEqual([post]);
  });
});

describe('Mobile JKN bookings, copied to the SIMRS (MariaDB)', () => {
  let call: Awaited<ReturnType<typeof mobileJknCaller>>;
  let desk: StaffLogin;

  beforeAll(async () => {
    desk = await loginAsNew(t, { roles: ['registration'] });
    call = await mobileJknCaller(t);
  });

  const jkn = async <T>(service: string, payload: object) =>
    ok<{ metadata: { code: number; message: string }; response?: T }>(await call(service, payload));
  const copyOf = (code: string) =>
    simrsRow(
      `select nobooking, norm, nik, tanggalperiksa, kodepoli, kodedokter, jampraktek, nomorantrean,
        angkaantrean, jenispasien, nomorkartu, taskid, status, validasi from ntrol_referensi_mobilejkn_bpjs
       where nobooking = ?`,
      [code],
    );
  async function book() {
    const schedule = await createSchedule(t.database.db);
    const patient = await createPatient(t.database.db);
    const answer = await jkn<{ kodebooking: string; nomorantrean: string; angkaantrean: number }>(
      'ambilantrean',
      {
        nomorkartu: '0001234567890',
        nik: patient.nik,
        nohp: '6281234567890',
        kodepoli: schedule.bpjs.kodepoli,
        norm: '',
        tanggalperiksa: localToday(),
        kodedokter: schedule.bpjs.kodedokter,
        jampraktek: schedule.bpjs.jampraktek,
        jeniskunjungan: 1,
        nomorreferensi: `0701R0011125B${String(patient.id).padStart(6, '0')}`,
      },
    );
    expect(answer.metadata.code, answer.metadata.message).toBe(200);
    return { schedule, patient, booked: answer.response as NonNullable<typeof answer.response> };
  }

  it('copies a booking to ntrol_referensi_mobilejkn_bpjs and follows its tasks', async () => {
    const { schedule, patient, booked } = await book();
    expect(await copyOf(booked.kodebooking)).toEqual({
      nobooking: booked.kodebooking,
      norm: patient.mrn,
      nik: patient.nik,
      tanggalperiksa: localToday(),
      kodepoli: schedule.bpjs.kodepoli,
      kodedokter: String(schedule.bpjs.kodedokter),
      jampraktek: schedule.bpjs.jampraktek,
      nomorantrean: booked.nomorantrean,
      angkaantrean: booked.angkaantrean,
      jenispasien: 'JKN',
      nomorkartu: '0001234567890',
      taskid: null,
      status: 'terdaftar',
      validasi: null,
    });

    // A patient new to the hospital checks in for the admission counter (task 1), then is admitted (2).
    expect(
      (await jkn('checkinantrean', { kodebooking: booked.kodebooking, waktu: Date.now() })).metadata.code,
    ).toBe(200);
    const checkedIn = await copyOf(booked.kodebooking);
    expect(checkedIn).toMatchObject({ taskid: 1, status: 'sudah check-in' });
    expect(checkedIn?.validasi).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/queue/desk/registrations/${booked.kodebooking}/admission-start`,
        headers: desk.headers,
      }),
    );
    expect(await copyOf(booked.kodebooking)).toMatchObject({ taskid: 2, validasi: checkedIn?.validasi });
    const written = await auditOf('simrs.write', 'registration', booked.kodebooking.replace('-', ''));
    expect(written).toHaveLength(3);
  });

  it('marks a cancelled booking in its copy (task 99)', async () => {
    const { booked } = await book();
    const cancelled = await jkn('batalantrean', {
      kodebooking: booked.kodebooking,
      keterangan: 'Pasien berhalangan',
    });
    expect(cancelled.metadata.code).toBe(200);
    expect(await copyOf(booked.kodebooking)).toMatchObject({ taskid: 99, status: 'dibatalkan' });
  });
});

describe('the operating schedule, linked to the SIMRS (MariaDB)', () => {
  let theatre: StaffLogin;
  beforeAll(async () => {
    theatre = await loginAsNew(t, { roles: ['theatre'] });
  });
  const operationOf = async (recNo: number) => {
    const [row] = await t.database.db
      .select({ id: operations.id })
      .from(operations)
      .where(eq(operations.legacyRecNo, recNo));
    if (!row) throw new Error(`operation ${recNo} not mirrored`);
    return row.id;
  };
  const act = async (recNo: number, path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operations/${await operationOf(recNo)}/${path}`,
      headers: theatre.headers,
      payload,
    });
  const template = (recNo: number) =>
    simrsRow('select status_operasi, batal from emr_template where sr_recno = ?', [recNo]);

  it('writes a new status and a cancellation to emr_template', async () => {
    expect(ok<Operation>(await act(7005, 'status', { status: 'Sedang Berlangsung' }))).toMatchObject({
      status: 'Sedang Berlangsung',
    });
    expect(await template(7005)).toEqual({ status_operasi: 'Sedang Berlangsung', batal: 'Tidak' });
    ok(await act(7007, 'cancel', { reason: 'Pasien demam' }));
    expect(await template(7007)).toEqual({ status_operasi: 'Menunggu', batal: 'Ya' });
    expect(await auditOf('simrs.write', 'operation', await operationOf(7007))).toHaveLength(1);
  });

  it('keeps a status the SIMRS set first: 409 with the operation as it is now', async () => {
    await simrs.client.run('update emr_template set status_operasi = ? where sr_recno = ?', [
      'Selesai',
      7006,
    ]);
    const res = await act(7006, 'cancel', { reason: 'Ruang OK penuh' });
    expect(res.statusCode).toBe(409);
    const error = errorOf(res) as ReturnType<typeof errorOf> & { current?: Operation };
    expect(error.code).toBe('SIMRS_CONFLICT');
    expect(error.current).toMatchObject({ status: 'Selesai', cancelled: false });
    expect(await template(7006)).toEqual({ status_operasi: 'Selesai', batal: 'Tidak' });
    expect(await auditOf('simrs.conflict', 'operation', await operationOf(7006))).toHaveLength(1);
  });
});
