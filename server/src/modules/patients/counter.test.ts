import {
  nikFindings,
  type PatientAuditEntry,
  type PatientCheck,
  type PatientDetail,
  type PatientInput,
  type PatientSearchRow,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, referenceCodes } from '../../db/schema/index.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import { createPatient, type LoggedIn, loginAsNew, type StaffLogin } from '../../test/factories.js';

let t: TestApp;
let clerk: StaffLogin;
let records: StaffLogin;
let nurse: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await loginAsNew(t, { roles: ['registration'] });
  records = await loginAsNew(t, { roles: ['records'] });
  nurse = await loginAsNew(t, { roles: ['ward'] });
  await t.database.db.insert(referenceCodes).values([
    { kind: 'patient_group', code: 'AD01', name: 'TNI AD' },
    { kind: 'patient_group', code: 'UM01', name: 'UMUM' },
    { kind: 'unit', code: 'SAT03', name: 'Kodim 1408/Makassar' },
    { kind: 'rank', code: 'PKT07', name: 'Sersan Satu' },
    { kind: 'company', code: 'PRS01', name: 'PT Semen Tonasa', deletedAt: new Date() },
  ]);
});
afterAll(() => t.app.close());

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, who: LoggedIn = clerk) =>
  t.app.inject({ method, url, payload: payload as object, headers: who.headers });
const get = (url: string, who: LoggedIn = clerk) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

let serial = 0;
/** A NIK of Makassar (73 71 01) for this birth date and sex: a woman's day has 40 added. */
function nikFor(birthDate: string, sex: 'L' | 'P') {
  serial += 1;
  const [year, month, day] = birthDate.split('-') as [string, string, string];
  const dd = String(Number(day) + (sex === 'P' ? 40 : 0)).padStart(2, '0');
  return `737101${dd}${month}${year.slice(2)}${String(serial).padStart(4, '0')}`;
}

/** A walk-in patient as the counter's form sends them, unique to the test (a record's fields may be given). */
function walkIn({
  birthDate: given,
  ...fields
}: Partial<Omit<PatientInput, 'birthDate'>> & { birthDate?: string | null } = {}): PatientInput {
  serial += 1;
  const birthDate = given ?? '1988-03-09';
  const sex = fields.sex ?? 'P';
  return {
    name: `Hasnah Daeng Ngai ${serial}`,
    sex,
    birthDate,
    nik: nikFor(birthDate, sex),
    birthPlace: 'Makassar',
    phone: '0812-4455 6677',
    address: 'Jl. Gunung Bawakaraeng No. 45, Makassar',
    patientGroupCode: 'AD01',
    ...fields,
  };
}

describe('NIK check (shared by server and web)', () => {
  it('reads province, birth date and sex; a woman has 40 added to her day', () => {
    expect(nikFindings('7371014101900001', { birthDate: '1990-01-01', sex: 'P' })).toEqual([]);
    expect(nikFindings('7371010101900001', { birthDate: '1990-01-01', sex: 'L' })).toEqual([]);
    expect(nikFindings('7371012902000001', { birthDate: '2000-02-29', sex: 'L' })).toEqual([]);
  });

  it('refuses what no NIK can be, and warns where it disagrees with the form', () => {
    const codes = (nik: string, person = {}) => nikFindings(nik, person).map((f) => [f.code, f.severity]);
    expect(codes('737101')).toEqual([['FORMAT', 'error']]);
    expect(codes('73710141019000AB')).toEqual([['FORMAT', 'error']]);
    expect(codes('9971014101900001')).toEqual([['PROVINCE', 'error']]);
    expect(codes('7371013213900001')).toEqual([['DATE', 'error']]);
    expect(codes('7371017202900001')).toEqual([['DATE', 'error']]);
    expect(codes('7371012902010001')).toEqual([['DATE', 'error']]);
    expect(codes('7371014101900001', { birthDate: '1990-01-02', sex: 'L' })).toEqual([
      ['BIRTH_DATE', 'warning'],
      ['SEX', 'warning'],
    ]);
    expect(nikFindings('7371014101900001', { birthDate: '1991-01-01' })[0]?.message).toBe(
      'Tanggal lahir menurut NIK 01-01-90, berbeda dengan tanggal lahir yang diisi.',
    );
  });
});

describe('registering a patient at the counter (database-backed)', () => {
  it('gives the next medical record number (shown beforehand) and stores every field with the code names', async () => {
    const preview = ok<{ mrn: string }>(await get('/api/patients/next-mrn')).mrn;
    expect(preview).toMatch(/^\d{6,}$/);
    const input = walkIn({
      unitCode: 'sat03',
      rankCode: 'PKT07',
      addressDomicile: 'Asrama Kodim, Jl. Sungai Saddang',
      address3: 'RT 002/RW 005',
      address4: 'Kel. Maricaya',
      insuranceNo: '0001234500001',
      insuredName: 'Serda Baso Amir',
      nip: '21090123',
      familyRelation: 'Istri',
      husbandName: 'Serda Baso Amir',
      religion: 'Islam',
      maritalStatus: 'Kawin',
      ethnicity: 'Bugis',
      education: 'SMA',
      familyContactName: 'Baso Amir',
      familyContactPhone: '+62 813 5566 7788',
      notes: 'Alergi amoksisilin',
    });
    const created = ok<PatientDetail>(await send('POST', '/api/patients', input), 201);
    expect(created.mrn).toBe(preview);
    expect(created).toMatchObject({
      name: input.name,
      nik: input.nik,
      phone: '081244556677',
      familyContactPhone: '081355667788',
      patientGroupCode: 'AD01',
      patientGroup: 'TNI AD',
      unitCode: 'SAT03',
      unit: 'Kodim 1408/Makassar',
      rankCode: 'PKT07',
      rank: 'Sersan Satu',
      companyCode: null,
      company: null,
      address4: 'Kel. Maricaya',
      insuredName: 'Serda Baso Amir',
      notes: 'Alergi amoksisilin',
    });
    expect(created.registeredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ok<PatientDetail>(await get(`/api/patients/${created.id}`, records))).toEqual(created);
    const next = ok<{ mrn: string }>(await get('/api/patients/next-mrn')).mrn;
    expect(Number(next)).toBe(Number(preview) + 1);

    const [history] = ok<PatientAuditEntry[]>(await get(`/api/patients/${created.id}/audit`));
    expect(history).toMatchObject({
      action: 'patient.create',
      staff: { id: clerk.member.id, name: clerk.member.name },
    });
    expect(history?.changes).toContainEqual({ field: 'unit', from: null, to: 'Kodim 1408/Makassar' });
    expect(history?.changes).toContainEqual({ field: 'nik', from: null, to: input.nik });
  });

  it('refuses a bad NIK, a retired or unknown code and a birth date ahead, and saves nothing', async () => {
    const before = await t.database.db.$count(patients);
    const bad = async (fields: Partial<PatientInput>) => {
      const res = await send('POST', '/api/patients', walkIn(fields));
      expect(res.statusCode, res.body).toBe(400);
      return errorOf(res).fields;
    };
    expect(await bad({ nik: '12345' })).toEqual({ nik: 'NIK harus 16 angka.' });
    expect(await bad({ nik: '9971014101900001' })).toEqual({
      nik: 'Kode provinsi 99 pada NIK (2 angka pertama) tidak dikenal.',
    });
    expect((await bad({ nik: '7371013213900001' }))?.nik).toMatch(/bukan tanggal lahir yang valid/);
    expect(await bad({ companyCode: 'PRS01' })).toEqual({ companyCode: 'Kode PRS01 tidak ada di daftar.' });
    expect(await bad({ unitCode: 'NOPE' })).toEqual({ unitCode: 'Kode NOPE tidak ada di daftar.' });
    expect(await bad({ birthDate: '2999-01-01' })).toMatchObject({
      birthDate: 'Tanggal lahir tidak boleh setelah hari ini.',
    });
    expect(await bad({ phone: '12' })).toMatchObject({ phone: expect.stringMatching(/6–15 angka/) });
    expect(await t.database.db.$count(patients)).toBe(before);
  });

  it('saves a NIK that disagrees with the birth date or sex, and tells the check', async () => {
    const nik = nikFor('1975-05-20', 'L');
    const check = ok<PatientCheck>(
      await send('POST', '/api/patients/check', { nik, name: 'Umar', birthDate: '1975-05-21', sex: 'P' }),
    );
    expect(check.nik.map((f) => f.code)).toEqual(['BIRTH_DATE', 'SEX']);
    const saved = await send('POST', '/api/patients', walkIn({ nik, birthDate: '1975-05-21', sex: 'P' }));
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('finds duplicates before saving: the same NIK is refused, the same name and birth date needs a confirmation', async () => {
    const first = ok<PatientDetail>(
      await send('POST', '/api/patients', walkIn({ name: 'Andi Tenri Ajeng' })),
      201,
    );

    const check = ok<PatientCheck>(
      await send('POST', '/api/patients/check', {
        name: '  ANDI   tenri ajeng ',
        birthDate: first.birthDate,
        nik: first.nik,
      }),
    );
    expect(check.duplicates).toEqual([
      {
        id: first.id,
        mrn: first.mrn,
        name: first.name,
        sex: first.sex,
        birthDate: first.birthDate,
        nik: first.nik,
        address: first.address,
        match: 'nik',
      },
    ]);
    const byName = ok<PatientCheck>(
      await send('POST', '/api/patients/check', { name: 'andi tenri  ajeng', birthDate: first.birthDate }),
    );
    expect(byName.duplicates.map((d) => [d.id, d.match])).toEqual([[first.id, 'nameBirthDate']]);
    // A name with a word more or fewer, on the same birth date, is asked about too; a name that only
    // shares letters is not.
    for (const [typed, found] of [
      ['Andi Tenri Ajeng Uji', true],
      ['Hj. Andi Tenri Ajeng', true],
      ['Andi  Tenri', true],
      ['Tenri Ajeng', true],
      ['Andi Tenri', true],
      ['Andi Tenri Aje', false],
      ['Ndi Tenri Ajeng', false],
    ] as const) {
      const similar = ok<PatientCheck>(
        await send('POST', '/api/patients/check', { name: typed, birthDate: first.birthDate }),
      );
      expect(
        similar.duplicates.map((d) => d.id),
        typed,
      ).toEqual(found ? [first.id] : []);
    }
    const otherDay = ok<PatientCheck>(
      await send('POST', '/api/patients/check', { name: 'Andi Tenri Ajeng Uji', birthDate: '1950-01-01' }),
    );
    expect(otherDay.duplicates).toEqual([]);
    const itself = ok<PatientCheck>(
      await send('POST', '/api/patients/check', {
        name: first.name,
        birthDate: first.birthDate,
        nik: first.nik ?? '',
        patientId: first.id,
      }),
    );
    expect(itself.duplicates).toEqual([]);

    const sameNik = await send('POST', '/api/patients', walkIn({ name: 'Orang Lain', nik: first.nik }));
    expect(sameNik.statusCode).toBe(409);
    expect(errorOf(sameNik)).toEqual({
      code: 'PATIENT_NIK_TAKEN',
      message: `NIK ${first.nik} sudah terdaftar pada pasien lain (No. RM ${first.mrn}).`,
    });
    const confirmedNik = await send('POST', '/api/patients', {
      ...walkIn({ nik: first.nik }),
      confirmDuplicate: true,
    });
    expect(confirmedNik.statusCode).toBe(409);

    const twin = walkIn({ name: 'andi tenri ajeng', birthDate: first.birthDate });
    const warned = await send('POST', '/api/patients', twin);
    expect(warned.statusCode).toBe(409);
    expect(errorOf(warned).code).toBe('POSSIBLE_DUPLICATE');
    expect(errorOf(warned).message).toContain(`No. RM ${first.mrn}`);
    const confirmed = ok<PatientDetail>(
      await send('POST', '/api/patients', { ...twin, confirmDuplicate: true }),
      201,
    );
    expect(confirmed.mrn).not.toBe(first.mrn);
  });

  it('lets only the counter, the records desk and admins in', async () => {
    expect((await get('/api/patients/next-mrn', nurse)).statusCode).toBe(403);
    expect((await send('POST', '/api/patients', walkIn(), nurse)).statusCode).toBe(403);
    expect((await get('/api/patients?name=hasnah', clerk)).statusCode).toBe(200);
  });
});

describe('changing a patient (database-backed)', () => {
  it('audits each changed field with the old and new value, and who changed it when', async () => {
    const created = ok<PatientDetail>(await send('POST', '/api/patients', walkIn()), 201);
    const { mrn: _mrn, id, ...unchanged } = created;
    const edit: PatientInput = {
      ...walkIn({ name: created.name, nik: created.nik, birthDate: created.birthDate, sex: created.sex }),
      phone: '0811 4000 123',
      patientGroupCode: 'UM01',
    };
    const saved = ok<PatientDetail>(await send('PUT', `/api/patients/${id}`, edit, records));
    expect(saved).toMatchObject({
      ...unchanged,
      phone: '08114000123',
      patientGroupCode: 'UM01',
      patientGroup: 'UMUM',
    });

    const [latest, first] = ok<PatientAuditEntry[]>(await get(`/api/patients/${id}/audit`));
    expect(first?.action).toBe('patient.create');
    expect(latest).toMatchObject({ action: 'patient.update', staff: { id: records.member.id } });
    expect(latest?.changes).toEqual([
      { field: 'phone', from: '081244556677', to: '08114000123' },
      { field: 'patientGroupCode', from: 'AD01', to: 'UM01' },
      { field: 'patientGroup', from: 'TNI AD', to: 'UMUM' },
    ]);
    expect(Date.parse(latest?.at ?? '')).not.toBeNaN();

    // Saving the same values again changes and audits nothing.
    ok<PatientDetail>(await send('PUT', `/api/patients/${id}`, edit, records));
    expect(ok<PatientAuditEntry[]>(await get(`/api/patients/${id}/audit`))).toHaveLength(2);
  });

  it("stores the mother's name, occupation and structured address; a region name typed anew drops its BPJS code", async () => {
    const created = ok<PatientDetail>(
      await send(
        'POST',
        '/api/patients',
        walkIn({
          motherName: ' Sitti Aminah ',
          occupation: 'Petani',
          provinceName: 'Sulawesi Selatan',
          regencyName: 'Kota Makassar',
          districtName: 'Rappocini',
          villageName: 'Gunung Sari',
          rw: '005',
          rt: '002',
        }),
      ),
      201,
    );
    expect(created).toMatchObject({
      motherName: 'Sitti Aminah',
      occupation: 'Petani',
      provinceName: 'Sulawesi Selatan',
      provinceCode: null,
      regencyName: 'Kota Makassar',
      villageName: 'Gunung Sari',
      rw: '005',
      rt: '002',
    });
    // As Mobile JKN's new-patient form leaves a record: BPJS's region codes beside the names.
    await t.database.db
      .update(patients)
      .set({ provinceCode: '73', regencyCode: '7371', districtCode: '737105', villageCode: '7371051001' })
      .where(eq(patients.id, created.id));

    const { id, mrn: _mrn, age: _age, registeredAt: _at, importIssues: _issues, ...fields } = created;
    const moved = { ...fields, nik: created.nik, districtName: 'Tamalate', villageName: 'Mangasa' };
    const saved = ok<PatientDetail>(await send('PUT', `/api/patients/${id}`, moved, records));
    expect(saved).toMatchObject({
      provinceCode: '73',
      regencyCode: '7371',
      districtName: 'Tamalate',
      districtCode: null,
      villageName: 'Mangasa',
      villageCode: null,
    });
    const [latest] = ok<PatientAuditEntry[]>(await get(`/api/patients/${id}/audit`));
    expect(latest?.changes).toEqual([
      { field: 'districtName', from: 'Rappocini', to: 'Tamalate' },
      { field: 'villageName', from: 'Gunung Sari', to: 'Mangasa' },
      { field: 'districtCode', from: '737105', to: null },
      { field: 'villageCode', from: '7371051001', to: null },
    ]);

    // A client written before these fields sends none of them: the record keeps them.
    const {
      motherName: _m,
      occupation: _o,
      provinceName: _p,
      regencyName: _r,
      districtName: _d,
      villageName: _v,
      rw: _rw,
      rt: _rt,
      ...older
    } = moved;
    const kept = ok<PatientDetail>(
      await send('PUT', `/api/patients/${id}`, { ...older, phone: '0811 4000 77' }),
    );
    expect(kept).toMatchObject({
      phone: '0811400077',
      motherName: 'Sitti Aminah',
      provinceCode: '73',
      rt: '002',
    });

    const tooLong = await send('PUT', `/api/patients/${id}`, {
      ...moved,
      rt: '12345678901',
      motherName: 'x'.repeat(101),
    });
    expect(errorOf(tooLong).fields).toEqual({
      rt: 'RT paling panjang 10 karakter.',
      motherName: 'Nama ibu kandung paling panjang 100 karakter.',
    });
  });

  it('keeps a legacy code and its text that no list has, while the code is left alone', async () => {
    const legacy = await createPatient(t.database.db, { name: 'Pasien Lama Bergolongan' });
    await t.database.db
      .update(patients)
      .set({ patientGroupCode: 'XX9', patientGroup: 'Golongan Lama', nik: null })
      .where(eq(patients.id, legacy.id));
    const input = walkIn({
      name: legacy.name,
      sex: legacy.sex,
      birthDate: legacy.birthDate,
      nik: null,
      patientGroupCode: 'XX9',
    });
    const saved = ok<PatientDetail>(await send('PUT', `/api/patients/${legacy.id}`, input));
    expect(saved).toMatchObject({ patientGroupCode: 'XX9', patientGroup: 'Golongan Lama' });
  });

  it('shows what the import could not read, and saving the record with a birth date settles it', async () => {
    const legacy = await createPatient(t.database.db, { name: 'Pasien Lama Tanpa Tanggal Lahir', sex: 'P' });
    const issue = { column: 'tglahir', reason: 'tanggal lahir tidak dikenali', value: '31/02/1970' };
    await t.database.db
      .update(patients)
      .set({ birthDate: null, importIssues: [issue], nik: null })
      .where(eq(patients.id, legacy.id));
    expect(ok<PatientDetail>(await get(`/api/patients/${legacy.id}`, records))).toMatchObject({
      birthDate: null,
      age: null,
      importIssues: [issue],
    });
    const found = ok<PatientSearchRow[]>(await get('/api/patients?name=Tanpa%20Tanggal', records));
    expect(found).toEqual([expect.objectContaining({ id: legacy.id, birthDate: null })]);

    const input = walkIn({ name: legacy.name, sex: 'P', nik: null, birthDate: '1970-02-28' });
    const undated = await send('PUT', `/api/patients/${legacy.id}`, { ...input, birthDate: '' }, records);
    expect(undated.statusCode).toBe(400);
    const saved = ok<PatientDetail>(await send('PUT', `/api/patients/${legacy.id}`, input, records));
    expect(saved).toMatchObject({ birthDate: '1970-02-28', importIssues: [] });
    expect(saved.age?.years).toBeGreaterThanOrEqual(55);
    expect(ok<PatientDetail>(await get(`/api/patients/${legacy.id}`, records)).importIssues).toEqual([]);
    const [latest] = ok<PatientAuditEntry[]>(await get(`/api/patients/${legacy.id}/audit`, records));
    expect(latest?.changes).toContainEqual({ field: 'birthDate', from: null, to: '1970-02-28' });
  });

  it("refuses another patient's NIK and warns of another's name and birth date, but not of its own", async () => {
    const one = ok<PatientDetail>(await send('POST', '/api/patients', walkIn({ name: 'Muh. Ikhsan' })), 201);
    const two = ok<PatientDetail>(
      await send('POST', '/api/patients', walkIn({ name: 'Ikhsan Lain', birthDate: '1970-01-01' })),
      201,
    );
    const asTwo = (fields: Parameters<typeof walkIn>[0]) =>
      walkIn({ name: two.name, birthDate: two.birthDate, sex: two.sex, nik: two.nik, ...fields });

    const taken = await send('PUT', `/api/patients/${two.id}`, asTwo({ nik: one.nik }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('PATIENT_NIK_TAKEN');

    const renamed = await send(
      'PUT',
      `/api/patients/${two.id}`,
      asTwo({ name: 'MUH. IKHSAN', birthDate: one.birthDate }),
    );
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).code).toBe('POSSIBLE_DUPLICATE');
    expect(ok<PatientDetail>(await get(`/api/patients/${two.id}`)).name).toBe('Ikhsan Lain');

    // Its own name and birth date, unchanged, are no duplicate.
    expect(
      (await send('PUT', `/api/patients/${one.id}`, walkIn({ ...one, phone: '081100001111' }))).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown or deleted patient', async () => {
    expect((await send('PUT', '/api/patients/999999', walkIn())).statusCode).toBe(404);
    expect((await get('/api/patients/999999/audit')).statusCode).toBe(404);
    const count = await t.database.db.$count(auditLog);
    expect((await send('PUT', '/api/patients/2147483648', walkIn())).statusCode).toBe(404);
    expect(await t.database.db.$count(auditLog)).toBe(count);
  });
});
