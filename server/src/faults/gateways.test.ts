import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBpjs, startFakeBpjs } from '../fake-bpjs/server.js';
import { createTestApp, eventually, type TestApp } from '../test/app.js';
import { FakeGateway } from '../test/outbox.js';
import { type Hospital, prepareHospital, runBurst } from './burst.js';
import { FaultyFront, type FrontMode, type Garbage } from '../test/faulty-front.js';
import { login, sleep } from './http.js';
import { deliveries, readLedger } from './ledger.js';

// Issue 16, build item 3: the WhatsApp gateway and BPJS down (connections refused), slow (past the portal's
// timeout) and answering garbage, while patients book, families order and the desks work. The portal must
// keep answering its own routes without a 5xx, retry each message with a growing wait, say what went wrong
// in its own words, and deliver each message once when the gateways are back: once as the gateway counts
// (a repeat after an answer that came too late carries the same Idempotency-Key; BPJS answers it 208).

const credentials = { consId: '27183', secretKey: 'kunci-uji-gerbang', userKey: 'user-key-gerbang' };
const BACKOFF_MS = 200;

/** Non-2xx answers or broken connections: a 2xx from the WhatsApp gateway counts as sent, whatever it says. */
const whatsappGarbage: Garbage[] = [
  { status: 500, type: 'text/html', body: '<html><body><h1>500 Internal Server Error</h1></body></html>' },
  { status: 502, type: 'text/html', body: '' },
  { status: 404, type: 'text/plain', body: 'Not Found' },
  'reset',
  'not-http',
  { status: 429, type: 'application/json', body: '{"error":"rate limited"}' },
];

/** What BPJS's service has been seen to answer on a bad day, and worse. */
const bpjsGarbage: Garbage[] = [
  { status: 200, type: 'text/html', body: '<!DOCTYPE html><title>Login Wi-Fi</title>' },
  { status: 200, type: 'application/json', body: '{"metadata":{"code":200' },
  { status: 200, type: 'application/json', body: 'null' },
  { status: 200, type: 'application/json', body: '[]' },
  { status: 200, type: 'application/json', body: '{"metaData":{"code":"200","message":"OK"}}' },
  {
    status: 200,
    type: 'application/json',
    body: '{"metadata":{"code":200,"message":"OK"},"response":"bukan-terenkripsi"}',
  },
  { status: 500, type: 'text/html', body: '<html><body>Internal Server Error</body></html>' },
  'reset',
  'not-http',
];

let t: TestApp;
let base: string;
let hospital: Hospital;
let whatsapp: FakeGateway;
let bpjs: FakeBpjs;
let whatsappFront: FaultyFront;
let bpjsFront: FaultyFront;

beforeAll(async () => {
  whatsapp = new FakeGateway();
  whatsappFront = new FaultyFront(await whatsapp.listen(), whatsappGarbage);
  bpjs = await startFakeBpjs(credentials);
  bpjsFront = new FaultyFront(bpjs.url, bpjsGarbage);
  t = await createTestApp({
    trustProxy: true,
    publicWriteLimit: 10_000,
    registration: { writeLimit: 100_000 },
    notifications: { gatewayUrl: `${await whatsappFront.listen()}/send`, timeoutMs: 500, maxAttempts: 100 },
    bpjs: { antrean: { baseUrl: `${await bpjsFront.listen()}/antreanrs`, timeoutMs: 500, ...credentials } },
    outbox: { pollMs: 50, backoffBaseMs: BACKOFF_MS },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  hospital = await prepareHospital(t.database.db, 100);
}, 120_000);
afterAll(async () => {
  await t?.app.close();
  await whatsappFront?.close();
  await bpjsFront?.close();
  await whatsapp?.close();
  await bpjs?.close();
});

/** The outbox's failed attempts logged so far, from the `from`th log line on. */
const failures = (from: number) =>
  t.logs
    .slice(from)
    .filter((l) => l.msg === 'notification attempt failed; will retry')
    .map((l) => ({ key: String(l.eventKey), error: String(l.error) }));

describe('the gateways down, slow and answering garbage', () => {
  it('keeps the portal answering, retries with a growing wait and delivers each message once when they recover', async () => {
    const clerk = await login(base, hospital.clerk);
    const errors = new Set<string>();
    let answered = 0;
    const fiveHundreds: number[] = [];
    for (const mode of ['down', 'slow', 'garbage'] as const satisfies FrontMode[]) {
      const from = t.logs.length;
      await whatsappFront.set(mode);
      await bpjsFront.set(mode);
      const burst = await runBurst(base, hospital, clerk, { stopAfter: 40, atStop: () => {}, callers: 4 });
      // Long enough for each gateway to meet the fault a few times, and every garbage answer once (a refused
      // connection never reaches the front: the failed attempts count those).
      const met = (front: FaultyFront) => front.met.get(mode) ?? 0;
      const seen = await eventually(
        async () => {
          const failed = failures(from);
          const counts = {
            whatsapp: failed.filter((f) => !f.key.startsWith('bpjs:')).length,
            bpjs: failed.filter((f) => f.key.startsWith('bpjs:')).length,
          };
          const enough =
            mode === 'down'
              ? counts.whatsapp >= 3 && counts.bpjs >= 3
              : mode === 'slow'
                ? met(whatsappFront) >= 3 && met(bpjsFront) >= 3
                : met(whatsappFront) >= whatsappGarbage.length && met(bpjsFront) >= bpjsGarbage.length;
          return enough ? counts : undefined;
        },
        { timeoutMs: 30_000, what: `the gateways meeting the fault (${mode})` },
      );
      for (const failure of failures(from)) errors.add(failure.error);
      answered += burst.sent;
      const serverErrors = [...burst.statuses].filter(([status]) => status >= 500);
      fiveHundreds.push(...serverErrors.flatMap(([status, n]) => Array<number>(n).fill(status)));
      const taken = (kind: string) => burst.acknowledged.filter((a) => a.kind === kind).length;
      console.log(
        `gateways ${mode}: ${burst.sent} requests to the portal, ${serverErrors.length} 5xx ` +
          `(${taken('booking')} bookings, ${taken('order')} orders and ` +
          `${burst.acknowledged.length - taken('booking') - taken('order')} other writes taken); ` +
          `${seen.whatsapp} WhatsApp and ${seen.bpjs} BPJS attempts failed and were put off`,
      );
      expect(burst.unanswered).toBe(0);
      // Bookings and orders go on: refused only when a session is full (409).
      expect(taken('booking')).toBeGreaterThan(0);
      expect(taken('order')).toBeGreaterThan(0);
      expect([...burst.statuses.keys()].filter((status) => status >= 300 && status !== 409)).toEqual([]);
    }
    await sleep(BACKOFF_MS);
    await whatsappFront.set('up');
    await bpjsFront.set('up');
    const recovered = Date.now();
    const ledger = await eventually(
      async () => {
        const read = await readLedger(t.database.db);
        return read.outbox.every((m) => m.status === 'sent') ? read : undefined;
      },
      { timeoutMs: 120_000, what: 'every message sent after the gateways recovered' },
    );
    const attempts = ledger.outbox.map((m) => m.attempts);
    // A busy machine can make the gateways answer after the portal's 500 ms: such an attempt is repeated.
    const delivered = deliveries(ledger, whatsapp, bpjs, { lateAnswers: true });
    console.log(
      `gateways up again: ${ledger.outbox.length} messages delivered in ` +
        `${((Date.now() - recovered) / 1000).toFixed(1)} s, each taken once (${delivered.repeats} repeated ` +
        `after answering late, at most ${Math.max(...attempts)} attempts for one); the portal answered ` +
        `${answered} requests, ${fiveHundreds.length} 5xx; what staff were shown: ${[...errors].sort().join(' | ')}`,
    );

    expect(fiveHundreds).toEqual([]);
    expect(delivered.problems).toEqual([]);
    // In the portal's own words, never a program's.
    for (const error of errors) expect(error).toMatch(/^(Gateway|BPJS|Jawaban BPJS) /);
    // The wait doubles after each failure: n attempts take at least BACKOFF_MS·(2^(n−1) − 1).
    const rows = await t.database.db.query.outbox.findMany();
    for (const row of rows) {
      const span = (row.sentAt as Date).getTime() - row.createdAt.getTime();
      expect(row.attempts, row.eventKey).toBeLessThanOrEqual(1 + Math.log2(span / BACKOFF_MS + 1) + 1);
    }
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 180_000);
});
