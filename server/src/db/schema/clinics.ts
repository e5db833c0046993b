import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const clinics = pgTable(
  'clinics',
  {
    id: serial('id').primaryKey(),
    // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
    // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
    importRun: integer('import_run'),
    // Hospital's own clinic code (legacy `polikd`), e.g. "INT".
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    // BPJS poli (sub-specialist) code and name (legacy `kd_poli_bpjs`, `nm_poli_bpjs`), e.g. "INT".
    bpjsCode: text('bpjs_code'),
    bpjsName: text('bpjs_name'),
    // Prefix of the queue numbers, e.g. "INT" in "INT-012".
    queuePrefix: text('queue_prefix').notNull(),
    // A waiting patient gets "your number is near" on WhatsApp when this many patients are ahead (0: never).
    notifyAhead: integer('notify_ahead').notNull().default(3),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [check('clinics_notify_ahead', sql`${t.notifyAhead} between 0 and 50`)],
);

export const doctors = pgTable('doctors', {
  id: serial('id').primaryKey(),
  // The legacy import run (`legacy_imports`) that wrote the row; negated once the portal changes it
  // (a trigger), null for a row the portal created. An import overwrites only rows with a positive one.
  importRun: integer('import_run'),
  // The hospital's own doctor code (legacy doctor master `kode`); null for doctors added in the portal.
  code: text('code').unique(),
  name: text('name').notNull(),
  // BPJS doctor code and name (legacy `kd_dokter_bpjs`, `nm_dokter_bpjs`).
  bpjsCode: text('bpjs_code').unique(),
  bpjsName: text('bpjs_name'),
  // The clinic the doctor mainly serves; schedules may place them elsewhere too.
  clinicId: integer('clinic_id')
    .notNull()
    .references(() => clinics.id),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
