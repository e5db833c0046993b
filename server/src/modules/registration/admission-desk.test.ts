import type { AdmissionQueue, AdmissionTicketKind, QueueBoard } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, errorOf, type TestApp } from '../../test/app.js';
import { loginAsNew, nextAddress, type StaffLogin } from '../../test/factories.js';

// The admission desk calls the lobby kiosk's walk-in tickets to its counters (DB-backed: in-memory PGlite,
// or PostgreSQL with TEST_DATABASE_URL). Each test starts on a database of its own, so numbers start at 1.

let t: TestApp;
let clerk: StaffLogin;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await loginAsNew(t, { roles: ['registration'] });
});
afterAll(() => t.app.close());

async function fresh() {
  await t.app.close();
  t = await createTestApp();
  clerk = await loginAsNew(t, { roles: ['registration'] });
}

const takeTickets = async (n: number, kind: AdmissionTicketKind = 'UMUM') => {
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/admission-tickets',
      remoteAddress: nextAddress(),
      payload: { kind },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
};

const act = (action: string, counter: unknown, who: StaffLogin = clerk) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admission-queue/${action}`,
    headers: who.headers,
    payload: { counter },
  });

const queue = async (): Promise<AdmissionQueue> =>
  (await t.app.inject({ method: 'GET', url: '/api/admission-queue', headers: clerk.headers })).json();
const board = async (): Promise<QueueBoard> =>
  (await t.app.inject({ method: 'GET', url: '/api/queue/board' })).json();
const statuses = (q: AdmissionQueue) =>
  q.tickets.map((ticket) => `${ticket.number} ${ticket.status} ${ticket.counter ?? '-'}`);

describe('the admission desk', () => {
  it('calls the tickets in order, one at a time per counter; the board shows each counter and its number', async () => {
    await fresh();
    await takeTickets(3);
    expect((await queue()).waiting).toBe(3);

    const first = await act('call-next', 1);
    expect(first.statusCode, first.body).toBe(200);
    expect((await act('call-next', 2)).statusCode).toBe(200);
    // Counter 1's next call finishes A-001 and takes A-003.
    const third: AdmissionQueue = (await act('call-next', 1)).json();
    expect(statuses(third)).toEqual(['A-001 DONE 1', 'A-002 CALLED 2', 'A-003 CALLED 1']);
    expect(third.waiting).toBe(0);

    expect((await board()).counters).toEqual([
      expect.objectContaining({ counter: 1, serving: 'A-003' }),
      expect.objectContaining({ counter: 2, serving: 'A-002' }),
    ]);
  });

  it('calls the priority lane first, then the other kinds in the order they were taken; counts the waiting per kind', async () => {
    await fresh();
    await takeTickets(1, 'BPJS');
    await takeTickets(1, 'UMUM');
    await takeTickets(1, 'BPJS');
    await takeTickets(2, 'PRIORITAS');
    const before = await queue();
    expect(before.waitingByKind).toEqual({ PRIORITAS: 2, BPJS: 2, UMUM: 1 });
    expect(before.tickets.map((ticket) => `${ticket.number} ${ticket.kind}`)).toEqual([
      'B-001 BPJS',
      'A-001 UMUM',
      'B-002 BPJS',
      'P-001 PRIORITAS',
      'P-002 PRIORITAS',
    ]);

    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      const after: AdmissionQueue = (await act('call-next', 1)).json();
      order.push(after.tickets.find((ticket) => ticket.status === 'CALLED')?.number ?? '');
    }
    expect(order).toEqual(['P-001', 'P-002', 'B-001', 'A-001', 'B-002']);
    expect((await board()).counters).toEqual([expect.objectContaining({ counter: 1, serving: 'B-002' })]);
    expect((await queue()).waitingByKind).toEqual({ PRIORITAS: 0, BPJS: 0, UMUM: 0 });
  });

  it('refuses a call when no one waits, and the number served stays', async () => {
    await fresh();
    await takeTickets(1);
    await act('call-next', 4);
    const none = await act('call-next', 4);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toMatchObject({
      code: 'NONE_WAITING',
      message: 'Tidak ada nomor antrean loket yang menunggu.',
    });
    expect(statuses(await queue())).toEqual(['A-001 CALLED 4']);
  });

  it('calls a number again with a later call time (the board says it again), and finishes it', async () => {
    await fresh();
    await takeTickets(2);
    await act('call-next', 3);
    const calledAt = (await board()).counters[0]?.calledAt ?? '';
    await new Promise((resolve) => setTimeout(resolve, 5));

    const again = await act('recall', 3);
    expect(again.statusCode, again.body).toBe(200);
    const recalled = (await board()).counters[0];
    expect(recalled?.serving).toBe('A-001');
    expect(Date.parse(recalled?.calledAt ?? '')).toBeGreaterThan(Date.parse(calledAt));

    const finished: AdmissionQueue = (await act('finish', 3)).json();
    expect(statuses(finished)).toEqual(['A-001 DONE 3', 'A-002 WAITING -']);
    expect((await board()).counters).toEqual([]);

    for (const action of ['recall', 'finish']) {
      const nothing = await act(action, 3);
      expect(nothing.statusCode).toBe(409);
      expect(errorOf(nothing).message).toBe('Loket 3 belum memanggil nomor antrean.');
    }
  });

  it('keeps who called which number at which counter in the audit log', async () => {
    await fresh();
    await takeTickets(1);
    await act('call-next', 2);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.filter((row) => row.action === 'admission.call')).toEqual([
      expect.objectContaining({ staffId: clerk.member.id, entityId: expect.stringMatching(/\/A-001$/) }),
    ]);
  });

  it('gives simultaneous calls of several counters different numbers, each counter one', async () => {
    await fresh();
    await takeTickets(8);
    const counters = [1, 2, 3, 4, 5, 6];
    const answers = await Promise.all(counters.map((counter) => act('call-next', counter)));
    expect(answers.map((res) => res.statusCode)).toEqual(counters.map(() => 200));
    const called = (await queue()).tickets.filter((ticket) => ticket.status === 'CALLED');
    expect(called.map((ticket) => ticket.number)).toEqual([
      'A-001',
      'A-002',
      'A-003',
      'A-004',
      'A-005',
      'A-006',
    ]);
    expect(new Set(called.map((ticket) => ticket.counter)).size).toBe(6);
  });

  it('serves one number per counter however often its button is pressed at once', async () => {
    await fresh();
    await takeTickets(6);
    const answers = await Promise.all([1, 2, 3, 4].map(() => act('call-next', 7)));
    // Each press finishes the number before it or is refused as a double press: never two numbers at once.
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    const q = await queue();
    expect(q.tickets.filter((ticket) => ticket.status === 'CALLED')).toHaveLength(1);
    const pressed = answers.filter((res) => res.statusCode === 200).length;
    expect(q.tickets.filter((ticket) => ticket.status !== 'WAITING')).toHaveLength(pressed);
  });

  it('refuses a counter outside 1–10 in Bahasa Indonesia, changing nothing', async () => {
    await fresh();
    await takeTickets(1);
    for (const counter of [0, 11, 1.5, '2', null]) {
      const res = await act('call-next', counter);
      expect(res.statusCode, String(counter)).toBe(400);
      expect(errorOf(res).fields?.counter).toBe('Pilih nomor loket 1–10.');
    }
    expect(statuses(await queue())).toEqual(['A-001 WAITING -']);
  });

  it('is for the registration counter and the records desk: other staff get 403', async () => {
    const ward = await loginAsNew(t, { roles: ['ward'] });
    expect((await act('call-next', 1, ward)).statusCode).toBe(403);
    const records = await loginAsNew(t, { roles: ['records'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/admission-queue', headers: records.headers });
    expect(res.statusCode).toBe(200);
  });
});
