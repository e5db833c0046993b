import type { PatientReadPage } from '@portal/contract';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissions, patientReads } from '../../db/schema/index.js';
import { addDays, localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, eventually, ok, type TestApp } from '../../test/app.js';
import { createPatient, createRoom, loginAsNew, type StaffLogin } from '../../test/factories.js';

// Database-backed: every read of patients' data by staff is recorded (who, when, which patient or which
// criteria, from where), and the records officer lists the reads.

let t: TestApp;
let officer: StaffLogin;
let clerk: StaffLogin;
let patient: Awaited<ReturnType<typeof createPatient>>;
let other: Awaited<ReturnType<typeof createPatient>>;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
  officer = await loginAsNew(t, { roles: ['records'], name: 'Rosmiati Rekam Medis' });
  clerk = await loginAsNew(t, { roles: ['registration'], name: 'Agus Pendaftaran' });
  patient = await createPatient(t.database.db, { name: 'Siti Aminah Jejak', sex: 'P' });
  other = await createPatient(t.database.db, { name: 'Bambang Lain' });
});
afterAll(() => t.app.close());

const get = (url: string, as: StaffLogin, remoteAddress = '10.6.0.1') =>
  t.app.inject({ method: 'GET', url, headers: { cookie: as.cookie }, remoteAddress });

/** The reads of a staff member, once `n` of them have been written (they are written after the answer). */
async function readsBy(member: StaffLogin, n: number) {
  await eventually(
    async () => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(patientReads)
        .where(eq(patientReads.staffId, member.member.id));
      return (row?.n ?? 0) >= n ? true : undefined;
    },
    { what: `${n} reads` },
  );
  return t.database.db
    .select()
    .from(patientReads)
    .where(eq(patientReads.staffId, member.member.id))
    .orderBy(asc(patientReads.id));
}

const list = async (query: string, as: StaffLogin = officer) =>
  ok<PatientReadPage>(await get(`/api/patient-reads?${query}`, as));

describe('the read audit', () => {
  it("records a search with its criteria (not what it found) and each opened patient's record and history", async () => {
    expect((await get('/api/patients?name=siti%20aminah', clerk, '10.6.1.1')).statusCode).toBe(200);
    expect((await get(`/api/patients/${patient.id}`, clerk, '10.6.1.2')).statusCode).toBe(200);

    const reads = await readsBy(clerk, 2);
    expect(
      reads.map(({ kind, patientId, criteria, address }) => ({ kind, patientId, criteria, address })),
    ).toEqual([
      { kind: 'search', patientId: null, criteria: { name: 'siti aminah' }, address: '10.6.1.1' },
      { kind: 'record', patientId: patient.id, criteria: null, address: '10.6.1.2' },
    ]);
  });

  it('records visit history with its filters, and one visit under the patient it belongs to', async () => {
    const room = await createRoom(t.database.db);
    const [stay] = await t.database.db
      .insert(admissions)
      .values({
        registrationNo: `RIJ${process.pid}`,
        patientId: other.id,
        roomId: room.id,
        admittedAt: new Date(),
      })
      .returning();
    const from = addDays(today, -30);
    const reader = await loginAsNew(t, { roles: ['records'] });

    expect((await get(`/api/patients/${other.id}/visits`, reader)).statusCode).toBe(200);
    expect(
      (await get(`/api/patients/${other.id}/inpatient-visits?from=${from}&to=${today}`, reader)).statusCode,
    ).toBe(200);
    expect((await get(`/api/visits/${stay?.registrationNo}`, reader)).statusCode).toBe(200);

    const reads = await readsBy(reader, 3);
    expect(reads.map(({ kind, patientId, criteria }) => ({ kind, patientId, criteria }))).toEqual([
      { kind: 'visits', patientId: other.id, criteria: null },
      { kind: 'visits', patientId: other.id, criteria: { from, to: today } },
      { kind: 'visit', patientId: other.id, criteria: { registrationNo: stay?.registrationNo } },
    ]);
  });

  it('records every answer that shows a patient: the counter check, the theatre search, a saved change', async () => {
    const clerkOf = await loginAsNew(t, { roles: ['registration'] });
    const theatre = await loginAsNew(t, { roles: ['theatre'] });
    const send = (method: 'POST' | 'PUT', url: string, payload: object, as: StaffLogin) =>
      t.app.inject({ method, url, headers: as.headers, payload });

    const check = await send('POST', '/api/patients/check', { nik: patient.nik ?? '' }, clerkOf);
    expect(check.statusCode).toBe(200);
    expect(check.json<{ duplicates: { id: number }[] }>().duplicates).toContainEqual(
      expect.objectContaining({ id: patient.id }),
    );
    const detail = ok<Record<string, unknown>>(await get(`/api/patients/${other.id}`, clerkOf));
    const saved = await send(
      'PUT',
      `/api/patients/${other.id}`,
      { ...detail, nik: null, notes: 'Alergi debu' },
      clerkOf,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('/api/operations/patients?q=bambang', theatre)).statusCode).toBe(200);

    const reads = await readsBy(clerkOf, 3);
    expect(reads.map(({ kind, patientId, criteria }) => ({ kind, patientId, criteria }))).toEqual([
      { kind: 'search', patientId: null, criteria: { nik: patient.nik } },
      { kind: 'record', patientId: other.id, criteria: null },
      { kind: 'record', patientId: other.id, criteria: null },
    ]);
    expect(
      (await readsBy(theatre, 1)).map(({ kind, patientId, criteria }) => ({ kind, patientId, criteria })),
    ).toEqual([{ kind: 'search', patientId: null, criteria: { q: 'bambang' } }]);
  });

  it('records nothing for a refused or failed read', async () => {
    const reader = await loginAsNew(t, { roles: ['records'] });
    expect((await get('/api/patients/999999', reader)).statusCode).toBe(404);
    expect((await get('/api/patients?name=si', reader)).statusCode).toBe(400);
    const ward = await loginAsNew(t, { roles: ['ward'] });
    expect((await get(`/api/patients/${patient.id}`, ward)).statusCode).toBe(403);
    // A read after them is recorded: had they been, they would be there before it.
    expect((await get(`/api/patients/${patient.id}`, reader)).statusCode).toBe(200);

    expect((await readsBy(reader, 1)).map((read) => read.kind)).toEqual(['record']);
    expect(await readsBy(ward, 0)).toEqual([]);
  });

  it('records every one of many reads answered at once, each with its own criteria', async () => {
    const reader = await loginAsNew(t, { roles: ['records'] });
    const names = Array.from({ length: 40 }, (_, i) => `siti ${i}`);
    const answers = await Promise.all(
      names.map((name) => get(`/api/patients?name=${encodeURIComponent(name)}`, reader)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(names.map(() => 200));

    const reads = await readsBy(reader, names.length);
    expect(reads.map(({ criteria }) => (criteria as { name: string }).name).sort()).toEqual(names.sort());
  });

  it('records a hospital-wide list and its export with the list named', async () => {
    const reader = await loginAsNew(t, { roles: ['records'] });
    expect((await get(`/api/reports/stays?from=${today}&to=${today}&page=2`, reader)).statusCode).toBe(200);
    expect((await get(`/api/reports/stays/export.csv?from=${today}&to=${today}`, reader)).statusCode).toBe(
      200,
    );

    // Each read is recorded after its answer, so the two may be written in either order.
    const reads = await readsBy(reader, 2);
    expect(reads.map(({ kind, criteria }) => ({ kind, criteria }))).toEqual(
      expect.arrayContaining([
        { kind: 'report', criteria: { list: 'stays', from: today, to: today } },
        { kind: 'export', criteria: { list: 'stays', from: today, to: today } },
      ]),
    );
    expect(reads).toHaveLength(2);
  });
});

describe('GET /api/patient-reads', () => {
  it('lists the reads newest first with who read and whose data, filtered by staff, patient, kind and days', async () => {
    await readsBy(clerk, 2);

    const byClerk = await list(`staff=${encodeURIComponent('agus pendaf')}`);
    expect(byClerk.total).toBe(2);
    expect(byClerk.items.map((read) => read.kind)).toEqual(['record', 'search']);
    const [opened, searched] = byClerk.items;
    expect(opened).toMatchObject({
      staff: { id: clerk.member.id, name: 'Agus Pendaftaran', username: clerk.member.username },
      patient: { id: patient.id, mrn: patient.mrn, name: 'Siti Aminah Jejak' },
      criteria: null,
      address: '10.6.1.2',
    });
    expect(searched).toMatchObject({ patient: null, criteria: { name: 'siti aminah' }, address: '10.6.1.1' });
    expect(Date.parse(searched?.at ?? '')).not.toBeNaN();

    const byUsername = await list(`staff=${clerk.member.username}&kind=search`);
    expect(byUsername.items.map((read) => read.id)).toEqual([searched?.id]);

    for (const term of [patient.mrn.toLowerCase(), 'AMINAH JEJ']) {
      const ofPatient = await list(`patient=${encodeURIComponent(term)}`);
      expect(ofPatient.items.every((read) => read.patient?.id === patient.id)).toBe(true);
      expect(ofPatient.items.map((read) => read.staff.id)).toContain(clerk.member.id);
    }

    expect((await list(`staff=${clerk.member.username}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list(`staff=${clerk.member.username}&from=${addDays(today, 1)}`)).total).toBe(0);
    expect((await list(`staff=${clerk.member.username}&to=${addDays(today, -1)}`)).total).toBe(0);

    const paged = await list(`staff=${clerk.member.username}&pageSize=1&page=2`);
    expect(paged).toMatchObject({ total: 2, items: [{ id: searched?.id }] });
  });

  it('is for the records officer and admins only, and refuses a range that ends before it starts', async () => {
    const ward = await loginAsNew(t, { roles: ['ward'] });
    const refused = await get('/api/patient-reads', ward);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
    expect((await get('/api/patient-reads', clerk)).statusCode).toBe(403);

    const admin = await loginAsNew(t, { roles: ['admin'] });
    expect((await get('/api/patient-reads', admin)).statusCode).toBe(200);

    const backwards = await get(`/api/patient-reads?from=${today}&to=${addDays(today, -1)}`, officer);
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).fields).toEqual({ to: 'Tanggal akhir tidak boleh sebelum tanggal awal.' });
  });
});
