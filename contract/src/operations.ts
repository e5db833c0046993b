import { z } from 'zod';
import { operationStatuses } from './constants.js';
import { staffRefSchema } from './duty.js';
import { calendarDateSchema, clockTimeSchema } from './registration.js';
import { recordId, requiredText } from './text.js';

export const operationStatusSchema = z.enum(operationStatuses, {
  error: 'Status harus Menunggu, Sedang Berlangsung atau Selesai.',
});

/**
 * What the list can be narrowed to: one of the states (operations not cancelled), or `Batal`
 * (the cancelled ones, whatever state they were in).
 */
export const operationFilters = [...operationStatuses, 'Batal'] as const;
export type OperationFilter = (typeof operationFilters)[number];

export const operationListQuerySchema = z.object({
  date: calendarDateSchema,
  status: z.enum(operationFilters).optional(),
});

/** The patient as the theatre staff see them; the public schedule never carries any of it. */
export const operationPatientSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: z.enum(['L', 'P']),
  /** Null only for a patient imported from the old portal without a readable birth date. */
  birthDate: z.string().nullable(),
});
export type OperationPatient = z.infer<typeof operationPatientSchema>;
export const operationPatientListSchema = z.array(operationPatientSchema);
export const operationPatientQuerySchema = z.object({
  q: z.string().trim().min(2, 'Ketik minimal 2 huruf atau angka.').max(100),
});

/** Doctors who may be named as the operating surgeon. */
export const surgeonListSchema = z.array(staffRefSchema);
export type Surgeon = z.infer<typeof staffRefSchema>;

export const operationSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  /** Place in the day's list, 1 first. */
  queueOrder: z.number().int(),
  patient: operationPatientSchema,
  procedure: z.string(),
  surgeon: staffRefSchema.nullable(),
  theatre: z.string(),
  /** HH:MM, or null when not planned. */
  plannedStart: z.string().nullable(),
  status: operationStatusSchema,
  cancelled: z.boolean(),
  cancelReason: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationListSchema = z.array(operationSchema);

export const operationInputSchema = z.object({
  date: calendarDateSchema,
  patientId: recordId('Pasien wajib dipilih.'),
  procedure: requiredText('Tindakan', 200),
  surgeonId: recordId().nullable().optional(),
  theatre: requiredText('Kamar operasi', 40),
  plannedStart: clockTimeSchema.nullable().optional(),
});
export type OperationInput = z.infer<typeof operationInputSchema>;

export const operationReorderSchema = z.object({
  date: calendarDateSchema,
  ids: z
    .array(recordId())
    .min(1, 'Urutan operasi wajib diisi.')
    .max(500, 'Paling banyak 500 operasi sehari.'),
});
export type OperationReorder = z.infer<typeof operationReorderSchema>;

export const operationStatusChangeSchema = z.object({ status: operationStatusSchema });

export const operationCancelSchema = z.object({ reason: requiredText('Alasan pembatalan', 200) });

/** One line of the public board: the operation without anything that names or points at the patient. */
export const publicOperationSchema = z.object({
  order: z.number().int(),
  theatre: z.string(),
  procedure: z.string(),
  surgeon: z.string().nullable(),
  plannedStart: z.string().nullable(),
  status: operationStatusSchema,
  cancelled: z.boolean(),
});
export type PublicOperation = z.infer<typeof publicOperationSchema>;
export const publicOperatingScheduleSchema = z.object({
  date: z.string(),
  operations: z.array(publicOperationSchema),
});
export type PublicOperatingSchedule = z.infer<typeof publicOperatingScheduleSchema>;
