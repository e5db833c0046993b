import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// One row per post: the primary key makes two active officers impossible, and a handover is one
// UPDATE of that row, so no moment exists with none (legacy: flags `piket` / `aktif` per person).
export const dutyPosts = pgTable(
  'duty_posts',
  {
    role: text('role', { enum: ['piket', 'cs'] }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('duty_posts_role', sql`${t.role} in ('piket', 'cs')`)],
);

// Audit log of every handover and every failed attempt (the throttle's memory is `login_attempts`).
export const dutyEvents = pgTable(
  'duty_events',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: ['piket', 'cs'] }).notNull(),
    // The person the handover was for.
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    previousStaffId: integer('previous_staff_id').references(() => staff.id),
    // Throttled attempts never check a password.
    outcome: text('outcome', { enum: ['success', 'wrong_password', 'throttled'] }).notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('duty_events_staff').on(t.staffId, t.at),
    index('duty_events_address').on(t.address, t.at),
    index('duty_events_at').on(t.at),
  ],
);
