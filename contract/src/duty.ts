import { z } from 'zod';
import { recordId } from './text.js';
import { dutyRoleSchema, passwordSchema } from './staff.js';

export const officerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type Officer = z.infer<typeof officerSchema>;

export const dutyResponseSchema = z.object({
  piket: officerSchema.nullable(),
  cs: officerSchema.nullable(),
});
export type DutyResponse = z.infer<typeof dutyResponseSchema>;

export const dutyRoleParamsSchema = z.object({ role: dutyRoleSchema });

export const candidatesResponseSchema = z.array(officerSchema);

export const handoverRequestSchema = z.object({
  staffId: recordId(),
  password: passwordSchema,
});
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

export const dutyLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  role: dutyRoleSchema.optional(),
});

export const dutyOutcomes = ['success', 'wrong_password', 'throttled'] as const;
export type DutyOutcome = (typeof dutyOutcomes)[number];

export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const dutyLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  role: dutyRoleSchema,
  outcome: z.enum(dutyOutcomes),
  /** The person the handover was for. */
  staff: staffRefSchema,
  /** Who held the post before a successful handover. */
  previous: staffRefSchema.nullable(),
  address: z.string(),
});
export type DutyLogEntry = z.infer<typeof dutyLogEntrySchema>;

export const dutyLogResponseSchema = z.object({
  items: z.array(dutyLogEntrySchema),
  total: z.number().int(),
});
export type DutyLogResponse = z.infer<typeof dutyLogResponseSchema>;
