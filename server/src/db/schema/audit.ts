import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// Every staff write: who did what to which record, when and from where.
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.id),
    // Dotted verb, e.g. "ward.admit", "tariff.import".
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    address: text('address'),
  },
  (t) => [index('audit_log_entity').on(t.entity, t.entityId), index('audit_log_at').on(t.at)],
);
