import { Writable } from 'node:stream';
import { type App, buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './db.js';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
}

/** Builds the real app on a fresh test database; `webDist` points at a built app or a fixture. */
export async function createTestApp(
  options: { webDist?: string; bodyLimit?: number; extend?: (app: App) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
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
      trustProxy: false,
      cookieSecure: false,
      session: { idleMinutes: 120, maxHours: 12 },
      webDist: options.webDist ?? '/nonexistent-web-dist',
    },
    database,
    logStream: stream,
  });
  options.extend?.(app);
  await app.ready();
  return { app, database, logs };
}
