import type { Sep } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clinics, doctors } from './clinics.js';
import { patients } from './patients.js';
import { staff } from './staff.js';

const registrationStatuses = ['BOOKED', 'CHECKED_IN', 'CALLED', 'SERVED', 'CANCELLED', 'NO_SHOW'] as const;
// WEB: the website (and kiosk); MJKN: Mobile JKN; DESK: the registration counter for a walk-in patient.
export const registrationSources = ['WEB', 'MJKN', 'DESK'] as const;
const prescriptionTypes = ['racikan', 'non racikan'] as const;
// The contract's `admissionTicketKinds`: the walk-in numbers' lanes.
const admissionTicketKinds = ['PRIORITAS', 'BPJS', 'UMUM'] as const;

// A doctor's weekly outpatient session in a clinic (legacy `jadwal dokter`), with its quotas.
export const doctorSchedules = pgTable(
  'doctor_schedules',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id),
    // ISO weekday: 1 Monday … 7 Sunday.
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    quotaJkn: integer('quota_jkn').notNull(),
    quotaNonJkn: integer('quota_non_jkn').notNull(),
    minutesPerPatient: integer('minutes_per_patient').notNull().default(10),
    // Inactive schedules keep their bookings but take no new ones.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('doctor_schedules_weekday', sql`${t.weekday} between 1 and 7`),
    check('doctor_schedules_hours', sql`${t.startTime} < ${t.endTime}`),
    check('doctor_schedules_quotas', sql`${t.quotaJkn} >= 0 and ${t.quotaNonJkn} >= 0`),
    check('doctor_schedules_minutes', sql`${t.minutesPerPatient} > 0`),
    index('doctor_schedules_clinic_weekday').on(t.clinicId, t.weekday),
  ],
);

// Days without outpatient service: the whole hospital (no clinic, no doctor), a clinic, or a doctor (leave).
export const closedDates = pgTable(
  'closed_dates',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    clinicId: integer('clinic_id').references(() => clinics.id),
    doctorId: integer('doctor_id').references(() => doctors.id),
    reason: text('reason').notNull(),
  },
  (t) => [index('closed_dates_date').on(t.date)],
);

/**
 * One schedule on one date: the quota counters and the last queue sequence handed out. Booking is a
 * conditional UPDATE of this row (`used < quota`), so concurrent bookings queue on its row lock and
 * can neither oversell nor skip a sequence number; the checks hold even against a faulty writer.
 */
export const queueSessions = pgTable(
  'queue_sessions',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => doctorSchedules.id),
    date: date('date', { mode: 'string' }).notNull(),
    // Copied from the schedule when the first booking opens the session; schedule edits follow it.
    quotaJkn: integer('quota_jkn').notNull(),
    quotaNonJkn: integer('quota_non_jkn').notNull(),
    usedJkn: integer('used_jkn').notNull().default(0),
    usedNonJkn: integer('used_non_jkn').notNull().default(0),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [
    unique('queue_sessions_schedule_date').on(t.scheduleId, t.date),
    check('queue_sessions_jkn_quota', sql`${t.usedJkn} between 0 and ${t.quotaJkn}`),
    check('queue_sessions_non_jkn_quota', sql`${t.usedNonJkn} between 0 and ${t.quotaNonJkn}`),
    check('queue_sessions_seq', sql`${t.lastSeq} >= 0`),
    index('queue_sessions_date').on(t.date),
  ],
);

// A clinic's queue numbers of a day: every doctor's session of the clinic that day numbers from this one row,
// taken by the booking's statement after the session's place (always in that order), so that the waiting
// room's board and its call ("INT-001, silakan ke Poli Penyakit Dalam") never name two patients. A session
// keeps its own count of places (`queue_sessions.last_seq`) for the estimated times.
export const clinicQueueDays = pgTable(
  'clinic_queue_days',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    date: date('date', { mode: 'string' }).notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.date] }),
    check('clinic_queue_days_seq', sql`${t.lastSeq} >= 0`),
  ],
);

// An outpatient booking and its place in the queue (legacy `ntrol_referensi_mobilejkn_bpjs`).
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    // Booking code (legacy `kodebooking`), stored without the dash: random, never sequential.
    code: text('code').notNull().unique(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => queueSessions.id),
    // Copied from the session's schedule, for the one-booking-per-day rule and the desk's lists.
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id),
    date: date('date', { mode: 'string' }).notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    // A patient new to the hospital (created by this booking, or just registered by Mobile JKN's
    // `pasienbaru`): they pass the admission counter first (tasks 1–2).
    newPatient: boolean('new_patient').notNull(),
    payer: text('payer', { enum: ['JKN', 'UMUM'] }).notNull(),
    // Legacy `nomorkartu` and `nomorreferensi` (the referral or control letter).
    bpjsCardNo: text('bpjs_card_no'),
    referralNo: text('referral_no'),
    // Legacy `jeniskunjungan`: 1 rujukan FKTP, 2 rujukan internal, 3 kontrol, 4 rujukan antar RS.
    visitType: smallint('visit_type'),
    source: text('source', { enum: registrationSources }).notNull().default('WEB'),
    // The clerk who booked at the counter (source DESK); null for the patient's own bookings.
    staffId: integer('staff_id').references(() => staff.id),
    // True when the booking was reported to BPJS (`antrean/add`), so its task times follow it.
    bpjsReported: boolean('bpjs_reported').notNull().default(false),
    // A JKN booking made while BPJS's VClaim did not answer: its card and referral passed the format checks
    // only ("belum dicek BPJS"). The recheck job asks VClaim again and clears it.
    vclaimPending: boolean('vclaim_pending').notNull().default(false),
    // What VClaim found wrong when asked later (card not active, referral expired…): the booking stands
    // and the clerk sees why.
    vclaimProblem: text('vclaim_problem'),
    // Sent to the pharmacy after the doctor (BPJS `jenisresep`), with the pharmacy's queue number of the day.
    prescriptionType: text('prescription_type', { enum: prescriptionTypes }),
    pharmacySeq: integer('pharmacy_seq'),
    phone: text('phone').notNull(),
    // Legacy `angkaantrean`; the queue number (`nomorantrean`) is the clinic prefix and this.
    queueSeq: integer('queue_seq').notNull(),
    queueNumber: text('queue_number').notNull(),
    // Legacy `estimasidilayani`.
    estimatedAt: timestamp('estimated_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: registrationStatuses }).notNull().default('BOOKED'),
    // The last BPJS task id in force (legacy `taskid`); null until check-in.
    taskId: smallint('task_id'),
    // The clinic desk called the number again ("Panggil ulang"): the board says it again. No task stamp.
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('registrations_session_seq').on(t.sessionId, t.queueSeq),
    // A booking cancelled or not come holds nothing: the patient may book that clinic and day again.
    uniqueIndex('registrations_one_per_patient_clinic_date')
      .on(t.patientId, t.clinicId, t.date)
      .where(sql`${t.status} not in ('CANCELLED', 'NO_SHOW')`),
    check(
      'registrations_status',
      sql`${t.status} in ('BOOKED', 'CHECKED_IN', 'CALLED', 'SERVED', 'CANCELLED', 'NO_SHOW')`,
    ),
    check('registrations_payer', sql`${t.payer} in ('JKN', 'UMUM')`),
    check('registrations_source', sql`${t.source} in ('WEB', 'MJKN', 'DESK')`),
    check('registrations_visit_type', sql`${t.visitType} between 1 and 4`),
    check(
      'registrations_pharmacy',
      sql`(${t.prescriptionType} is null) = (${t.pharmacySeq} is null) and ${t.prescriptionType} in ('racikan', 'non racikan')`,
    ),
    uniqueIndex('registrations_pharmacy_day_seq')
      .on(t.date, t.pharmacySeq)
      .where(sql`${t.pharmacySeq} is not null`),
    check('registrations_seq', sql`${t.queueSeq} > 0`),
    index('registrations_clinic_date').on(t.clinicId, t.date),
    // A patient's bookings of every status and channel (the records desk's booking history).
    index('registrations_patient_date').on(t.patientId, t.date),
    index('registrations_address_created').on(t.address, t.createdAt),
    // The hospital-wide booking list: by date, optionally one channel.
    index('registrations_date_source').on(t.date, t.source),
    // The bookings of a referral or control letter: one in use books no second (Mobile JKN's rule).
    index('registrations_referral')
      .on(t.referralNo)
      .where(sql`${t.referralNo} is not null`),
    // The bookings the recheck job still has to ask VClaim about.
    index('registrations_vclaim_pending')
      .on(t.date)
      .where(sql`${t.vclaimPending}`),
  ],
);

/**
 * Every task stamp of a booking, kept with the state it replaced so that the desk can undo its last
 * action; an undone stamp stays, marked, for the record. Times only increase per booking.
 */
export const queueEvents = pgTable(
  'queue_events',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => queueSessions.id),
    taskId: smallint('task_id').notNull(),
    status: text('status', { enum: registrationStatuses }).notNull(),
    previousStatus: text('previous_status', { enum: registrationStatuses }).notNull(),
    previousTaskId: smallint('previous_task_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // The desk clerk; null for the patient's own check-in or cancellation.
    staffId: integer('staff_id').references(() => staff.id),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => staff.id),
    // The step made a provisional patient a patient on record (the counter checked the KTP): its undo
    // makes them provisional again.
    confirmedPatient: boolean('confirmed_patient').notNull().default(false),
  },
  (t) => [
    check('queue_events_task', sql`${t.taskId} in (1, 2, 3, 4, 5, 6, 7, 99)`),
    index('queue_events_registration').on(t.registrationId, t.at),
    index('queue_events_session').on(t.sessionId, t.id),
  ],
);

// The pharmacy's queue of a day: one counter row per date, taken with one UPDATE like a session's.
export const pharmacyDays = pgTable(
  'pharmacy_days',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [check('pharmacy_days_seq', sql`${t.lastSeq} >= 0`)],
);

// The admission counter's tickets for walk-in patients without a booking (taken at the lobby kiosk): each
// kind (BPJS, Umum, Prioritas) numbers its own per day from one counter row taken under its row lock, like a
// session's; each ticket after the first of its kind points at the one before it, so the database itself
// refuses a gap or a repeat within a kind.
const admissionKinds = sql`in ('PRIORITAS', 'BPJS', 'UMUM')`;
export const admissionDays = pgTable(
  'admission_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: admissionTicketKinds }).notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.kind] }),
    check('admission_days_seq', sql`${t.lastSeq} >= 0`),
    check('admission_days_kind', sql`${t.kind} ${admissionKinds}`),
  ],
);

export const admissionTickets = pgTable(
  'admission_tickets',
  {
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: admissionTicketKinds }).notNull(),
    seq: integer('seq').notNull(),
    previousSeq: integer('previous_seq'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    // Called to a counter (loket) of the admission desk, by whom, and finished there.
    counter: smallint('counter'),
    calledAt: timestamp('called_at', { withTimezone: true }),
    calledBy: integer('called_by').references(() => staff.id),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.kind, t.seq] }),
    check('admission_tickets_kind', sql`${t.kind} ${admissionKinds}`),
    check(
      'admission_tickets_call',
      sql`(${t.calledAt} is null) = (${t.counter} is null) and (${t.doneAt} is null or ${t.calledAt} is not null)`,
    ),
    // One number at a time at a counter: a counter's next call finishes the one before.
    uniqueIndex('admission_tickets_at_counter')
      .on(t.date, t.counter)
      .where(sql`${t.counter} is not null and ${t.doneAt} is null`),
    foreignKey({
      name: 'admission_tickets_previous',
      columns: [t.date, t.kind, t.previousSeq],
      foreignColumns: [t.date, t.kind, t.seq],
    }),
    check('admission_tickets_chain', sql`${t.seq} >= 1 and coalesce(${t.previousSeq}, 0) = ${t.seq} - 1`),
  ],
);

// New medical record numbers for patients registered online; six digits and more, never reused.
export const patientMrnSeq = pgSequence('patient_mrn_seq', { startWith: 1 });

/** What an issued SEP's printout shows, as it was issued or last changed (the contract's `Sep` less its keys). */
export type SepRecord = Omit<Sep, 'number' | 'date' | 'bookingCode' | 'issuedAt' | 'issuedBy'>;

/**
 * The SEP of a JKN booking: one per booking (its key), so that two clicks or two clerks never issue two. The
 * row is written before VClaim is asked (`number` null: being issued, since `claimedAt`), so that a second
 * request finds it and does not ask again; a refused or unanswered issue removes it, and one left behind by
 * a crash is taken over after a while. A deleted SEP's row goes (the audit log keeps it), so that the
 * booking may get a new one.
 */
export const registrationSeps = pgTable(
  'registration_seps',
  {
    registrationId: integer('registration_id')
      .primaryKey()
      .references(() => registrations.id),
    // BPJS `noSep`, 19 characters; null while VClaim is being asked.
    number: text('number').unique(),
    // BPJS `tglSep`: the day it was issued; it is changed or deleted that day only.
    date: date('date', { mode: 'string' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    // The clerk who issued it; null for the patient's own at the lobby kiosk.
    staffId: integer('staff_id').references(() => staff.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    record: jsonb('record').$type<SepRecord>(),
  },
  (t) => [
    check(
      'registration_seps_issued',
      sql`(${t.number} is null) = (${t.date} is null) and (${t.number} is null) = (${t.record} is null) and (${t.number} is null) = (${t.issuedAt} is null)`,
    ),
  ],
);
