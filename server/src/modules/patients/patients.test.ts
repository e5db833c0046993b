import { PATIENT_SEARCH_LIMIT, plausibleCriteria, RECENT_VISITS } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissions, outpatientVisits, patients, visitItems } from '../../db/schema/index.js';
import { addDays, localMoment, localToday } from '../../lib/dates.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createRoom,
  createSchedule,
  type LoggedIn,
  loginAsNew,
  type TestSchedule,
} from '../../test/factories.js';
import { bookPlace, cancelRegistration } from '../registration/service.js';
import { findPatients, identifyPatient, syncMrnSequence } from './service.js';

let t: TestApp;
let records: LoggedIn;
let admin: LoggedIn;
let nurse: LoggedIn;
let internal: TestSchedule;
let paediatrics: TestSchedule;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
  records = await loginAsNew(t, { roles: ['records'] });
  admin = await loginAsNew(t, { roles: ['admin'] });
  nurse = await loginAsNew(t, { roles: ['ward'] });
  internal = await createSchedule(t.database.db);
  paediatrics = await createSchedule(t.database.db);
});
afterAll(() => t.app.close());

const get = (url: string, who: LoggedIn | null = records) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

const search = (params: Record<string, string>, who: LoggedIn | null = records) =>
  get(`/api/patients?${new URLSearchParams(params)}`, who);

const mrnsOf = (res: { json: () => { mrn: string }[] }) => res.json().map((p) => p.mrn);

let serial = 0;
/** A patient with the identifying numbers a search looks in; all unique to the test. */
async function patientWith(fields: Partial<typeof patients.$inferInsert> = {}) {
  serial += 1;
  const [row] = await t.database.db
    .insert(patients)
    .values({
      mrn: `S${String(serial).padStart(6, '0')}`,
      name: `Pasien Cari ${serial}`,
      sex: 'P',
      birthDate: '1990-01-01',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('patient not created');
  return row;
}

let visitSerial = 0;
async function visit(
  patientId: number,
  schedule: TestSchedule,
  fields: Partial<typeof outpatientVisits.$inferInsert> = {},
) {
  visitSerial += 1;
  const [row] = await t.database.db
    .insert(outpatientVisits)
    .values({
      registrationNo: `RJT${String(visitSerial).padStart(7, '0')}`,
      patientId,
      clinicId: schedule.clinicId,
      doctorId: schedule.doctorId,
      visitDate: today,
      diagnoses: ['Hipertensi esensial (I10)'],
      ...fields,
    })
    .returning();
  if (!row) throw new Error('visit not created');
  return row;
}

let staySerial = 0;
async function stay(patientId: number, roomId: number, admitted: string, discharged: string | null) {
  staySerial += 1;
  const [row] = await t.database.db
    .insert(admissions)
    .values({
      registrationNo: `RIT${String(staySerial).padStart(7, '0')}`,
      patientId,
      roomId,
      admittedAt: localMoment(admitted, 10, 30),
      dischargedAt: discharged ? localMoment(discharged, 11, 0) : null,
    })
    .returning();
  if (!row) throw new Error('stay not created');
  return row;
}

let itemSerial = 0;
/** Lines of a visit's (RJ) or stay's (RI) bill, each with a line number (legacy `sr_recno`) of its own. */
async function items(
  kind: 'RJ' | 'RI',
  registrationNo: string,
  lines: Omit<typeof visitItems.$inferInsert, 'kind' | 'registrationNo' | 'legacyRecNo'>[],
) {
  await t.database.db
    .insert(visitItems)
    .values(lines.map((line) => ({ ...line, kind, registrationNo, legacyRecNo: ++itemSerial })));
}

describe('patient search (database-backed)', () => {
  it('finds by any part of the name, whatever the case, nearer matches first', async () => {
    const a = await patientWith({ name: 'Andi Baso Tangkilisan' });
    const b = await patientWith({ name: 'Tangkilisan Daeng Nai' });
    await patientWith({ name: 'Rahmawati Hamid' });
    const res = await search({ name: '  tangKILISAN ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(mrnsOf(res)).toEqual([b.mrn, a.mrn]);
    expect(res.json()[0]).toEqual({
      id: b.id,
      mrn: b.mrn,
      name: 'Tangkilisan Daeng Nai',
      sex: 'P',
      birthDate: '1990-01-01',
      nik: null,
      nip: null,
      phone: null,
      insuranceNo: null,
      address: null,
      patientGroup: null,
    });
    expect(res.headers['x-result-limit']).toBe(String(PATIENT_SEARCH_LIMIT));
    expect(res.headers['x-result-truncated']).toBe('false');
  });

  it('finds by part of the NIK, NIP, phone and insurance number, ignoring spaces, dots and dashes', async () => {
    const p = await patientWith({
      name: 'Serka Joko Susilo',
      nik: '7371051506850003',
      nip: '31850442',
      phone: '081299887766',
      insuranceNo: '0001234567890',
      address: 'Jl. Urip Sumoharjo No. 12, Makassar',
      patientGroup: 'TNI AD',
    });
    const found = async (params: Record<string, string>) => {
      const res = await search(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(200);
      return mrnsOf(res);
    };
    expect(await found({ nik: '1506850003' })).toEqual([p.mrn]);
    expect(await found({ nik: '7371 0515 0685' })).toContain(p.mrn);
    expect(await found({ nip: '850442' })).toEqual([p.mrn]);
    expect(await found({ phone: '9988-7766' })).toEqual([p.mrn]);
    expect(await found({ phone: '+62 812 9988 7766' })).toEqual([p.mrn]);
    expect(await found({ insuranceNo: '1234567' })).toEqual([p.mrn]);
    const [row] = (await search({ nip: '31850442' })).json();
    expect(row).toMatchObject({ address: 'Jl. Urip Sumoharjo No. 12, Makassar', patientGroup: 'TNI AD' });
  });

  it('finds by birth date exactly, in name order', async () => {
    const second = await patientWith({ name: 'Zainab Lestari', birthDate: '1961-08-17' });
    const first = await patientWith({ name: 'Abdul Rahman', birthDate: '1961-08-17' });
    await patientWith({ name: 'Hari Sesudahnya', birthDate: '1961-08-18' });
    const res = await search({ birthDate: '1961-08-17' });
    expect(mrnsOf(res)).toEqual([first.mrn, second.mrn]);
  });

  it('takes % and _ literally, and leaves deleted patients out', async () => {
    await patientWith({ name: 'Nama Biasa Sekali' });
    expect((await search({ name: '___' })).json()).toEqual([]);
    expect((await search({ name: '%%%' })).json()).toEqual([]);
    const gone = await patientWith({ name: 'Pasien Terhapus Lama' });
    await t.database.db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.id, gone.id));
    expect((await search({ name: 'terhapus lama' })).json()).toEqual([]);
  });

  it('returns at most 200 patients and says when more matched', async () => {
    await t.database.db.insert(patients).values(
      Array.from({ length: PATIENT_SEARCH_LIMIT + 5 }, (_, i) => ({
        mrn: `B${String(i).padStart(6, '0')}`,
        name: `Muhammad Kebanyakan ${String(i).padStart(3, '0')}`,
        sex: 'L' as const,
        birthDate: '2000-02-02',
      })),
    );
    const many = await search({ name: 'kebanyakan' });
    expect(many.json()).toHaveLength(PATIENT_SEARCH_LIMIT);
    expect(many.headers['x-result-truncated']).toBe('true');
    expect(many.json()[0].name).toBe('Muhammad Kebanyakan 000');

    const narrowed = await search({ name: 'Kebanyakan 20' });
    expect(narrowed.json().map((p: { name: string }) => p.name)).toEqual(
      ['200', '201', '202', '203', '204'].map((n) => `Muhammad Kebanyakan ${n}`),
    );
    expect(narrowed.headers['x-result-truncated']).toBe('false');

    const byDate = await search({ birthDate: '2000-02-02' });
    expect(byDate.json()).toHaveLength(PATIENT_SEARCH_LIMIT);
    expect(byDate.headers['x-result-truncated']).toBe('true');
  });

  it('shows names starting with the term first, then those containing it, each alphabetically', async () => {
    const names = [
      'Rina Tanjung',
      'Tanjung Sari',
      'Budi Simatanjung',
      'TANJUNGSARI Dewi',
      'Ahmad Tanjung',
      'tanjung Anom',
      'Tanjung Sari',
    ];
    for (const name of names) await patientWith({ name });
    const res = await search({ name: 'tanjung' });
    expect(res.json().map((p: { name: string }) => p.name)).toEqual([
      'tanjung Anom',
      'Tanjung Sari',
      'Tanjung Sari',
      'TANJUNGSARI Dewi',
      'Ahmad Tanjung',
      'Budi Simatanjung',
      'Rina Tanjung',
    ]);
    // The same name twice: in the order they were registered.
    const [sari1, sari2] = res.json().filter((p: { name: string }) => p.name === 'Tanjung Sari');
    expect(sari1.id).toBeLessThan(sari2.id);
    expect(res.headers['x-result-truncated']).toBe('false');

    const inside = await patientWith({ phone: '081208576600' });
    const starting = await patientWith({ phone: '085766000001' });
    expect(mrnsOf(await search({ phone: '0857 66' }))).toEqual([starting.mrn, inside.mrn]);
  });

  it('answers the same 200 rows in the same order every time, however many patients match', async () => {
    // More matches than any candidate cut, the ones starting with the term entered last.
    const containing = Array.from({ length: 900 }, (_, i) => `Siti Lonjakan ${String(i).padStart(3, '0')}`);
    const starting = Array.from(
      { length: 250 },
      (_, i) => `Lonjakan Putri ${String(249 - i).padStart(3, '0')}`,
    );
    await t.database.db.insert(patients).values(
      [...containing, ...starting].map((name, i) => ({
        mrn: `L${String(i).padStart(6, '0')}`,
        name,
        sex: 'P' as const,
        birthDate: '1975-03-03',
      })),
    );
    const first = await search({ name: 'lonjakan' });
    const second = await search({ name: 'LONJAKAN' });
    expect(first.json().map((p: { name: string }) => p.name)).toEqual(
      [...starting].sort().slice(0, PATIENT_SEARCH_LIMIT),
    );
    expect(second.json()).toEqual(first.json());
    expect(first.headers['x-result-truncated']).toBe('true');
  });

  it('finds a medical record number exactly, also typed without its leading zeros', async () => {
    const first = await patientWith({ mrn: '000001', name: 'Pasien Nomor Satu' });
    // Numbers that contain the typed digits, which an exact search must not find.
    await patientWith({ mrn: '000010' });
    await patientWith({ mrn: '100001' });
    for (const typed of ['1', '0001', '000001', ' 000001 ']) {
      const res = await search({ mrn: typed });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json(), typed).toEqual([expect.objectContaining({ id: first.id, mrn: '000001' })]);
    }
    expect((await search({ mrn: '000002' })).json()).toEqual([]);
    expect((await search({ mrn: '99999' })).json()).toEqual([]);

    // A legacy record number that is not a number: by its exact text, in any case, never by a part.
    const legacy = await patientWith({ mrn: 'RM-0012A' });
    expect(mrnsOf(await search({ mrn: ' rm-0012a' }))).toEqual([legacy.mrn]);
    expect((await search({ mrn: 'RM-0012' })).json()).toEqual([]);
    expect((await search({ mrn: '0012' })).json()).toEqual([]);

    await t.database.db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.id, legacy.id));
    expect((await search({ mrn: 'RM-0012A' })).json()).toEqual([]);
  });

  it('asks for a medical record number that is there and not too long, as the only criterion', async () => {
    const empty = await search({ mrn: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.mrn).toBe('No. rekam medis wajib diisi.');
    const long = await search({ mrn: '1'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.mrn).toBe('No. rekam medis paling panjang 20 karakter.');
    const two = await search({ name: 'Andi', mrn: '1' });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.mrn).toContain('satu kriteria saja');
  });

  it('asks for exactly one criterion of at least 3 characters, in Bahasa Indonesia', async () => {
    const none = await search({});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.name).toContain('Isi satu kriteria pencarian');

    const two = await search({ name: 'Andi', nik: '7371' });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.nik).toContain('satu kriteria saja');

    const short = await search({ name: 'an' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.name).toBe('Ketik minimal 3 huruf nama.');

    const shortNumber = await search({ phone: '0-8' });
    expect(shortNumber.json().error.fields.phone).toBe('Ketik minimal 3 angka No. HP.');

    const badDate = await search({ birthDate: '17-08-1961' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields.birthDate).toBe('Tanggal harus berformat YYYY-MM-DD.');
  });

  it('is for the medical records desk and admins only', async () => {
    expect((await search({ name: 'andi' }, null)).statusCode).toBe(401);
    expect((await search({ name: 'andi' }, nurse)).statusCode).toBe(403);
    expect((await search({ name: 'andi' }, admin)).statusCode).toBe(200);
  });
});

describe("what the counter's single search box searches as (shared by server and web)", () => {
  const as = (typed: string) => plausibleCriteria(typed).map(({ field, term }) => `${field}:${term}`);

  it('reads digits by their length, and searches a number that may be two things as both', () => {
    expect(as('12')).toEqual(['mrn:12']);
    expect(as('0001234567890')).toEqual(['insuranceNo:0001234567890']);
    expect(as('7371 0112 0388 0005')).toEqual(['nik:7371011203880005']);
    expect(as('196504121990031002')).toEqual(['nip:196504121990031002']);
    expect(as('0812345678')).toEqual(['mrn:0812345678', 'phone:0812345678']);
    expect(as('0812-3456-78901')).toEqual(['insuranceNo:0812345678901', 'phone:0812345678901']);
    expect(as('+62 812 3456 7890')).toEqual(['phone:+6281234567890']);
    // Part of a longer number: a NIK or a card number being typed.
    expect(as('73710112038')).toEqual(['nik:73710112038', 'insuranceNo:73710112038']);
  });

  it('reads a date as a birth date, letters as a name, and a code with digits also as a record number', () => {
    expect(as('9-3-1944')).toEqual(['birthDate:1944-03-09']);
    expect(as('31-02-1990')).toEqual([]);
    expect(as('  siti   aminah ')).toEqual(['name:siti aminah']);
    expect(as('RM-0012A')).toEqual(['mrn:RM-0012A', 'name:RM-0012A']);
    expect(as('ab')).toEqual([]);
  });
});

describe("the counter's single search box (database-backed)", () => {
  const any = (q: string) => search({ q });
  const hits = async (q: string) =>
    (await any(q)).json().map((p: { mrn: string; matched: string[] }) => [p.mrn, p.matched]);

  it('finds a record number without its zeros, a NIK, a BPJS card number and a name, saying what matched', async () => {
    const rm = await patientWith({ mrn: '004321', name: 'Daeng Nomor Rekam' });
    const ktp = await patientWith({ nik: '7371011203880005', name: 'Ratna Punya Ktp' });
    const card = await patientWith({ insuranceNo: '0002233445566', name: 'Yusuf Punya Kartu' });
    expect(await hits('4321')).toEqual([[rm.mrn, ['mrn']]]);
    expect(await hits('004321')).toEqual([[rm.mrn, ['mrn']]]);
    expect(await hits('7371 0112 0388 0005')).toEqual([[ktp.mrn, ['nik']]]);
    expect(await hits('0002233445566')).toEqual([[card.mrn, ['insuranceNo']]]);
    expect(await hits('  punya   KARTU ')).toEqual([[card.mrn, ['name']]]);
    const born = await patientWith({ birthDate: '1944-03-09' });
    expect(await hits('9-3-1944')).toEqual([[born.mrn, ['birthDate']]]);
  });

  it('searches a number that may be two things as both, and shows the hits together', async () => {
    const card = await patientWith({ insuranceNo: '0812000111222', name: 'Kartu Mirip Telepon' });
    const phone = await patientWith({ phone: '0812000111222', name: 'Telepon Mirip Kartu' });
    expect(await hits('0812-000-111-222')).toEqual([
      [card.mrn, ['insuranceNo']],
      [phone.mrn, ['phone']],
    ]);
    const both = await patientWith({ insuranceNo: '0812000333444', phone: '0812000333444' });
    expect(await hits('0812000333444')).toEqual([[both.mrn, ['insuranceNo', 'phone']]]);
  });

  it('is open to the registration counter, and asks for something it can search', async () => {
    const clerk = await loginAsNew(t, { roles: ['registration'] });
    expect((await search({ q: 'mirip kartu' }, clerk)).statusCode).toBe(200);
    const short = await any('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.q).toBe('Ketik No. RM, NIK, No. kartu BPJS, atau minimal 3 huruf nama.');
    const two = await search({ q: 'andi', name: 'andi' });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.q).toContain('satu kriteria saja');
  });
});

describe("the desks' quick lookup (database-backed)", () => {
  it('lists patients of the same name in the order of their records, whatever the table holds first', async () => {
    const namesakes = [];
    for (let i = 0; i < 4; i++) namesakes.push(await patientWith({ name: 'Kembar Serupa' }));
    // An updated row is written anew after the others: the table no longer holds them in record order.
    for (const p of namesakes.slice(0, 2)) {
      await t.database.db.update(patients).set({ address: 'Jl. Baru' }).where(eq(patients.id, p.id));
    }
    // With statistics the planner reads so small a table as it lies, not in the order of an index.
    await t.database.db.execute(sql`analyze patients`);
    const found = await findPatients(t.database.db, 'kembar serupa');
    expect(found.map((p) => p.id)).toEqual(namesakes.map((p) => p.id));
  });
});

describe('patient page (database-backed)', () => {
  it('shows every legacy field and the age today', async () => {
    const p = await patientWith({
      name: 'Hj. Rosmiati Daeng Bau',
      sex: 'P',
      birthDate: addDays(today, -(40 * 365 + 120)),
      birthPlace: 'Gowa',
      nik: '7306015708840002',
      nip: '198408172010012001',
      insuranceNo: '0002233445566',
      phone: '085255667788',
      address: 'Jl. Sultan Alauddin No. 5, Makassar',
      addressDomicile: 'Asrama Kodam XIV Blok C No. 3',
      address3: 'Kel. Mangasa, Kec. Tamalate',
      address4: 'Makassar 90221',
      patientGroup: 'PNS TNI AD',
      patientGroupCode: 'AD02',
      unit: 'Kesdam XIV/Hasanuddin',
      unitCode: 'SAT07',
      rank: 'Penata (III/c)',
      rankCode: 'GOL06',
      company: null,
      insuredName: 'Hj. Rosmiati Daeng Bau',
      religion: 'Islam',
      maritalStatus: 'Kawin',
      familyRelation: 'Peserta',
      husbandName: 'Muh. Arsyad',
      ethnicity: 'Makassar',
      education: 'S1',
      familyContactName: 'Muh. Arsyad',
      familyContactPhone: '081344556677',
      notes: 'Alergi amoksisilin',
      registeredOn: '2009-03-02',
      legacyLama: 'L',
    });
    const res = await get(`/api/patients/${p.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: p.id,
      mrn: p.mrn,
      name: 'Hj. Rosmiati Daeng Bau',
      birthPlace: 'Gowa',
      addressDomicile: 'Asrama Kodam XIV Blok C No. 3',
      address3: 'Kel. Mangasa, Kec. Tamalate',
      address4: 'Makassar 90221',
      patientGroup: 'PNS TNI AD',
      patientGroupCode: 'AD02',
      unit: 'Kesdam XIV/Hasanuddin',
      unitCode: 'SAT07',
      rank: 'Penata (III/c)',
      rankCode: 'GOL06',
      company: null,
      companyCode: null,
      insuredName: 'Hj. Rosmiati Daeng Bau',
      familyRelation: 'Peserta',
      husbandName: 'Muh. Arsyad',
      wifeName: null,
      ethnicity: 'Makassar',
      education: 'S1',
      notes: 'Alergi amoksisilin',
      // A calendar date, as stored: no time zone shifts it.
      registeredOn: '2009-03-02',
      legacyLama: 'L',
    });
    expect(detail.age.years).toBe(40);
    expect(detail.age.months).toBeGreaterThanOrEqual(3);
    expect(detail.age.months).toBeLessThanOrEqual(4);
    expect(Date.parse(detail.registeredAt)).not.toBeNaN();
    expect(detail).not.toHaveProperty('deletedAt');

    const unknownDay = await get(`/api/patients/${(await patientWith()).id}`);
    expect(unknownDay.json()).toMatchObject({ registeredOn: null, husbandName: null, wifeName: null });
  });

  it('answers 404 for an unknown, deleted or malformed patient', async () => {
    for (const id of ['999999', '2147483648', 'abc', '-1']) {
      const res = await get(`/api/patients/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
    const gone = await patientWith();
    await t.database.db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.id, gone.id));
    expect((await get(`/api/patients/${gone.id}`)).json().error.message).toBe('Pasien tidak ditemukan.');
    expect((await get(`/api/patients/${gone.id}/visits`)).statusCode).toBe(404);
  });

  it('lists the last 30 visits, outpatient and inpatient together, newest first', async () => {
    const p = await createPatient(t.database.db);
    const room = await createRoom(t.database.db, { name: 'Ruang Merpati' });
    for (let day = 1; day <= 33; day++) {
      await visit(p.id, day % 2 ? internal : paediatrics, {
        visitDate: addDays(today, -day * 10),
        cancelled: day === 2,
      });
    }
    await stay(p.id, room.id, addDays(today, -15), addDays(today, -12));
    await stay(p.id, room.id, addDays(today, -3), null);

    const res = await get(`/api/patients/${p.id}/visits`);
    expect(res.statusCode).toBe(200);
    const visits = res.json();
    expect(visits).toHaveLength(RECENT_VISITS);
    const dates = visits.map((v: { date: string }) => v.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(visits[0]).toMatchObject({
      kind: 'inpatient',
      date: addDays(today, -3),
      dischargedAt: null,
      room: { code: room.code, name: 'Ruang Merpati' },
    });
    expect(visits[1]).toMatchObject({ kind: 'outpatient', date: addDays(today, -10) });
    expect(visits[2]).toMatchObject({ kind: 'inpatient', date: addDays(today, -15) });
    expect(visits[3]).toMatchObject({ kind: 'outpatient', date: addDays(today, -20), cancelled: true });
    expect(visits[1].clinic.id).toBe(internal.clinicId);
    expect(visits[1].doctor.id).toBe(internal.doctorId);
    expect(visits.at(-1).date).toBe(addDays(today, -280));
  });
});

describe('visit history (database-backed)', () => {
  it('filters outpatient visits by date range, clinic and vaccination, leaving cancelled visits out', async () => {
    const child = await createPatient(t.database.db, { birthDate: addDays(today, -700) });
    const v1 = await visit(child.id, paediatrics, {
      visitDate: addDays(today, -100),
      diagnoses: ['Imunisasi campak'],
      vaccination: 1,
    });
    const v2 = await visit(child.id, internal, { visitDate: addDays(today, -50) });
    const v3 = await visit(child.id, paediatrics, { visitDate: addDays(today, -20), vaccination: 2 });
    const cancelled = await visit(child.id, paediatrics, {
      visitDate: addDays(today, -10),
      cancelled: true,
      notes: 'Pasien tidak hadir',
    });
    await visit(child.id, paediatrics, { visitDate: addDays(today, -400) });
    const history = async (params: Record<string, string>) => {
      const res = await get(`/api/patients/${child.id}/outpatient-visits?${new URLSearchParams(params)}`);
      expect(res.statusCode, JSON.stringify(params)).toBe(200);
      return res.json().map((v: { registrationNo: string }) => v.registrationNo);
    };
    // A year up to today by default.
    expect(await history({})).toEqual([v3.registrationNo, v2.registrationNo, v1.registrationNo]);
    expect(await history({ includeCancelled: 'true' })).toEqual([
      cancelled.registrationNo,
      v3.registrationNo,
      v2.registrationNo,
      v1.registrationNo,
    ]);
    expect(await history({ from: addDays(today, -60), to: addDays(today, -20) })).toEqual([
      v3.registrationNo,
      v2.registrationNo,
    ]);
    expect(await history({ clinicId: String(paediatrics.clinicId) })).toEqual([
      v3.registrationNo,
      v1.registrationNo,
    ]);
    expect(await history({ vaccination: '1' })).toEqual([v3.registrationNo, v1.registrationNo]);
    expect(await history({ vaccination: '0' })).toEqual([v2.registrationNo]);
    expect(await history({ from: addDays(today, -500), vaccination: '0' })).toHaveLength(2);

    const [shown] = (
      await get(`/api/patients/${child.id}/outpatient-visits?vaccination=1&from=${addDays(today, -100)}`)
    ).json();
    expect(shown).toMatchObject({ kind: 'outpatient', vaccination: 2, cancelled: false });
  });

  it('refuses a range that runs backwards, spans more than 5 years or has a bad filter', async () => {
    const p = await createPatient(t.database.db);
    const backwards = await get(`/api/patients/${p.id}/outpatient-visits?from=2025-05-01&to=2025-04-30`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toBe('Tanggal akhir tidak boleh sebelum tanggal awal.');
    const long = await get(`/api/patients/${p.id}/inpatient-visits?from=2019-01-01&to=2024-01-02`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.to).toBe('Rentang tanggal paling lama 5 tahun.');
    expect(
      (await get(`/api/patients/${p.id}/inpatient-visits?from=2019-01-01&to=2024-01-01`)).statusCode,
    ).toBe(200);
    const future = await get(`/api/patients/${p.id}/outpatient-visits?from=${addDays(today, 1)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.from).toBe('Tanggal akhir tidak boleh sebelum tanggal awal.');
    const badVaccination = await get(`/api/patients/${p.id}/outpatient-visits?vaccination=2`);
    expect(badVaccination.statusCode).toBe(400);
    expect(badVaccination.json().error.fields.vaccination).toContain('0 (tanpa) atau 1 (dengan)');
    expect((await get('/api/patients/987654/outpatient-visits')).statusCode).toBe(404);
    expect((await get('/api/patients/987654/inpatient-visits')).statusCode).toBe(404);
  });

  it('lists stays by admission date, optionally of one room', async () => {
    const p = await createPatient(t.database.db, { sex: 'P' });
    const merpati = await createRoom(t.database.db);
    const mawar = await createRoom(t.database.db);
    const old = await stay(p.id, merpati.id, addDays(today, -300), addDays(today, -295));
    const recent = await stay(p.id, mawar.id, addDays(today, -30), addDays(today, -26));
    const ancient = await stay(p.id, mawar.id, addDays(today, -900), addDays(today, -890));
    const history = async (params: Record<string, string>) =>
      (await get(`/api/patients/${p.id}/inpatient-visits?${new URLSearchParams(params)}`))
        .json()
        .map((v: { registrationNo: string }) => v.registrationNo);
    expect(await history({})).toEqual([recent.registrationNo, old.registrationNo]);
    expect(await history({ roomCode: mawar.code, from: addDays(today, -1000) })).toEqual([
      recent.registrationNo,
      ancient.registrationNo,
    ]);
    expect(await history({ from: addDays(today, -30), to: addDays(today, -30) })).toEqual([
      recent.registrationNo,
    ]);
    expect(await history({ roomCode: 'TIDAKADA' })).toEqual([]);
  });

  it('shows a visit by its registration number, in any case, with its patient', async () => {
    const p = await createPatient(t.database.db, { name: 'Baso Tang' });
    const room = await createRoom(t.database.db, { class: 'KL1' });
    const v = await visit(p.id, internal, {
      visitDate: addDays(today, -7),
      diagnoses: ['Diabetes melitus tipe 2 (E11)', 'Hipertensi esensial (I10)'],
      notes: 'Kontrol ulang',
      visitTime: '08:45:00',
      dischargeDate: addDays(today, -7),
      reportDate: addDays(today, -6),
      procedures: [
        { code: '89.52', name: 'Elektrokardiogram' },
        { code: '99.18', name: null },
      ],
      paymentStatus: 'LUNAS',
      locked: true,
      clerkCode: 'U07',
      clerkName: 'Andi Nurhayati',
      printedBy: 'KASIR2',
      letterNo: '0123/SK/VII/2025',
    });
    const s = await stay(p.id, room.id, addDays(today, -6), addDays(today, -2));
    await items('RJ', v.registrationNo, [
      { code: 'K001', name: 'Konsultasi dokter spesialis', quantity: '1', price: 150_000, amount: 150_000 },
      { code: null, name: 'Metformin 500 mg', quantity: '30', price: 450, amount: 13_500 },
      // Struck from the bill in the legacy system: not shown.
      {
        code: 'L010',
        name: 'Gula darah puasa',
        quantity: '1',
        price: 35_000,
        amount: 35_000,
        deletedAt: new Date(),
      },
    ]);
    await items('RI', s.registrationNo, [
      { code: 'A100', name: 'Kamar Kelas I', quantity: '4', price: 400_000, amount: 1_600_000 },
      { code: 'O200', name: 'Infus RL', quantity: '2.5', price: 20_000, amount: 50_000 },
    ]);

    const outpatient = await get(`/api/visits/${v.registrationNo.toLowerCase()}`);
    expect(outpatient.statusCode).toBe(200);
    expect(outpatient.json()).toMatchObject({
      kind: 'outpatient',
      registrationNo: v.registrationNo,
      date: addDays(today, -7),
      clinic: { id: internal.clinicId },
      doctor: { id: internal.doctorId },
      diagnoses: ['Diabetes melitus tipe 2 (E11)', 'Hipertensi esensial (I10)'],
      notes: 'Kontrol ulang',
      patient: { id: p.id, mrn: p.mrn, name: 'Baso Tang' },
      visitTime: '08:45:00',
      dischargeDate: addDays(today, -7),
      reportDate: addDays(today, -6),
      procedures: [
        { code: '89.52', name: 'Elektrokardiogram' },
        { code: '99.18', name: null },
      ],
      paymentStatus: 'LUNAS',
      locked: true,
      clerkCode: 'U07',
      clerkName: 'Andi Nurhayati',
      printedBy: 'KASIR2',
      letterNo: '0123/SK/VII/2025',
    });
    expect(outpatient.json().items).toEqual([
      {
        code: 'K001',
        name: 'Konsultasi dokter spesialis',
        quantity: '1.00',
        price: 150_000,
        amount: 150_000,
      },
      { code: null, name: 'Metformin 500 mg', quantity: '30.00', price: 450, amount: 13_500 },
    ]);

    const inpatient = await get(`/api/visits/${s.registrationNo}`);
    expect(inpatient.json()).toMatchObject({
      kind: 'inpatient',
      date: addDays(today, -6),
      room: { code: room.code, class: 'KL1' },
      lengthOfStay: 4,
      patient: { id: p.id },
    });
    expect(inpatient.json().items).toEqual([
      { code: 'A100', name: 'Kamar Kelas I', quantity: '4.00', price: 400_000, amount: 1_600_000 },
      { code: 'O200', name: 'Infus RL', quantity: '2.50', price: 20_000, amount: 50_000 },
    ]);
    // A visit without lines, with none of the legacy fields filled.
    const bare = await visit(p.id, internal, { visitDate: addDays(today, -1) });
    expect((await get(`/api/visits/${bare.registrationNo}`)).json()).toMatchObject({
      visitTime: null,
      procedures: [],
      paymentStatus: null,
      locked: false,
      clerkCode: null,
      items: [],
    });

    const unknown = await get('/api/visits/RJ-TIDAK-ADA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(
      'Kunjungan dengan nomor registrasi RJ-TIDAK-ADA tidak ditemukan.',
    );
    expect((await get(`/api/visits/${v.registrationNo}`, nurse)).statusCode).toBe(403);
  });
});

describe('deleted visits and stays (database-backed)', () => {
  it('leaves visits and stays the legacy database deleted out of every list and the details', async () => {
    const p = await createPatient(t.database.db);
    const room = await createRoom(t.database.db);
    const kept = await visit(p.id, internal, { visitDate: addDays(today, -5) });
    const gone = await visit(p.id, internal, { visitDate: addDays(today, -3), deletedAt: new Date() });
    const keptStay = await stay(p.id, room.id, addDays(today, -40), addDays(today, -35));
    const goneStay = await t.database.db
      .update(admissions)
      .set({ deletedAt: new Date() })
      .where(eq(admissions.id, (await stay(p.id, room.id, addDays(today, -20), addDays(today, -18))).id))
      .returning();
    const goneStayNo = goneStay[0]?.registrationNo ?? '';

    const numbers = async (url: string) =>
      (await get(url)).json().map((v: { registrationNo: string }) => v.registrationNo);
    expect(await numbers(`/api/patients/${p.id}/visits`)).toEqual([
      kept.registrationNo,
      keptStay.registrationNo,
    ]);
    expect(await numbers(`/api/patients/${p.id}/outpatient-visits?includeCancelled=true`)).toEqual([
      kept.registrationNo,
    ]);
    expect(await numbers(`/api/patients/${p.id}/inpatient-visits`)).toEqual([keptStay.registrationNo]);

    for (const registrationNo of [gone.registrationNo, goneStayNo]) {
      const res = await get(`/api/visits/${registrationNo}`);
      expect(res.statusCode, registrationNo).toBe(404);
      expect(res.json().error.message).toBe(
        `Kunjungan dengan nomor registrasi ${registrationNo} tidak ditemukan.`,
      );
    }
  });
});

describe("a patient's bookings (database-backed)", () => {
  type Patient = Awaited<ReturnType<typeof createPatient>>;
  const bookFor = (patient: Patient, schedule: TestSchedule, date: string, source: 'WEB' | 'MJKN') =>
    bookPlace(
      t.database.db,
      {
        scheduleId: schedule.id,
        date,
        payer: source === 'MJKN' ? 'JKN' : 'UMUM',
        phone: '081234567890',
        source,
        address: '127.0.0.1',
      },
      {
        window: { horizonDays: 30, now: new Date() },
        links: { publicUrl: 'https://rs.example.id' },
        identify: (tx) =>
          identifyPatient(tx, { mrn: patient.mrn, birthDate: patient.birthDate }, '081234567890'),
      },
    );

  it('lists bookings from the website and Mobile JKN, cancelled ones too, newest first, paged', async () => {
    const p = await createPatient(t.database.db);
    // The schedules fall on today's weekday: a week and two weeks on are open too.
    const cancelled = await bookFor(p, internal, today, 'WEB');
    await cancelRegistration(t.database.db, cancelled.bookingCode);
    const web = await bookFor(p, internal, addDays(today, 7), 'WEB');
    const mobile = await bookFor(p, paediatrics, addDays(today, 7), 'MJKN');
    const later = await bookFor(p, internal, addDays(today, 14), 'MJKN');
    await bookFor(await createPatient(t.database.db), internal, addDays(today, 7), 'WEB');

    const res = await get(`/api/patients/${p.id}/registrations`);
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(4);
    // The latest visit date first; on one date the latest booked first.
    expect(items.map((b: { bookingCode: string }) => b.bookingCode)).toEqual(
      [later, mobile, web, cancelled].map((b) => b.bookingCode),
    );
    expect(items[1]).toEqual({
      bookingCode: mobile.bookingCode,
      date: addDays(today, 7),
      clinic: mobile.clinic,
      doctor: mobile.doctor,
      queueNumber: mobile.queueNumber,
      status: 'BOOKED',
      payer: 'JKN',
      source: 'MJKN',
      sep: null,
      createdAt: expect.any(String),
    });
    expect(items[1].bookingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(Date.parse(items[1].createdAt)).toBeGreaterThan(Date.parse(items[2].createdAt));
    expect(items[2]).toMatchObject({ source: 'WEB', payer: 'UMUM', status: 'BOOKED' });
    expect(items[3]).toMatchObject({ source: 'WEB', status: 'CANCELLED', date: today });

    const second = await get(`/api/patients/${p.id}/registrations?page=2&pageSize=3`);
    expect(second.json()).toEqual({ items: [items[3]], total: 4 });

    const none = await get(`/api/patients/${(await createPatient(t.database.db)).id}/registrations`);
    expect(none.json()).toEqual({ items: [], total: 0 });
  });

  it('is for the medical records desk and admins only, and 404 for an unknown patient', async () => {
    const p = await createPatient(t.database.db);
    const url = `/api/patients/${p.id}/registrations`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, nurse)).statusCode).toBe(403);
    expect((await get(url, admin)).statusCode).toBe(200);
    expect((await get('/api/patients/999999/registrations')).statusCode).toBe(404);
    expect((await get(`${url}?pageSize=101`)).statusCode).toBe(400);
  });
});

describe('medical record numbers (database-backed)', () => {
  it('keeps giving new patients numbers after 999999, never cutting them to six digits', async () => {
    await t.database.db.execute(sql`select setval('patient_mrn_seq', 999998)`);
    const register = (nik: string) =>
      t.database.db.transaction((tx) =>
        identifyPatient(
          tx,
          {
            newPatient: { nik, name: 'Pasien Baru', birthDate: '1999-09-09', sex: 'L', address: 'Makassar' },
          },
          '081234567890',
        ),
      );
    expect((await register('7371010909990001')).mrn).toBe('999999');
    expect((await register('7371010909990002')).mrn).toBe('1000000');
    await syncMrnSequence(t.database.db);
    expect((await register('7371010909990003')).mrn).toBe('1000001');
  });
});
