import type { AdmissionTicket } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionTickets } from '../../db/schema/index.js';
import { addDays, localToday } from '../../lib/dates.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { nextAddress } from '../../test/factories.js';
import { takeAdmissionTicket } from './admission.js';

// The lobby kiosk's walk-in tickets for the admission counter (DB-backed: in-memory PGlite, or PostgreSQL
// with TEST_DATABASE_URL).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const take = (remoteAddress = nextAddress(), payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/admission-tickets',
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const seqsOf = async (date: string) =>
  (
    await t.database.db
      .select({ seq: admissionTickets.seq })
      .from(admissionTickets)
      .where(eq(admissionTickets.date, date))
      .orderBy(asc(admissionTickets.seq))
  ).map((row) => row.seq);

describe('POST /api/public/admission-tickets', () => {
  it("gives today's next number, A- and three digits, with or without an empty body", async () => {
    const first = await take();
    expect(first.statusCode, first.body).toBe(201);
    const ticket: AdmissionTicket = first.json();
    expect(ticket).toMatchObject({ number: 'A-001', seq: 1, date: localToday() });
    expect(Number.isNaN(Date.parse(ticket.issuedAt))).toBe(false);

    const second = await take(nextAddress(), {});
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ number: 'A-002', seq: 2 });
  });

  it('asks nothing: what a body says is ignored, never stored', async () => {
    const ignored = await take(nextAddress(), { seq: 99, number: 'A-099', date: '2020-01-01' });
    expect(ignored.statusCode, ignored.body).toBe(201);
    expect(ignored.json()).toMatchObject({ number: 'A-003', seq: 3, date: localToday() });
    expect(await seqsOf(localToday())).toEqual([1, 2, 3]);
  });

  it('limits the tickets of one address a minute (429 with Retry-After); other addresses go on', async () => {
    const strict = await createTestApp({ database: t.database, registration: { ticketLimit: 3 } });
    try {
      const kiosk = nextAddress();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await strict.app.inject({
              method: 'POST',
              url: '/api/public/admission-tickets',
              remoteAddress: kiosk,
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([201, 201, 201, 429]);
      const over = await strict.app.inject({
        method: 'POST',
        url: '/api/public/admission-tickets',
        remoteAddress: kiosk,
      });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      const other = await strict.app.inject({
        method: 'POST',
        url: '/api/public/admission-tickets',
        remoteAddress: nextAddress(),
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await strict.app.close();
    }
  });

  it('with KIOSK_ADDRESSES, gives tickets to the kiosks only: elsewhere 403 in Indonesian, no number used', async () => {
    const lobby = await createTestApp({
      database: t.database,
      registration: { kioskAddresses: ['10.20.30.0/29'] },
    });
    try {
      const ask = (remoteAddress: string) =>
        lobby.app.inject({ method: 'POST', url: '/api/public/admission-tickets', remoteAddress });
      const before = await seqsOf(localToday());
      const outside = await ask('203.0.113.77');
      expect(outside.statusCode).toBe(403);
      expect(outside.json().error).toMatchObject({
        code: 'NOT_A_KIOSK',
        message: 'Nomor antrean loket pendaftaran hanya diberikan di anjungan rumah sakit.',
      });
      expect(await seqsOf(localToday())).toEqual(before);
      const kiosk = await ask('10.20.30.5');
      expect(kiosk.statusCode, kiosk.body).toBe(201);
      expect(kiosk.json().seq).toBe(before.length + 1);
    } finally {
      await lobby.app.close();
    }
  });

  it('numbers simultaneous tickets 1, 2, 3… without a gap or a repeat', async () => {
    const day = addDays(localToday(), 3);
    const taken = await Promise.all(
      Array.from({ length: 40 }, () =>
        takeAdmissionTicket(t.database.db, { address: nextAddress(), limit: 10 }, day),
      ),
    );
    const expected = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(taken.map((ticket) => ticket.seq).sort((a, b) => a - b)).toEqual(expected);
    expect(new Set(taken.map((ticket) => ticket.number)).size).toBe(40);
    expect(await seqsOf(day)).toEqual(expected);
  });

  it('starts again from 1 on another day', async () => {
    const day = addDays(localToday(), 5);
    const ticket = await takeAdmissionTicket(t.database.db, { address: nextAddress(), limit: 10 }, day);
    expect(ticket).toMatchObject({ number: 'A-001', seq: 1, date: day });
  });
});

describe('the database itself', () => {
  const day = addDays(localToday(), 7);
  const insert = (seq: number, previousSeq: number | null) =>
    t.database.db.execute(
      sql`insert into admission_tickets (date, seq, previous_seq) values (${day}, ${seq}, ${previousSeq})`,
    );

  it('refuses a ticket that skips a number, repeats one or does not follow its predecessor', async () => {
    await insert(1, null);
    await expect(insert(3, 2)).rejects.toThrow();
    await expect(insert(1, null)).rejects.toThrow();
    await expect(insert(2, null)).rejects.toThrow();
    await expect(insert(2, 0)).rejects.toThrow();
    await insert(2, 1);
    expect(await seqsOf(day)).toEqual([1, 2]);
  });
});
