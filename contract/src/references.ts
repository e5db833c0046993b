import { z } from 'zod';
import { requiredText } from './text.js';

// The legacy code lists that patients carry a code of: patient groups (`golpas`), military units (`satuan`),
// ranks (`pangkat`) and companies (`perusahaan`). Admins keep them; the patient form offers them.

export const referenceKinds = ['patient_group', 'unit', 'rank', 'company'] as const;
export type ReferenceKind = (typeof referenceKinds)[number];
export const referenceKindSchema = z.enum(referenceKinds, {
  error: 'Jenis daftar harus patient_group, unit, rank atau company.',
});

/** Codes are kept in capitals (as the legacy lists): any case is taken and stored upper-cased. */
export const referenceCodeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Kode wajib diisi.' : undefined) })
  .trim()
  .min(1, 'Kode wajib diisi.')
  .max(20, 'Kode paling panjang 20 karakter.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9./-]*$/, 'Kode hanya huruf, angka, titik, garis miring atau tanda hubung.');

export const referenceEntrySchema = z.object({
  id: z.number().int(),
  kind: referenceKindSchema,
  code: z.string(),
  name: z.string(),
  /** False once retired: kept for the patients that carry it, no longer offered for new choices. */
  active: z.boolean(),
});
export type ReferenceEntry = z.infer<typeof referenceEntrySchema>;
export const referenceListSchema = z.array(referenceEntrySchema);

/** One list by code; retired codes only when asked (`includeRetired=true`, the admins' screen). */
export const referenceListQuerySchema = z.object({
  kind: referenceKindSchema,
  includeRetired: z.enum(['true', 'false']).optional(),
});
export type ReferenceListQuery = z.infer<typeof referenceListQuerySchema>;

/** A new code; adding a retired code again brings it back under the name given. */
export const referenceInputSchema = z.object({
  kind: referenceKindSchema,
  code: referenceCodeSchema,
  name: requiredText('Nama', 100),
});
export type ReferenceInput = z.infer<typeof referenceInputSchema>;

/** A code stays what it is (patients carry it); only its name changes. */
export const referenceRenameSchema = z.object({ name: requiredText('Nama', 100) });
export type ReferenceRename = z.infer<typeof referenceRenameSchema>;
