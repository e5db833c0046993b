import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// Kept by admins; a category is deactivated rather than deleted, since old complaints point to it.
export const complaintCategories = pgTable('complaint_categories', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

// Legacy `pengaduan`.
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    // Tracking code, stored without the dash (shown as XXXX-XXXX).
    code: text('code').notNull().unique(),
    category: text('category')
      .notNull()
      .references(() => complaintCategories.code),
    // Free text: the unit or room the complaint is about.
    unit: text('unit'),
    message: text('message').notNull(),
    // The complainant may stay anonymous, but leaves a phone for the follow-up.
    name: text('name'),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['RECEIVED', 'IN_PROGRESS', 'RESOLVED'] })
      .notNull()
      .default('RECEIVED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The client's address: public writes are throttled per address.
    address: text('address').notNull(),
  },
  (t) => [
    check('complaints_status', sql`${t.status} in ('RECEIVED', 'IN_PROGRESS', 'RESOLVED')`),
    index('complaints_status_created').on(t.status, t.createdAt),
    index('complaints_address_created').on(t.address, t.createdAt),
  ],
);

// The hospital's answers: public on the status page, without the name of who wrote them.
export const complaintResponses = pgTable(
  'complaint_responses',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id),
    message: text('message').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_responses_complaint').on(t.complaintId, t.id)],
);
