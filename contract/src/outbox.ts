import { z } from 'zod';
import { outboxStatuses } from './constants.js';
import { pageQuery } from './text.js';

export const outboxStatusSchema = z.enum(outboxStatuses);
export const outboxChannels = ['whatsapp', 'bpjs'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** One message of the outbox (a WhatsApp message or a report to BPJS), as staff see it. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(outboxChannels),
  /** WhatsApp: phone number (08…); null when nobody could be found to send it to, and for BPJS. */
  recipient: z.string().nullable(),
  /** WhatsApp: the text. BPJS: what the report says. */
  message: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int(),
  /** Why the last attempt failed, if it did. */
  lastError: z.string().nullable(),
  /** What the other side answered when it took the message (BPJS's code and message). */
  reply: z.string().nullable(),
  /** When the next attempt is due, while pending. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxMessageSchema), total: z.number().int() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** Newest first. */
export const outboxQuerySchema = z.object({
  status: outboxStatusSchema.optional(),
  channel: z.enum(outboxChannels).optional(),
  ...pageQuery,
});

/** Sends every failed message of one channel again (after an outage). */
export const outboxRetryFailedSchema = z.object({ channel: z.enum(outboxChannels) });
export const outboxRetriedSchema = z.object({
  /** How many failed messages are due again (a WhatsApp message without a number or opted out stays failed). */
  retried: z.number().int(),
});
export type OutboxRetried = z.infer<typeof outboxRetriedSchema>;
