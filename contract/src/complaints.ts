import { z } from 'zod';
import { complaintStatuses } from './constants.js';
import { staffRefSchema } from './duty.js';
import { phoneSchema } from './staff.js';
import { optionalText, pageQuery, requiredText } from './text.js';

export const complaintStatusSchema = z.enum(complaintStatuses);

export const complaintCategorySchema = z.object({ code: z.string(), name: z.string() });
export type ComplaintCategory = z.infer<typeof complaintCategorySchema>;
export const complaintCategoryListSchema = z.array(complaintCategorySchema);

/** A category as admins keep it: inactive ones stay on old complaints but are no longer offered. */
export const deskComplaintCategorySchema = complaintCategorySchema.extend({
  sort: z.number().int(),
  active: z.boolean(),
});
export const deskComplaintCategoryListSchema = z.array(deskComplaintCategorySchema);
export type DeskComplaintCategory = z.infer<typeof deskComplaintCategorySchema>;

const sortSchema = z.number().int().min(0).max(10_000);

export const newComplaintCategorySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,30}$/, 'Kode kategori 2–30 huruf kecil, angka atau minus.'),
  name: requiredText('Nama kategori', 60),
  /** Position in the list; categories with the same number go by name. */
  sort: sortSchema.optional(),
});
export const complaintCategoryUpdateSchema = z.object({
  name: requiredText('Nama kategori', 60).optional(),
  active: z.boolean().optional(),
  sort: sortSchema.optional(),
});
export const complaintCategoryParamsSchema = z.object({ code: z.string().max(40) });

export const complaintRequestSchema = z.object({
  name: optionalText('Nama', 100),
  phone: phoneSchema,
  /** A code of `GET /api/complaint-categories`. */
  category: requiredText('Kategori', 40),
  /** The unit or room concerned, in the complainant's words. */
  unit: optionalText('Unit', 100),
  message: requiredText('Isi pengaduan', 2000),
});
export type ComplaintRequest = z.infer<typeof complaintRequestSchema>;

export const complaintCreatedSchema = z.object({ code: z.string(), status: complaintStatusSchema });
export type ComplaintCreated = z.infer<typeof complaintCreatedSchema>;

/** The hospital's answer as the complainant sees it: no staff name. */
export const complaintAnswerSchema = z.object({ message: z.string(), at: z.string() });

export const publicComplaintSchema = z.object({
  code: z.string(),
  category: complaintCategorySchema,
  unit: z.string().nullable(),
  message: z.string(),
  status: complaintStatusSchema,
  createdAt: z.string(),
  /** Oldest first. */
  responses: z.array(complaintAnswerSchema),
  /** Once resolved, the token of its satisfaction survey (`/survei/{token}`) while not answered. */
  survey: z.string().nullable(),
});
export type PublicComplaint = z.infer<typeof publicComplaintSchema>;

export const deskComplaintSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  category: complaintCategorySchema,
  unit: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string(),
  message: z.string(),
  status: complaintStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeskComplaint = z.infer<typeof deskComplaintSchema>;

export const deskComplaintDetailSchema = deskComplaintSchema.extend({
  responses: z.array(complaintAnswerSchema.extend({ id: z.number().int(), staff: staffRefSchema })),
});
export type DeskComplaintDetail = z.infer<typeof deskComplaintDetailSchema>;

export const deskComplaintPageSchema = z.object({
  items: z.array(deskComplaintSchema),
  total: z.number().int(),
});
export type DeskComplaintPage = z.infer<typeof deskComplaintPageSchema>;

/** Newest first. */
export const deskComplaintQuerySchema = z.object({
  status: complaintStatusSchema.optional(),
  category: z.string().trim().max(40).optional(),
  ...pageQuery,
});

/** An answer to the complainant; `status` moves the complaint at the same time (same rules as below). */
export const complaintAnswerRequestSchema = z.object({
  message: requiredText('Jawaban', 2000),
  status: complaintStatusSchema.optional(),
});
export type ComplaintAnswerRequest = z.infer<typeof complaintAnswerRequestSchema>;

export const complaintStatusChangeSchema = z.object({ status: complaintStatusSchema });
