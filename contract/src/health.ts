import { z } from 'zod';
import { hospitalTimeZoneNames } from './constants.js';

export const databaseBackendSchema = z.enum(['pglite', 'postgres']);
export type DatabaseBackend = z.infer<typeof databaseBackendSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: databaseBackendSchema,
  /** The hospital's time zone (the server's `TZ`): every time the app shows is on this clock, with its label. */
  timeZone: z.enum(hospitalTimeZoneNames),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What readiness checks: each is `ok` when the server answers 200 (a 503 names those that failed). */
export const readinessChecks = ['database', 'migrations', 'outbox'] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

export const readinessResponseSchema = z.object({
  status: z.literal('ready'),
  database: databaseBackendSchema,
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    outbox: z.literal('ok'),
  }),
  /** This server process delivers the outbox now (one process of a cluster does). */
  leadsOutbox: z.boolean(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
