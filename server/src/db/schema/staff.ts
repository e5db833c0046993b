import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Legacy `bhpdet_dbs` (on-duty staff) and `emr_soap_o` (customer service) merged into one staff table.
// Their plain-text password columns (`tarifkt`, `kel`) are never carried over: only argon2id hashes.
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Normalised to 08… form.
    phone: text('phone').notNull(),
    // Login name, lower case; staff without one cannot log in (they may still take over duty).
    username: text('username'),
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    // Set for a legacy officer whose old password fails the portal's rules: the first web login leads
    // to a new password and nothing else (the duty handover still takes the old one until then).
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    // Legacy `sr_recno` in `bhpdet_dbs` (on duty) and `emr_soap_o` (customer service) of imported staff.
    legacyDutyRecNo: integer('legacy_duty_rec_no').unique(),
    legacyCsRecNo: integer('legacy_cs_rec_no').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_username_unique').on(t.username),
    uniqueIndex('staff_phone_live_unique')
      .on(t.phone)
      .where(sql`${t.deletedAt} is null`),
    // The roles of the contract (`staffRoles`); a test keeps the two lists in step.
    check(
      'staff_roles_known',
      sql`${t.roles} <@ array['admin', 'piket', 'cs', 'registration', 'ward', 'records', 'theatre', 'orders', 'complaints']::text[]`,
    ),
    check('staff_username_lower', sql`${t.username} = lower(${t.username})`),
  ],
);
