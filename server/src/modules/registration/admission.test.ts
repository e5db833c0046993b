import type { AdmissionTicket, AdmissionTicketKind } from '@portal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
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

/** `payload` null: no body at all. */
const take = (remoteAddress = nextAddress(), payload: object | null = { kind: 'UMUM' }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/admission-tickets',
    remoteAddress,
    ...(payload === null ? {} : { payload }),
  });

const seqsOf = async (date: string, kind: AdmissionTicketKind = 'UMUM') =>
  (
    await t.database.db
      .select({ seq: admissionTickets.seq })
      .from(admissionTickets)
      .where(and(eq(admissionTickets.date, date), eq(admissionTickets.kind, kind)))
      .orderBy(asc(admissionTickets.seq))
  ).map((row) => row.seq);

describe('POST /api/public/admission-tickets', () => {
  it("gives today's next number of the kind asked for: its letter and three digits, each kind from 1", async () => {
    const first = await take();
    expect(first.statusCode, first.body).toBe(201);
    const ticket: AdmissionTicket = first.json();
    expect(ticket).toMatchObject({ number: 'A-001', kind: 'UMUM', seq: 1, date: localToday() });
    expect(Number.isNaN(Date.parse(ticket.issuedAt))).toBe(false);

    const numbers = [];
    for (const kind of ['BPJS', 'PRIORITAS', 'BPJS', 'UMUM']) {
      const res = await take(nextAddress(), { kind });
      expect(res.statusCode, res.body).toBe(201);
      numbers.push(res.json().number);
    }
    expect(numbers).toEqual(['B-001', 'P-001', 'B-002', 'A-002']);
  });

  it('asks for the kind (400 in Indonesian without it, no number used); anything else in the body is ignored', async () => {
    for (const payload of [null, {}, { kind: 'VIP' }]) {
      const refused = await take(nextAddress(), payload);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const without = await take(nextAddress(), {});
    expect(without.json().error.fields).toEqual({ kind: 'Pilih jenis antrean: BPJS, Umum atau Prioritas.' });
    const ignored = await take(nextAddress(), { kind: 'UMUM', seq: 99, number: 'A-099', date: '2020-01-01' });
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
              payload: { kind: 'BPJS' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([201, 201, 201, 429]);
      const over = await strict.app.inject({
        method: 'POST',
        url: '/api/public/admission-tickets',
        remoteAddress: kiosk,
        payload: { kind: 'BPJS' },
      });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      const other = await strict.app.inject({
        method: 'POST',
        url: '/api/public/admission-tickets',
        remoteAddress: nextAddress(),
        payload: { kind: 'BPJS' },
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
        lobby.app.inject({
          method: 'POST',
          url: '/api/public/admission-tickets',
          remoteAddress,
          payload: { kind: 'UMUM' },
        });
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

  it('gives two kiosks taking a number of one kind at the same moment consecutive, distinct numbers', async () => {
    const day = addDays(localToday(), 2);
    const kiosk = (address: string) =>
      takeAdmissionTicket(t.database.db, { address, limit: 10 }, 'PRIORITAS', day);
    const pair = await Promise.all([kiosk(nextAddress()), kiosk(nextAddress())]);
    expect(pair.map((ticket) => ticket.number).sort()).toEqual(['P-001', 'P-002']);
    expect(await seqsOf(day, 'PRIORITAS')).toEqual([1, 2]);
  });

  it('numbers simultaneous tickets of every kind 1, 2, 3… per kind, without a gap or a repeat', async () => {
    const day = addDays(localToday(), 3);
    const kinds: AdmissionTicketKind[] = ['BPJS', 'UMUM', 'PRIORITAS'];
    const taken = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        takeAdmissionTicket(
          t.database.db,
          { address: nextAddress(), limit: 10 },
          kinds[i % 3] ?? 'UMUM',
          day,
        ),
      ),
    );
    const expected = Array.from({ length: 15 }, (_, i) => i + 1);
    for (const kind of kinds) {
      const ofKind = taken.filter((ticket) => ticket.kind === kind);
      expect(ofKind.map((ticket) => ticket.seq).sort((a, b) => a - b)).toEqual(expected);
      expect(await seqsOf(day, kind)).toEqual(expected);
    }
    expect(new Set(taken.map((ticket) => ticket.number)).size).toBe(45);
  });

  it('starts again from 1 on another day', async () => {
    const day = addDays(localToday(), 5);
    const ticket = await takeAdmissionTicket(
      t.database.db,
      { address: nextAddress(), limit: 10 },
      'BPJS',
      day,
    );
    expect(ticket).toMatchObject({ number: 'B-001', seq: 1, date: day });
  });
});

describe('the database itself', () => {
  const day = addDays(localToday(), 7);
  const insert = (seq: number, previousSeq: number | null, kind = 'UMUM') =>
    t.database.db.execute(
      sql`insert into admission_tickets (date, kind, seq, previous_seq) values (${day}, ${kind}, ${seq}, ${previousSeq})`,
    );

  it('refuses a ticket that skips a number of its kind, repeats one or does not follow its predecessor', async () => {
    await insert(1, null);
    await expect(insert(3, 2)).rejects.toThrow();
    await expect(insert(1, null)).rejects.toThrow();
    await expect(insert(2, null)).rejects.toThrow();
    await expect(insert(2, 0)).rejects.toThrow();
    // Another kind's chain is its own: it cannot follow Umum's 1, and starts at its own 1.
    await expect(insert(2, 1, 'BPJS')).rejects.toThrow();
    await insert(1, null, 'BPJS');
    await expect(insert(1, null, 'VIP')).rejects.toThrow();
    await insert(2, 1);
    expect(await seqsOf(day)).toEqual([1, 2]);
    expect(await seqsOf(day, 'BPJS')).toEqual([1]);
  });
});
