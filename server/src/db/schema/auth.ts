import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// Server-side staff sessions. The cookie holds a random token; only its SHA-256 is stored, so a
// copy of the database does not let anyone into a session.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    // How an admin names a session to end it: the token's hash never leaves the server.
    id: serial('id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_staff').on(t.staffId), unique('sessions_id_unique').on(t.id)],
);

// Every check of a staff password (a login, a duty handover, a password change): the audit trail and the
// throttle's memory, shared by all server processes. One table, so that one budget of failures holds per
// account whichever way its password is guessed.
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    // As typed at login; null when the person was chosen rather than named (a handover).
    username: text('username'),
    // Null for a user name that names nobody who may log in.
    staffId: integer('staff_id').references(() => staff.id),
    address: text('address').notNull(),
    kind: text('kind', { enum: ['login', 'handover', 'password'] })
      .notNull()
      .default('login'),
    // Throttled attempts never check a password.
    outcome: text('outcome', { enum: ['success', 'failed', 'throttled'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username').on(t.username, t.at),
    index('login_attempts_staff').on(t.staffId, t.at),
    index('login_attempts_address').on(t.address, t.at),
  ],
);

// The public write limits (bookings, orders, complaints): per key (kind and client address), the writes
// taken in the current window. One row a key, updated by one atomic statement outside the write's own
// transaction, so that a client's writes are counted one by one without waiting for each other.
export const writeBudgets = pgTable(
  'write_budgets',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [index('write_budgets_window_start').on(t.windowStart)],
);
