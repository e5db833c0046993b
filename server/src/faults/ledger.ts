import type { Database } from '../db/client.js';
import {
  clinicQueueDays,
  orderEvents,
  orders,
  outbox,
  queueEvents,
  queueSessions,
  registrations,
} from '../db/schema/index.js';
import type { FakeBpjs } from '../fake-bpjs/server.js';
import { formatTrackingCode } from '../lib/tracking-code.js';
import type { FakeGateway } from '../test/outbox.js';
import type { Acknowledged } from './burst.js';

// What the database holds after a fault, read back as a whole: whether every acknowledged write is there,
// whether what several rows say together still agrees (quotas, queue numbers, the outbox), and whether the
// gateways received each message once.

export interface Ledger {
  sessions: (typeof queueSessions.$inferSelect)[];
  clinicDays: (typeof clinicQueueDays.$inferSelect)[];
  registrations: Pick<
    typeof registrations.$inferSelect,
    'id' | 'code' | 'sessionId' | 'clinicId' | 'date' | 'payer' | 'status' | 'queueSeq' | 'bpjsReported'
  >[];
  events: (typeof queueEvents.$inferSelect)[];
  orders: Pick<typeof orders.$inferSelect, 'id' | 'code' | 'kind' | 'status'>[];
  orderEvents: (typeof orderEvents.$inferSelect)[];
  outbox: Pick<typeof outbox.$inferSelect, 'eventKey' | 'channel' | 'status' | 'request' | 'attempts'>[];
}

export async function readLedger(db: Database): Promise<Ledger> {
  return {
    sessions: await db.select().from(queueSessions),
    clinicDays: await db.select().from(clinicQueueDays),
    registrations: await db
      .select({
        id: registrations.id,
        code: registrations.code,
        sessionId: registrations.sessionId,
        clinicId: registrations.clinicId,
        date: registrations.date,
        payer: registrations.payer,
        status: registrations.status,
        queueSeq: registrations.queueSeq,
        bpjsReported: registrations.bpjsReported,
      })
      .from(registrations),
    events: await db.select().from(queueEvents),
    orders: await db
      .select({ id: orders.id, code: orders.code, kind: orders.kind, status: orders.status })
      .from(orders),
    orderEvents: await db.select().from(orderEvents),
    outbox: await db
      .select({
        eventKey: outbox.eventKey,
        channel: outbox.channel,
        status: outbox.status,
        request: outbox.request,
        attempts: outbox.attempts,
      })
      .from(outbox),
  };
}

const stored = (code: string) => code.replace('-', '');

/** The acknowledged writes the database does not hold (none, if the portal keeps its promise). */
export function missingFrom(ledger: Ledger, acknowledged: readonly Acknowledged[]): Acknowledged[] {
  const bookings = new Map(ledger.registrations.map((r) => [r.code, r]));
  const orderCodes = new Map(ledger.orders.map((o) => [o.code, o]));
  const events = new Set(
    ledger.events.filter((e) => e.undoneAt === null).map((e) => `${e.registrationId}:${e.taskId}`),
  );
  const orderEventIds = new Map(ledger.orderEvents.map((e) => [e.id, e]));
  return acknowledged.filter((ack) => {
    switch (ack.kind) {
      case 'booking': {
        const row = bookings.get(stored(ack.code));
        return !row || row.queueSeq !== ack.queueSeq;
      }
      case 'order':
        return orderCodes.get(stored(ack.code))?.kind !== ack.orderKind;
      case 'cancel':
        return bookings.get(stored(ack.code))?.status !== 'CANCELLED';
      case 'desk': {
        const row = bookings.get(stored(ack.code));
        return !row || !events.has(`${row.id}:${ack.taskId}`);
      }
      case 'order-desk': {
        const event = orderEventIds.get(ack.eventId);
        return event?.orderId !== ack.orderId || event.status !== ack.status;
      }
    }
    return true;
  });
}

/**
 * What must hold between rows whatever happened: per session, the places used are its bookings not cancelled
 * (per payer) and its last place counts all its bookings; per clinic and day, the queue numbers run 1…last
 * without a gap; the outbox holds exactly the messages of what was written (one per booking, task stamp,
 * cancellation, order and desk move, and the survey of a served visit or a completed order), no more (an
 * undone task stamp's report may have been taken back).
 */
export function inconsistencies(ledger: Ledger): string[] {
  const problems: string[] = [];
  for (const session of ledger.sessions) {
    const of = ledger.registrations.filter((r) => r.sessionId === session.id);
    const live = of.filter((r) => r.status !== 'CANCELLED');
    const jkn = live.filter((r) => r.payer === 'JKN').length;
    if (session.usedJkn !== jkn || session.usedNonJkn !== live.length - jkn) {
      problems.push(
        `session ${session.id}: used ${session.usedJkn} JKN + ${session.usedNonJkn} other, bookings ${jkn} + ${live.length - jkn}`,
      );
    }
    if (of.length !== session.lastSeq) {
      problems.push(`session ${session.id}: ${of.length} bookings for last place ${session.lastSeq}`);
    }
  }
  for (const day of ledger.clinicDays) {
    const numbers = ledger.registrations
      .filter((r) => r.clinicId === day.clinicId && r.date === day.date)
      .map((r) => r.queueSeq)
      .sort((a, b) => a - b);
    const expected = Array.from({ length: day.lastSeq }, (_, i) => i + 1);
    if (numbers.join() !== expected.join()) {
      problems.push(
        `clinic ${day.clinicId} on ${day.date}: numbers ${numbers.join()} for last ${day.lastSeq}`,
      );
    }
  }

  const expected = new Set<string>();
  const byId = new Map(ledger.registrations.map((r) => [r.id, r]));
  // "Your number is near" may follow a desk's call for any booking, so it is allowed, not expected.
  const allowed = new Set<string>();
  for (const booking of ledger.registrations) {
    if (booking.bpjsReported) expected.add(`bpjs:${formatTrackingCode(booking.code)}:add`);
    expected.add(`booking:${booking.code}:booking_confirmation`);
    allowed.add(`booking:${booking.code}:queue_near`);
  }
  for (const event of ledger.events) {
    const booking = byId.get(event.registrationId);
    if (!booking?.bpjsReported) continue;
    const code = formatTrackingCode(booking.code);
    const report = event.taskId === 99 ? `bpjs:${code}:batal` : `bpjs:${code}:task:${event.taskId}`;
    // An undone step's report is taken back if it had not gone out yet.
    (event.undoneAt === null ? expected : allowed).add(report);
  }
  // A served visit and a completed order invite to the satisfaction survey, once, also when undone since.
  for (const event of ledger.events) {
    if (event.taskId === 5) expected.add(`survey:registration:${event.registrationId}`);
  }
  const keys = new Set(ledger.outbox.map((m) => m.eventKey));
  for (const order of ledger.orders) expected.add(`order:${order.id}:created`);
  for (const event of ledger.orderEvents) {
    if (event.status === 'DONE') expected.add(`survey:order:${event.orderId}`);
    if (event.staffId === null) continue;
    // A desk move tells the requester: a status change or the vehicle and driver.
    const assignment = `order:${event.orderId}:assignment:${event.id}`;
    expected.add(keys.has(assignment) ? assignment : `order:${event.orderId}:status:${event.id}`);
  }
  const missing = [...expected].filter((key) => !keys.has(key));
  const extra = [...keys].filter((key) => !expected.has(key) && !allowed.has(key));
  if (missing.length > 0) problems.push(`outbox lacks ${missing.join(', ')}`);
  if (extra.length > 0) problems.push(`outbox holds messages of nothing written: ${extra.join(', ')}`);
  if (keys.size !== ledger.outbox.length) problems.push('an outbox event key twice');
  return problems;
}

/** Who a report to BPJS is about, as the fake BPJS saw the call: the same for a repeat of it. */
function reportOf(path: string, body: unknown): string {
  const { kodebooking, taskid } = (body ?? {}) as { kodebooking?: string; taskid?: number };
  if (path === 'antrean/add') return `bpjs:${kodebooking}:add`;
  if (path === 'antrean/batal') return `bpjs:${kodebooking}:batal`;
  return `bpjs:${kodebooking}:task:${taskid}`;
}

export interface Deliveries {
  problems: string[];
  /** Calls a gateway received again: the attempt before timed out after the gateway had taken it. */
  repeats: number;
}

/**
 * Whether every message of the outbox was sent and reached its gateway: the fake WhatsApp gateway by its
 * Idempotency-Key, the fake BPJS by the booking and task it was told of. Once each; or, when `lateAnswers`
 * (a timeout short enough for a busy gateway to exceed), at most once per attempt, which is what the
 * Idempotency-Key is for and what BPJS answers 208 to. Either way BPJS takes each report once, and
 * nothing reaches a gateway that is not in the outbox.
 */
export function deliveries(
  ledger: Ledger,
  whatsapp: FakeGateway,
  bpjs: FakeBpjs,
  { lateAnswers = false } = {},
): Deliveries {
  const problems: string[] = [];
  const unsent = ledger.outbox.filter((m) => m.status !== 'sent');
  if (unsent.length > 0)
    problems.push(`not sent: ${unsent.map((m) => `${m.eventKey} (${m.status})`).join(', ')}`);
  const count = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const received = count(whatsapp.keys());
  const called = count(bpjs.calls.map((c) => reportOf(c.path, c.body)));
  const taken = count(bpjs.calls.filter((c) => c.code === 200).map((c) => reportOf(c.path, c.body)));
  let repeats = 0;
  for (const message of ledger.outbox) {
    const whatsApp = message.channel === 'whatsapp';
    const times = (whatsApp ? received : called).get(message.eventKey) ?? 0;
    repeats += Math.max(times - 1, 0);
    if (times === 0 || times > (lateAnswers ? message.attempts : 1)) {
      problems.push(`${message.eventKey} reached its gateway ${times} times in ${message.attempts} attempts`);
    }
    if (!whatsApp && taken.get(message.eventKey) !== 1)
      problems.push(`BPJS did not take ${message.eventKey} once`);
  }
  const keys = new Set(ledger.outbox.map((m) => m.eventKey));
  for (const key of [...received.keys(), ...called.keys()]) {
    if (!keys.has(key)) problems.push(`a gateway received ${key}, which is not in the outbox`);
  }
  // A repeat is answered 208 (BPJS holds it already); any other refusal is a report BPJS did not take.
  const refused = bpjs.calls.filter((c) => c.code !== 200 && (c.code !== 208 || !lateAnswers));
  if (refused.length > 0) {
    problems.push(`BPJS answered ${refused.map((c) => `${c.code} ${c.message} to ${c.path}`).join('; ')}`);
  }
  return { problems, repeats };
}
