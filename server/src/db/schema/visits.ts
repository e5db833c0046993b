import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { clinics, doctors } from './clinics.js';
import { patients } from './patients.js';

// Legacy `bil_rj_xbjalan`.
export const outpatientVisits = pgTable(
  'outpatient_visits',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
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
    // Legacy `tglkeluar`, `tgllapor` and `jam` (the registration time).
    dischargeDate: date('discharge_date', { mode: 'string' }),
    reportDate: date('report_date', { mode: 'string' }),
    visitTime: time('visit_time'),
    // Legacy `icopkd2..4` / `icopkt2, icopkt4`: ICD-9-CM procedure codes with their texts, in order.
    procedures: jsonb('procedures')
      .$type<{ code: string | null; name: string | null }[]>()
      .notNull()
      .default([]),
    // Legacy `lunas = 'BATAL'`; the other `lunas` values (payment state) are kept as written.
    cancelled: boolean('cancelled').notNull().default(false),
    paymentStatus: text('payment_status'),
    // Legacy `kunci`: the record was closed by billing.
    locked: boolean('locked').notNull().default(false),
    // Legacy `userkd` / `userkt`: the clerk who registered the visit; `cetakby`: who printed it.
    clerkCode: text('clerk_code'),
    clerkName: text('clerk_name'),
    printedBy: text('printed_by'),
    // Legacy `surat`: the referral or control letter number.
    letterNo: text('letter_no'),
    // The patient's group (legacy `golpaskd`: BPJS, UMUM, TNI AD, …) on the day the visit was recorded: who
    // paid this visit, as the hospital reports it. A trigger copies it from the patient on every insert
    // (migration 0013), so that no way of recording a visit can forget it.
    patientGroupCode: text('patient_group_code'),
    // Legacy `vaksin`: 0 none, above 0 vaccinated (dose count).
    vaccination: integer('vaccination').notNull().default(0),
    notes: text('notes'),
    // Legacy `sr_recno`; `sr_deleted` rows arrive deleted.
    legacyRecNo: integer('legacy_rec_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('outpatient_visits_patient').on(t.patientId, t.visitDate),
    index('outpatient_visits_date').on(t.visitDate),
    index('outpatient_visits_clinic_date').on(t.clinicId, t.visitDate),
    index('outpatient_visits_group_date').on(t.patientGroupCode, t.visitDate),
  ],
);

// Legacy `bil_rj_ztjalan` (outpatient, kind RJ) and `bil_ri_ztinap` (inpatient, kind RI): the lines of
// a visit or stay (services, drugs, materials), keyed by the visit's `noreg`.
export const visitItems = pgTable(
  'visit_items',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    kind: text('kind', { enum: ['RJ', 'RI'] }).notNull(),
    // Legacy `noreg` of the outpatient visit (RJ) or the inpatient stay (RI).
    registrationNo: text('registration_no').notNull(),
    // Legacy `sr_recno`: the line's key.
    legacyRecNo: integer('legacy_rec_no').notNull(),
    code: text('code'),
    name: text('name').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    // Whole Rupiah.
    price: integer('price').notNull(),
    amount: integer('amount').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    unique('visit_items_kind_rec_no').on(t.kind, t.legacyRecNo),
    check('visit_items_kind', sql`${t.kind} in ('RJ', 'RI')`),
    index('visit_items_registration').on(t.registrationNo),
  ],
);
