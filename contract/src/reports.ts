import { z } from 'zod';
import { payers, registrationSources, registrationStatuses } from './constants.js';
import { staffRefSchema } from './duty.js';
import {
  clinicSchema,
  payerSchema,
  registrationSourceSchema,
  registrationStatusSchema,
} from './registration.js';
import { hospitalDate, pageQuery } from './text.js';

// The hospital-wide lists of the medical records desk (roles `records` and `admin`): outpatient visits,
// inpatient stays and bookings of a date range, with their counts per day and a CSV export.

/** The longest range a list or an export covers, in years. */
export const REPORT_MAX_YEARS = 1;

/** What is wrong with a range, or null: the start after the end, or a range longer than REPORT_MAX_YEARS. */
export function reportRangeProblem(from: string, to: string): string | null {
  if (from > to) return 'Tanggal akhir tidak boleh sebelum tanggal awal.';
  // The same calendar day REPORT_MAX_YEARS later is one day too many (a year from 1 March ends 28/29 February).
  const limit = `${Number(from.slice(0, 4)) + REPORT_MAX_YEARS}${from.slice(4)}`;
  if (to >= limit) return `Rentang tanggal paling lama ${REPORT_MAX_YEARS} tahun.`;
  return null;
}

const reportDate = (label: string) =>
  hospitalDate(
    z.iso.date({
      error: (issue) =>
        issue.input === undefined ? `${label} wajib diisi.` : 'Tanggal harus berformat YYYY-MM-DD.',
    }),
  );

const range = {
  /** First day (YYYY-MM-DD), inclusive. */
  from: reportDate('Tanggal awal'),
  /** Last day (YYYY-MM-DD), inclusive. */
  to: reportDate('Tanggal akhir'),
};

const checkRange = (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = reportRangeProblem(query.from, query.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};

const idFilter = (label: string) =>
  z.coerce
    .number({ error: `${label} tidak dikenal.` })
    .int(`${label} tidak dikenal.`)
    .positive(`${label} tidak dikenal.`)
    .max(2_147_483_647, `${label} tidak dikenal.`)
    .optional();

/** A patient group's code (legacy `golpaskd`, the reference list of kind `patient_group`). */
const patientGroupFilter = z
  .string()
  .trim()
  .min(1, 'Kode golongan pasien wajib diisi.')
  .max(20, 'Kode golongan pasien paling panjang 20 karakter.')
  .optional();

const outpatientFilters = z.object({
  ...range,
  clinicId: idFilter('Poli'),
  /** The patient's group (see the rows' `patientGroup`). */
  patientGroup: patientGroupFilter,
  /** `true` only cancelled (BATAL) visits, `false` only the others; all when absent. */
  cancelled: z.enum(['true', 'false'], { error: 'Filter batal: true atau false.' }).optional(),
});

/** Outpatient visits by visit date; the export takes the same filters without the page. */
export const outpatientReportQuerySchema = outpatientFilters.extend(pageQuery).superRefine(checkRange);
export type OutpatientReportQuery = z.infer<typeof outpatientReportQuerySchema>;
export const outpatientExportQuerySchema = outpatientFilters.superRefine(checkRange);
export type OutpatientReportFilter = z.infer<typeof outpatientExportQuerySchema>;

const inpatientFilters = z.object({
  ...range,
  /** One room, by its code. */
  roomCode: z.string().trim().min(1, 'Kode ruang wajib diisi.').max(40).optional(),
  patientGroup: patientGroupFilter,
});

/** Inpatient stays admitted on the days of the range (the hospital's time zone); the export takes the same filters. */
export const inpatientReportQuerySchema = inpatientFilters.extend(pageQuery).superRefine(checkRange);
export type InpatientReportQuery = z.infer<typeof inpatientReportQuerySchema>;
export const inpatientExportQuerySchema = inpatientFilters.superRefine(checkRange);
export type InpatientReportFilter = z.infer<typeof inpatientExportQuerySchema>;

const bookingFilters = z.object({
  ...range,
  source: z.enum(registrationSources, { error: 'Saluran pendaftaran tidak dikenal.' }).optional(),
  clinicId: idFilter('Poli'),
  status: z.enum(registrationStatuses, { error: 'Status pendaftaran tidak dikenal.' }).optional(),
  payer: z.enum(payers, { error: 'Penjamin harus JKN atau UMUM.' }).optional(),
});

/** Bookings by the day of the visit booked; the export takes the same filters. */
export const bookingReportQuerySchema = bookingFilters.extend(pageQuery).superRefine(checkRange);
export type BookingReportQuery = z.infer<typeof bookingReportQuerySchema>;
export const bookingExportQuerySchema = bookingFilters.superRefine(checkRange);
export type BookingReportFilter = z.infer<typeof bookingExportQuerySchema>;

/** How many rows fall on each day of the range, every day listed (0 when none), oldest first. */
export const dailyCountSchema = z.object({ date: z.string(), count: z.number().int() });
export type DailyCount = z.infer<typeof dailyCountSchema>;

const reportPatientSchema = z.object({ id: z.number().int(), mrn: z.string(), name: z.string() });

/**
 * The patient's group (legacy `golpaskd` / `golpaskt`: BPJS, UMUM, TNI AD, …): who pays, as the hospital
 * reports it. Either part may be missing on old records.
 */
export const reportPatientGroupSchema = z.object({
  code: z.string().nullable(),
  name: z.string().nullable(),
});

export const outpatientReportRowSchema = z.object({
  id: z.number().int(),
  /** The visit date (YYYY-MM-DD). */
  date: z.string(),
  registrationNo: z.string(),
  patient: reportPatientSchema,
  patientGroup: reportPatientGroupSchema,
  clinic: clinicSchema,
  doctor: staffRefSchema.nullable(),
  diagnoses: z.array(z.string()),
  /** Legacy `lunas = 'BATAL'`. */
  cancelled: z.boolean(),
});
export type OutpatientReportRow = z.infer<typeof outpatientReportRowSchema>;

export const outpatientReportSchema = z.object({
  items: z.array(outpatientReportRowSchema),
  /** Rows of the whole filter (the sum of `perDay`). */
  total: z.number().int(),
  perDay: z.array(dailyCountSchema),
});
export type OutpatientReport = z.infer<typeof outpatientReportSchema>;

export const inpatientReportRowSchema = z.object({
  id: z.number().int(),
  /** The admission day (YYYY-MM-DD, the hospital's time zone). */
  date: z.string(),
  registrationNo: z.string(),
  patient: reportPatientSchema,
  patientGroup: reportPatientGroupSchema,
  room: z.object({ code: z.string(), name: z.string(), class: z.string() }),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  /** Nights from admission to discharge, or to today while the patient is still admitted. */
  lengthOfStay: z.number().int(),
});
export type InpatientReportRow = z.infer<typeof inpatientReportRowSchema>;

export const inpatientReportSchema = z.object({
  items: z.array(inpatientReportRowSchema),
  total: z.number().int(),
  perDay: z.array(dailyCountSchema),
});
export type InpatientReport = z.infer<typeof inpatientReportSchema>;

export const bookingReportRowSchema = z.object({
  id: z.number().int(),
  /** The day of the visit booked (YYYY-MM-DD). */
  date: z.string(),
  /** `XXXX-XXXX`. */
  bookingCode: z.string(),
  queueNumber: z.string(),
  patient: reportPatientSchema,
  clinic: clinicSchema,
  doctor: staffRefSchema,
  source: registrationSourceSchema,
  status: registrationStatusSchema,
  payer: payerSchema,
  /** When it was booked. */
  createdAt: z.string(),
});
export type BookingReportRow = z.infer<typeof bookingReportRowSchema>;

export const bookingReportSchema = z.object({
  items: z.array(bookingReportRowSchema),
  total: z.number().int(),
  perDay: z.array(dailyCountSchema),
  /** Bookings of the filter per status, whatever status the filter keeps: every status listed. */
  perStatus: z.array(z.object({ status: registrationStatusSchema, count: z.number().int() })),
});
export type BookingReport = z.infer<typeof bookingReportSchema>;

/** The patient groups a list can be narrowed to: the reference list of kind `patient_group`. */
export const reportPatientGroupListSchema = z.array(z.object({ code: z.string(), name: z.string() }));
export type ReportPatientGroup = z.infer<typeof reportPatientGroupListSchema>[number];
