import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// Ambulance and hearse orders (legacy `pesan_ambulance` / `pesan_jenazah`, one table here).
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // Tracking code, stored without the dash (shown as XXXX-XXXX): random, never sequential.
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['ambulance', 'hearse'] }).notNull(),
    status: text('status', { enum: ['NEW', 'CONFIRMED', 'ON_THE_WAY', 'DONE', 'CANCELLED'] })
      .notNull()
      .default('NEW'),
    requesterName: text('requester_name').notNull(),
    // Normalised to 08… form; with the code it opens the status page.
    phone: text('phone').notNull(),
    // The patient for an ambulance, the deceased for a hearse.
    patientName: text('patient_name').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    destination: text('destination').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    notes: text('notes'),
    vehicle: text('vehicle'),
    driver: text('driver'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The client's address: public writes are throttled per address.
    address: text('address').notNull(),
  },
  (t) => [
    check('orders_kind', sql`${t.kind} in ('ambulance', 'hearse')`),
    check('orders_status', sql`${t.status} in ('NEW', 'CONFIRMED', 'ON_THE_WAY', 'DONE', 'CANCELLED')`),
    index('orders_scheduled_at').on(t.scheduledAt),
    index('orders_address_created').on(t.address, t.createdAt),
  ],
);

// The timeline of an order: its creation (NEW), every status move and every assignment.
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    // The order's status after the event.
    status: text('status', { enum: ['NEW', 'CONFIRMED', 'ON_THE_WAY', 'DONE', 'CANCELLED'] }).notNull(),
    note: text('note'),
    // Null for the creation by the public.
    staffId: integer('staff_id').references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.id)],
);
