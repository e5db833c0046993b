import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A call to BPJS's Antrean RS service, relative to its base URL. */
export interface BpjsRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

// Messages to the outside (WhatsApp messages, reports to BPJS), written in the same transaction as
// the change they tell about and delivered afterwards by the worker. Never deleted: staff see what
// went out and what failed. (A report to BPJS of a desk step undone before the report went out is taken
// back: the undo's audit entry names it.)
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    // One message per event (e.g. `order:12:created`): enqueuing twice is a no-op, and the gateway
    // receives it as the Idempotency-Key so that it can drop a repeat after a timeout.
    eventKey: text('event_key').notNull().unique(),
    channel: text('channel', { enum: ['whatsapp', 'bpjs'] })
      .notNull()
      .default('whatsapp'),
    // Messages of one stream (one booking's reports to BPJS) go out one at a time in the order they
    // were written: a later one waits while an earlier one is not sent.
    stream: text('stream'),
    // BPJS: the call to make. WhatsApp: null (recipient and message say it all).
    request: jsonb('request').$type<BpjsRequest>(),
    // WhatsApp: phone in 08… form; null when nobody could be found (the message is failed at once).
    recipient: text('recipient'),
    // WhatsApp: the text sent. BPJS: what the call reports, for staff.
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A worker's claim: other workers leave the message alone until then. Its sender renews it before
    // each send, so it ends only when the sender died or stalled.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // Which claim holds the message (a fencing token): a sender whose claim ended and was taken over by
    // another can neither renew it nor record a failure over the new claim.
    claimId: uuid('claim_id'),
    lastError: text('last_error'),
    // What the other side answered when it took the message (BPJS's own message).
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('outbox_channel', sql`${t.channel} in ('whatsapp', 'bpjs')`),
    check(
      'outbox_pending_has_recipient',
      sql`${t.channel} <> 'whatsapp' or ${t.status} <> 'pending' or ${t.recipient} is not null`,
    ),
    check('outbox_bpjs_has_request', sql`${t.channel} <> 'bpjs' or ${t.request} is not null`),
    // The worker's claim: due pending messages in order.
    index('outbox_due')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_status_id').on(t.status, t.id),
    // Whether an earlier message of the stream still waits.
    index('outbox_stream_unsent')
      .on(t.stream, t.id)
      .where(sql`${t.status} <> 'sent'`),
  ],
);
