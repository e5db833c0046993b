import {
  ADMISSION_PRIORITY_KIND,
  ADMISSION_TICKET_PREFIXES,
  type AdmissionQueue,
  type AdmissionQueueTicket,
  type AdmissionTicket,
  type AdmissionTicketKind,
  admissionTicketKinds,
} from '@portal/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { single } from '../../db/rows.js';
import { admissionDays, admissionTickets } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { limitWrites } from '../../lib/throttle.js';

export interface TicketTaker {
  /** The client's address: the kiosk, whose budget is `limit` tickets a minute (ADMISSION_TICKET_LIMIT). */
  address: string;
  limit: number;
}

/** `P-007`: the kind's letter and the number of that kind. */
export const admissionTicketNumber = (kind: AdmissionTicketKind, seq: number) =>
  `${ADMISSION_TICKET_PREFIXES[kind]}-${String(seq).padStart(3, '0')}`;

/**
 * A walk-in patient's ticket for the admission counter: the next number of its kind for the day. The kind's
 * day counter row is taken under its row lock, so simultaneous tickets of a kind wait for each other; the
 * ticket's link to the one before it lets the database refuse a gap or a repeat.
 */
export function takeAdmissionTicket(
  db: Database,
  taker: TicketTaker,
  kind: AdmissionTicketKind,
  today = localToday(),
): Promise<AdmissionTicket> {
  return limitWrites(db, { key: `admission-ticket:${taker.address}`, limit: taker.limit }, () =>
    db.transaction(async (tx) => {
      const { seq } = single(
        await tx
          .insert(admissionDays)
          .values({ date: today, kind, lastSeq: 1 })
          .onConflictDoUpdate({
            target: [admissionDays.date, admissionDays.kind],
            set: { lastSeq: sql`${admissionDays.lastSeq} + 1` },
          })
          .returning({ seq: admissionDays.lastSeq }),
      );
      const ticket = single(
        await tx
          .insert(admissionTickets)
          // The time of the insert, not of the transaction: behind a kiosk that waited for the row lock, so
          // that within a kind the order of issue is the order of the numbers.
          .values({
            date: today,
            kind,
            seq,
            previousSeq: seq > 1 ? seq - 1 : null,
            issuedAt: sql`clock_timestamp()`,
          })
          .returning({ issuedAt: admissionTickets.issuedAt }),
      );
      return {
        number: admissionTicketNumber(kind, seq),
        kind,
        seq,
        date: today,
        issuedAt: ticket.issuedAt.toISOString(),
      };
    }),
  );
}

// The admission desk calls the walk-in tickets, the priority lane's first and then the others in the order
// they were taken, each to a counter (loket), and the queue board shows and says the call. A counter serves
// one number at a time (a unique index): calling its next finishes the one before; two counters calling at
// once get different numbers (the waiting row is taken SKIP LOCKED).

/** The order of issue: a ticket's time, then (taken in one instant) its kind and number. */
const issueOrder = [asc(admissionTickets.issuedAt), asc(admissionTickets.kind), asc(admissionTickets.seq)];

/** Today's tickets at the desk, in the order of issue, with how many wait (in all and per kind). */
export async function admissionQueue(
  db: Database | Transaction,
  today = localToday(),
): Promise<AdmissionQueue> {
  const rows = await db
    .select({
      kind: admissionTickets.kind,
      seq: admissionTickets.seq,
      issuedAt: admissionTickets.issuedAt,
      counter: admissionTickets.counter,
      calledAt: admissionTickets.calledAt,
      doneAt: admissionTickets.doneAt,
    })
    .from(admissionTickets)
    .where(eq(admissionTickets.date, today))
    .orderBy(...issueOrder);
  const tickets = rows.map((row): AdmissionQueueTicket => ({
    number: admissionTicketNumber(row.kind, row.seq),
    kind: row.kind,
    seq: row.seq,
    date: today,
    issuedAt: row.issuedAt.toISOString(),
    status: row.doneAt ? 'DONE' : row.calledAt ? 'CALLED' : 'WAITING',
    counter: row.counter,
    calledAt: row.calledAt?.toISOString() ?? null,
  }));
  const waiting = tickets.filter((t) => t.status === 'WAITING');
  const waitingByKind = Object.fromEntries(
    admissionTicketKinds.map((kind) => [kind, waiting.filter((t) => t.kind === kind).length]),
  ) as Record<AdmissionTicketKind, number>;
  return { date: today, waiting: waiting.length, waitingByKind, tickets };
}

/** The ticket a counter serves now (called and not done), as a condition. */
const servedAt = (today: string, counter: number) =>
  and(
    eq(admissionTickets.date, today),
    eq(admissionTickets.counter, counter),
    isNull(admissionTickets.doneAt),
  );

/** A ticket in the audit log: `2026-11-27/A-007`. */
const ticketEntity = (today: string, ticket: { kind: AdmissionTicketKind; seq: number }) => ({
  type: 'admission_ticket',
  id: `${today}/${admissionTicketNumber(ticket.kind, ticket.seq)}`,
});

const nothingAtCounter = (counter: number) =>
  conflict('NOTHING_CALLED', `Loket ${counter} belum memanggil nomor antrean.`);

/**
 * Finishes the number the counter serves and calls the next waiting one to it: the oldest of the priority
 * lane, else the oldest of any kind. 409 when none waits (the one served stays), or when the counter called
 * another number at the same moment (a double click).
 */
export async function callNextAdmission(
  db: Database,
  actor: Actor,
  counter: number,
  today = localToday(),
): Promise<AdmissionQueue> {
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(admissionTickets)
        .set({ doneAt: sql`now()` })
        .where(servedAt(today, counter));
      const next = sql`(select ${admissionTickets.kind}, ${admissionTickets.seq} from ${admissionTickets}
        where ${admissionTickets.date} = ${today} and ${admissionTickets.calledAt} is null
        order by ${admissionTickets.kind} = ${ADMISSION_PRIORITY_KIND} desc, ${admissionTickets.issuedAt},
          ${admissionTickets.kind}, ${admissionTickets.seq}
        limit 1 for update skip locked)`;
      const [called] = await tx
        .update(admissionTickets)
        .set({ counter, calledAt: sql`now()`, calledBy: actor.staffId })
        .where(
          and(
            eq(admissionTickets.date, today),
            sql`(${admissionTickets.kind}, ${admissionTickets.seq}) = ${next}`,
          ),
        )
        .returning({ kind: admissionTickets.kind, seq: admissionTickets.seq });
      if (!called) throw conflict('NONE_WAITING', 'Tidak ada nomor antrean loket yang menunggu.');
      await audit(tx, actor, 'admission.call', ticketEntity(today, called), { counter });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        'COUNTER_BUSY',
        `Loket ${counter} baru saja memanggil nomor lain; lihat daftar terbaru.`,
      );
    throw err;
  }
  return admissionQueue(db, today);
}

/** Calls the counter's number again (the board says it again); 409 when the counter serves none. */
export async function recallAdmission(
  db: Database,
  actor: Actor,
  counter: number,
  today = localToday(),
): Promise<AdmissionQueue> {
  await changeServed(db, actor, counter, today, 'admission.recall', { calledAt: sql`now()` });
  return admissionQueue(db, today);
}

/** Finishes the counter's number without calling another; 409 when the counter serves none. */
export async function finishAdmission(
  db: Database,
  actor: Actor,
  counter: number,
  today = localToday(),
): Promise<AdmissionQueue> {
  await changeServed(db, actor, counter, today, 'admission.finish', { doneAt: sql`now()` });
  return admissionQueue(db, today);
}

async function changeServed(
  db: Database,
  actor: Actor,
  counter: number,
  today: string,
  action: string,
  change: Partial<Record<'calledAt' | 'doneAt', ReturnType<typeof sql>>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(admissionTickets)
      .set(change)
      .where(servedAt(today, counter))
      .returning({ kind: admissionTickets.kind, seq: admissionTickets.seq });
    if (!ticket) throw nothingAtCounter(counter);
    await audit(tx, actor, action, ticketEntity(today, ticket), { counter });
  });
}

/** The counters serving a ticket now, for the queue board. */
export async function countersServing(db: Database, today = localToday()) {
  const rows = await db
    .select({
      counter: admissionTickets.counter,
      kind: admissionTickets.kind,
      seq: admissionTickets.seq,
      calledAt: admissionTickets.calledAt,
    })
    .from(admissionTickets)
    .where(
      and(
        eq(admissionTickets.date, today),
        isNotNull(admissionTickets.counter),
        isNull(admissionTickets.doneAt),
      ),
    )
    .orderBy(asc(admissionTickets.counter));
  return rows.flatMap((row) =>
    row.counter !== null && row.calledAt
      ? [
          {
            counter: row.counter,
            serving: admissionTicketNumber(row.kind, row.seq),
            calledAt: row.calledAt.toISOString(),
          },
        ]
      : [],
  );
}
