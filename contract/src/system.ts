import { z } from 'zod';
import { databaseBackendSchema } from './health.js';
import { outboxChannels } from './outbox.js';

// The system screen (`/sistem`, admins): what runs, on what, since when, what waits to go out, and what
// in the configuration needs attention.

/** Configuration that needs an admin's attention; each comes with a sentence saying what to set. */
export const systemWarningCodes = [
  /** BPJS Antrean RS is not configured: the reports to BPJS wait in the outbox. */
  'BPJS_ANTREAN_OFF',
  /** BPJS Aplicares is not configured: the beds are not reported. */
  'APLICARES_OFF',
  /** No WhatsApp gateway: the messages to patients wait in the outbox. */
  'WHATSAPP_GATEWAY_OFF',
  /** The portal is reached over HTTPS, yet the session cookie is not marked Secure. */
  'COOKIE_SECURE_OFF',
  /** A proxy forwards the requests, yet its X-Forwarded-For is not trusted. */
  'TRUST_PROXY_OFF',
  /** The embedded database (PGlite): fine for a trial, PostgreSQL for production. */
  'EMBEDDED_DATABASE',
  /** No METRICS_TOKEN: Prometheus can read /metrics only from the server itself. */
  'METRICS_TOKEN_UNSET',
] as const;
export type SystemWarningCode = (typeof systemWarningCodes)[number];

export const systemWarningSchema = z.object({
  code: z.enum(systemWarningCodes),
  /** In Bahasa Indonesia. */
  message: z.string(),
});
export type SystemWarning = z.infer<typeof systemWarningSchema>;

/** One channel of the outbox: what waits, since when, what failed for good, and the last delivery. */
export const outboxBacklogSchema = z.object({
  channel: z.enum(outboxChannels),
  pending: z.number().int(),
  failed: z.number().int(),
  /** When the oldest message still waiting was written; null when none waits. */
  oldestPendingAt: z.string().nullable(),
  /** Not delivered and its last attempt failed (waiting for a retry, or failed for good). */
  stuck: z.number().int(),
  /** When the oldest stuck message was written; null when none is stuck. */
  oldestStuckAt: z.string().nullable(),
  /** When a message of this channel last reached the other side; null when none ever did. */
  lastSentAt: z.string().nullable(),
  /**
   * Whether the other side is configured (WHATSAPP_GATEWAY_URL; BPJS Antrean RS or Aplicares): without
   * it, the channel's messages wait in the outbox.
   */
  configured: z.boolean(),
});
export type OutboxBacklog = z.infer<typeof outboxBacklogSchema>;

/** The newest finished backup of the database, as the backup command recorded it. */
export const lastBackupSchema = z.object({
  finishedAt: z.string(),
  file: z.string(),
  sizeBytes: z.number().int(),
  /** The embedded database's folder, or a pg_dump of PostgreSQL. */
  kind: z.enum(['embedded', 'postgres']),
  /** When a restore drill of this backup last passed; null when none did. */
  drilledAt: z.string().nullable(),
});
export type LastBackup = z.infer<typeof lastBackupSchema>;

/** One SIMRS table the portal mirrors in linked mode (`SIMRS_DATABASE_URL`). */
export const simrsLinkTableSchema = z.object({
  /** The SIMRS's table, e.g. `master_pasien`. */
  table: z.string(),
  rowsMirrored: z.number().int(),
  /** Records the import rules turned away, and the last one's reason. */
  rowsRejected: z.number().int(),
  lastRejection: z.string().nullable(),
  /** The first full mirror is done; until then it has read up to `fullRecno` (`sr_recno`). */
  fullDone: z.boolean(),
  fullRecno: z.number().int(),
  /** The portal's copy holds every change the SIMRS made before this moment; null during the first mirror. */
  syncedAt: z.string().nullable(),
  /** The link's last failure on this table, cleared by the next round that works. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type SimrsLinkTable = z.infer<typeof simrsLinkTableSchema>;

/**
 * For every staff screen in linked mode: how current the portal's copy of the SIMRS is. Standalone:
 * `linked` false and the rest null.
 */
export const simrsFreshnessSchema = z.object({
  linked: z.boolean(),
  /** The oldest of the tables' `syncedAt`: every SIMRS change before it is in the portal. */
  syncedAt: z.string().nullable(),
  /** The link's newest failure still standing (the SIMRS does not answer …), in its own words. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type SimrsFreshness = z.infer<typeof simrsFreshnessSchema>;

export const systemStatusSchema = z.object({
  /** The server's clock when it answered: ages are measured against it, not the browser's clock. */
  checkedAt: z.string(),
  version: z.string(),
  /** The git commit the server was built from; null when unknown. */
  commit: z.string().nullable(),
  /** Node.js, as `process.version` writes it (v22.…). */
  node: z.string(),
  database: z.object({ kind: databaseBackendSchema, sizeBytes: z.number().int() }),
  /** When the server process that answered started, and how many seconds ago. */
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  /** Server processes sharing the port (`WORKERS`). */
  workers: z.number().int(),
  /** Live staff sessions: neither ended, past their end, nor idle too long. */
  staffSessions: z.number().int(),
  /** Every channel, WhatsApp first. */
  outbox: z.array(outboxBacklogSchema),
  /** Null while no backup was ever recorded. */
  backup: lastBackupSchema.nullable(),
  warnings: z.array(systemWarningSchema),
  /** Linked mode: the SIMRS (its address without the password) and each mirrored table; null standalone. */
  simrsLink: z.object({ target: z.string(), tables: z.array(simrsLinkTableSchema) }).nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
