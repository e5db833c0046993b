import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  type HospitalTimeZone,
  hospitalTimeZoneNames,
  hospitalTimeZones,
  REGISTRATION_HORIZON_DAYS,
} from '@portal/contract/constants';
import { z } from 'zod';
import { parseAddressList } from './lib/addresses.js';
import type { StreamLimits } from './lib/read-model.js';
import type { BpjsLink } from './modules/bpjs/client.js';
import { parseSimrsUrl, SimrsUrlError, simrsUrlForDisplay } from './simrs/url.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An on/off variable, off unless set to true or 1. */
const flag = () =>
  z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1');

/** Addresses and CIDR ranges, comma-separated, each checked. */
const addressList = z
  .string()
  .transform((value, context) => {
    const parsed = parseAddressList(value);
    if ('entries' in parsed) return parsed.entries;
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  })
  .optional();

/** Between two checks of the bookings VClaim did not answer about, unless BPJS_VCLAIM_RECHECK_SECONDS says. */
export const VCLAIM_RECHECK_SECONDS = 300;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'harus berupa URL postgres:// atau postgresql://')
    .optional(),
  // The hospital's SIMRS (MariaDB or MySQL) the portal links to; unset, the portal stands alone.
  SIMRS_DATABASE_URL: z
    .string()
    .superRefine((value, context) => {
      try {
        parseSimrsUrl(value);
      } catch (err) {
        if (!(err instanceof SimrsUrlError)) throw err;
        context.addIssue({ code: 'custom', message: err.message });
      }
    })
    .optional(),
  // Server processes sharing the port; more than one needs PostgreSQL. Default: one per core there.
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // The hospital's clock. Indonesia's zones only: each has the label (WIB, WITA, WIT) its times are shown with.
  TZ: z
    .enum(hospitalTimeZoneNames, {
      error: `harus salah satu zona waktu Indonesia: ${Object.entries(hospitalTimeZones)
        .map(([zone, { label }]) => `${zone} (${label})`)
        .join(', ')}`,
    })
    .default('Asia/Jakarta'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // Largest accepted request body in bytes.
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  // Set when a reverse proxy sits in front, so client addresses come from X-Forwarded-For.
  TRUST_PROXY: flag(),
  // Mark cookies Secure: set when the portal is served over HTTPS.
  COOKIE_SECURE: flag(),
  // A staff session ends after this many minutes without a request…
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  // …and this many hours after login in any case.
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  // The built web app; defaults to the monorepo's web/dist.
  WEB_DIST: z.string().min(1).optional(),
  // WhatsApp gateway that delivers the outbox (POST {to, message}); unset keeps messages pending.
  WHATSAPP_GATEWAY_URL: z
    .url({ protocol: /^https?$/, error: 'harus berupa URL http:// atau https://' })
    .optional(),
  // Sent as `Authorization: Bearer …` when set.
  WHATSAPP_GATEWAY_TOKEN: z.string().optional(),
  // An attempt that takes longer counts as failed and is retried.
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // After this many attempts a WhatsApp message is marked failed; staff can retry it.
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  // Reports to BPJS are retried this long (at most 15 min apart) before they are marked failed: an outage
  // of a morning must not need hundreds of clicks.
  BPJS_RETRY_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  // Orders and complaints accepted per minute from one client address.
  PUBLIC_WRITE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
  // Outpatient bookings accepted per minute from one client address: a registration kiosk books many.
  REGISTRATION_WRITE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  // Walk-in tickets for the admission counter per minute from one kiosk (or, without KIOSK_ADDRESSES, from
  // one client address).
  ADMISSION_TICKET_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
  // The lobby kiosks' addresses (and CIDR ranges), comma-separated: when set, walk-in tickets are given to
  // them only (a ticket is for a patient standing in the lobby).
  KIOSK_ADDRESSES: addressList,
  // Event streams (live boards) one server process keeps open at once, from one client address and in all.
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // The portal as patients reach it (https://rs.example.id): the links in the WhatsApp messages.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'harus berupa URL http:// atau https://' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  // From this hour (local time) the day before a visit, its WhatsApp reminder is sent.
  BOOKING_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(16),
  // How many days ahead an outpatient booking may be made.
  REGISTRATION_HORIZON_DAYS: z.coerce.number().int().min(0).max(365).default(REGISTRATION_HORIZON_DAYS),
  // BPJS's Antrean RS service and the hospital's keys for it; all four or none (the adapter is off).
  BPJS_ANTREAN_URL: z
    .url({ protocol: /^https?$/, error: 'harus berupa URL http:// atau https://' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  BPJS_CONS_ID: z.string().optional(),
  BPJS_SECRET_KEY: z.string().optional(),
  BPJS_USER_KEY: z.string().optional(),
  // BPJS's Aplicares service (bed availability): signed with the same keys; with the PPK code it is on.
  BPJS_APLICARES_URL: z
    .url({ protocol: /^https?$/, error: 'harus berupa URL http:// atau https://' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  // The hospital's BPJS provider (PPK) code.
  BPJS_PPK_CODE: z.string().optional(),
  BPJS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // BPJS's VClaim service (participants, referrals): signed with the same cons id and secret, with its own
  // user key. Set, a JKN booking's card and referral are checked with BPJS before it is made.
  BPJS_VCLAIM_URL: z
    .url({ protocol: /^https?$/, error: 'harus berupa URL http:// atau https://' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  BPJS_VCLAIM_USER_KEY: z.string().optional(),
  // A booking waits this long for VClaim; later, it is made with the format checks and checked again.
  BPJS_VCLAIM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // How often the bookings made while VClaim did not answer are checked again.
  BPJS_VCLAIM_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(VCLAIM_RECHECK_SECONDS),
  // Bearer token Prometheus sends to /metrics; unset, /metrics answers direct loopback requests only.
  METRICS_TOKEN: z
    .string()
    .min(16, 'harus minimal 16 karakter')
    .regex(/^[\x21-\x7e]+$/, 'harus berisi karakter ASCII yang terlihat saja, tanpa spasi')
    .optional(),
  // How long a token handed to BPJS for the Mobile JKN service lasts.
  JKN_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  // BPJS's addresses (and CIDR ranges), comma-separated: a token request from them is never held back by
  // failures from elsewhere (see docs/security.md).
  JKN_TRUSTED_ADDRESSES: addressList,
  // The git commit the server was built from, shown on the system screen; unset, the server asks git.
  PORTAL_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i, 'harus berupa hash commit git (7–40 karakter heksadesimal)')
    .optional(),
});

const bpjsLinkVariables = ['BPJS_ANTREAN_URL', 'BPJS_CONS_ID', 'BPJS_SECRET_KEY', 'BPJS_USER_KEY'] as const;
/** Their values are never repeated in an error message. */
const secretVariables = new Set(['BPJS_SECRET_KEY', 'WHATSAPP_GATEWAY_TOKEN', 'METRICS_TOKEN']);

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (env.WORKERS !== undefined && env.WORKERS > 1 && env.DATABASE_URL === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['WORKERS'],
      message:
        'lebih dari 1 memerlukan DATABASE_URL (basis data tertanam hanya dapat dibuka oleh satu proses)',
    });
  }
  const given = bpjsLinkVariables.filter((name) => env[name] !== undefined);
  const missing = bpjsLinkVariables.filter((name) => env[name] === undefined);
  if (env.BPJS_APLICARES_URL !== undefined && missing.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['BPJS_APLICARES_URL'],
      message: `memerlukan juga ${missing.join(', ')} (Aplicares memakai kunci yang sama)`,
    });
  }
  const forVclaim = (['BPJS_VCLAIM_USER_KEY', 'BPJS_CONS_ID', 'BPJS_SECRET_KEY'] as const).filter(
    (name) => env[name] === undefined,
  );
  if (env.BPJS_VCLAIM_URL !== undefined && forVclaim.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['BPJS_VCLAIM_URL'],
      message: `memerlukan juga ${forVclaim.join(', ')} (VClaim memakai cons id dan secret key yang sama)`,
    });
  }
  if (given.length === 0 || given.length === bpjsLinkVariables.length) return;
  for (const name of missing) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `harus diisi bersama ${given.join(', ')} (BPJS memerlukan keempatnya)`,
    });
  }
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The SIMRS to link to (SIMRS_DATABASE_URL, mysql://…); unset: standalone, the portal owns everything. */
  simrsDatabaseUrl: string | undefined;
  /** Server processes on the port: 1 on the embedded database. */
  workers: number;
  dataDir: string;
  timeZone: HospitalTimeZone;
  logLevel: (typeof logLevels)[number];
  bodyLimit: number;
  trustProxy: boolean;
  cookieSecure: boolean;
  session: { idleMinutes: number; maxHours: number };
  webDist: string;
  notifications: NotificationConfig;
  publicWriteLimit: number;
  streams: StreamLimits;
  registration: RegistrationConfig;
  bpjs: BpjsConfig;
  /** What `/metrics` asks of Prometheus (METRICS_TOKEN); unset: only direct loopback requests are answered. */
  metricsToken?: string;
  /** The git commit the server was built from (PORTAL_COMMIT), when the deployment says. */
  commit: string | undefined;
}

export interface BpjsConfig {
  /** Unset: the adapter is off; reports wait in the outbox. */
  antrean: BpjsLink | undefined;
  /** Unset (or without the PPK code): rooms are not reported to Aplicares. */
  aplicares?: BpjsLink;
  /** Unset: a JKN booking's card and referral are checked for their format only. */
  vclaim?: BpjsLink;
  /** Between two checks of the bookings VClaim did not answer about (BPJS_VCLAIM_RECHECK_SECONDS). */
  vclaimRecheckMs?: number;
  ppkCode: string | undefined;
  /** Lifetime of the Mobile JKN service's tokens. */
  tokenMinutes: number;
  /** BPJS's addresses and CIDR ranges (JKN_TRUSTED_ADDRESSES): failures from elsewhere never hold them back. */
  trustedAddresses?: readonly string[];
}

export interface RegistrationConfig {
  writeLimit: number;
  /** Walk-in tickets a minute per kiosk (ADMISSION_TICKET_LIMIT). */
  ticketLimit: number;
  /** The kiosks' addresses and CIDR ranges (KIOSK_ADDRESSES): when any, tickets are theirs only. */
  kioskAddresses: readonly string[];
  horizonDays: number;
  /** The portal as patients reach it, for the links in their WhatsApp messages. */
  publicUrl: string;
  /** The hour (local time) from which the day before a visit its reminder goes out. */
  reminderHour: number;
}

export interface NotificationConfig {
  gatewayUrl: string | undefined;
  gatewayToken: string | undefined;
  timeoutMs: number;
  maxAttempts: number;
  /** How long a report to BPJS is retried before it fails for good. */
  bpjsRetryHours: number;
}

export class ConfigError extends Error {}

const defaultWebDist = new URL('../../web/dist', import.meta.url).pathname;

/** Parses the environment once at start; a bad value throws one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An emptied DATABASE_URL line would otherwise start a new embedded database, with the demo data and its
  // published passwords, in place of the hospital's.
  if (env.DATABASE_URL === '')
    throw new ConfigError(
      'Konfigurasi tidak valid: DATABASE_URL kosong; isi alamat PostgreSQL, atau hapus barisnya untuk basis data tertanam',
    );
  // The example file's placeholders (deploy/portal.env.example): a METRICS_TOKEN left as written there would
  // open /metrics to anyone who read the example.
  const placeholders = Object.entries(env)
    .filter(([, value]) => value?.includes('CHANGE-ME'))
    .map(([name]) => name);
  if (placeholders.length > 0)
    throw new ConfigError(
      `Konfigurasi tidak valid: ${placeholders.join(', ')} masih berisi nilai contoh (CHANGE-ME); isi nilai sebenarnya`,
    );
  // Any other empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = checkedEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = secretVariables.has(name)
        ? '[rahasia]'
        : // A database URL may carry its password: the message shows the rest.
          JSON.stringify(
            name.endsWith('DATABASE_URL') ? simrsUrlForDisplay(present[name] ?? '') : present[name],
          );
      return `${name} ${issue.message} (nilai: ${value ?? 'kosong'})`;
    });
    throw new ConfigError(`Konfigurasi tidak valid: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    simrsDatabaseUrl: e.SIMRS_DATABASE_URL,
    workers: e.DATABASE_URL ? (e.WORKERS ?? availableParallelism()) : 1,
    dataDir: path.resolve(e.DATA_DIR),
    timeZone: e.TZ,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist),
    notifications: {
      gatewayUrl: e.WHATSAPP_GATEWAY_URL,
      gatewayToken: e.WHATSAPP_GATEWAY_TOKEN,
      timeoutMs: e.WHATSAPP_TIMEOUT_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      bpjsRetryHours: e.BPJS_RETRY_HOURS,
    },
    publicWriteLimit: e.PUBLIC_WRITE_LIMIT,
    streams: { perAddress: e.STREAMS_PER_ADDRESS, total: e.STREAMS_TOTAL },
    registration: {
      writeLimit: e.REGISTRATION_WRITE_LIMIT,
      ticketLimit: e.ADMISSION_TICKET_LIMIT,
      kioskAddresses: e.KIOSK_ADDRESSES ?? [],
      horizonDays: e.REGISTRATION_HORIZON_DAYS,
      publicUrl: e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`,
      reminderHour: e.BOOKING_REMINDER_HOUR,
    },
    bpjs: {
      antrean:
        e.BPJS_ANTREAN_URL && e.BPJS_CONS_ID && e.BPJS_SECRET_KEY && e.BPJS_USER_KEY
          ? {
              baseUrl: e.BPJS_ANTREAN_URL,
              consId: e.BPJS_CONS_ID,
              secretKey: e.BPJS_SECRET_KEY,
              userKey: e.BPJS_USER_KEY,
              timeoutMs: e.BPJS_TIMEOUT_MS,
            }
          : undefined,
      aplicares:
        e.BPJS_APLICARES_URL && e.BPJS_CONS_ID && e.BPJS_SECRET_KEY && e.BPJS_USER_KEY
          ? {
              baseUrl: e.BPJS_APLICARES_URL,
              consId: e.BPJS_CONS_ID,
              secretKey: e.BPJS_SECRET_KEY,
              userKey: e.BPJS_USER_KEY,
              timeoutMs: e.BPJS_TIMEOUT_MS,
            }
          : undefined,
      vclaim:
        e.BPJS_VCLAIM_URL && e.BPJS_VCLAIM_USER_KEY && e.BPJS_CONS_ID && e.BPJS_SECRET_KEY
          ? {
              baseUrl: e.BPJS_VCLAIM_URL,
              consId: e.BPJS_CONS_ID,
              secretKey: e.BPJS_SECRET_KEY,
              userKey: e.BPJS_VCLAIM_USER_KEY,
              timeoutMs: e.BPJS_VCLAIM_TIMEOUT_MS,
            }
          : undefined,
      vclaimRecheckMs: e.BPJS_VCLAIM_RECHECK_SECONDS * 1000,
      ppkCode: e.BPJS_PPK_CODE,
      tokenMinutes: e.JKN_TOKEN_MINUTES,
      trustedAddresses: e.JKN_TRUSTED_ADDRESSES ?? [],
    },
    metricsToken: e.METRICS_TOKEN,
    commit: e.PORTAL_COMMIT?.toLowerCase(),
  };
}
