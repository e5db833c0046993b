import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// WhatsApp messages, written in the same transaction as the change they tell about and delivered
// afterwards by the worker. Never deleted: staff see what went out and what failed.
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    // One message per event (e.g. `order:12:created`): enqueuing twice is a no-op, and the gateway
    // receives it as the Idempotency-Key so that it can drop a repeat after a timeout.
    eventKey: text('event_key').notNull().unique(),
    // Phone in 08… form; null when nobody could be found (the message is failed at once).
    recipient: text('recipient'),
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A worker's claim: other workers leave the message alone until then.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('outbox_pending_has_recipient', sql`${t.status} <> 'pending' or ${t.recipient} is not null`),
    // The worker's claim: due pending messages in order.
    index('outbox_due')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_status_id').on(t.status, t.id),
  ],
);
