import { z } from 'zod';
import { calendarDateSchema } from './registration.js';
import { idParam, pageQuery } from './text.js';

// Staff security: the sessions an admin may end, each person's own logins and failed attempts, and the audit
// of who read which patient's data.

const idSchema = idParam();

/** A live session of a staff member (not ended, not past its end, not idle too long). */
export const staffSessionSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  /** Kept to the minute: a session is touched at most once a minute. */
  lastSeenAt: z.string(),
  /** When the session ends however busy it is (`SESSION_MAX_HOURS` after login). */
  expiresAt: z.string(),
  address: z.string(),
  userAgent: z.string().nullable(),
  /** The session of the caller: ending it logs the caller out. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionListSchema = z.array(staffSessionSchema);

export const staffSessionParamsSchema = z.object({ id: idSchema, sessionId: idSchema });

export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** Why a staff password was checked: a login, a duty handover, a password change. */
export const passwordCheckKinds = ['login', 'handover', 'password'] as const;
export type PasswordCheckKind = (typeof passwordCheckKinds)[number];
/** A throttled attempt was refused without checking the password. */
export const passwordCheckOutcomes = ['success', 'failed', 'throttled'] as const;
export type PasswordCheckOutcome = (typeof passwordCheckOutcomes)[number];

export const ownAttemptQuerySchema = z.object({
  outcome: z.enum(passwordCheckOutcomes).optional(),
  ...pageQuery,
});
export type OwnAttemptQuery = z.infer<typeof ownAttemptQuerySchema>;

/** One check of the caller's own password, by whatever route it came. */
export const ownAttemptSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(passwordCheckKinds),
  outcome: z.enum(passwordCheckOutcomes),
  address: z.string(),
});
export type OwnAttempt = z.infer<typeof ownAttemptSchema>;
export const ownAttemptPageSchema = z.object({ items: z.array(ownAttemptSchema), total: z.number().int() });
export type OwnAttemptPage = z.infer<typeof ownAttemptPageSchema>;

/**
 * What a staff member read of patients' data: a patient search, a patient's record, visit history, one visit,
 * bookings, change history, a merge preview, or a hospital-wide visit list (`report`) or its CSV (`export`).
 */
export const patientReadKinds = [
  'search',
  'record',
  'visits',
  'visit',
  'bookings',
  'changes',
  'merge',
  'report',
  'export',
] as const;
export type PatientReadKind = (typeof patientReadKinds)[number];

/** What was asked for: the criteria of a search, the filters of a list; values as they were sent. */
export const patientReadCriteriaSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type PatientReadCriteria = z.infer<typeof patientReadCriteriaSchema>;

/** A range of days whose end lies before its start. */
export const RANGE_BACKWARDS = 'Tanggal akhir tidak boleh sebelum tanggal awal.';

export const patientReadQuerySchema = z
  .object({
    /** Part of the staff member's name or username, in any case. */
    staff: z.string().trim().max(100, 'Petugas paling panjang 100 karakter.').optional(),
    /** The patient's medical record number (also without its leading zeros) or part of the name. */
    patient: z.string().trim().max(100, 'Pasien paling panjang 100 karakter.').optional(),
    kind: z.enum(patientReadKinds).optional(),
    /** First and last day (the hospital's time zone), inclusive. */
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    ...pageQuery,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: RANGE_BACKWARDS,
  });
export type PatientReadQuery = z.infer<typeof patientReadQuerySchema>;

const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const patientReadSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(patientReadKinds),
  staff: personRefSchema.extend({ username: z.string().nullable() }),
  /** The patient whose data was read; null for a search or a hospital-wide list. */
  patient: personRefSchema.extend({ mrn: z.string() }).nullable(),
  criteria: patientReadCriteriaSchema.nullable(),
  address: z.string(),
});
export type PatientRead = z.infer<typeof patientReadSchema>;
export const patientReadPageSchema = z.object({ items: z.array(patientReadSchema), total: z.number().int() });
export type PatientReadPage = z.infer<typeof patientReadPageSchema>;
