import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { registrations } from '../db/schema/index.js';
import { localToday } from '../lib/dates.js';
import { eventually } from '../test/app.js';
import { ambulanceOrderBody, type TestSchedule } from '../test/factories.js';
import { FakeGateway } from '../test/outbox.js';
import { PrivatePostgres } from '../test/private-postgres.js';
import { offline, type RunningServer, startServer } from '../test/process.js';
import { type Hospital, newPatientBooking, prepareHospital } from './burst.js';
import { type Answer, envelopeOf, login, send, sleep } from './http.js';

// Issue 16, build item 3: PostgreSQL restarted (stopped, then started again) under a steady load of reads
// and writes, public and staff. The server process must stay up, answer every request meanwhile (503 in the
// error envelope while the database is away), and serve again by itself once PostgreSQL is back: its pool,
// its change listener and its outbox election all reconnect.

const OUTAGE_MS = 3_000;

let postgres: PrivatePostgres;
let server: RunningServer;
let base: string;
let hospital: Hospital;
let url: string;
const whatsapp = new FakeGateway();

beforeAll(async () => {
  postgres = await PrivatePostgres.create();
  url = await postgres.createDatabase('portal');
  const setup = await openDatabase({ databaseUrl: url });
  await setup.migrate();
  hospital = await prepareHospital(setup.db, 0);
  await setup.close();
  server = await startServer({
    ...offline(),
    DATABASE_URL: url,
    // One process: had it died, no sibling would hide it.
    WORKERS: '1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
    REGISTRATION_WRITE_LIMIT: '100000',
    PUBLIC_WRITE_LIMIT: '10000',
    WHATSAPP_GATEWAY_URL: await whatsapp.listen(),
  });
  base = `http://127.0.0.1:${server.port}`;
}, 120_000);
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await postgres?.destroy();
  await whatsapp.close();
});

interface Sample {
  what: string;
  at: number;
  answer: Answer | undefined;
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 in the envelope meanwhile, never crashes, and serves again without being restarted', async () => {
    const clerk = await login(base, hospital.clerk);
    const today = localToday();
    const [schedule] = hospital.schedules;
    if (!schedule) throw new Error('no schedule');
    let addresses = 0;
    let booked = 0;
    const from = () => ({ 'x-forwarded-for': `10.9.${addresses >> 8}.${addresses++ & 255}` });
    const kinds: Record<string, () => Promise<Answer>> = {
      // Patients new to the hospital: a patient, a booking and its report to BPJS in one transaction.
      booking: () => {
        const open = hospital.schedules[1 + (booked++ % 3)] as TestSchedule;
        return send(base, 'POST', '/api/registrations', {
          body: newPatientBooking(open, today),
          headers: from(),
        });
      },
      order: () =>
        send(base, 'POST', '/api/ambulance-orders', { body: ambulanceOrderBody(), headers: from() }),
      'places left': () => send(base, 'GET', `/api/clinics/${schedule.clinicId}/schedules?date=${today}`),
      'doctor timetable': () => send(base, 'GET', '/api/public/doctor-schedules'),
      health: () => send(base, 'GET', '/api/health'),
      'orders desk': () => send(base, 'GET', '/api/desk/orders', { headers: clerk }),
    };

    const samples: Sample[] = [];
    const began = Date.now();
    let done = false;
    const load = Object.entries(kinds).map(async ([what, call]) => {
      while (!done) {
        const at = Date.now();
        samples.push({ what, at, answer: await call().catch(() => undefined) });
        await sleep(25);
      }
    });

    await sleep(2_000);
    await postgres.stop();
    const stopped = Date.now();
    await sleep(OUTAGE_MS);
    await postgres.start();
    const back = Date.now();
    const recovered = await eventually(
      async () => {
        if (server.child.exitCode !== null)
          throw new Error(`the server died:\n${server.output().slice(-4000)}`);
        const ok = (what: string) =>
          samples.some((s) => s.what === what && s.at >= back && s.answer && s.answer.status < 300);
        return Object.keys(kinds).every(ok) ? Date.now() : undefined;
      },
      { timeoutMs: 60_000, what: 'every kind of request answered with a 2xx after the restart' },
    );
    await sleep(500);
    done = true;
    await Promise.all(load);

    // The outbox delivers again: an order placed now reaches the gateway.
    const order = await send(base, 'POST', '/api/ambulance-orders', {
      body: ambulanceOrderBody(),
      headers: from(),
    });
    expect(order.status).toBe(201);
    const { code } = order.body as { code: string };
    await eventually(
      async () => (whatsapp.received.some((r) => r.body.message.includes(code)) ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'the WhatsApp message of an order placed after the restart',
      },
    );

    const unanswered = samples.filter((s) => s.answer === undefined);
    const unavailable = samples.filter((s) => s.answer?.status === 503);
    const succeeded = samples.filter((s) => s.answer && s.answer.status < 300);
    const other = samples.filter((s) => s.answer && s.answer.status >= 300 && s.answer.status !== 503);
    const bookings = succeeded
      .filter((s) => s.what === 'booking')
      .map((s) => (s.answer?.body as { bookingCode: string }).bookingCode);
    const check = await openDatabase({ databaseUrl: url });
    const stored = new Set(
      (await check.db.select({ code: registrations.code }).from(registrations)).map((r) => r.code),
    );
    await check.close();
    const lost = bookings.filter((code) => !stored.has(code.replace('-', '')));
    const listening = server.output().split('Server listening').length - 1;
    console.log(
      `postgres restart: ${samples.length} requests of ${Object.keys(kinds).length} kinds over ` +
        `${((Date.now() - began) / 1000).toFixed(1)} s, PostgreSQL stopped for ${((back - stopped) / 1000).toFixed(1)} s: ` +
        `${succeeded.length} 2xx, ${unavailable.length} 503 in the envelope, ${other.length} other, ` +
        `${unanswered.length} unanswered; the same process throughout (pid ${server.child.pid}, ` +
        `${server.child.exitCode === null ? 'alive' : `exited ${server.child.exitCode}`}); every kind answered ` +
        `2xx again ${((recovered - back) / 1000).toFixed(1)} s after PostgreSQL was back; ` +
        `${bookings.length - lost.length} of ${bookings.length} acknowledged bookings in the database; ` +
        'the outbox delivers again',
    );

    expect(server.child.exitCode).toBeNull();
    expect(listening).toBe(1);
    expect(unanswered).toEqual([]);
    expect(other.map((s) => `${s.what}: ${s.answer?.status} ${JSON.stringify(s.answer?.body)}`)).toEqual([]);
    expect(unavailable.filter((s) => s.what === 'booking').length).toBeGreaterThan(0);
    for (const sample of unavailable) {
      expect(envelopeOf(sample.answer?.body), sample.what).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: 'Basis data tidak dapat dihubungi. Coba lagi sebentar lagi.',
      });
    }
    expect(lost).toEqual([]);
  }, 180_000);
});
