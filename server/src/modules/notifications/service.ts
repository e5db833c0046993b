import type { OutboxMessage, OutboxPage, OutboxStatus } from '@portal/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { type Actor, audit } from '../../lib/audit.js';

export interface Notification {
  /** One message per event, e.g. `order:12:created`: enqueuing the same event again does nothing. */
  eventKey: string;
  message: string;
  /** Phone in 08… form, or null when nobody holds the post the message is for. */
  recipient: string | null;
  /** Shown to staff when there is no recipient. */
  noRecipient?: string;
}

/**
 * Puts a WhatsApp message in the outbox, inside the caller's transaction: it exists exactly when the
 * change it tells about was committed. A message without a recipient is failed at once, so that
 * staff see it rather than it waiting forever.
 */
export async function enqueue(tx: Transaction, notification: Notification): Promise<void> {
  const { eventKey, message, recipient } = notification;
  await tx
    .insert(outbox)
    .values(
      recipient === null
        ? {
            eventKey,
            message,
            recipient,
            status: 'failed',
            lastError: notification.noRecipient ?? 'Nomor tujuan tidak diketahui.',
          }
        : { eventKey, message, recipient },
    )
    .onConflictDoNothing({ target: outbox.eventKey });
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export async function listOutbox(
  db: Database,
  query: { status?: OutboxStatus; page: number; pageSize: number },
): Promise<OutboxPage> {
  const where = query.status ? eq(outbox.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row): OutboxMessage => ({
      id: row.id,
      recipient: row.recipient,
      message: row.message,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
    })),
  };
}

/** Sends a failed message again: pending, due now, with a fresh count of attempts. */
export async function retryMessage(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ status: outbox.status, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update');
    if (!message) throw notFound('Pesan tidak ditemukan.');
    if (message.status !== 'failed') {
      throw conflict('NOT_FAILED', 'Hanya pesan yang gagal terkirim yang dapat dikirim ulang.');
    }
    if (message.recipient === null) {
      throw conflict('NO_RECIPIENT', 'Pesan ini tidak punya nomor tujuan; tidak dapat dikirim ulang.');
    }
    await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(outbox.id, id));
    await audit(tx, actor, 'outbox.retry', { type: 'outbox', id });
  });
}

export interface ClaimedMessage {
  id: number;
  eventKey: string;
  recipient: string;
  message: string;
  /** Including the one just claimed. */
  attempts: number;
}

/**
 * Takes up to `limit` due messages for one delivery attempt each. The claim is a lease: other workers
 * (in this process or another) skip the messages until `leaseMs` has passed, and SKIP LOCKED keeps
 * two claims running at the same moment from taking the same row. A worker that dies mid-way leaves
 * its messages to be taken again when the lease ends.
 */
export async function claimDue(db: Database, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, sql`now()`),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      eventKey: outbox.eventKey,
      recipient: outbox.recipient,
      message: outbox.message,
      attempts: outbox.attempts,
    });
  // Pending messages always have a recipient (check outbox_pending_has_recipient).
  return claimed.map((m) => ({ ...m, recipient: m.recipient as string })).sort((a, b) => a.id - b.id);
}

export async function recordSent(db: Database, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** A failed attempt: tried again after `retryInMs`, or failed for good when that is null. */
export async function recordFailure(
  db: Database,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error, lockedUntil: null }
        : {
            lastError: error,
            lockedUntil: null,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** Pending messages newer than `afterId`, for the log of a server without a gateway. */
export async function pendingAfter(db: Database, afterId: number, limit: number) {
  return db
    .select({ id: outbox.id, eventKey: outbox.eventKey })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), gt(outbox.id, afterId)))
    .orderBy(asc(outbox.id))
    .limit(limit);
}

/** How many messages wait, and the newest id of all, when a server without a gateway starts. */
export async function outboxSummary(db: Database): Promise<{ pending: number; lastId: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')`.mapWith(Number),
      lastId: sql<number>`coalesce(max(${outbox.id}), 0)`.mapWith(Number),
    })
    .from(outbox);
  return { pending: row?.pending ?? 0, lastId: row?.lastId ?? 0 };
}
