import type { BpjsQueueView, QueueQuality, RegistrationCreated } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clinics } from '../../db/schema/index.js';
import { type FakeBpjs, startFakeBpjs } from '../../fake-bpjs/server.js';
import { localToday } from '../../lib/dates.js';
import { createTestApp, eventually, ok, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  loginAsNew,
  type StaffLogin,
  type TestSchedule,
} from '../../test/factories.js';
import { type BpjsError, callAntrean } from '../bpjs/client.js';
import { bpjsQueueView } from './queue-quality.js';

// The queue quality monitor against the fake BPJS of the repository: the portal's reports as BPJS answered
// them, a refused task sent again, and BPJS's own view of the day beside them.

const credentials = { consId: '31415', secretKey: 'kunci-rahasia-uji-mutu', userKey: 'user-key-mutu' };
const today = localToday();
const jknCard = { bpjsCardNo: '0001234567890', referralNo: '0301R0011124B000123' };

let t: TestApp;
let fake: FakeBpjs;
let clerk: StaffLogin;
let schedule: TestSchedule;

beforeAll(async () => {
  fake = await startFakeBpjs(credentials);
  t = await createTestApp({
    bpjs: { antrean: { baseUrl: fake.url, timeoutMs: 2_000, ...credentials } },
    // A refused report fails for good at once: it waits for "Kirim ulang" rather than retrying by itself.
    outbox: { pollMs: 50, backoffBaseMs: 50, bpjsRetryForMs: 0 },
  });
  clerk = await loginAsNew(t, { roles: ['registration'], name: 'Kepala Pendaftaran' });
  schedule = await createSchedule(t.database.db);
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

async function jknBooking(): Promise<RegistrationCreated> {
  const patient = await createPatient(t.database.db, { name: 'Siti Rahmawati' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/desk/registrations',
    headers: clerk.headers,
    payload: { patientId: patient.id, scheduleId: schedule.id, date: today, payer: 'JKN', ...jknCard },
  });
  const booking = ok<RegistrationCreated>(res, 201);
  await eventually(async () => fake.bookings.get(booking.bookingCode), { what: 'antrean/add at BPJS' });
  return booking;
}

const act = async (code: string, action: string) =>
  ok(
    await t.app.inject({
      method: 'POST',
      url: `/api/queue/desk/registrations/${code}/${action}`,
      headers: clerk.headers,
    }),
  );

const tasksAtBpjs = (code: string) => fake.bookings.get(code)?.tasks.map((task) => task.taskid) ?? [];

const monitor = async () =>
  ok<QueueQuality>(await t.app.inject({ url: `/api/queue/quality?date=${today}`, headers: clerk.headers }));
const bpjsView = async () =>
  ok<BpjsQueueView>(
    await t.app.inject({ url: `/api/queue/quality/bpjs?date=${today}`, headers: clerk.headers }),
  );

let complete: RegistrationCreated;
let refused: RegistrationCreated;

describe('the queue quality monitor', () => {
  it('counts a visit whose booking and tasks 3, 4, 5 BPJS accepted as complete', async () => {
    complete = await jknBooking();
    for (const action of ['check-in', 'call', 'serve']) await act(complete.bookingCode, action);
    await eventually(async () => (tasksAtBpjs(complete.bookingCode).length === 3 ? true : undefined), {
      what: 'tasks 3, 4, 5 at BPJS',
    });
    const day = await eventually(async () => {
      const answer = await monitor();
      return answer.total.complete === 1 ? answer : undefined;
    });
    expect(day.clinics).toEqual([
      expect.objectContaining({
        clinicId: schedule.clinicId,
        bpjsCode: schedule.bpjs.kodepoli,
        jknVisits: 1,
        bookingAccepted: 1,
        task3: 1,
        task4: 1,
        task5: 1,
        task6: 0,
        complete: 1,
        failed: 0,
      }),
    ]);
    expect(day.failures).toEqual([]);
  });

  it("lists a task BPJS refused with BPJS's answer, and sends it again once", async () => {
    refused = await jknBooking();
    fake.fail({ mode: 'refuse' }, 1);
    await act(refused.bookingCode, 'check-in');
    const day = await eventually(async () => {
      const answer = await monitor();
      return answer.failures.length > 0 ? answer : undefined;
    });
    expect(day.failures).toEqual([
      expect.objectContaining({
        bookingCode: refused.bookingCode,
        queueNumber: refused.queueNumber,
        patient: expect.objectContaining({ name: 'Siti Rahmawati' }),
        call: 'antrean/updatewaktu',
        taskId: 3,
        answer: 'BPJS menolak (201): Terjadi kesalahan pada server BPJS',
        status: 'failed',
      }),
    ]);
    expect(day.total).toMatchObject({ jknVisits: 2, bookingAccepted: 2, task3: 1, complete: 1, failed: 1 });
    expect(tasksAtBpjs(refused.bookingCode)).toEqual([]);

    const { reportId } = day.failures[0]!;
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/queue/quality/reports/${reportId}/resend`,
        headers: clerk.headers,
      });
    expect(ok(await resend())).toEqual({ status: 'pending' });
    await eventually(async () => (tasksAtBpjs(refused.bookingCode).length === 1 ? true : undefined), {
      what: 'task 3 at BPJS after the resend',
    });
    const fixed = await eventually(async () => {
      const answer = await monitor();
      return answer.failures.length === 0 ? answer : undefined;
    });
    expect(fixed.total).toMatchObject({ jknVisits: 2, task3: 2, failed: 0 });
    // Pressed again: BPJS has it, nothing is sent twice.
    expect(ok(await resend())).toEqual({ status: 'sent' });
    expect(tasksAtBpjs(refused.bookingCode)).toEqual([3]);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.resend'), eq(auditLog.entityId, String(reportId))));
    expect(trail).toEqual([expect.objectContaining({ staffId: clerk.member.id })]);
  });

  it('answers 404 for a message that is no booking report, and only to the queue desk', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/queue/quality/reports/999999/resend',
      headers: clerk.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/queue/quality?date=${today}` })).statusCode).toBe(401);
    const records = await loginAsNew(t, { roles: ['records'] });
    expect(
      (await t.app.inject({ url: `/api/queue/quality?date=${today}`, headers: records.headers })).statusCode,
    ).toBe(403);
  });

  it("sets BPJS's view of the day beside the portal's: bookings only one side holds, tasks and waits", async () => {
    // BPJS holds a Mobile JKN booking the portal never heard of, and lost task 5 of the complete visit.
    fake.bookings.set('MJKN-LAIN', {
      add: { ...fake.bookings.get(complete.bookingCode)!.add, kodebooking: 'MJKN-LAIN' },
      addedAt: Date.now(),
      tasks: [],
    });
    const held = fake.bookings.get(complete.bookingCode)!;
    const lost = held.tasks.pop()!;
    try {
      const view = await bpjsView();
      expect(view).toMatchObject({ available: true, date: today, bpjsBookings: 3, bpjsJkn: 3 });
      if (!view.available) return;
      expect(view.onlyAtBpjs.map((b) => b.bookingCode)).toEqual(['MJKN-LAIN']);
      expect(view.onlyAtBpjs[0]).toMatchObject({
        bpjsStatus: 'Belum dilayani',
        bpjsCode: schedule.bpjs.kodepoli,
      });
      expect(view.onlyInPortal).toEqual([]);
      expect(view.tasksDiffer).toEqual([
        expect.objectContaining({
          bookingCode: complete.bookingCode,
          portalTasks: [3, 4, 5],
          bpjsTasks: [3, 4],
        }),
      ]);
      const waits = view.waitingTimes.find((row) => row.bpjsCode === schedule.bpjs.kodepoli);
      expect(waits).toMatchObject({ queued: 3 });
      // Task 3 lasts from check-in to the call: a few milliseconds here, rounded to whole seconds.
      expect(waits?.averageSeconds).toHaveLength(6);
    } finally {
      held.tasks.push(lost);
      fake.bookings.delete('MJKN-LAIN');
    }
  });

  it("keeps the portal's side when BPJS is down or not configured, and says why BPJS's is missing", async () => {
    fake.fail({ mode: 'down' });
    try {
      expect(await bpjsView()).toEqual({
        available: false,
        date: today,
        reason: 'Data BPJS tidak dapat diambil: BPJS menjawab HTTP 503 tanpa JSON',
      });
      expect((await monitor()).total).toMatchObject({ jknVisits: 2, complete: 1 });
    } finally {
      fake.heal();
    }
    expect(await bpjsQueueView(t.database.db, undefined, today)).toMatchObject({
      available: false,
      reason: expect.stringContaining('BPJS belum dikonfigurasi'),
    });
  });

  it("answers BPJS's refusal texts for a bad date and a date without bookings", async () => {
    const link = { baseUrl: fake.url, timeoutMs: 2_000, ...credentials };
    const refusal = (path: string) =>
      callAntrean(link, { method: 'GET', path }).then(
        () => undefined,
        (err: BpjsError) => err.said,
      );
    expect(await refusal('antrean/pendaftaran/tanggal/2026-13-01')).toBe(
      'Format Tanggal Tidak Sesuai, format yang benar adalah yyyy-mm-dd',
    );
    expect(await refusal('dashboard/waktutunggu/tanggal/2020-01-01/waktu/server')).toBe(
      'Data Tidak Ditemukan',
    );
    expect(await refusal('antrean/pendaftaran/kodebooking/TIDAK-ADA')).toBe('Data Tidak Ditemukan');
    // Nothing held that day is an empty view, not a failure.
    expect(await bpjsQueueView(t.database.db, link, '2020-01-01')).toMatchObject({
      available: true,
      bpjsBookings: 0,
      onlyAtBpjs: [],
      waitingTimes: [],
    });
  });

  it('lists a booking the portal could not report, without a resend that cannot help', async () => {
    const unmapped = await createSchedule(t.database.db);
    await t.database.db.update(clinics).set({ bpjsCode: null }).where(eq(clinics.id, unmapped.clinicId));
    const patient = await createPatient(t.database.db);
    const booking = ok<RegistrationCreated>(
      await t.app.inject({
        method: 'POST',
        url: '/api/desk/registrations',
        headers: clerk.headers,
        payload: { patientId: patient.id, scheduleId: unmapped.id, date: today, payer: 'JKN', ...jknCard },
      }),
      201,
    );
    const day = await monitor();
    const failure = day.failures.find((f) => f.bookingCode === booking.bookingCode);
    expect(failure).toMatchObject({
      call: 'antrean/add',
      taskId: null,
      status: 'failed',
      resendable: false,
      answer: expect.stringContaining('belum punya kode poli BPJS'),
    });
    expect(day.clinics.find((c) => c.clinicId === unmapped.clinicId)).toMatchObject({
      bpjsCode: null,
      jknVisits: 1,
      bookingAccepted: 0,
      failed: 1,
    });
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/queue/quality/reports/${failure!.reportId}/resend`,
      headers: clerk.headers,
    });
    expect(resend.statusCode).toBe(409);
    expect(fake.bookings.has(booking.bookingCode)).toBe(false);
  });
});
