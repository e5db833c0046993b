import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// A worked shift: clocked in and (later) out, both by the server clock. One open shift per person.
export const attendance = pgTable(
  'attendance',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    clockIn: timestamp('clock_in', { withTimezone: true }).notNull().defaultNow(),
    clockOut: timestamp('clock_out', { withTimezone: true }),
    address: text('address').notNull(),
  },
  (t) => [
    uniqueIndex('attendance_one_open_shift')
      .on(t.staffId)
      .where(sql`${t.clockOut} is null`),
    check('attendance_out_after_in', sql`${t.clockOut} is null or ${t.clockOut} >= ${t.clockIn}`),
    index('attendance_staff_in').on(t.staffId, t.clockIn),
    index('attendance_clock_in').on(t.clockIn),
  ],
);

// The duty roster (legacy route `piket`): who is planned for a post on a date and shift.
export const rosterEntries = pgTable(
  'roster_entries',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    shift: text('shift', { enum: ['pagi', 'siang', 'malam'] }).notNull(),
    role: text('role', { enum: ['piket', 'cs'] }).notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One officer per post and shift, as on the duty itself.
    unique('roster_entries_post_shift').on(t.date, t.shift, t.role),
    check('roster_entries_shift', sql`${t.shift} in ('pagi', 'siang', 'malam')`),
    check('roster_entries_role', sql`${t.role} in ('piket', 'cs')`),
    index('roster_entries_staff').on(t.staffId, t.date),
  ],
);
