import { Writable } from 'node:stream';
import type { ErrorResponse } from '@portal/contract';
import { expect } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app.js';
import type { BpjsConfig, NotificationConfig, RegistrationConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { StreamLimits } from '../lib/read-model.js';
import { createTestDatabase } from './db.js';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
}

export interface TestAppOptions {
  webDist?: string;
  bodyLimit?: number;
  extend?: (app: App) => void;
  onRoute?: AppOptions['onRoute'];
  /** Builds on this database instead of a fresh one; closing the app then leaves it open. */
  database?: DatabaseHandle;
  notifications?: Partial<NotificationConfig>;
  publicWriteLimit?: number;
  streams?: Partial<StreamLimits>;
  /** Client addresses from X-Forwarded-For (TRUST_PROXY). */
  trustProxy?: boolean;
  registration?: Partial<RegistrationConfig>;
  bpjs?: Partial<BpjsConfig>;
  outbox?: AppOptions['outbox'];
  /** Served over HTTPS (COOKIE_SECURE). */
  cookieSecure?: boolean;
  /** SESSION_IDLE_MINUTES, SESSION_MAX_HOURS. */
  session?: { idleMinutes?: number; maxHours?: number };
  /** METRICS_TOKEN. */
  metricsToken?: string;
  /** SIMRS_DATABASE_URL (linked mode), and how often the link looks for changes. */
  simrs?: { url: string; pollMs?: number };
}

/** Builds the real app on a fresh test database; `webDist` points at a built app or a fixture. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: {
      logLevel: 'info',
      bodyLimit: options.bodyLimit ?? 1024 * 1024,
      trustProxy: options.trustProxy ?? false,
      cookieSecure: options.cookieSecure ?? false,
      session: { idleMinutes: 120, maxHours: 12, ...options.session },
      webDist: options.webDist ?? '/nonexistent-web-dist',
      notifications: {
        gatewayUrl: undefined,
        gatewayToken: undefined,
        timeoutMs: 10_000,
        maxAttempts: 8,
        bpjsRetryHours: 24,
        ...options.notifications,
      },
      publicWriteLimit: options.publicWriteLimit ?? 20,
      streams: { perAddress: 10, total: 1000, ...options.streams },
      registration: {
        writeLimit: 120,
        ticketLimit: 20,
        kioskAddresses: [],
        horizonDays: 30,
        publicUrl: 'https://rs.example.id',
        reminderHour: 16,
        ...options.registration,
      },
      bpjs: { antrean: undefined, ppkCode: undefined, tokenMinutes: 60, ...options.bpjs },
      metricsToken: options.metricsToken,
      workers: 1,
      commit: undefined,
      simrsDatabaseUrl: options.simrs?.url,
    },
    database: options.database ? { ...options.database, close: async () => {} } : database,
    logStream: stream,
    outbox: options.outbox,
    simrs: options.simrs,
    onRoute: options.onRoute,
  });
  options.extend?.(app);
  await app.ready();
  return { app, database, logs };
}

/** Polls `check` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs = 10_000, what = 'condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Answer {
  statusCode: number;
  body: string;
  json: () => unknown;
}

/** The error an answer carries in the error envelope. */
export const errorOf = (res: Pick<Answer, 'json'>) => (res.json() as ErrorResponse).error;

/** The body of an answer that must have come with `status`; a failure shows the body. */
export function ok<T>(res: Answer, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
