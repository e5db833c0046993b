import { randomUUID } from 'node:crypto';
import {
  normalizePhone,
  type OutboxChannel,
  outboxChannels,
  type OutboxMessage,
  type OutboxPage,
  type OutboxStatus,
} from '@portal/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { type BpjsRequest, outbox, whatsappOptOuts } from '../../db/schema/index.js';
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
 * staff see it rather than it waiting forever; so is one to a number that asked for no more messages
 * (`whatsapp_opt_outs`), which is never sent.
 */
export async function enqueue(tx: Transaction, notification: Notification): Promise<void> {
  const { eventKey, message, recipient } = notification;
  const optedOut = recipient === null ? undefined : isOptedOutSql(phoneKey(recipient));
  await tx
    .insert(outbox)
    .values(
      optedOut === undefined
        ? {
            eventKey,
            message,
            recipient,
            status: 'failed',
            lastError: notification.noRecipient ?? 'Nomor tujuan tidak diketahui.',
          }
        : {
            eventKey,
            message,
            recipient,
            status: sql`case when ${optedOut} then 'failed' else 'pending' end`,
            lastError: sql`case when ${optedOut} then ${OPTED_OUT} end`,
          },
    )
    .onConflictDoNothing({ target: outbox.eventKey });
}

/**
 * `enqueue` as a part of a larger prepared statement (a booking's, which writes its confirmation with the
 * booking): a message for each row of `source`, its text an SQL expression over that row. Its values are
 * placeholders whose names begin with `name`, given by `enqueueFromValues`.
 */
export function enqueueFrom(source: SQL, name: string, message: SQL): SQL {
  const value = (field: string) => sql.placeholder(`${name}_${field}`);
  const optedOut = isOptedOutSql(value('opt_out_key'));
  return sql`insert into ${outbox} (event_key, recipient, message, status, last_error)
    select ${value('event_key')}, ${value('recipient')}, ${message},
      case when ${optedOut} then 'failed' else 'pending' end, case when ${optedOut} then ${OPTED_OUT} end
    from ${source}
    on conflict (event_key) do nothing`;
}

/** The values of an `enqueueFrom` part named `name`: the message's event and recipient. */
export const enqueueFromValues = (name: string, message: { eventKey: string; recipient: string }) => ({
  [`${name}_event_key`]: message.eventKey,
  [`${name}_recipient`]: message.recipient,
  [`${name}_opt_out_key`]: phoneKey(message.recipient),
});

/**
 * `enqueueBpjs` as a part of a larger prepared statement (a booking's, which reports itself with the
 * booking): a report for each row of `source`, its text and request SQL expressions over that row. Its
 * values are placeholders whose names begin with `name`, given by `enqueueBpjsFromValues`.
 */
export function enqueueBpjsFrom(source: SQL, name: string, report: { message: SQL; request: SQL }): SQL {
  const value = (field: string) => sql.placeholder(`${name}_${field}`);
  return sql`insert into ${outbox} (event_key, stream, channel, message, request, status, last_error)
    select ${value('event_key')}, ${value('stream')}, 'bpjs', ${report.message}, ${report.request},
      ${value('status')}, ${value('last_error')}
    from ${source}
    on conflict (event_key) do nothing`;
}

/**
 * The values of an `enqueueBpjsFrom` part named `name`: the report's event and stream, and `failed`, why it
 * cannot be sent (it is written failed then, for staff to see).
 */
export const enqueueBpjsFromValues = (
  name: string,
  report: { eventKey: string; stream: string; failed?: string },
) => ({
  [`${name}_event_key`]: report.eventKey,
  [`${name}_stream`]: report.stream,
  [`${name}_status`]: report.failed ? 'failed' : 'pending',
  [`${name}_last_error`]: report.failed ?? null,
});

/** Whether a number asked for no more messages, in SQL. */
const isOptedOutSql = (key: string | Placeholder) =>
  sql`exists (select 1 from ${whatsappOptOuts} where ${whatsappOptOuts.phone} = ${key})`;

/** Whether an event (its key as an SQL expression) is in the outbox: for a job that finds what it still has to queue. */
export const inOutbox = (eventKey: SQL) =>
  sql`exists (select 1 from ${outbox} where ${outbox.eventKey} = ${eventKey})`;

export const OPTED_OUT = 'Nomor ini sudah berhenti menerima pesan WhatsApp (balasan STOP); tidak dikirim.';

/** A phone in the 08… form the opt-outs are kept in (any other text stays as it is). */
export const phoneKey = (phone: string) => normalizePhone(phone) ?? phone;

async function isOptedOut(db: Database | Transaction, recipient: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: whatsappOptOuts.phone })
    .from(whatsappOptOuts)
    .where(eq(whatsappOptOuts.phone, phoneKey(recipient)));
  return row !== undefined;
}

/** The BPJS services the outbox reports to; a request that names none is for Antrean RS. */
export const bpjsServices = ['antrean', 'aplicares'] as const;
export type BpjsService = (typeof bpjsServices)[number];

/** A report's call, and the service it goes to. */
export type BpjsReportRequest = BpjsRequest & { service?: BpjsService };

export interface BpjsReport {
  /** One report per event, e.g. `bpjs:ABC123:task:4`: the same event reported again does nothing. */
  eventKey: string;
  /** The booking's reports reach BPJS in the order they were written. */
  stream: string;
  /** What the report says, for staff. */
  message: string;
  request: BpjsReportRequest;
  /** Why the report cannot go out as it is: it is recorded as failed, for staff to see. */
  failed?: string;
}

/** Puts a report to BPJS in the outbox, inside the caller's transaction, like `enqueue`. */
export async function enqueueBpjs(tx: Transaction, report: BpjsReport): Promise<void> {
  const { failed, ...values } = report;
  await tx
    .insert(outbox)
    .values({ ...values, channel: 'bpjs', ...(failed ? { status: 'failed', lastError: failed } : {}) })
    .onConflictDoNothing({ target: outbox.eventKey });
}

/**
 * Takes reports to BPJS back out of the outbox where they never reached BPJS: not sent, and not claimed by a
 * worker (a claim, even one that ran out, may be on its way). What they report was undone. Answers the event
 * keys taken back, for the caller's audit entry: the one case where the outbox lets a message go.
 */
export async function withdrawBpjs(tx: Transaction, eventKeys: string[]): Promise<string[]> {
  const withdrawn = await tx
    .delete(outbox)
    .where(
      and(
        inArray(outbox.eventKey, eventKeys),
        eq(outbox.channel, 'bpjs'),
        ne(outbox.status, 'sent'),
        isNull(outbox.lockedUntil),
      ),
    )
    .returning({ eventKey: outbox.eventKey });
  return withdrawn.map((report) => report.eventKey);
}

const BPJS_NOT_CONFIGURED: Record<BpjsService, string> = {
  antrean: 'BPJS belum dikonfigurasi: laporan menunggu sampai BPJS_ANTREAN_URL dan kuncinya diisi.',
  aplicares:
    'Aplicares belum dikonfigurasi: laporan menunggu sampai BPJS_APLICARES_URL, kuncinya dan BPJS_PPK_CODE diisi.',
};

/** The service a report goes to, in SQL. */
const serviceOf = sql`coalesce(${outbox.request}->>'service', 'antrean')`;

/** Without a BPJS service configured, its waiting reports say so to staff (once each, not on every pass). */
export async function noteBpjsNotConfigured(db: Database, service: BpjsService): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: BPJS_NOT_CONFIGURED[service] })
    .where(
      and(
        eq(outbox.channel, 'bpjs'),
        eq(outbox.status, 'pending'),
        isNull(outbox.lastError),
        eq(serviceOf, service),
      ),
    );
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * A message as staff read it: a survey link without its token, so that no desk can open a patient's survey
 * or see whether that patient answered it (the survey is anonymous to the desks; the gateway gets it whole).
 */
export const staffView = (message: string) => message.replace(/(\/survei\/)[A-Z0-9]+/g, '$1…');

export async function listOutbox(
  db: Database,
  query: { status?: OutboxStatus; channel?: OutboxChannel; page: number; pageSize: number },
): Promise<OutboxPage> {
  const where = and(
    query.status ? eq(outbox.status, query.status) : undefined,
    query.channel ? eq(outbox.channel, query.channel) : undefined,
  );
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
      channel: row.channel,
      recipient: row.recipient,
      message: staffView(row.message),
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      reply: row.reply,
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
    })),
  };
}

/** How the reports of a stream stand: the newest, what BPJS last took, and what holds the queue up. */
export interface StreamReport extends Pick<OutboxMessage, 'status' | 'message' | 'createdAt'> {
  /** The answer to the last report taken, and when. */
  reply: string | null;
  sentAt: string | null;
  /** Why the oldest report not taken yet failed, and how often it was tried (the newest's tries when all went). */
  lastError: string | null;
  attempts: number;
}

/** Per stream, its newest report, the last one taken, and the first one not taken yet. */
export async function lastOfStreams(
  db: Database,
  streams: readonly string[],
): Promise<Map<string, StreamReport>> {
  if (streams.length === 0) return new Map();
  const ofStreams = inArray(outbox.stream, [...streams]);
  const columns = {
    stream: outbox.stream,
    status: outbox.status,
    message: outbox.message,
    reply: outbox.reply,
    lastError: outbox.lastError,
    attempts: outbox.attempts,
    createdAt: outbox.createdAt,
    sentAt: outbox.sentAt,
  };
  const [newest, taken, head] = await Promise.all([
    db
      .selectDistinctOn([outbox.stream], columns)
      .from(outbox)
      .where(ofStreams)
      .orderBy(outbox.stream, desc(outbox.id)),
    db
      .selectDistinctOn([outbox.stream], columns)
      .from(outbox)
      .where(and(ofStreams, eq(outbox.status, 'sent')))
      .orderBy(outbox.stream, desc(outbox.id)),
    db
      .selectDistinctOn([outbox.stream], columns)
      .from(outbox)
      .where(and(ofStreams, ne(outbox.status, 'sent')))
      .orderBy(outbox.stream, asc(outbox.id)),
  ]);
  const byStream = (rows: typeof newest) => new Map(rows.map((row) => [row.stream as string, row]));
  const lastTaken = byStream(taken);
  const waitingOn = byStream(head);
  return new Map(
    newest.map((row) => {
      const stream = row.stream as string;
      const sent = lastTaken.get(stream);
      const blocked = waitingOn.get(stream);
      return [
        stream,
        {
          status: row.status,
          message: row.message,
          createdAt: row.createdAt.toISOString(),
          reply: sent?.reply ?? null,
          sentAt: iso(sent?.sentAt ?? null),
          lastError: blocked?.lastError ?? null,
          attempts: (blocked ?? row).attempts,
        },
      ];
    }),
  );
}

/** Sends a failed message again: pending, due now, with a fresh count of attempts. */
export async function retryMessage(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ status: outbox.status, channel: outbox.channel, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update');
    if (!message) throw notFound('Pesan tidak ditemukan.');
    if (message.status !== 'failed') {
      throw conflict('NOT_FAILED', 'Hanya pesan yang gagal terkirim yang dapat dikirim ulang.');
    }
    if (message.channel === 'whatsapp' && message.recipient === null) {
      throw conflict('NO_RECIPIENT', 'Pesan ini tidak punya nomor tujuan; tidak dapat dikirim ulang.');
    }
    if (message.channel === 'whatsapp' && message.recipient && (await isOptedOut(tx, message.recipient))) {
      throw conflict(
        'OPTED_OUT',
        'Nomor tujuan sudah berhenti menerima pesan WhatsApp; tidak dapat dikirim ulang.',
      );
    }
    await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(outbox.id, id));
    await audit(tx, actor, 'outbox.retry', { type: 'outbox', id });
  });
}

/** A report to BPJS as the queue quality monitor reads it. */
export interface StreamMessage {
  id: number;
  eventKey: string;
  stream: string;
  status: OutboxStatus;
  path: string | null;
  lastError: string | null;
  attempts: number;
  createdAt: Date;
}

/** The reports to BPJS with the given event keys, oldest first. */
export async function reportsByKeys(db: Database, eventKeys: readonly string[]): Promise<StreamMessage[]> {
  if (eventKeys.length === 0) return [];
  const rows = await db
    .select({
      id: outbox.id,
      eventKey: outbox.eventKey,
      stream: outbox.stream,
      status: outbox.status,
      path: sql<string | null>`${outbox.request}->>'path'`,
      lastError: outbox.lastError,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    // By the unique key's index: the outbox keeps every message for ever.
    .where(and(inArray(outbox.eventKey, [...eventKeys]), eq(outbox.channel, 'bpjs')))
    .orderBy(asc(outbox.id));
  return rows.map((row) => ({ ...row, stream: row.stream ?? '' }));
}

/**
 * Sends a report to BPJS again now, failed for good or waiting for its next try: pending, due now, with a fresh
 * count of attempts. A report BPJS already took is left as it is, so that pressing twice sends it once; one
 * recorded failed without ever being tried (the portal could not write it: a clinic without a BPJS code…) is
 * 409. `streamPrefix` limits it to the reports of one kind (`bpjs:`, a booking's); another is 404.
 */
export async function resendReport(
  db: Database,
  actor: Actor,
  id: number,
  streamPrefix: string,
): Promise<'pending' | 'sent'> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        status: outbox.status,
        channel: outbox.channel,
        stream: outbox.stream,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update');
    if (!report || report.channel !== 'bpjs' || !report.stream?.startsWith(streamPrefix)) {
      throw notFound('Laporan tidak ditemukan.');
    }
    if (report.status === 'sent') return 'sent';
    if (report.status === 'failed' && report.attempts === 0) {
      throw conflict(
        'NOT_SENDABLE',
        `Laporan ini tidak dapat dikirim ulang: ${report.lastError ?? ''}`.trim(),
      );
    }
    await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(outbox.id, id));
    await audit(tx, actor, 'outbox.resend', { type: 'outbox', id }, { was: report.status });
    return 'pending';
  });
}

/**
 * Sends every failed message of a channel again (after a gateway's or BPJS's outage), as `retryMessage`
 * does one: WhatsApp messages without a number or to a number that opted out stay failed. Answers how many.
 */
export async function retryFailed(db: Database, actor: Actor, channel: OutboxChannel): Promise<number> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .select({ id: outbox.id, recipient: outbox.recipient })
      .from(outbox)
      .where(and(eq(outbox.status, 'failed'), eq(outbox.channel, channel)))
      .for('update');
    const keys = [...new Set(failed.flatMap((m) => (m.recipient === null ? [] : [phoneKey(m.recipient)])))];
    const optedOut = new Set(
      keys.length === 0
        ? []
        : (
            await tx
              .select({ phone: whatsappOptOuts.phone })
              .from(whatsappOptOuts)
              .where(inArray(whatsappOptOuts.phone, keys))
          ).map((row) => row.phone),
    );
    const ids = failed
      .filter((m) => channel === 'bpjs' || (m.recipient !== null && !optedOut.has(phoneKey(m.recipient))))
      .map((m) => m.id);
    if (ids.length === 0) return 0;
    await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(inArray(outbox.id, ids));
    await audit(
      tx,
      actor,
      'outbox.retry-failed',
      { type: 'outbox', id: null },
      { channel, count: ids.length },
    );
    return ids.length;
  });
}

export interface ClaimedMessage {
  id: number;
  eventKey: string;
  /** WhatsApp: always set (check outbox_pending_has_recipient). */
  recipient: string | null;
  message: string;
  /** BPJS: always set (check outbox_bpjs_has_request). */
  request: BpjsReportRequest | null;
  /** Including the one just claimed. */
  attempts: number;
  /** How long ago it was written, by the database's clock (as its retries are timed). */
  ageMs: number;
}

const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Messages one worker took for one delivery attempt each (see `claimDue`). Its lease lasts the longest one
 * send may take plus a margin, and the sender renews it (`keep`) for all the claim's messages not done yet
 * just before each send: however long the queue, the claim lasts while its sender works through it, and
 * ends only when the sender died or stalled past the margin. Then another worker claims the messages
 * anew, and the old claim's id fences its sender out: it can renew nothing more and its failures are not
 * recorded over the new claim.
 *
 * What this cannot promise is exactly once: a sender that the other side accepted a message from, and that
 * died or stalled past its lease before recording it, leaves the message to be sent again. Delivery is at
 * least once, and every attempt carries the message's event key for the other side to drop a repeat (the
 * WhatsApp gateway's Idempotency-Key).
 */
export class Claim {
  private readonly held: Set<number>;
  private renewal: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly id: string,
    private readonly leaseMs: number,
    readonly messages: ClaimedMessage[],
  ) {
    this.held = new Set(messages.map((message) => message.id));
  }

  /** Renews the lease on what is left of the claim; true when `messageId` is still this claim's to send. */
  async keep(messageId: number): Promise<boolean> {
    if (!this.held.has(messageId)) return false;
    // Senders of one claim that start together share one renewal: each would otherwise wait on the rows
    // the others are renewing.
    this.renewal ??= this.renew().finally(() => {
      this.renewal = undefined;
    });
    await this.renewal;
    return this.held.has(messageId);
  }

  private async renew(): Promise<void> {
    const asked = [...this.held];
    const kept = await this.db
      .update(outbox)
      .set({ lockedUntil: fromNow(this.leaseMs) })
      .where(and(inArray(outbox.id, asked), eq(outbox.claimId, this.id), eq(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    const still = new Set(kept.map((row) => row.id));
    for (const id of asked) if (!still.has(id)) this.held.delete(id);
  }

  /**
   * Taken by the other side; `reply` is what it answered, when that is worth showing. Recorded even when
   * another claim holds the message by now: that it went out is true whoever learnt it.
   */
  async sent(messageId: number, reply: string | null): Promise<void> {
    this.held.delete(messageId);
    await this.db
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, reply })
      .where(and(eq(outbox.id, messageId), eq(outbox.status, 'pending')));
  }

  /** A failed attempt: tried again after `retryInMs`, or failed for good when that is null. */
  async failed(messageId: number, error: string, retryInMs: number | null): Promise<void> {
    this.held.delete(messageId);
    await this.db
      .update(outbox)
      .set(
        retryInMs === null
          ? { status: 'failed', lastError: error, lockedUntil: null }
          : { lastError: error, lockedUntil: null, nextAttemptAt: fromNow(retryInMs) },
      )
      .where(and(eq(outbox.id, messageId), eq(outbox.claimId, this.id), eq(outbox.status, 'pending')));
  }
}

const earlier = alias(outbox, 'earlier');

/**
 * Takes up to `limit` due messages of one channel for one delivery attempt each, leased for `leaseMs`
 * (see `Claim`): other workers (in this process or another) skip them while the lease lasts, and SKIP
 * LOCKED keeps two claims running at the same moment from taking the same row. Of a stream only the
 * oldest unsent message is due, so that its messages arrive in order. BPJS reports are taken only for
 * `services` (those configured).
 */
export async function claimDue(
  db: Database,
  channel: OutboxChannel,
  limit: number,
  leaseMs: number,
  services?: readonly BpjsService[],
): Promise<Claim> {
  const claimId = randomUUID();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        eq(outbox.channel, channel),
        services ? inArray(serviceOf, [...services]) : undefined,
        lte(outbox.nextAttemptAt, sql`now()`),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
        or(
          isNull(outbox.stream),
          notExists(
            db
              .select({ id: earlier.id })
              .from(earlier)
              .where(
                and(eq(earlier.stream, outbox.stream), lt(earlier.id, outbox.id), ne(earlier.status, 'sent')),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      lockedUntil: fromNow(leaseMs),
      claimId,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      eventKey: outbox.eventKey,
      recipient: outbox.recipient,
      message: outbox.message,
      request: outbox.request,
      attempts: outbox.attempts,
      ageMs: sql<number>`extract(epoch from now() - ${outbox.createdAt}) * 1000`.mapWith(Number),
    });
  return new Claim(
    db,
    claimId,
    leaseMs,
    claimed.sort((a, b) => a.id - b.id),
  );
}

/** Pending WhatsApp messages newer than `afterId`, for the log of a server without a gateway. */
export async function pendingAfter(db: Database, afterId: number, limit: number) {
  return db
    .select({ id: outbox.id, eventKey: outbox.eventKey })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), eq(outbox.channel, 'whatsapp'), gt(outbox.id, afterId)))
    .orderBy(asc(outbox.id))
    .limit(limit);
}

/** How many WhatsApp messages wait, and the newest id of all, when a server without a gateway starts. */
export async function outboxSummary(db: Database): Promise<{ pending: number; lastId: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')`.mapWith(Number),
      lastId: sql<number>`coalesce(max(${outbox.id}), 0)`.mapWith(Number),
    })
    .from(outbox)
    .where(eq(outbox.channel, 'whatsapp'));
  return { pending: row?.pending ?? 0, lastId: row?.lastId ?? 0 };
}

export interface ChannelBacklog {
  channel: OutboxChannel;
  pending: number;
  failed: number;
  /** When the oldest message still waiting was written; null when none waits. */
  oldestPendingAt: Date | null;
  /** Not delivered and its last attempt failed (waiting for a retry, or failed for good). */
  stuck: number;
  /** When the oldest stuck message was written; null when none is stuck. */
  oldestStuckAt: Date | null;
  /** When a message of this channel last reached the other side. */
  lastSentAt: Date | null;
}

/** Not delivered, and the last attempt failed or could not be made (BPJS not configured), in SQL. */
const stuckSql = sql`${outbox.status} <> 'sent' and ${outbox.lastError} is not null`;

/** Per channel: what waits, since when, what failed for good, and the last delivery. Every channel appears. */
export async function outboxBacklog(db: Database): Promise<ChannelBacklog[]> {
  const rows = await db
    .select({
      channel: outbox.channel,
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
      oldestPendingAt: sql<Date | null>`min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')`,
      stuck: sql<number>`count(*) filter (where ${stuckSql})`.mapWith(Number),
      oldestStuckAt: sql<Date | null>`min(${outbox.createdAt}) filter (where ${stuckSql})`,
      lastSentAt: sql<Date | null>`max(${outbox.sentAt})`,
    })
    .from(outbox)
    .groupBy(outbox.channel);
  return outboxChannels.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return {
      channel,
      pending: row?.pending ?? 0,
      failed: row?.failed ?? 0,
      oldestPendingAt: row?.oldestPendingAt ? new Date(row.oldestPendingAt) : null,
      stuck: row?.stuck ?? 0,
      oldestStuckAt: row?.oldestStuckAt ? new Date(row.oldestStuckAt) : null,
      lastSentAt: row?.lastSentAt ? new Date(row.lastSentAt) : null,
    };
  });
}
