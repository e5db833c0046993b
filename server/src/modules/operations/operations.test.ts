import { operationStatuses, operationStatusMoves, type Operation } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { addDays, localToday } from '../../lib/dates.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPatient, createSchedule, type LoggedIn, loginAsNew } from '../../test/factories.js';

let t: TestApp;
let theatre: LoggedIn;
let admin: LoggedIn;
let clerk: LoggedIn;
let surgeonId: number;
const today = localToday();
// Each test plans on its own day, so that the day lists it checks hold only its operations.
let nextDay = 10;
const freshDay = () => addDays(today, nextDay++);

beforeAll(async () => {
  t = await createTestApp();
  theatre = await loginAsNew(t, { roles: ['theatre'] });
  admin = await loginAsNew(t, { roles: ['admin'] });
  clerk = await loginAsNew(t, { roles: ['registration'] });
  surgeonId = (await createSchedule(t.database.db)).doctorId;
});
afterAll(() => t.app.close());

interface Plan {
  date?: string;
  patientId?: number;
  procedure?: string;
  surgeonId?: number | null;
  theatre?: string;
  plannedStart?: string | null;
}

/** A planned start of its own for each operation (00:00, 00:01 …): one theatre holds one at a time. */
let starts = 0;
const nextStart = () => {
  const minute = starts++ % 1440;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
};

async function planBody(plan: Plan = {}) {
  return {
    date: plan.date ?? today,
    patientId: plan.patientId ?? (await createPatient(t.database.db)).id,
    procedure: plan.procedure ?? 'Appendektomi',
    surgeonId: plan.surgeonId === undefined ? surgeonId : plan.surgeonId,
    theatre: plan.theatre ?? 'OK 1',
    plannedStart: plan.plannedStart === undefined ? nextStart() : plan.plannedStart,
  };
}

const add = async (plan: Plan = {}, who: LoggedIn = theatre) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operations',
    headers: who.headers,
    payload: await planBody(plan),
  });

async function added(plan: Plan = {}): Promise<Operation> {
  const res = await add(plan);
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const move = (id: number, status: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operations/${id}/status`,
    headers: theatre.headers,
    payload: { status },
  });
const cancel = (id: number, reason = 'Pasien demam tinggi, operasi ditunda.') =>
  t.app.inject({
    method: 'POST',
    url: `/api/operations/${id}/cancel`,
    headers: theatre.headers,
    payload: { reason },
  });
const edit = async (id: number, plan: Plan) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/operations/${id}`,
    headers: theatre.headers,
    payload: await planBody(plan),
  });
const reorder = (date: string, ids: number[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operations/reorder',
    headers: theatre.headers,
    payload: { date, ids },
  });
async function day(date: string, status?: string): Promise<Operation[]> {
  const query = new URLSearchParams({ date, ...(status ? { status } : {}) });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operations?${query}`,
    headers: theatre.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** An operation of today brought into `status`. */
async function inState(status: Operation['status']): Promise<Operation> {
  const operation = await added();
  if (status === 'Menunggu') return operation;
  expect((await move(operation.id, 'Sedang Berlangsung')).statusCode).toBe(200);
  if (status === 'Sedang Berlangsung') return operation;
  expect((await move(operation.id, 'Selesai')).statusCode).toBe(200);
  return operation;
}

async function auditOf(id: number, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'operation'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)),
    );
}

describe('operating-room schedule (database-backed)', () => {
  it('adds operations at the end of the day, in order, with patient and surgeon, and audits each', async () => {
    const date = freshDay();
    const patient = await createPatient(t.database.db, { name: 'Andi Baso Tang' });
    const first = await add({
      date,
      patientId: patient.id,
      procedure: 'Sectio Caesarea',
      plannedStart: '07:30',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      date,
      queueOrder: 1,
      patient: { id: patient.id, mrn: patient.mrn, name: 'Andi Baso Tang' },
      procedure: 'Sectio Caesarea',
      surgeon: { id: surgeonId },
      theatre: 'OK 1',
      plannedStart: '07:30',
      status: 'Menunggu',
      cancelled: false,
      startedAt: null,
      finishedAt: null,
    });
    const second = await added({ date, surgeonId: null, plannedStart: null, theatre: 'OK 2' });
    expect(second).toMatchObject({ queueOrder: 2, surgeon: null, plannedStart: null, theatre: 'OK 2' });

    expect((await day(date)).map((o) => [o.queueOrder, o.id])).toEqual([
      [1, first.json().id],
      [2, second.id],
    ]);
    const [trace] = await auditOf(second.id, 'operation.add');
    expect(trace).toMatchObject({ details: expect.objectContaining({ date, queueOrder: 2 }) });
  });

  it('refuses a date in the past, an unknown patient or surgeon, and bad input, adding nothing', async () => {
    const past = await add({ date: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.date).toContain('sudah lewat');

    const date = freshDay();
    expect((await add({ date, patientId: 999_999 })).statusCode).toBe(404);
    const noSurgeon = await add({ date, surgeonId: 999_999 });
    expect(noSurgeon.statusCode).toBe(400);
    expect(noSurgeon.json().error.fields.surgeonId).toBe('Dokter operator tidak ditemukan.');

    const blank = await add({ date, procedure: '   ', theatre: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toMatchObject({
      procedure: 'Tindakan wajib diisi.',
      theatre: 'Kamar operasi wajib diisi.',
    });
    const badTime = await add({ date, plannedStart: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error.fields.plannedStart).toContain('JJ:MM');
    expect(await day(date)).toEqual([]);
  });

  it('gives simultaneous additions to one day distinct places, 1 to n', async () => {
    const date = freshDay();
    const patients = await Promise.all(Array.from({ length: 10 }, () => createPatient(t.database.db)));
    const results = await Promise.all(patients.map((p) => add({ date, patientId: p.id })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const orders = results.map((r) => r.json().queueOrder).sort((a, b) => a - b);
    expect(orders).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await day(date)).map((o) => o.queueOrder)).toEqual(orders);
  });

  describe('status machine', () => {
    const cases = operationStatuses.flatMap((from) => operationStatuses.map((to) => ({ from, to })));

    it.each(cases)('$from → $to', async ({ from, to }) => {
      const operation = await inState(from);
      const before = (await day(today)).find((o) => o.id === operation.id);
      const res = await move(operation.id, to);
      if (operationStatusMoves[from].includes(to)) {
        expect(res.statusCode).toBe(200);
        const moved = res.json();
        expect(moved.status).toBe(to);
        if (to === 'Sedang Berlangsung') {
          expect(Date.parse(moved.startedAt)).toBeGreaterThan(Date.now() - 60_000);
          expect(moved.finishedAt).toBeNull();
        } else {
          expect(moved.startedAt).toBe(before?.startedAt);
          expect(Date.parse(moved.finishedAt)).toBeGreaterThanOrEqual(Date.parse(moved.startedAt));
        }
        const [trace] = (await auditOf(operation.id, 'operation.status')).filter(
          (row) => (row.details as { to: string }).to === to,
        );
        expect(trace?.details).toEqual({ from, to });
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('ILLEGAL_STATUS_MOVE');
        expect(res.json().error.message).toBe(`Status operasi tidak dapat diubah dari "${from}" ke "${to}".`);
        expect((await day(today)).find((o) => o.id === operation.id)).toEqual(before);
      }
    });

    it('never moves a cancelled operation', async () => {
      for (const from of ['Menunggu', 'Sedang Berlangsung'] as const) {
        const operation = await inState(from);
        expect((await cancel(operation.id)).statusCode).toBe(200);
        for (const to of operationStatuses) {
          const res = await move(operation.id, to);
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          expect(res.json().error.code).toBe('OPERATION_CANCELLED');
          expect(res.json().error.message).toContain(`dari "${from}" ke "${to}"`);
        }
      }
    });

    it('does not start an operation planned for a later day', async () => {
      const operation = await added({ date: freshDay() });
      const res = await move(operation.id, 'Sedang Berlangsung');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('OPERATION_NOT_DUE');
      expect(res.json().error.message).toContain('belum dapat dimulai');
    });

    it('refuses an unknown state (400) and an unknown operation (404)', async () => {
      const operation = await added();
      expect((await move(operation.id, 'Batal')).statusCode).toBe(400);
      expect((await move(999_999, 'Selesai')).statusCode).toBe(404);
    });
  });

  it('cancels a waiting or running operation once, keeps it flagged in the list, and never a finished one', async () => {
    const waiting = await inState('Menunggu');
    const res = await cancel(waiting.id, '  Pasien belum puasa.  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cancelled: true,
      cancelReason: 'Pasien belum puasa.',
      status: 'Menunggu',
    });
    expect(await auditOf(waiting.id, 'operation.cancel')).toHaveLength(1);

    const again = await cancel(waiting.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OPERATION_CANCELLED');

    const running = await inState('Sedang Berlangsung');
    expect((await cancel(running.id)).json()).toMatchObject({
      cancelled: true,
      status: 'Sedang Berlangsung',
    });

    const done = await inState('Selesai');
    const late = await cancel(done.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Operasi yang sudah Selesai tidak dapat dibatalkan.');

    const noReason = await cancel((await inState('Menunggu')).id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Alasan pembatalan wajib diisi.');

    const list = await day(today);
    expect(list.find((o) => o.id === waiting.id)).toMatchObject({ cancelled: true });
    expect(list.find((o) => o.id === done.id)).toMatchObject({ cancelled: false, status: 'Selesai' });
  });

  it('filters the day by state, cancelled ones only under Batal', async () => {
    const date = today;
    const waiting = await inState('Menunggu');
    const running = await inState('Sedang Berlangsung');
    const done = await inState('Selesai');
    const dropped = await inState('Menunggu');
    await cancel(dropped.id);
    const ids = async (status: string) => (await day(date, status)).map((o) => o.id);
    expect(await ids('Menunggu')).toContain(waiting.id);
    expect(await ids('Menunggu')).not.toContain(dropped.id);
    expect(await ids('Sedang Berlangsung')).toContain(running.id);
    expect(await ids('Selesai')).toContain(done.id);
    expect(await ids('Batal')).toContain(dropped.id);
    expect(await ids('Batal')).not.toContain(waiting.id);
    const all = await day(date);
    expect(all.map((o) => o.queueOrder)).toEqual([...all.map((o) => o.queueOrder)].sort((a, b) => a - b));

    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/operations?date=${date}&status=Tunda`,
      headers: theatre.headers,
    });
    expect(bad.statusCode).toBe(400);
    const noDate = await t.app.inject({ method: 'GET', url: '/api/operations', headers: theatre.headers });
    expect(noDate.statusCode).toBe(400);
  });

  it('edits a waiting operation only, and moves it to the end of another day, closing the gap', async () => {
    const date = freshDay();
    const [a, b, c] = [await added({ date }), await added({ date }), await added({ date })] as Operation[];
    const changed = await edit(b!.id, {
      date,
      patientId: b!.patient.id,
      procedure: 'Herniorafi',
      theatre: 'OK 3',
      plannedStart: '10:15',
      surgeonId: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      queueOrder: 2,
      procedure: 'Herniorafi',
      theatre: 'OK 3',
      plannedStart: '10:15',
      surgeon: null,
    });
    expect(await auditOf(b!.id, 'operation.edit')).toHaveLength(1);

    const later = freshDay();
    const there = await added({ date: later });
    const moved = await edit(a!.id, { date: later, patientId: a!.patient.id });
    expect(moved.json()).toMatchObject({ date: later, queueOrder: 2 });
    expect((await day(date)).map((o) => [o.id, o.queueOrder])).toEqual([
      [b!.id, 1],
      [c!.id, 2],
    ]);
    expect((await day(later)).map((o) => o.id)).toEqual([there.id, a!.id]);

    const past = await edit(c!.id, { date: addDays(today, -1), patientId: c!.patient.id });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.date).toContain('sudah lewat');
  });

  it('plans one operation per theatre and start, telling which holds it; a cancelled one frees it', async () => {
    const date = freshDay();
    const first = await added({ date, theatre: 'OK 1', plannedStart: '07:30', procedure: 'Kolesistektomi' });
    const clash = await add({ date, theatre: 'ok1', plannedStart: '07:30' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'THEATRE_TAKEN',
      message:
        'Kamar ok1 sudah direncanakan pukul 07.30 untuk Kolesistektomi (urutan 1). Pilih jam atau kamar lain.',
    });
    const other = await added({ date, theatre: 'OK 2', plannedStart: '07:30' });
    expect(
      (await edit(other.id, { date, patientId: other.patient.id, theatre: 'OK 1', plannedStart: '07:30' }))
        .statusCode,
    ).toBe(409);
    // Its own slot is no clash when an operation is saved again.
    expect(
      (await edit(first.id, { date, patientId: first.patient.id, theatre: 'OK 1', plannedStart: '07:30' }))
        .statusCode,
    ).toBe(200);
    expect((await day(date)).map((o) => [o.theatre, o.plannedStart])).toEqual([
      ['OK 1', '07:30'],
      ['OK 2', '07:30'],
    ]);

    await cancel(first.id);
    expect((await add({ date, theatre: 'OK 1', plannedStart: '07:30' })).statusCode).toBe(201);
  });

  it('refuses to edit an operation that started, finished or was cancelled', async () => {
    for (const status of ['Sedang Berlangsung', 'Selesai'] as const) {
      const operation = await inState(status);
      const res = await edit(operation.id, { patientId: operation.patient.id, procedure: 'Tonsilektomi' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'OPERATION_NOT_WAITING' });
      expect(res.json().error.message).toContain(status);
    }
    const dropped = await inState('Menunggu');
    await cancel(dropped.id);
    const res = await edit(dropped.id, { patientId: dropped.patient.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('OPERATION_CANCELLED');
    expect((await edit(999_999, {})).statusCode).toBe(404);
  });

  it('reorders a day to exactly the given ids, 1 to n, and refuses any other set of ids', async () => {
    const date = freshDay();
    const ops: Operation[] = [];
    for (let i = 0; i < 4; i++) ops.push(await added({ date }));
    const other = await added({ date: freshDay() });
    const [a, b, c, d] = ops.map((o) => o.id) as [number, number, number, number];
    await cancel(c);

    const res = await reorder(date, [d, b, a, c]);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: Operation) => [o.id, o.queueOrder])).toEqual([
      [d, 1],
      [b, 2],
      [a, 3],
      [c, 4],
    ]);
    expect((await day(date)).map((o) => o.id)).toEqual([d, b, a, c]);
    const [trace] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'operation.reorder'));
    expect(trace?.details).toEqual({ date, ids: [d, b, a, c] });

    for (const wrong of [[d, b, a], [d, b, a, c, other.id], [d, b, a, a], [d, b, a, 999_999], []]) {
      const refused = await reorder(date, wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(refused.json().error.fields.ids).toBeDefined();
    }
    expect((await reorder(date, [d, b, a, a])).json().error.fields.ids).toContain('semua 4 operasi');
    expect((await day(date)).map((o) => o.id)).toEqual([d, b, a, c]);
  });

  it('keeps the order when adds and reorders of one day run at the same time', async () => {
    const date = freshDay();
    const first = [await added({ date }), await added({ date })];
    const results = await Promise.all([
      reorder(date, first.map((o) => o.id).reverse()),
      add({ date }),
      add({ date }),
    ]);
    expect(results.slice(1).map((res) => res.statusCode)).toEqual([201, 201]);
    const list = await day(date);
    expect(list.map((o) => o.queueOrder)).toEqual([1, 2, 3, 4]);
    // Whichever takes the day first: the reorder of the two, then the adds after them; or an add, and the
    // reorder, which names too few operations now, is refused and changes nothing.
    const [reordered] = results;
    const ids = first.map((o) => o.id);
    if (reordered?.statusCode === 200) expect(list.slice(0, 2).map((o) => o.id)).toEqual(ids.reverse());
    else {
      expect(reordered?.statusCode, reordered?.body).toBe(400);
      expect(list.slice(0, 2).map((o) => o.id)).toEqual(ids);
    }
  });

  it('shows the public only today, without anything about the patient', async () => {
    const patient = await createPatient(t.database.db, {
      name: 'Siti Rahmawati Daeng Caya',
      birthDate: '1977-03-09',
    });
    const shown = await added({
      patientId: patient.id,
      procedure: 'Kolesistektomi laparoskopi',
      theatre: 'OK 2',
      plannedStart: '08:00',
    });
    const dropped = await added({ patientId: patient.id, procedure: 'Katarak fakoemulsifikasi' });
    await cancel(dropped.id, `Pasien ${patient.name} menolak tindakan.`);
    await added({ date: addDays(today, 1), procedure: 'ORIF fraktur femur' });

    const res = await t.app.inject({ method: 'GET', url: '/api/public/operating-schedule' });
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board.date).toBe(today);
    const staffView = await day(today);
    expect(board.operations.map((o: { order: number }) => o.order)).toEqual(
      staffView.map((o) => o.queueOrder),
    );
    expect(board.operations.find((o: { order: number }) => o.order === shown.queueOrder)).toEqual({
      order: shown.queueOrder,
      theatre: 'OK 2',
      procedure: 'Kolesistektomi laparoskopi',
      surgeon: shown.surgeon?.name,
      plannedStart: '08:00',
      status: 'Menunggu',
      cancelled: false,
    });
    expect(board.operations.find((o: { order: number }) => o.order === dropped.queueOrder)).toMatchObject({
      cancelled: true,
    });

    expect(res.body).not.toContain('Siti');
    expect(res.body).not.toContain('Rahmawati');
    expect(res.body).not.toContain(patient.mrn);
    expect(res.body).not.toContain(patient.nik ?? 'no nik');
    expect(res.body).not.toContain('1977-03-09');
    expect(res.body).not.toContain('ORIF');
    for (const entry of board.operations) {
      expect(Object.keys(entry).sort()).toEqual([
        'cancelled',
        'order',
        'plannedStart',
        'procedure',
        'status',
        'surgeon',
        'theatre',
      ]);
    }
  });

  it('finds patients and surgeons for the form', async () => {
    const patient = await createPatient(t.database.db, { name: 'Muhammad Yusuf Karaeng' });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/operations/patients?q=yusuf kara',
      headers: theatre.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      {
        id: patient.id,
        mrn: patient.mrn,
        name: 'Muhammad Yusuf Karaeng',
        sex: 'L',
        birthDate: patient.birthDate,
      },
    ]);
    const short = await t.app.inject({
      method: 'GET',
      url: '/api/operations/patients?q=a',
      headers: theatre.headers,
    });
    expect(short.statusCode).toBe(400);

    const surgeons = await t.app.inject({
      method: 'GET',
      url: '/api/operations/surgeons',
      headers: theatre.headers,
    });
    expect(surgeons.json()).toContainEqual({ id: surgeonId, name: expect.any(String) });
  });

  it('is for theatre staff and admins: 401 without a session, 403 for other roles', async () => {
    const date = freshDay();
    expect((await t.app.inject({ method: 'GET', url: `/api/operations?date=${date}` })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/operations',
      payload: await planBody({ date }),
    });
    expect(anonymous.statusCode).toBe(401);

    const other = await add({ date }, clerk);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    const otherList = await t.app.inject({
      method: 'GET',
      url: `/api/operations?date=${date}`,
      headers: clerk.headers,
    });
    expect(otherList.statusCode).toBe(403);

    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/operations',
      headers: { cookie: theatre.cookie },
      payload: await planBody({ date }),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('CSRF_TOKEN_INVALID');

    expect((await add({ date }, admin)).statusCode).toBe(201);
    expect(await day(date)).toHaveLength(1);
  });
});
