import type { ReadinessCheck } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { migrationsApplied, newestMigration } from '../../db/migration-status.js';
import { AppError, databaseUnavailable } from '../../errors.js';
import type { OutboxWorker } from '../notifications/worker.js';

/** Proves the database answers; a health check that cannot reach it must say so. */
export async function pingDatabase(db: Database): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    throw databaseUnavailable();
  }
}

/**
 * Whether this server process may take traffic: the database answers, it has every migration of this build,
 * and the outbox worker runs (see OutboxWorker.health). Refused with 503 NOT_READY, whose `fields` name the
 * checks that failed; answers whether this process delivers the outbox.
 */
export async function checkReadiness(
  db: Database,
  worker: Pick<OutboxWorker, 'health'>,
): Promise<{ leadsOutbox: boolean }> {
  const failed: Partial<Record<ReadinessCheck, string>> = {};
  try {
    await pingDatabase(db);
    if (!(await migrationsApplied(db))) {
      failed.migrations = `Migrasi basis data belum diterapkan semuanya (terbaru: ${newestMigration().tag}).`;
    }
  } catch {
    failed.database = 'Basis data tidak dapat dihubungi.';
  }
  const outbox = worker.health();
  if (!outbox.alive) failed.outbox = 'Pengirim pesan (outbox) tidak berjalan.';
  const problems = Object.values(failed);
  if (problems.length > 0) {
    throw new AppError(503, 'NOT_READY', `Server belum siap. ${problems.join(' ')}`, {
      fields: failed,
      retryAfter: 5,
    });
  }
  return { leadsOutbox: outbox.leading };
}
