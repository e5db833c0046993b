import type { QueueAction, QueueBoard, QueueDesk, QueueEntry, RegistrationCreated } from '@portal/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, queueEvents, registrations } from '../../db/schema/index.js';
import { localToday } from '../../lib/dates.js';
import { createTestApp, errorOf, eventually, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  freshNik,
  loginAsNew,
  nextAddress,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';

let t: TestApp;
let desk: StaffLogin;
const today = localToday();

beforeAll(async () => {
  t = await createTestApp();
  desk = await loginAsNew(t, { roles: ['registration'], name: 'Petugas Loket Uji' });
});
afterAll(() => t.app.close());

async function bookToday(schedule: TestSchedule, options: { newPatient?: boolean } = {}) {
  const patient = options.newPatient
    ? {
        newPatient: {
          nik: freshNik(),
          name: 'Pasien Baru Uji',
          birthDate: '2001-01-01',
          sex: 'L' as const,
          address: 'Jl. Uji No. 1',
        },
      }
    : await createPatient(t.database.db).then((p) => ({ mrn: p.mrn, birthDate: p.birthDate }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    remoteAddress: nextAddress(),
    payload: { scheduleId: schedule.id, date: today, payer: 'UMUM', patient, phone: '081234567890' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RegistrationCreated>();
}

const act = (code: string, action: QueueAction) =>
  t.app.inject({
    method: 'POST',
    url: `/api/queue/desk/registrations/${code}/${action}`,
    headers: desk.headers,
  });
async function acted(code: string, action: QueueAction): Promise<QueueEntry> {
  const res = await act(code, action);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json();
}
const sessionPost = (path: 'call-next' | 'undo', scheduleId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/queue/desk/${path}`,
    headers: desk.headers,
    payload: { scheduleId },
  });

async function deskOf(schedule: TestSchedule): Promise<QueueDesk> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/queue/desk?clinicId=${schedule.clinicId}`,
    headers: desk.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function board(): Promise<QueueBoard> {
  return (await t.app.inject({ method: 'GET', url: '/api/queue/board' })).json();
}
const tasksOf = (entry: QueueEntry) => entry.tasks.map((task) => task.taskId);

describe('the queue desk', () => {
  it("lists today's session of the clinic with its bookings in queue order", async () => {
    const schedule = await createSchedule(t.database.db, { quotaNonJkn: 7 });
    const first = await bookToday(schedule);
    const second = await bookToday(schedule);
    const view = await deskOf(schedule);
    expect(view.date).toBe(today);
    // Without VClaim set up, the desk offers no SEP.
    expect(view.vclaim).toBe(false);
    expect(view.sessions).toHaveLength(1);
    expect(view.sessions[0]).toMatchObject({
      scheduleId: schedule.id,
      quotaNonJkn: 7,
      usedNonJkn: 2,
      lastAction: null,
    });
    expect(view.sessions[0]?.entries.map((e) => [e.queueNumber, e.status, e.tasks])).toEqual([
      [first.queueNumber, 'BOOKED', []],
      [second.queueNumber, 'BOOKED', []],
    ]);
  });

  it('runs an existing patient through check-in (3), call (4) and service (5) with rising times', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    expect(tasksOf(await acted(ticket.bookingCode, 'check-in'))).toEqual([3]);
    const called = await acted(ticket.bookingCode, 'call');
    expect(called.status).toBe('CALLED');
    const served = await acted(ticket.bookingCode, 'serve');
    expect(served.status).toBe('SERVED');
    expect(tasksOf(served)).toEqual([3, 4, 5]);
    const times = served.tasks.map((task) => Date.parse(task.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
  });

  it('takes a new patient through the admission counter first (tasks 1 and 2)', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule, { newPatient: true });
    expect(tasksOf(await acted(ticket.bookingCode, 'check-in'))).toEqual([1]);
    // Not in the clinic queue until admission is done.
    expect((await act(ticket.bookingCode, 'call')).statusCode).toBe(409);
    expect((await sessionPost('call-next', schedule.id)).statusCode).toBe(409);
    await acted(ticket.bookingCode, 'admission-start');
    const admitted = await acted(ticket.bookingCode, 'admission-end');
    expect(tasksOf(admitted)).toEqual([1, 2, 3]);
    const called = await sessionPost('call-next', schedule.id);
    expect(called.json()).toMatchObject({ queueNumber: ticket.queueNumber, status: 'CALLED' });
  });

  it('calls the lowest number that waits for the clinic, skipping those not checked in', async () => {
    const schedule = await createSchedule(t.database.db);
    const first = await bookToday(schedule);
    const second = await bookToday(schedule);
    const third = await bookToday(schedule);
    await acted(third.bookingCode, 'check-in');
    await acted(second.bookingCode, 'check-in');
    const call = await sessionPost('call-next', schedule.id);
    expect(call.json()).toMatchObject({ queueNumber: second.queueNumber, status: 'CALLED' });
    expect((await sessionPost('call-next', schedule.id)).json()).toMatchObject({
      queueNumber: third.queueNumber,
    });
    const none = await sessionPost('call-next', schedule.id);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toMatchObject({ code: 'NOTHING_WAITING' });
    const view = await t.app.inject({ method: 'GET', url: `/api/registrations/${first.bookingCode}` });
    expect(view.json()).toMatchObject({ status: 'BOOKED', serving: third.queueNumber });
  });

  it('refuses moves the state does not allow, and changes nothing', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    for (const action of ['call', 'serve', 'admission-start', 'admission-end'] as const) {
      const res = await act(ticket.bookingCode, action);
      expect(res.statusCode, action).toBe(409);
      expect(errorOf(res).code).toBe('INVALID_STATE');
    }
    await acted(ticket.bookingCode, 'check-in');
    expect((await act(ticket.bookingCode, 'serve')).statusCode).toBe(409);
    expect((await act(ticket.bookingCode, 'check-in')).statusCode).toBe(409);
    await acted(ticket.bookingCode, 'no-show');
    expect((await act(ticket.bookingCode, 'call')).statusCode).toBe(409);
    const entry = (await deskOf(schedule)).sessions[0]?.entries[0];
    expect(entry && tasksOf(entry)).toEqual([3, 99]);
    expect(entry?.status).toBe('NO_SHOW');
  });

  it("takes back an undone step's report to BPJS that has not gone out, so that the step done again is reported with its own time", async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    const stream = `bpjs:${ticket.bookingCode}`;
    // What waits for BPJS (nothing is configured here: every report waits), by kind: its time or reason.
    const waiting = async () =>
      Object.fromEntries(
        (
          await t.database.db
            .select({ key: outbox.eventKey, body: sql<Record<string, unknown>>`${outbox.request}->'body'` })
            .from(outbox)
            .where(eq(outbox.stream, stream))
        ).map((r) => [r.key.slice(stream.length + 1), r.body.waktu ?? r.body.keterangan]),
      );
    const stampOf = async (taskId: number) => {
      const [stamp] = await t.database.db
        .select({ at: queueEvents.at })
        .from(queueEvents)
        .innerJoin(registrations, eq(registrations.id, queueEvents.registrationId))
        .where(
          and(
            eq(registrations.queueNumber, ticket.queueNumber),
            eq(queueEvents.taskId, taskId),
            sql`${queueEvents.undoneAt} is null`,
          ),
        );
      return stamp?.at.getTime();
    };
    await acted(ticket.bookingCode, 'check-in');
    await acted(ticket.bookingCode, 'call');
    const firstCall = await stampOf(4);
    expect(await waiting()).toMatchObject({ 'task:3': await stampOf(3), 'task:4': firstCall });

    // The call undone: BPJS is not to hear of it.
    expect((await sessionPost('undo', schedule.id)).statusCode).toBe(200);
    expect(Object.keys(await waiting()).sort()).toEqual(['add', 'task:3']);
    // Called again: BPJS hears the call that happened.
    await acted(ticket.bookingCode, 'call');
    const secondCall = await stampOf(4);
    expect(secondCall).toBeGreaterThan(firstCall ?? Infinity);
    expect((await waiting())['task:4']).toBe(secondCall);

    // A no-show undone before BPJS heard it: the booking is not cancelled at BPJS.
    await acted(ticket.bookingCode, 'no-show');
    expect((await waiting()).batal).toBe('Pasien tidak hadir');
    expect((await sessionPost('undo', schedule.id)).statusCode).toBe(200);
    expect((await waiting()).batal).toBeUndefined();
    const [undo] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'queue.undo'), eq(auditLog.entityId, ticket.bookingCode.replace('-', ''))),
      )
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(undo?.details).toEqual({ taskId: 99, withdrawnReports: [`${stream}:batal`] });

    // Once BPJS holds a task's time it keeps it: the call undone and made again reports nothing.
    await t.database.db
      .update(outbox)
      .set({ status: 'sent' })
      .where(eq(outbox.eventKey, `${stream}:task:4`));
    expect((await sessionPost('undo', schedule.id)).statusCode).toBe(200);
    await acted(ticket.bookingCode, 'call');
    expect((await waiting())['task:4']).toBe(secondCall);
  });

  it('undoes the last desk action step by step, keeping the undone stamps on record', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    await acted(ticket.bookingCode, 'check-in');
    await acted(ticket.bookingCode, 'call');
    await acted(ticket.bookingCode, 'no-show');
    expect((await deskOf(schedule)).sessions[0]?.lastAction).toMatchObject({
      queueNumber: ticket.queueNumber,
      taskId: 99,
    });

    const undone = await sessionPost('undo', schedule.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'CALLED', tasks: [{ taskId: 3 }, { taskId: 4 }] });
    expect((await sessionPost('undo', schedule.id)).json()).toMatchObject({ status: 'CHECKED_IN' });
    expect((await sessionPost('undo', schedule.id)).json()).toMatchObject({ status: 'BOOKED', tasks: [] });
    const nothing = await sessionPost('undo', schedule.id);
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).code).toBe('NOTHING_TO_UNDO');

    // Served again after the undo: the new stamps come after every earlier one.
    await acted(ticket.bookingCode, 'check-in');
    const stamps = await t.database.db
      .select({ taskId: queueEvents.taskId, undone: queueEvents.undoneAt, at: queueEvents.at })
      .from(queueEvents)
      .innerJoin(registrations, eq(registrations.id, queueEvents.registrationId))
      .where(eq(registrations.queueNumber, ticket.queueNumber))
      .orderBy(asc(queueEvents.id));
    expect(stamps.map((s) => [s.taskId, s.undone !== null])).toEqual([
      [3, true],
      [4, true],
      [99, true],
      [3, false],
    ]);
    const audit = await t.database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(
        and(like(auditLog.action, 'queue.%'), eq(auditLog.entityId, ticket.bookingCode.replace('-', ''))),
      )
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual([
      'queue.check-in',
      'queue.call',
      'queue.no-show',
      'queue.undo',
      'queue.undo',
      'queue.undo',
      'queue.check-in',
    ]);
    expect(new Set(audit.map((a) => a.staffId))).toEqual(new Set([desk.member.id]));
  });

  it("ends the doctor's service with the prescription in one step; its undo takes the prescription back", async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    await acted(ticket.bookingCode, 'check-in');
    await acted(ticket.bookingCode, 'call');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${ticket.bookingCode}/pharmacy`,
      headers: desk.headers,
      payload: { prescriptionType: 'racikan' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'SERVED', pharmacy: { prescriptionType: 'racikan' } });
    expect(tasksOf(sent.json())).toEqual([3, 4, 5]);

    const undone = await sessionPost('undo', schedule.id);
    expect(undone.json()).toMatchObject({ status: 'CALLED', pharmacy: null });
    const pharmacy = await t.app.inject({ method: 'GET', url: '/api/queue/pharmacy', headers: desk.headers });
    expect(JSON.stringify(pharmacy.json())).not.toContain(ticket.queueNumber);
    // Served again, without a prescription this time: nothing is left at the pharmacy.
    expect(await acted(ticket.bookingCode, 'serve')).toMatchObject({ status: 'SERVED', pharmacy: null });
  });

  it("undoes only the clinic's own steps, never the pharmacy's", async () => {
    const schedule = await createSchedule(t.database.db);
    const first = await bookToday(schedule);
    const second = await bookToday(schedule);
    for (const ticket of [first, second]) await acted(ticket.bookingCode, 'check-in');
    await acted(first.bookingCode, 'call');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${first.bookingCode}/pharmacy`,
      headers: desk.headers,
      payload: { prescriptionType: 'non racikan' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await acted(second.bookingCode, 'call');
    await acted(first.bookingCode, 'pharmacy-start');
    await acted(first.bookingCode, 'pharmacy-done');

    // The clinic's last step is the second patient's call, though the pharmacy acted after it.
    expect((await deskOf(schedule)).sessions[0]?.lastAction).toMatchObject({
      queueNumber: second.queueNumber,
      taskId: 4,
    });
    expect((await sessionPost('undo', schedule.id)).json()).toMatchObject({
      queueNumber: second.queueNumber,
      status: 'CHECKED_IN',
    });
    // The first patient's service is next, but the pharmacy has acted on it since: it stays as it is.
    const refused = await sessionPost('undo', schedule.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('NOTHING_TO_UNDO');
    const entry = (await deskOf(schedule)).sessions[0]?.entries.find(
      (e) => e.queueNumber === first.queueNumber,
    );
    expect(entry && tasksOf(entry)).toEqual([3, 4, 5, 6, 7]);
  });

  it("does not undo a patient's own check-in", async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    await t.app.inject({ method: 'POST', url: `/api/registrations/${ticket.bookingCode}/check-in` });
    expect((await sessionPost('undo', schedule.id)).statusCode).toBe(409);
  });

  it('is closed to staff without the registration role', async () => {
    const ward = await loginAsNew(t, { roles: ['ward'] });
    const schedule = await createSchedule(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/queue/desk?clinicId=${schedule.clinicId}`,
      headers: ward.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the queue board', () => {
  it('shows per clinic the number being served and how many have checked in and wait', async () => {
    const schedule = await createSchedule(t.database.db);
    const first = await bookToday(schedule);
    const second = await bookToday(schedule);
    await bookToday(schedule);
    const row = async () => (await board()).clinics.find((c) => c.clinic.id === schedule.clinicId);
    expect(await row()).toMatchObject({ serving: null, calledAt: null, waiting: 0 });

    await acted(first.bookingCode, 'check-in');
    await acted(second.bookingCode, 'check-in');
    expect(await row()).toMatchObject({ serving: null, waiting: 2 });
    await sessionPost('call-next', schedule.id);
    const serving = await row();
    expect(serving).toMatchObject({
      serving: first.queueNumber,
      waiting: 1,
      doctor: expect.stringContaining('dr.'),
    });
    expect(Date.parse(serving?.calledAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await acted(first.bookingCode, 'serve');
    expect(await row()).toMatchObject({ serving: null, waiting: 1 });
  });

  it('says a called number again on "Panggil ulang", leaving the status and the BPJS task times as they were', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    const waiting = await bookToday(schedule);
    await acted(ticket.bookingCode, 'check-in');
    await acted(waiting.bookingCode, 'check-in');
    const called = await acted(ticket.bookingCode, 'call');
    const row = async () => (await board()).clinics.find((c) => c.clinic.id === schedule.clinicId);
    const first = await row();
    await new Promise((resolve) => setTimeout(resolve, 5));

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${ticket.bookingCode}/recall`,
      headers: desk.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    const entry: QueueEntry = again.json();
    expect(entry.status).toBe('CALLED');
    expect(entry.tasks).toEqual(called.tasks);
    const recalled = await row();
    expect(recalled).toMatchObject({ serving: ticket.queueNumber, waiting: 1 });
    expect(Date.parse(recalled?.calledAt ?? '')).toBeGreaterThan(Date.parse(first?.calledAt ?? ''));
    expect((await deskOf(schedule)).sessions[0]?.lastAction).toMatchObject({ taskId: 4 });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'queue.recall'));
    expect(audits.map((a) => a.entityId)).toContain(ticket.bookingCode.replace('-', ''));

    // Only a number being called: one waiting is refused, and nothing moves.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${waiting.bookingCode}/recall`,
      headers: desk.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('Hanya nomor yang sedang dipanggil');
    expect((await row())?.calledAt).toBe(recalled?.calledAt);
  });

  it("shows and orders the pharmacy's calls: a patient whose medicine is ready, newest first", async () => {
    const schedule = await createSchedule(t.database.db);
    const tickets = [await bookToday(schedule), await bookToday(schedule)];
    for (const ticket of tickets) {
      await acted(ticket.bookingCode, 'check-in');
      await acted(ticket.bookingCode, 'call');
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/queue/desk/registrations/${ticket.bookingCode}/pharmacy`,
        headers: desk.headers,
        payload: { prescriptionType: 'racikan' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await acted(ticket.bookingCode, 'pharmacy-start');
    }
    const numbers = async () => (await board()).pharmacy.map((call) => call.number);
    expect(await numbers()).not.toContain(tickets[0]?.queueNumber);

    await acted(tickets[0]?.bookingCode ?? '', 'pharmacy-done');
    await acted(tickets[1]?.bookingCode ?? '', 'pharmacy-done');
    const calls = (await board()).pharmacy;
    expect(calls.slice(0, 2).map((call) => call.number)).toEqual([
      tickets[1]?.queueNumber,
      tickets[0]?.queueNumber,
    ]);
    expect(calls[0]?.pharmacyNumber).toBeGreaterThan(calls[1]?.pharmacyNumber ?? Number.POSITIVE_INFINITY);
    expect(Date.parse(calls[0]?.calledAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pushes every change to the live stream', async () => {
    const schedule = await createSchedule(t.database.db);
    const ticket = await bookToday(schedule);
    await acted(ticket.bookingCode, 'check-in');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api/queue/board/stream`, {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    const events = () =>
      text
        .split('\n\n')
        .filter((block) => block.startsWith('event: board'))
        .map((block) => JSON.parse(block.split('data: ')[1] ?? '') as QueueBoard);
    const read = async () => {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    };
    await eventually(async () => (await read(), events().length >= 1 ? true : undefined));
    expect(events()[0]?.clinics.find((c) => c.clinic.id === schedule.clinicId)).toMatchObject({ waiting: 1 });

    await sessionPost('call-next', schedule.id);
    await eventually(async () => (await read(), events().length >= 2 ? true : undefined));
    expect(
      events()
        .at(-1)
        ?.clinics.find((c) => c.clinic.id === schedule.clinicId),
    ).toMatchObject({
      serving: ticket.queueNumber,
      waiting: 0,
    });
    controller.abort();
  });
});
