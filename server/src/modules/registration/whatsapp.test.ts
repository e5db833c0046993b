import type { JknBookingRequest } from '@portal/contract';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import jsqr from 'jsqr';
import { describe, expect, it } from 'vitest';
import { clinics, outbox, registrations } from '../../db/schema/index.js';
import { addDays, isoWeekday, localToday } from '../../lib/dates.js';
import { errorOf, eventually, type TestApp } from '../../test/app.js';
import {
  createPatient,
  createSchedule,
  createStaffMember,
  loginAsNew,
  nextAddress,
  type TestSchedule,
  webBooking,
} from '../../test/factories.js';
import { type FakeGateway, outboxFixture } from '../../test/outbox.js';
import { jknBooking } from '../jkn/service.js';
import { OPTED_OUT } from '../notifications/service.js';
import { queueReminders } from './messages.js';
import { callNext, queueAction } from './queue.js';
import { createDeskRegistration } from './service.js';

// The WhatsApp messages about bookings, delivered through the outbox to a fake gateway (a real HTTP server).

const { fixture, appWith, gateway, messageOf, once } = outboxFixture();
const links = { publicUrl: 'https://rs.example.id' };
const today = localToday();
const tomorrow = addDays(today, 1);

let phones = 0;
/** A patient with a mobile number of their own, so that each test's messages are told apart. */
const patientWithPhone = () =>
  createPatient(fixture.database.db, { phone: `08139${String(++phones).padStart(7, '0')}` });

async function bookOnline(
  t: TestApp,
  schedule: TestSchedule,
  date = today,
  patient?: { phone: string | null },
) {
  const who = patient ?? (await patientWithPhone());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: webBooking(schedule, who as Awaited<ReturnType<typeof createPatient>>, date),
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json<{ bookingCode: string; queueNumber: string; estimatedAt: string }>();
  return { ...booking, code: booking.bookingCode.replace('-', ''), phone: who.phone as string };
}

/** The text of a QR code in a greyscale PNG (as `qrPng` writes it: 8-bit, unfiltered rows), read by jsQR. */
function readQr(png: Buffer): string | undefined {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const rgba = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const grey = rows[y * (width + 1) + 1 + x] ?? 255;
      rgba.set([grey, grey, grey, 255], (y * width + x) * 4);
    }
  }
  // jsQR is CommonJS: its function is the module's `default` under NodeNext.
  return jsqr.default(rgba, width, width)?.data;
}

const key = (code: string, kind: string) => `booking:${code}:${kind}`;
/** A booking made a day earlier, before the reminders of its eve went out. */
const madeYesterday = (code: string) =>
  fixture.database.db
    .update(registrations)
    .set({ createdAt: new Date(Date.now() - 86_400_000) })
    .where(eq(registrations.code, code));
const rowsOf = (eventKey: string) =>
  fixture.database.db.select().from(outbox).where(eq(outbox.eventKey, eventKey));
const sentTo = (fake: FakeGateway, eventKey: string) =>
  fake.received.filter((r) => r.headers['idempotency-key'] === eventKey);

describe('WhatsApp messages about bookings (database-backed, fake gateway)', () => {
  it('confirms a website booking with the booking code and the link to its status page', async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url } });
    const schedule = await createSchedule(fixture.database.db);
    const booking = await bookOnline(t, schedule);

    await once(key(booking.code, 'booking_confirmation'), 'sent');
    const [request] = sentTo(fake, key(booking.code, 'booking_confirmation'));
    expect(request?.body.to).toBe(`62${booking.phone.slice(1)}`);
    expect(request?.body.message).toContain(`KODE BOOKING: *${booking.bookingCode}*`);
    expect(request?.body.message).toContain(booking.queueNumber);
    expect(request?.body.message).toContain(
      `https://rs.example.id/registrasi/lacak?kode=${booking.bookingCode}`,
    );
  });

  it("says the hospital's hours and estimate on its clock, labelled with its zone: WITA in Makassar", async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url } });
    const jakarta = process.env.TZ;
    process.env.TZ = 'Asia/Makassar';
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ timeZone: 'Asia/Makassar' });
      const day = addDays(localToday(), 1);
      const schedule = await createSchedule(fixture.database.db, {
        weekday: isoWeekday(day),
        start: '08:00',
        end: '12:00',
        minutesPerPatient: 10,
      });
      const booking = await bookOnline(t, schedule, day);

      await once(key(booking.code, 'booking_confirmation'), 'sent');
      const [request] = sentTo(fake, key(booking.code, 'booking_confirmation'));
      expect(request?.body.message).toContain('pukul 08.00–12.00 WITA, perkiraan dilayani 08.00 WITA.');
    } finally {
      process.env.TZ = jakarta;
    }
  });

  it('estimates a same-day booking no earlier than it was made, on the ticket and in the confirmation', async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url } });
    // The session began at midnight: its first place is long past.
    const madeAt = Date.now();
    const booking = await bookOnline(t, await createSchedule(fixture.database.db));
    const estimate = new Date(booking.estimatedAt);
    expect(estimate.getTime()).toBeGreaterThanOrEqual(madeAt - 1000);

    await once(key(booking.code, 'booking_confirmation'), 'sent');
    const [request] = sentTo(fake, key(booking.code, 'booking_confirmation'));
    const clock = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' }).format(estimate);
    expect(request?.body.message).toContain(`perkiraan dilayani ${clock} WIB.`);
  });

  it("links the ticket's QR code: a PNG image that reads back as the booking code", async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url } });
    const booking = await bookOnline(t, await createSchedule(fixture.database.db));

    await once(key(booking.code, 'booking_confirmation'), 'sent');
    const [request] = sentTo(fake, key(booking.code, 'booking_confirmation'));
    const qrUrl = `https://rs.example.id/api/registrations/${booking.bookingCode}/qr.png`;
    expect(request?.body.message).toContain(`Kode QR: ${qrUrl}`);

    const image = await t.app.inject({ method: 'GET', url: new URL(qrUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(readQr(image.rawPayload)).toBe(booking.bookingCode);

    const notACode = await t.app.inject({ method: 'GET', url: '/api/registrations/%3Cb%3E/qr.png' });
    expect(notACode.statusCode).toBe(404);
    expect(errorOf(notACode).code).toBe('NOT_FOUND');
  });

  it('confirms bookings made at the counter and through Mobile JKN the same way', async () => {
    const { fake, url } = await gateway();
    await appWith({ notifications: { gatewayUrl: url } });
    const schedule = await createSchedule(fixture.database.db);
    const clerk = await createStaffMember(fixture.database.db, { roles: ['registration'] });
    const actor = { staffId: clerk.id, address: '127.0.0.1' };
    const window = { horizonDays: 30, now: new Date() };

    const atCounter = await patientWithPhone();
    const desk = await createDeskRegistration(
      fixture.database.db,
      { patientId: atCounter.id, scheduleId: schedule.id, date: today, payer: 'UMUM' } as Parameters<
        typeof createDeskRegistration
      >[1],
      actor,
      { window, links },
    );
    const fromJkn = await patientWithPhone();
    const jkn = await jknBooking(
      fixture.database.db,
      {
        nomorkartu: '',
        nik: fromJkn.nik ?? '',
        nohp: `62${(fromJkn.phone ?? '').slice(1)}`,
        kodepoli: schedule.bpjs.kodepoli,
        norm: '',
        tanggalperiksa: today,
        kodedokter: schedule.bpjs.kodedokter,
        jampraktek: schedule.bpjs.jampraktek,
        jeniskunjungan: 1,
        nomorreferensi: '',
      } as JknBookingRequest,
      { window, links },
      '10.0.0.9',
    );

    for (const [code, phone] of [
      [desk.bookingCode, atCounter.phone],
      [jkn.kodebooking, fromJkn.phone],
    ] as const) {
      const eventKey = key(code.replace('-', ''), 'booking_confirmation');
      await once(eventKey, 'sent');
      const [request] = sentTo(fake, eventKey);
      expect(request?.body.to).toBe(`62${(phone ?? '').slice(1)}`);
      expect(request?.body.message).toContain(`KODE BOOKING: *${code}*`);
      expect(request?.body.message).toContain(`/registrasi/lacak?kode=${code}`);
    }
  });

  it('reminds each booking of tomorrow once, however often the job runs and after a restart', async () => {
    const { fake, url } = await gateway();
    const schedule = await createSchedule(fixture.database.db, { weekday: isoWeekday(tomorrow) });
    // From midnight on: whenever the test runs, tomorrow's reminders are due.
    const options = {
      notifications: { gatewayUrl: url },
      registration: { reminderHour: 0 },
      outbox: { pollMs: 50, backoffBaseMs: 50, jobEveryMs: 50 },
    };
    const first = await appWith(options);
    const booking = await bookOnline(first, schedule, tomorrow);
    await madeYesterday(booking.code);
    const reminder = key(booking.code, 'booking_reminder');
    // Queued by the job, not by the booking: it appears at the job's next run.
    await eventually(async () => (await rowsOf(reminder))[0]);
    const sent = await once(reminder, 'sent');
    expect(sent.message).toContain(booking.bookingCode);
    expect(sent.message).toContain(`https://rs.example.id/registrasi/lacak?kode=${booking.bookingCode}`);

    // The job again, by hand, twice at once: nothing new to queue.
    expect(
      await Promise.all([
        queueReminders(fixture.database.db, links, 0),
        queueReminders(fixture.database.db, links, 0),
      ]),
    ).toEqual([0, 0]);
    // A restart: the new process runs the job as soon as it leads, and many times after.
    await first.app.close();
    const second = await appWith(options);
    await eventually(async () =>
      second.logs.some((l) => l.msg === 'this process delivers the outbox') ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sentTo(fake, reminder)).toHaveLength(1);
    expect(await rowsOf(reminder)).toHaveLength(1);
  });

  it('queues no reminder before the hour, none for a cancelled booking, none for one made after the hour', async () => {
    const t = await appWith({});
    const schedule = await createSchedule(fixture.database.db, { weekday: isoWeekday(tomorrow) });
    const kept = await bookOnline(t, schedule, tomorrow);
    const cancelled = await bookOnline(t, schedule, tomorrow);
    // Made today, after the hour (0 here): its confirmation has just told it all.
    const late = await bookOnline(t, schedule, tomorrow);
    await madeYesterday(kept.code);
    await madeYesterday(cancelled.code);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/registrations/${cancelled.bookingCode}/cancel`,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Before the hour (here: one that never comes) tomorrow's visits are not due yet.
    expect(await queueReminders(fixture.database.db, links, 24)).toBe(0);
    expect(await queueReminders(fixture.database.db, links, 0)).toBeGreaterThanOrEqual(1);
    expect((await messageOf(key(kept.code, 'booking_reminder'))).recipient).toBe(kept.phone);
    expect(await rowsOf(key(cancelled.code, 'booking_reminder'))).toEqual([]);
    expect(await rowsOf(key(late.code, 'booking_reminder'))).toEqual([]);
  });

  it('catches up after downtime: a booking of today made before today is reminded while its time is ahead', async () => {
    const schedule = await createSchedule(fixture.database.db, { start: '23:58', end: '23:59' });
    const t = await appWith({});
    const booking = await bookOnline(t, schedule);
    await madeYesterday(booking.code);
    await queueReminders(fixture.database.db, links, 24);
    expect((await messageOf(key(booking.code, 'booking_reminder'))).message).toContain(booking.bookingCode);
  });

  it('tells waiting patients their number is near when the desk calls and serves', async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url } });
    const schedule = await createSchedule(fixture.database.db);
    await fixture.database.db
      .update(clinics)
      .set({ notifyAhead: 2 })
      .where(eq(clinics.id, schedule.clinicId));
    const clerk = await createStaffMember(fixture.database.db, { roles: ['registration'] });
    const actor = { staffId: clerk.id, address: '127.0.0.1' };
    const bookings: Awaited<ReturnType<typeof bookOnline>>[] = [];
    for (let i = 0; i < 5; i++) bookings.push(await bookOnline(t, schedule));
    for (const booking of bookings) await queueAction(t.app.db, actor, booking.code, 'check-in', links);
    const near = (i: number) => key(bookings[i]?.code ?? '', 'queue_near');

    await callNext(t.app.db, actor, schedule.id, links);
    // #1 is called; #2, #3 and #4 have 0, 1 and 2 patients ahead; #5 has 3.
    for (const [i, ahead] of [
      [1, 0],
      [2, 1],
      [3, 2],
    ] as const) {
      const sent = await once(near(i), 'sent');
      expect(sent.message).toContain(`${ahead} pasien lagi di depan Anda`);
      expect(sent.recipient).toBe(bookings[i]?.phone);
    }
    expect(await rowsOf(near(4))).toEqual([]);

    await queueAction(t.app.db, actor, bookings[0]?.code ?? '', 'serve', links);
    await callNext(t.app.db, actor, schedule.id, links);
    expect((await once(near(4), 'sent')).message).toContain('2 pasien lagi di depan Anda');
    // Told once each, however many numbers the desk moves on.
    for (const i of [1, 2, 3, 4]) expect(sentTo(fake, near(i))).toHaveLength(1);
  });

  it("cancels the bookings of a doctor's leave added later and tells each patient, with the link to book again", async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url } });
    const onLeave = await createSchedule(fixture.database.db, { weekday: isoWeekday(tomorrow) });
    const other = await createSchedule(fixture.database.db, { weekday: isoWeekday(tomorrow) });
    const stopped = [await bookOnline(t, onLeave, tomorrow), await bookOnline(t, onLeave, tomorrow)];
    const untouched = await bookOnline(t, other, tomorrow);

    const admin = await loginAsNew(t, { roles: ['registration'] });
    // Asked first: how many bookings the close cancels, for the doctor, the other clinic, the hospital.
    const stops = async (scope: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/admin/closed-dates/bookings?date=${tomorrow}${scope}`,
        headers: admin.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ bookings: number }>().bookings;
    };
    expect(await stops(`&doctorId=${onLeave.doctorId}`)).toBe(2);
    expect(await stops(`&clinicId=${other.clinicId}`)).toBe(1);
    expect(await stops('')).toBeGreaterThanOrEqual(3);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closed-dates',
      headers: admin.headers,
      payload: { date: tomorrow, clinicId: null, doctorId: onLeave.doctorId, reason: 'Dokter cuti' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reason: 'Dokter cuti', cancelled: 2 });

    for (const booking of stopped) {
      const sent = await once(key(booking.code, 'session_cancelled'), 'sent');
      expect(sent.message).toContain('Dokter cuti');
      expect(sent.message).toContain(booking.bookingCode);
      expect(sent.message).toContain('https://rs.example.id/registrasi');
      const [row] = await fixture.database.db
        .select({ status: registrations.status })
        .from(registrations)
        .where(eq(registrations.code, booking.code));
      expect(row?.status).toBe('CANCELLED');
    }
    const [kept] = await fixture.database.db
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.code, untouched.code));
    expect(kept?.status).toBe('BOOKED');
    expect(sentTo(fake, key(untouched.code, 'session_cancelled'))).toEqual([]);
    expect(await stops(`&doctorId=${onLeave.doctorId}`)).toBe(0);
  });
});

describe('opting out of WhatsApp (database-backed, fake gateway)', () => {
  it('takes a STOP reply from the gateway; the number gets nothing more, and staff cannot resend', async () => {
    const { fake, url } = await gateway();
    const t = await appWith({ notifications: { gatewayUrl: url, gatewayToken: 'token-gateway' } });
    const schedule = await createSchedule(fixture.database.db);
    const patient = await patientWithPhone();
    const international = `62${(patient.phone ?? '').slice(1)}`;

    const inbound = (authorization: string | undefined, message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/inbound',
        headers: authorization ? { authorization } : {},
        payload: { from: international, message },
      });
    expect((await inbound(undefined, 'STOP')).statusCode).toBe(401);
    expect((await inbound('Bearer salah', 'STOP')).statusCode).toBe(401);
    expect((await inbound('Bearer token-gateway', 'Terima kasih')).json()).toEqual({ optedOut: false });
    expect((await inbound('Bearer token-gateway', ' stop ')).json()).toEqual({ optedOut: true });

    const booking = await bookOnline(t, schedule, today, patient);
    const confirmation = await messageOf(key(booking.code, 'booking_confirmation'));
    expect(confirmation).toMatchObject({ status: 'failed', lastError: OPTED_OUT, attempts: 0 });

    const admin = await loginAsNew(t, { roles: ['admin'] });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/desk/outbox/${confirmation.id}/retry`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(409);
    expect(errorOf(retry).code).toBe('OPTED_OUT');
    const list = await t.app.inject({ url: '/api/admin/whatsapp-opt-outs', headers: admin.headers });
    expect(list.json()).toContainEqual(expect.objectContaining({ phone: patient.phone, source: 'reply' }));
    expect(fake.received.filter((r) => r.body.to === international)).toEqual([]);
  });

  it('lets an admin opt a number out, which fails what waits for it, and in again', async () => {
    const t = await appWith({});
    const schedule = await createSchedule(fixture.database.db);
    const patient = await patientWithPhone();
    // No gateway: the confirmation waits in the outbox.
    const waiting = await bookOnline(t, schedule, today, patient);
    expect((await messageOf(key(waiting.code, 'booking_confirmation'))).status).toBe('pending');

    const admin = await loginAsNew(t, { roles: ['admin'] });
    const typed = `+62 ${(patient.phone ?? '').slice(1, 4)}-${(patient.phone ?? '').slice(4)}`;
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp-opt-outs',
      headers: admin.headers,
      payload: { phone: typed },
    });
    expect(add.statusCode, add.body).toBe(204);
    expect(await messageOf(key(waiting.code, 'booking_confirmation'))).toMatchObject({
      status: 'failed',
      lastError: OPTED_OUT,
    });

    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/whatsapp-opt-outs/${patient.phone}`,
      headers: admin.headers,
    });
    expect(remove.statusCode).toBe(204);
    const other = await createSchedule(fixture.database.db);
    const again = await bookOnline(t, other, today, patient);
    expect((await messageOf(key(again.code, 'booking_confirmation'))).status).toBe('pending');
  });
});

describe('message templates (admin)', () => {
  it('are edited, previewed with a sample booking, used for the next message, and reset', async () => {
    const t = await appWith({});
    const admin = await loginAsNew(t, { roles: ['admin'] });
    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

    const list = await call('GET', '/api/admin/message-templates');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ kind: string; custom: boolean }[]>().map((x) => [x.kind, x.custom])).toEqual([
      ['booking_confirmation', false],
      ['booking_reminder', false],
      ['queue_near', false],
      ['session_cancelled', false],
      ['survey_invitation', false],
    ]);

    const typo = await call('POST', '/api/admin/message-templates/booking_confirmation/preview', {
      body: 'Kode {kode_bokking}',
    });
    expect(typo.statusCode).toBe(400);
    expect(errorOf(typo).fields?.body).toContain('{kode_bokking}');

    // A booking before the change reads the built-in text (which the server then keeps in memory).
    const schedule = await createSchedule(fixture.database.db);
    const before = await bookOnline(t, schedule);
    expect((await messageOf(key(before.code, 'booking_confirmation'))).message).toContain('KODE BOOKING');

    const body = 'Terdaftar: {kode_booking}, {poli}. Lihat {tautan_status}';
    const preview = await call('POST', '/api/admin/message-templates/booking_confirmation/preview', { body });
    expect(preview.json()).toEqual({
      message:
        'Terdaftar: K7QD-2MXP, Poli Penyakit Dalam. Lihat https://rs.example.id/registrasi/lacak?kode=K7QD-2MXP',
    });
    const saved = await call('PUT', '/api/admin/message-templates/booking_confirmation', { body });
    expect(saved.json()).toMatchObject({ kind: 'booking_confirmation', body, custom: true });

    const booking = await bookOnline(t, schedule);
    const [clinic] = await fixture.database.db
      .select()
      .from(clinics)
      .where(eq(clinics.id, schedule.clinicId));
    expect((await messageOf(key(booking.code, 'booking_confirmation'))).message).toBe(
      `Terdaftar: ${booking.bookingCode}, ${clinic?.name}. Lihat https://rs.example.id/registrasi/lacak?kode=${booking.bookingCode}`,
    );

    const reset = await call('DELETE', '/api/admin/message-templates/booking_confirmation');
    expect(reset.json()).toMatchObject({ custom: false });
    expect(reset.json<{ body: string }>().body).toContain('KODE BOOKING');
    const after = await bookOnline(t, schedule);
    expect((await messageOf(key(after.code, 'booking_confirmation'))).message).toContain('KODE BOOKING');

    const clerk = await loginAsNew(t, { roles: ['registration'] });
    const refused = await t.app.inject({ url: '/api/admin/message-templates', headers: clerk.headers });
    expect(refused.statusCode).toBe(403);
  });
});
