import { z } from 'zod';
import { ORDER_CLOCK_SKEW_MINUTES, ORDER_HORIZON_DAYS, orderKinds, orderStatuses } from './constants.js';
import { staffRefSchema } from './duty.js';
import { phoneSchema } from './staff.js';
import { hospitalDate, optionalText, pageQuery, requiredText } from './text.js';

export const orderKindSchema = z.enum(orderKinds);
export const orderStatusSchema = z.enum(orderStatuses);

const minuteMs = 60_000;

/** The pickup time: a full timestamp with its offset, not in the past and not too far ahead. */
export const scheduledAtSchema = z.iso
  .datetime({
    offset: true,
    error:
      'Waktu jemput harus tanggal dan jam lengkap dengan zona waktu, misalnya 2025-07-01T14:30:00+07:00.',
  })
  .refine((value) => !(Date.parse(value) < Date.now() - ORDER_CLOCK_SKEW_MINUTES * minuteMs), {
    error: 'Waktu jemput sudah lewat.',
  })
  .refine((value) => !(Date.parse(value) > Date.now() + ORDER_HORIZON_DAYS * 24 * 60 * minuteMs), {
    error: `Waktu jemput paling lambat ${ORDER_HORIZON_DAYS} hari dari sekarang.`,
  });

const orderFields = {
  requesterName: requiredText('Nama pemesan', 100),
  phone: phoneSchema,
  pickupAddress: requiredText('Alamat jemput', 300),
  destination: requiredText('Tujuan', 300),
  scheduledAt: scheduledAtSchema,
  notes: optionalText('Catatan', 1000),
};

export const ambulanceOrderRequestSchema = z.object({
  ...orderFields,
  patientName: requiredText('Nama pasien', 100),
});
export type AmbulanceOrderRequest = z.infer<typeof ambulanceOrderRequestSchema>;

export const hearseOrderRequestSchema = z.object({
  ...orderFields,
  deceasedName: requiredText('Nama jenazah', 100),
});
export type HearseOrderRequest = z.infer<typeof hearseOrderRequestSchema>;

/** A tracking code as typed: any case, with or without the dash; an unknown one (of any shape) is 404. */
export const trackingCodeParamsSchema = z.object({ code: z.string() });

/** The requester's phone proves the right to see the order; without it the answer is 404. */
export const trackingLookupQuerySchema = z.object({ phone: z.string().optional() });

export const orderHistoryEntrySchema = z.object({
  status: orderStatusSchema,
  /** The desk's note: a cancellation reason, the vehicle sent… shown to the requester. */
  note: z.string().nullable(),
  at: z.string(),
});

/** What the requester and the desk both see of an order. */
const orderViewSchema = z.object({
  code: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  requesterName: z.string(),
  /** The patient for an ambulance, the deceased for a hearse. */
  patientName: z.string(),
  pickupAddress: z.string(),
  destination: z.string(),
  scheduledAt: z.string(),
  notes: z.string().nullable(),
  vehicle: z.string().nullable(),
  driver: z.string().nullable(),
  createdAt: z.string(),
});

/** What the requester sees on the status page (and gets back on creation). */
export const publicOrderSchema = orderViewSchema.extend({
  /** Oldest first; starts with `NEW`. */
  history: z.array(orderHistoryEntrySchema),
  /** Once done, the token of its satisfaction survey (`/survei/{token}`) while not answered. */
  survey: z.string().nullable(),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const deskOrderSchema = orderViewSchema.extend({
  id: z.number().int(),
  phone: z.string(),
  cancelReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

export const deskOrderDetailSchema = deskOrderSchema.extend({
  history: z.array(
    orderHistoryEntrySchema.extend({
      id: z.number().int(),
      /** Who made the change; null for the order's creation by the public. */
      staff: staffRefSchema.nullable(),
    }),
  ),
});
export type DeskOrderDetail = z.infer<typeof deskOrderDetailSchema>;

export const deskOrderPageSchema = z.object({ items: z.array(deskOrderSchema), total: z.number().int() });
export type DeskOrderPage = z.infer<typeof deskOrderPageSchema>;

/** Orders by pickup time, newest first; `from`/`to` are calendar days in the hospital's time zone. */
export const deskOrderQuerySchema = z
  .object({
    kind: orderKindSchema.optional(),
    status: orderStatusSchema.optional(),
    from: hospitalDate(z.iso.date('Tanggal harus berformat YYYY-MM-DD.')).optional(),
    to: hospitalDate(z.iso.date('Tanggal harus berformat YYYY-MM-DD.')).optional(),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    error: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  });

export const orderStatusChangeSchema = z
  .object({
    status: orderStatusSchema,
    note: optionalText('Catatan', 500),
  })
  .refine((body) => body.status !== 'CANCELLED' || Boolean(body.note), {
    path: ['note'],
    error: 'Alasan pembatalan wajib diisi.',
  });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

export const orderAssignmentSchema = z.object({
  vehicle: requiredText('Kendaraan', 100),
  driver: requiredText('Pengemudi', 100),
});
export type OrderAssignment = z.infer<typeof orderAssignmentSchema>;
