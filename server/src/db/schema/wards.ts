import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { doctors } from './clinics.js';
import { patients } from './patients.js';

// Legacy `master_ruangkd`. Occupancy is never stored: it is derived from admissions.
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    // BPJS bed class code: VVP, VIP, UTM, KL1, KL2, KL3, ICU, ICC, NIC, PIC, HCU, ISO…
    class: text('class').notNull(),
    capacity: integer('capacity').notNull(),
    // Set for single-sex rooms.
    sex: text('sex', { enum: ['L', 'P'] }),
    // BPJS Aplicares room code (`koderuang`; `kodekelas` is the class): rooms without it are not reported.
    bpjsRoomCode: text('bpjs_room_code'),
    // Last change of the room itself (name, class, capacity, codes); admissions date the bed board.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('rooms_capacity_positive', sql`${t.capacity} > 0`),
    uniqueIndex('rooms_bpjs_room_code')
      .on(t.bpjsRoomCode)
      .where(sql`${t.deletedAt} is null`),
  ],
);

// Legacy `bil_ri_xbinap`: an inpatient stay; current while not discharged.
export const admissions = pgTable(
  'admissions',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    registrationNo: text('registration_no').notNull().unique(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    // The bed within the room (1 … the room's capacity) of a stay the ward desk admitted or moved; null
    // for a stay from the legacy data or the SIMRS (`bil_ri_xbinap` has no bed column).
    bed: integer('bed'),
    // The DPJP (dokter penanggung jawab pelayanan): the attending doctor, chosen at admission, changeable.
    dpjpId: integer('dpjp_id').references(() => doctors.id),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }),
    // How the ward desk discharged the stay (`dischargeReasons` of the contract) and a note.
    dischargeReason: text('discharge_reason', {
      enum: ['recovered', 'own_request', 'referred', 'died', 'other'],
    }),
    dischargeNote: text('discharge_note'),
    // Last admission, transfer or discharge: the bed board's "last change".
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // A stay the legacy database marked deleted (`sr_deleted`): kept for the record, never current.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admissions_one_current_per_patient')
      .on(t.patientId)
      .where(sql`${t.dischargedAt} is null and ${t.deletedAt} is null`),
    // At most one current stay per bed of a room: two nurses admitting into one bed at the same moment
    // cannot both succeed, whatever the desk checked before.
    uniqueIndex('admissions_one_current_per_bed')
      .on(t.roomId, t.bed)
      .where(sql`${t.dischargedAt} is null and ${t.deletedAt} is null and ${t.bed} is not null`),
    check('admissions_bed_positive', sql`${t.bed} >= 1`),
    check(
      'admissions_discharge_reason',
      sql`${t.dischargeReason} in ('recovered', 'own_request', 'referred', 'died', 'other')`,
    ),
    index('admissions_current_by_room')
      .on(t.roomId)
      .where(sql`${t.dischargedAt} is null and ${t.deletedAt} is null`),
    // Inpatient history: of a patient, and of all patients by admission date.
    index('admissions_patient').on(t.patientId, t.admittedAt),
    index('admissions_admitted_at').on(t.admittedAt),
    index('admissions_room_admitted_at').on(t.roomId, t.admittedAt),
  ],
);

// Registration numbers of new stays: RI + 8 digits, never reused.
export const inpatientRegistrationSeq = pgSequence('inpatient_registration_seq', { startWith: 1 });
