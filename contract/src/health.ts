import { z } from 'zod';

export const databaseBackendSchema = z.enum(['pglite', 'postgres']);
export type DatabaseBackend = z.infer<typeof databaseBackendSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: databaseBackendSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
