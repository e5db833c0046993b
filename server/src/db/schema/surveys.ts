import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';
import { complaints } from './complaints.js';
import { orders } from './orders.js';
import { registrations } from './registration.js';

// Survei Kepuasan Masyarakat (PermenPAN-RB 14/2017): one invitation per served visit, completed order or
// resolved complaint, and its answers in the same row. The source columns are unique, so a visit has one
// invitation, and one conditional UPDATE (`submitted_at is null`) takes the answers once. Staff read only
// aggregates: nothing joins an answer back to the patient outside this table's own source key.
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial('id').primaryKey(),
    // The link's secret (`/survei/<token>`): random, unguessable, never shown to staff.
    token: text('token').notNull().unique(),
    // Both vehicles of the orders desk (ambulance and hearse) are one unit: 'ambulance'.
    unit: text('unit', { enum: ['clinic', 'ambulance', 'complaints'] }).notNull(),
    clinicId: integer('clinic_id').references(() => clinics.id),
    registrationId: integer('registration_id')
      .unique()
      .references(() => registrations.id),
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    complaintId: integer('complaint_id')
      .unique()
      .references(() => complaints.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    u1: smallint('u1'),
    u2: smallint('u2'),
    u3: smallint('u3'),
    u4: smallint('u4'),
    u5: smallint('u5'),
    u6: smallint('u6'),
    u7: smallint('u7'),
    u8: smallint('u8'),
    u9: smallint('u9'),
    comment: text('comment'),
  },
  (t) => [
    check('survey_invitations_unit', sql`${t.unit} in ('clinic', 'ambulance', 'complaints')`),
    check(
      'survey_invitations_source',
      sql`(${t.unit} = 'clinic' and ${t.registrationId} is not null and ${t.clinicId} is not null and ${t.orderId} is null and ${t.complaintId} is null)
        or (${t.unit} = 'ambulance' and ${t.orderId} is not null and ${t.registrationId} is null and ${t.clinicId} is null and ${t.complaintId} is null)
        or (${t.unit} = 'complaints' and ${t.complaintId} is not null and ${t.registrationId} is null and ${t.clinicId} is null and ${t.orderId} is null)`,
    ),
    check(
      'survey_invitations_answers',
      sql`${t.u1} between 1 and 4 and ${t.u2} between 1 and 4 and ${t.u3} between 1 and 4
        and ${t.u4} between 1 and 4 and ${t.u5} between 1 and 4 and ${t.u6} between 1 and 4
        and ${t.u7} between 1 and 4 and ${t.u8} between 1 and 4 and ${t.u9} between 1 and 4`,
    ),
    // Answered exactly when submitted: all nine, or none and no comment.
    check(
      'survey_invitations_submitted',
      sql`(${t.submittedAt} is null and num_nonnulls(${t.u1}, ${t.u2}, ${t.u3}, ${t.u4}, ${t.u5}, ${t.u6}, ${t.u7}, ${t.u8}, ${t.u9}, ${t.comment}) = 0)
        or (${t.submittedAt} is not null and num_nulls(${t.u1}, ${t.u2}, ${t.u3}, ${t.u4}, ${t.u5}, ${t.u6}, ${t.u7}, ${t.u8}, ${t.u9}) = 0)`,
    ),
    check('survey_invitations_comment', sql`char_length(${t.comment}) <= 1000`),
    index('survey_invitations_submitted').on(t.submittedAt),
  ],
);
