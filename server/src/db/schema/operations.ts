import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { doctors } from './clinics.js';
import { patients } from './patients.js';

// The operating-room schedule (legacy `jadwal operasi`): per date, in queue order.
export const operations = pgTable(
  'operations',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    date: date('date', { mode: 'string' }).notNull(),
    // Legacy order column: the place in the day's list, 1 first.
    queueOrder: integer('queue_order').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    procedure: text('procedure').notNull(),
    surgeonId: integer('surgeon_id').references(() => doctors.id),
    // Operating theatre (kamar operasi), e.g. "OK 1".
    theatre: text('theatre').notNull(),
    plannedStart: time('planned_start'),
    status: text('status', { enum: ['Menunggu', 'Sedang Berlangsung', 'Selesai'] })
      .notNull()
      .default('Menunggu'),
    // Legacy `batal`: cancelled operations stay on record, flagged.
    cancelled: boolean('cancelled').notNull().default(false),
    cancelReason: text('cancel_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Legacy `emr_template.sr_recno` of an imported operation.
    legacyRecNo: integer('legacy_rec_no').unique(),
  },
  (t) => [
    check('operations_status', sql`${t.status} in ('Menunggu', 'Sedang Berlangsung', 'Selesai')`),
    check('operations_order', sql`${t.queueOrder} > 0`),
    index('operations_date_order').on(t.date, t.queueOrder),
  ],
);
