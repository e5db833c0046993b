import { z } from 'zod';
import { phoneSchema } from './staff.js';

/** The WhatsApp messages to patients about their bookings, and the satisfaction survey after a service. */
export const messageKinds = [
  'booking_confirmation',
  'booking_reminder',
  'queue_near',
  'session_cancelled',
  'survey_invitation',
] as const;
export type MessageKind = (typeof messageKinds)[number];

const bookingFields = [
  'kode_booking',
  'nomor_antrean',
  'poli',
  'dokter',
  'tanggal',
  'jam_praktik',
  'estimasi',
  'tautan_status',
  'tautan_qr',
] as const;

/** What each template may name as `{placeholder}`: the booking's facts, and what its moment adds. */
export const templatePlaceholders: Record<MessageKind, readonly string[]> = {
  booking_confirmation: bookingFields,
  booking_reminder: bookingFields,
  queue_near: [...bookingFields, 'jumlah_di_depan'],
  session_cancelled: [...bookingFields, 'alasan', 'tautan_daftar'],
  // After a visit, an order or a complaint: no booking, only the service and the survey's link.
  survey_invitation: ['layanan', 'tautan_survei'],
};

/** The `{names}` of a text that its kind does not know (a typo would reach the patient as it is). */
export function unknownPlaceholders(kind: MessageKind, body: string): string[] {
  const known = new Set(templatePlaceholders[kind]);
  const named = [...body.matchAll(/\{([^{}\s]*)\}/g)].map((match) => match[1] ?? '');
  return [...new Set(named.filter((name) => !known.has(name)))];
}

export const messageKindParamsSchema = z.object({ kind: z.enum(messageKinds) });

export const messageTemplateSchema = z.object({
  kind: z.enum(messageKinds),
  body: z.string(),
  placeholders: z.array(z.string()),
  /** False while the built-in text is in force. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplateListSchema = z.array(messageTemplateSchema);

export const messageTemplateInputSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Isi pesan wajib diisi.')
    .max(1000, 'Isi pesan paling banyak 1000 karakter.'),
});
export type MessageTemplateInput = z.infer<typeof messageTemplateInputSchema>;

/** A text rendered with a sample booking. */
export const messagePreviewSchema = z.object({ message: z.string() });
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

export const optOutSources = ['reply', 'admin'] as const;
export const optOutSchema = z.object({
  phone: z.string(),
  source: z.enum(optOutSources),
  createdAt: z.string(),
});
export type OptOut = z.infer<typeof optOutSchema>;
export const optOutListSchema = z.array(optOutSchema);
export const optOutInputSchema = z.object({ phone: phoneSchema });
export type OptOutInput = z.infer<typeof optOutInputSchema>;
export const optOutParamsSchema = z.object({ phone: z.string().max(32) });

/** What the WhatsApp gateway posts for a message a patient sent to the hospital's number. */
export const whatsappInboundSchema = z.object({
  from: z.string().min(1).max(32),
  message: z.string().max(4096),
});
