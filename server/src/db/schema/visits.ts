import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics, doctors } from './clinics.js';
import { patients } from './patients.js';

// Legacy `bil_rj_xbjalan`.
export const outpatientVisits = pgTable(
  'outpatient_visits',
  {
    id: serial('id').primaryKey(),
    // Legacy `noreg`.
    registrationNo: text('registration_no').notNull().unique(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    doctorId: integer('doctor_id').references(() => doctors.id),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    // Legacy `icdkt1..3`: diagnosis texts in order.
    diagnoses: text('diagnoses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Legacy `lunas = 'BATAL'`.
    cancelled: boolean('cancelled').notNull().default(false),
    // Legacy `vaksin`: 0 none, above 0 vaccinated (dose count).
    vaccination: integer('vaccination').notNull().default(0),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outpatient_visits_patient').on(t.patientId, t.visitDate),
    index('outpatient_visits_date').on(t.visitDate),
  ],
);
