import type { BookingReport, InpatientReport, OutpatientReport } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admissions,
  outpatientVisits,
  patients,
  queueSessions,
  referenceCodes,
  registrations,
} from '../../db/schema/index.js';
import { localMoment } from '../../lib/dates.js';
import { createTestApp, errorOf, ok, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createRoom,
  createSchedule,
  type LoggedIn,
  loginAsNew,
  type TestSchedule,
} from '../../test/factories.js';

let t: TestApp;
let records: LoggedIn;
let admin: LoggedIn;
let nurse: LoggedIn;
let internal: TestSchedule;
let dental: TestSchedule;
let bpjsPatient: { id: number; mrn: string; name: string };
let armyPatient: { id: number; mrn: string; name: string };

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  records = await loginAsNew(t, { roles: ['records'] });
  admin = await loginAsNew(t, { roles: ['admin'] });
  nurse = await loginAsNew(t, { roles: ['ward', 'registration'] });
  internal = await createSchedule(db());
  dental = await createSchedule(db());
  bpjsPatient = await patientInGroup('BP01', 'BPJS');
  armyPatient = await patientInGroup('AD01', 'TNI AD', '=HYPERLINK("http://x")');
  await db()
    .insert(referenceCodes)
    .values([
      { kind: 'patient_group', code: 'BP01', name: 'BPJS' },
      { kind: 'patient_group', code: 'AD01', name: 'TNI AD' },
      { kind: 'patient_group', code: 'UM01', name: 'UMUM', deletedAt: new Date() },
      { kind: 'unit', code: 'K01', name: 'Kodam XIV/Hasanuddin' },
    ]);
});
afterAll(() => t.app.close());

const get = (url: string, who: LoggedIn | null = records) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

async function patientInGroup(code: string, group: string, name?: string) {
  const patient = await createPatient(db(), { name });
  await db()
    .update(patients)
    .set({ patientGroupCode: code, patientGroup: group })
    .where(eq(patients.id, patient.id));
  return patient;
}

let serial = 0;
async function visit(
  patientId: number,
  schedule: TestSchedule,
  visitDate: string,
  fields: Partial<typeof outpatientVisits.$inferInsert> = {},
) {
  serial += 1;
  const [row] = await db()
    .insert(outpatientVisits)
    .values({
      registrationNo: `RJR${String(serial).padStart(7, '0')}`,
      patientId,
      clinicId: schedule.clinicId,
      doctorId: schedule.doctorId,
      visitDate,
      diagnoses: ['Hipertensi esensial (I10)'],
      ...fields,
    })
    .returning();
  if (!row) throw new Error('visit not created');
  return row;
}

/** The body lines of a CSV answer (BOM and the empty line after the last CRLF left out). */
function csvLines(res: { body: string; headers: Record<string, unknown> }) {
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const lines = res.body.slice(1).split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(0, -1);
}

describe('the outpatient visit list', () => {
  // March 2025: two clinics, two patient groups, a cancelled and a deleted visit, and visits either side.
  let march: { id: number; registrationNo: string }[];
  beforeAll(async () => {
    await visit(bpjsPatient.id, internal, '2025-02-28');
    const first = await visit(bpjsPatient.id, internal, '2025-03-01', {
      diagnoses: ['Diabetes melitus tipe 2 (E11)', 'Hipertensi; kontrol'],
    });
    const second = await visit(armyPatient.id, dental, '2025-03-01', { doctorId: null, diagnoses: [] });
    const third = await visit(armyPatient.id, internal, '2025-03-03', { cancelled: true });
    await visit(bpjsPatient.id, internal, '2025-03-03', { deletedAt: new Date() });
    const fourth = await visit(bpjsPatient.id, dental, '2025-03-31');
    await visit(bpjsPatient.id, internal, '2025-04-01');
    march = [first, second, third, fourth];
  });

  const list = async (query: string) => ok<OutpatientReport>(await get(`/api/reports/visits?${query}`));

  it('lists the visits of the range oldest first with the patient, group, clinic and doctor, and counts each day', async () => {
    const res = await get('/api/reports/visits?from=2025-03-01&to=2025-03-31');
    const report = ok<OutpatientReport>(res);
    expect(report.total).toBe(4);
    expect(report.items.map((row) => row.registrationNo)).toEqual(march.map((v) => v.registrationNo));
    expect(report.items[0]).toEqual({
      id: march[0]?.id,
      date: '2025-03-01',
      registrationNo: march[0]?.registrationNo,
      patient: { id: bpjsPatient.id, mrn: bpjsPatient.mrn, name: bpjsPatient.name },
      patientGroup: { code: 'BP01', name: 'BPJS' },
      clinic: { id: internal.clinicId, code: expect.any(String), name: expect.any(String) },
      doctor: { id: internal.doctorId, name: expect.any(String) },
      diagnoses: ['Diabetes melitus tipe 2 (E11)', 'Hipertensi; kontrol'],
      cancelled: false,
    });
    expect(report.items[1]).toMatchObject({ doctor: null, patientGroup: { code: 'AD01', name: 'TNI AD' } });
    expect(report.items[2]).toMatchObject({ date: '2025-03-03', cancelled: true });
    expect(report.perDay).toHaveLength(31);
    expect(report.perDay.filter((day) => day.count > 0)).toEqual([
      { date: '2025-03-01', count: 2 },
      { date: '2025-03-03', count: 1 },
      { date: '2025-03-31', count: 1 },
    ]);
    expect(report.perDay[1]).toEqual({ date: '2025-03-02', count: 0 });
  });

  it('narrows to a clinic, a patient group and the cancelled (BATAL) or the other visits', async () => {
    const numbers = (report: OutpatientReport) => report.items.map((row) => row.registrationNo);
    const [first, second, third, fourth] = march.map((v) => v.registrationNo);
    const range = 'from=2025-03-01&to=2025-03-31';
    expect(numbers(await list(`${range}&clinicId=${dental.clinicId}`))).toEqual([second, fourth]);
    expect(numbers(await list(`${range}&patientGroup=AD01`))).toEqual([second, third]);
    expect(numbers(await list(`${range}&cancelled=true`))).toEqual([third]);
    const notCancelled = await list(`${range}&cancelled=false&patientGroup=BP01`);
    expect(numbers(notCancelled)).toEqual([first, fourth]);
    expect(notCancelled.total).toBe(2);
    expect(notCancelled.perDay.filter((day) => day.count > 0)).toEqual([
      { date: '2025-03-01', count: 1 },
      { date: '2025-03-31', count: 1 },
    ]);
    expect((await list(`${range}&patientGroup=XX99`)).total).toBe(0);
  });

  it('lists a visit under the group its patient had when it was recorded, also after the patient changes group', async () => {
    const patient = await patientInGroup('AD01', 'TNI AD');
    const before = await visit(patient.id, internal, '2025-05-02');
    await db()
      .update(patients)
      .set({ patientGroupCode: 'BP01', patientGroup: 'BPJS' })
      .where(eq(patients.id, patient.id));
    const after = await visit(patient.id, internal, '2025-05-03');

    const range = 'from=2025-05-01&to=2025-05-31';
    const army = await list(`${range}&patientGroup=AD01`);
    expect(army.items.map((row) => [row.registrationNo, row.patientGroup])).toEqual([
      [before.registrationNo, { code: 'AD01', name: 'TNI AD' }],
    ]);
    expect(army.perDay.filter((day) => day.count > 0)).toEqual([{ date: '2025-05-02', count: 1 }]);
    const bpjs = await list(`${range}&patientGroup=BP01`);
    expect(bpjs.items.map((row) => row.registrationNo)).toEqual([after.registrationNo]);
  });

  it('pages in a stable order: the pages together are the list, each visit once', async () => {
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await list(`from=2025-03-01&to=2025-03-31&pageSize=2&page=${page}`));
    expect(pages.map((p) => p.total)).toEqual([4, 4, 4]);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 0]);
    expect(pages.flatMap((p) => p.items.map((row) => row.registrationNo))).toEqual(
      march.map((v) => v.registrationNo),
    );
  });

  it('exports every visit of the filter as a semicolon CSV for Excel, safe from formulas', async () => {
    const res = await get('/api/reports/visits/export.csv?from=2025-03-01&to=2025-03-31&pageSize=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="rawat-jalan_2025-03-01_2025-03-31.csv"',
    );
    const lines = csvLines(res);
    expect(lines[0]).toBe(
      'Tanggal;No. Registrasi;No. RM;Nama Pasien;Golongan Pasien / Penjamin;Poli;Dokter;Diagnosa;Status',
    );
    const report = await list('from=2025-03-01&to=2025-03-31');
    const [first, second, third] = report.items;
    expect(lines.slice(1)).toHaveLength(4);
    expect(lines[1]).toBe(
      `2025-03-01;${first?.registrationNo};${bpjsPatient.mrn};${bpjsPatient.name};BPJS;${first?.clinic.name};` +
        `${first?.doctor?.name};"Diabetes melitus tipe 2 (E11); Hipertensi; kontrol";`,
    );
    expect(lines[2]).toBe(
      `2025-03-01;${second?.registrationNo};${armyPatient.mrn};"'=HYPERLINK(""http://x"")";TNI AD;` +
        `${second?.clinic.name};;;`,
    );
    expect(lines[3]).toMatch(/;BATAL$/);
    expect(third?.cancelled).toBe(true);
  });

  it('exports a long list whole, each visit once, in the order of the list', async () => {
    const busy = await createSchedule(db());
    const perDay = 1500;
    await db().execute(sql`
      insert into ${outpatientVisits} (registration_no, patient_id, clinic_id, visit_date)
      select 'RJB' || lpad(n::text, 7, '0'), ${bpjsPatient.id}, ${busy.clinicId}, date '2024-06-10' + (n % 3)
      from generate_series(1, ${perDay * 3}) as n`);
    const query = `from=2024-06-01&to=2024-06-30&clinicId=${busy.clinicId}`;
    const rows = csvLines(await get(`/api/reports/visits/export.csv?${query}`)).slice(1);
    expect(rows).toHaveLength(perDay * 3);
    const numbers = rows.map((line) => line.split(';')[1] ?? '');
    expect(new Set(numbers).size).toBe(perDay * 3);
    // On each day in the order recorded: RJB0000003, RJB0000006, … on 10 June.
    expect(numbers.slice(0, 2)).toEqual(['RJB0000003', 'RJB0000006']);
    expect(rows.map((line) => line.slice(0, 10))).toEqual([
      ...Array<string>(perDay).fill('2024-06-10'),
      ...Array<string>(perDay).fill('2024-06-11'),
      ...Array<string>(perDay).fill('2024-06-12'),
    ]);
    const report = await list(query);
    expect(report.total).toBe(perDay * 3);
    expect(report.perDay.filter((day) => day.count > 0)).toEqual([
      { date: '2024-06-10', count: perDay },
      { date: '2024-06-11', count: perDay },
      { date: '2024-06-12', count: perDay },
    ]);
  });

  it('refuses a range that is reversed, longer than a year or missing, in Indonesian, naming the field', async () => {
    const cases = [
      ['from=2025-03-10&to=2025-03-01', 'to', 'Tanggal akhir tidak boleh sebelum tanggal awal.'],
      ['from=2024-03-01&to=2025-03-01', 'to', 'Rentang tanggal paling lama 1 tahun.'],
      ['to=2025-03-01', 'from', 'Tanggal awal wajib diisi.'],
      ['from=2025-03-01&to=2025-3-9', 'to', 'Tanggal harus berformat YYYY-MM-DD.'],
      ['from=2025-03-01&to=2025-03-31&clinicId=abc', 'clinicId', 'Poli tidak dikenal.'],
      ['from=2025-03-01&to=2025-03-31&cancelled=ya', 'cancelled', 'Filter batal: true atau false.'],
    ] as const;
    for (const [query, field, message] of cases) {
      for (const path of ['/api/reports/visits', '/api/reports/visits/export.csv']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(errorOf(res).fields?.[field], `${path}?${query}`).toBe(message);
      }
    }
    expect((await list('from=2024-03-01&to=2025-02-28')).total).toBeGreaterThan(0);
  });
});

describe('the inpatient stay list', () => {
  let room: { id: number; code: string; name: string; class: string };
  let otherRoom: { id: number; code: string };
  let stays: { registrationNo: string }[];

  async function stay(patientId: number, roomId: number, admittedAt: Date, dischargedAt: Date | null) {
    serial += 1;
    const [row] = await db()
      .insert(admissions)
      .values({
        registrationNo: `RIR${String(serial).padStart(7, '0')}`,
        patientId,
        roomId,
        admittedAt,
        dischargedAt,
      })
      .returning();
    if (!row) throw new Error('stay not created');
    return row;
  }

  beforeAll(async () => {
    room = await createRoom(db(), { class: 'KL1', name: 'Ruang Mawar' });
    otherRoom = await createRoom(db());
    const other = await patientInGroup('BP01', 'BPJS');
    // Admitted just after midnight WIB on 1 May (still 30 April in UTC), and just before midnight on 31 May.
    stays = [
      await stay(bpjsPatient.id, room.id, localMoment('2025-05-01', 0, 30), localMoment('2025-05-04', 11, 0)),
      await stay(
        armyPatient.id,
        otherRoom.id,
        localMoment('2025-05-01', 9, 0),
        localMoment('2025-05-02', 9, 0),
      ),
      await stay(other.id, room.id, localMoment('2025-05-31', 23, 50), null),
    ];
    await stay(bpjsPatient.id, room.id, localMoment('2025-04-30', 23, 59), localMoment('2025-05-01', 8, 0));
    await stay(armyPatient.id, room.id, localMoment('2025-06-01', 0, 0), localMoment('2025-06-02', 8, 0));
    const deleted = await stay(
      armyPatient.id,
      room.id,
      localMoment('2025-05-10', 8, 0),
      localMoment('2025-05-11', 8, 0),
    );
    await db().update(admissions).set({ deletedAt: new Date() }).where(eq(admissions.id, deleted.id));
  });

  it('lists the stays admitted on the days of the range (WIB), with the room, the length of stay and the count per day', async () => {
    const report = ok<InpatientReport>(await get('/api/reports/stays?from=2025-05-01&to=2025-05-31'));
    expect(report.items.map((row) => row.registrationNo)).toEqual(stays.map((s) => s.registrationNo));
    expect(report.total).toBe(3);
    expect(report.items[0]).toMatchObject({
      date: '2025-05-01',
      patient: { id: bpjsPatient.id, mrn: bpjsPatient.mrn },
      patientGroup: { code: 'BP01', name: 'BPJS' },
      room: { code: room.code, name: 'Ruang Mawar', class: 'KL1' },
      admittedAt: '2025-04-30T17:30:00.000Z',
      dischargedAt: '2025-05-04T04:00:00.000Z',
      lengthOfStay: 3,
    });
    expect(report.items[2]).toMatchObject({ date: '2025-05-31', dischargedAt: null });
    expect(report.perDay).toHaveLength(31);
    expect(report.perDay.filter((day) => day.count > 0)).toEqual([
      { date: '2025-05-01', count: 2 },
      { date: '2025-05-31', count: 1 },
    ]);
  });

  it('narrows to a room and a patient group', async () => {
    const numbers = async (query: string) =>
      ok<InpatientReport>(await get(`/api/reports/stays?from=2025-05-01&to=2025-05-31&${query}`)).items.map(
        (row) => row.registrationNo,
      );
    expect(await numbers(`roomCode=${room.code}`)).toEqual(
      [stays[0], stays[2]].map((s) => s?.registrationNo),
    );
    expect(await numbers(`roomCode=${otherRoom.code}&patientGroup=AD01`)).toEqual([stays[1]?.registrationNo]);
    expect(await numbers(`roomCode=${otherRoom.code}&patientGroup=BP01`)).toEqual([]);
  });

  it('exports the stays as CSV with the times in WIB', async () => {
    const res = await get(
      `/api/reports/stays/export.csv?from=2025-05-01&to=2025-05-31&roomCode=${room.code}`,
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="rawat-inap_2025-05-01_2025-05-31.csv"',
    );
    const lines = csvLines(res);
    expect(lines[0]).toBe(
      'Tanggal Masuk;Tanggal Keluar;Lama Rawat (Hari);No. Registrasi;No. RM;Nama Pasien;Golongan Pasien / Penjamin;Ruang;Kelas',
    );
    expect(lines[1]).toBe(
      `2025-05-01 00:30;2025-05-04 11:00;3;${stays[0]?.registrationNo};${bpjsPatient.mrn};${bpjsPatient.name};BPJS;Ruang Mawar;KL1`,
    );
    expect(lines[2]).toMatch(new RegExp(`^2025-05-31 23:50;;\\d+;${stays[2]?.registrationNo};`));
    expect(lines).toHaveLength(3);
  });
});

describe('the booking list', () => {
  /** The booking codes as people read them (XXXX-XXXX). */
  let codes: string[];

  async function booking(
    schedule: TestSchedule,
    date: string,
    patientId: number,
    fields: Partial<typeof registrations.$inferInsert> = {},
  ) {
    const [session] = await db()
      .insert(queueSessions)
      .values({ scheduleId: schedule.id, date, quotaJkn: 10, quotaNonJkn: 10 })
      .onConflictDoUpdate({
        target: [queueSessions.scheduleId, queueSessions.date],
        set: { lastSeq: sql`${queueSessions.lastSeq} + 1` },
      })
      .returning();
    if (!session) throw new Error('session not created');
    serial += 1;
    const seq = session.lastSeq + 1;
    const [row] = await db()
      .insert(registrations)
      .values({
        code: `BK${String(serial).padStart(6, '0')}`.replace(/[01]/g, 'X'),
        sessionId: session.id,
        clinicId: schedule.clinicId,
        doctorId: schedule.doctorId,
        date,
        patientId,
        newPatient: false,
        payer: 'UMUM',
        phone: '081234567890',
        queueSeq: seq,
        queueNumber: `${schedule.queuePrefix}-${String(seq).padStart(3, '0')}`,
        estimatedAt: localMoment(date, 8, 0),
        address: '127.0.0.1',
        ...fields,
      })
      .returning();
    if (!row) throw new Error('booking not created');
    return `${row.code.slice(0, 4)}-${row.code.slice(4)}`;
  }

  beforeAll(async () => {
    codes = [
      await booking(internal, '2025-08-04', bpjsPatient.id, {
        source: 'MJKN',
        payer: 'JKN',
        status: 'SERVED',
      }),
      await booking(dental, '2025-08-04', armyPatient.id, { source: 'WEB', status: 'CANCELLED' }),
      await booking(internal, '2025-08-06', armyPatient.id, { source: 'DESK', status: 'NO_SHOW' }),
      await booking(dental, '2025-08-06', bpjsPatient.id, { source: 'WEB' }),
    ];
    await booking(internal, '2025-08-07', bpjsPatient.id);
  });

  const list = async (query: string) =>
    ok<BookingReport>(await get(`/api/reports/bookings?from=2025-08-01&to=2025-08-06&${query}`));

  it('lists the bookings by visit day with channel, status and payer, counted per day and per status', async () => {
    const report = await list('');
    expect(report.items.map((row) => row.bookingCode)).toEqual(codes);
    expect(report.total).toBe(4);
    expect(report.items[0]).toMatchObject({
      date: '2025-08-04',
      queueNumber: `${internal.queuePrefix}-001`,
      patient: { id: bpjsPatient.id, mrn: bpjsPatient.mrn, name: bpjsPatient.name },
      clinic: { id: internal.clinicId },
      doctor: { id: internal.doctorId },
      source: 'MJKN',
      status: 'SERVED',
      payer: 'JKN',
    });
    expect(report.perDay.map((day) => day.count)).toEqual([0, 0, 0, 2, 0, 2]);
    expect(report.perStatus).toEqual([
      { status: 'BOOKED', count: 1 },
      { status: 'CHECKED_IN', count: 0 },
      { status: 'CALLED', count: 0 },
      { status: 'SERVED', count: 1 },
      { status: 'CANCELLED', count: 1 },
      { status: 'NO_SHOW', count: 1 },
    ]);
  });

  it('narrows to a channel, a clinic, a payer and a status; the status counts keep every status', async () => {
    const shown = (report: BookingReport) => report.items.map((row) => row.bookingCode);
    expect(shown(await list('source=WEB'))).toEqual([codes[1], codes[3]]);
    expect(shown(await list('source=DESK'))).toEqual([codes[2]]);
    expect(shown(await list(`clinicId=${internal.clinicId}`))).toEqual([codes[0], codes[2]]);
    expect(shown(await list('payer=JKN'))).toEqual([codes[0]]);
    const cancelled = await list('status=CANCELLED&source=WEB');
    expect(shown(cancelled)).toEqual([codes[1]]);
    expect(cancelled.total).toBe(1);
    expect(cancelled.perStatus.filter((s) => s.count > 0)).toEqual([
      { status: 'BOOKED', count: 1 },
      { status: 'CANCELLED', count: 1 },
    ]);
  });

  it('exports the bookings as CSV with the channel and status as the desks name them', async () => {
    const res = await get('/api/reports/bookings/export.csv?from=2025-08-01&to=2025-08-06&source=DESK');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="pendaftaran_2025-08-01_2025-08-06.csv"',
    );
    const lines = csvLines(res);
    expect(lines[0]).toBe(
      'Tanggal Periksa;Kode Booking;No. Antrean;No. RM;Nama Pasien;Poli;Dokter;Saluran;Status;Penjamin;Waktu Daftar',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^2025-08-06;${codes[2]};${internal.queuePrefix}-001;${armyPatient.mrn};.*;Loket;Tidak hadir;UMUM;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );
  });

  it('refuses an unknown channel, status or payer', async () => {
    for (const [query, field] of [
      ['source=KIOSK', 'source'],
      ['status=DONE', 'status'],
      ['payer=ASURANSI', 'payer'],
    ] as const) {
      const res = await get(`/api/reports/bookings?from=2025-08-01&to=2025-08-06&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).fields?.[field], query).toBeTruthy();
    }
  });
});

describe('who may read the lists', () => {
  const paths = [
    '/api/reports/patient-groups',
    '/api/reports/visits?from=2025-03-01&to=2025-03-31',
    '/api/reports/visits/export.csv?from=2025-03-01&to=2025-03-31',
    '/api/reports/stays?from=2025-03-01&to=2025-03-31',
    '/api/reports/stays/export.csv?from=2025-03-01&to=2025-03-31',
    '/api/reports/bookings?from=2025-03-01&to=2025-03-31',
    '/api/reports/bookings/export.csv?from=2025-03-01&to=2025-03-31',
  ];

  it('the records desk and admins; other staff are refused, anonymous callers asked to log in', async () => {
    for (const path of paths) {
      expect((await get(path, records)).statusCode, path).toBe(200);
      expect((await get(path, admin)).statusCode, path).toBe(200);
      expect((await get(path, nurse)).statusCode, path).toBe(403);
      expect((await get(path, null)).statusCode, path).toBe(401);
    }
  });

  it('offers the patient groups of the reference list, retired ones left out', async () => {
    expect(ok(await get('/api/reports/patient-groups'))).toEqual([
      { code: 'BP01', name: 'BPJS' },
      { code: 'AD01', name: 'TNI AD' },
    ]);
  });
});
