import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patients } from './patients.js';
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

// Every read of patients' data by staff (the read audit): who searched for what, who opened which patient's
// record, history or list, when and from where. Written after the answer, one row per request.
export const patientReads = pgTable(
  'patient_reads',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    address: text('address').notNull(),
    // The contract's `patientReadKinds`.
    kind: text('kind', {
      enum: ['search', 'record', 'visits', 'visit', 'bookings', 'changes', 'merge', 'report', 'export'],
    }).notNull(),
    // Null for a search or a hospital-wide list.
    patientId: integer('patient_id').references(() => patients.id),
    // The criteria searched for or the filters of a list, never what was found.
    criteria: jsonb('criteria'),
  },
  (t) => [
    index('patient_reads_at').on(t.at),
    index('patient_reads_staff').on(t.staffId, t.at),
    index('patient_reads_patient').on(t.patientId, t.at),
  ],
);
