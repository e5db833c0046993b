import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, registrations } from '../../db/schema/index.js';
import { addDays, isoWeekday, localToday } from '../../lib/dates.js';
import { openDatabase } from '../../db/client.js';
import { eventually, type TestApp } from '../../test/app.js';
import { createPostgresDatabase } from '../../test/db.js';
import { createPatient, createSchedule, nextAddress, webBooking } from '../../test/factories.js';
import { outboxFixture } from '../../test/outbox.js';
import { offline, type RunningServer, startServer, stopServer } from '../../test/process.js';
import { queueReminders } from './messages.js';
import { bookPlace } from './service.js';

const { fixture, appWith, gateway, once } = outboxFixture();
const links = { publicUrl: 'https://rs.example.id' };
const tomorrow = addDays(localToday(), 1);

// The reminder job on PostgreSQL, where runs in several connections and server processes truly overlap:
// every booking is reminded once.
describe('the booking reminder job with several server processes', () => {
  const book = async (t: TestApp, count: number) => {
    const schedule = await createSchedule(fixture.database.db, {
      weekday: isoWeekday(tomorrow),
      quotaNonJkn: 30,
    });
    const codes: string[] = [];
    for (let i = 0; i < count; i++) {
      const patient = await createPatient(fixture.database.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: webBooking(schedule, patient, tomorrow),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json<{ bookingCode: string }>().bookingCode.replace('-', ''));
    }
    // Made yesterday, before the reminders of their eve went out.
    await fixture.database.db
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(inArray(registrations.code, codes));
    return codes.map((code) => `booking:${code}:booking_reminder`);
  };
  const rows = (keys: string[]) =>
    fixture.database.db
      .select({ eventKey: outbox.eventKey })
      .from(outbox)
      .where(inArray(outbox.eventKey, keys));

  it('queues each reminder once when runs overlap in several connections', async () => {
    const t = await appWith({});
    const keys = await book(t, 12);
    // Six runs at once, as if six processes believed they lead: each may find every booking.
    await Promise.all(Array.from({ length: 6 }, () => queueReminders(fixture.database.db, links, 0)));
    const queued = await rows(keys);
    expect(queued.map((row) => row.eventKey).sort()).toEqual([...keys].sort());
    expect(await queueReminders(fixture.database.db, links, 0)).toBe(0);
  });

  it('sends each reminder once with two servers, and again once after the one that sent them stopped', async () => {
    const { fake, url } = await gateway();
    const options = {
      notifications: { gatewayUrl: url },
      registration: { reminderHour: 0 },
      outbox: { pollMs: 50, backoffBaseMs: 50, electionRetryMs: 50, jobEveryMs: 50 },
    };
    const first = await appWith(options);
    const second = await appWith(options);
    const keys = await book(second, 5);
    for (const key of keys) {
      await eventually(async () => (await rows([key]))[0], { what: key });
      await once(key, 'sent');
    }
    const leader = [first, second].find((t) =>
      t.logs.some((l) => l.msg === 'this process delivers the outbox'),
    );
    const follower = leader === first ? second : first;
    await leader?.app.close();
    // The other server takes over and runs the job at once, then every 50 ms: nothing is due again.
    await eventually(async () =>
      follower.logs.some((l) => l.msg === 'this process delivers the outbox') ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A server started afresh (a restart) does the same.
    const third = await appWith(options);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await follower.app.close();
    await eventually(async () =>
      third.logs.some((l) => l.msg === 'this process delivers the outbox') ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    for (const key of keys) {
      expect(fake.keys().filter((k) => k === key)).toEqual([key]);
      const [row] = await fixture.database.db.select().from(outbox).where(eq(outbox.eventKey, key));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });
});

// The portal as the operator starts it: WORKERS=2 on PostgreSQL, stopped and started again.
describe('the booking reminders of a cluster of two server processes, restarted', () => {
  it('sends each reminder once, and nothing again after the restart', async () => {
    const { url: databaseUrl, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    const database = await openDatabase({ databaseUrl });
    const { fake, url } = await gateway();
    const running: RunningServer[] = [];
    try {
      const schedule = await createSchedule(database.db, { weekday: isoWeekday(tomorrow) });
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        const patient = await createPatient(database.db);
        const booked = await bookPlace(
          database.db,
          {
            scheduleId: schedule.id,
            date: tomorrow,
            payer: 'UMUM',
            phone: '081234567890',
            source: 'WEB',
            address: '10.9.0.1',
          },
          {
            window: { horizonDays: 30, now: new Date() },
            links,
            identify: async () => ({ ...patient, created: false }),
          },
        );
        codes.push(booked.bookingCode.replace('-', ''));
      }
      await database.db
        .update(registrations)
        .set({ createdAt: new Date(Date.now() - 86_400_000) })
        .where(inArray(registrations.code, codes));
      const keys = codes.map((code) => `booking:${code}:booking_reminder`);
      const env = {
        ...offline(),
        DATABASE_URL: databaseUrl,
        WORKERS: '2',
        LOG_LEVEL: 'info',
        WHATSAPP_GATEWAY_URL: url,
        BOOKING_REMINDER_HOUR: '0',
      };
      const received = (key: string) => fake.keys().filter((k) => k === key);

      running.push(await startServer(env, { listening: 2 }));
      for (const key of keys) {
        await eventually(async () => (received(key).length > 0 ? true : undefined), {
          what: key,
          timeoutMs: 60_000,
        });
      }
      expect(await stopServer(running[0] as RunningServer)).toBe(0);

      const again = await startServer(env, { listening: 2 });
      running.push(again);
      // The process elected after the restart runs the job at once.
      await eventually(
        async () => (again.output().includes('this process delivers the outbox') ? true : undefined),
        { timeoutMs: 60_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await stopServer(again)).toBe(0);

      for (const key of keys) {
        expect(received(key)).toEqual([key]);
        const rows = await database.db.select().from(outbox).where(eq(outbox.eventKey, key));
        expect(rows).toMatchObject([{ status: 'sent', attempts: 1 }]);
      }
    } finally {
      for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await database.close();
      await drop();
    }
  }, 240_000);
});
