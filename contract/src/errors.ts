import { z } from 'zod';

/** The error envelope of every 4xx/5xx answer (API.md "Conventions"). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * Only with 409 `SIMRS_CONFLICT` (linked mode): the record as the SIMRS holds it now, in the shape the
     * record is read in, when the SIMRS changed it before the write reached it.
     */
    current: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
