import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// The WhatsApp texts to patients as admins changed them; a kind without a row uses the built-in text
// (server/src/modules/notifications/templates.ts).
export const messageTemplates = pgTable('message_templates', {
  kind: text('kind').primaryKey(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id),
});

// Numbers that asked for no more WhatsApp messages (a STOP reply through the gateway, or an admin on their
// behalf): in 08… form. Messages to them are recorded failed when queued, never sent.
export const whatsappOptOuts = pgTable(
  'whatsapp_opt_outs',
  {
    phone: text('phone').primaryKey(),
    source: text('source', { enum: ['reply', 'admin'] }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('whatsapp_opt_outs_source', sql`${t.source} in ('reply', 'admin')`)],
);
