import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.js';

// The user and password the hospital gives BPJS for calling its Mobile JKN web service (`x-username`,
// `x-password`): one pair, set by an admin, the password only as an argon2id hash.
export const jknCredentials = pgTable(
  'jkn_credentials',
  {
    id: integer('id').primaryKey().default(1),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => staff.id),
  },
  (t) => [check('jkn_credentials_one', sql`${t.id} = 1`)],
);

// Tokens handed to BPJS by `GET /api/jkn/token`: only their SHA-256 is kept, until they expire.
export const jknTokens = pgTable(
  'jkn_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    username: text('username').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jkn_tokens_expires').on(t.expiresAt)],
);

// Every token request, to throttle password guessing per address and per user name.
export const jknTokenAttempts = pgTable(
  'jkn_token_attempts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    address: text('address').notNull(),
    outcome: text('outcome', { enum: ['success', 'failed', 'throttled'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jkn_token_attempts_outcome', sql`${t.outcome} in ('success', 'failed', 'throttled')`),
    index('jkn_token_attempts_address_at').on(t.address, t.at),
    index('jkn_token_attempts_username_at').on(t.username, t.at),
  ],
);
