import { and, count, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.js';
import { AppError } from '../errors.js';

/** Failed password checks allowed per window, per address and per account, before 429. */
export const FAILURE_LIMIT = 5;
export const WINDOW_SECONDS = 60;

/**
 * Serialises password checks on the same keys (an address, an account) across requests and server
 * processes, so that concurrent guesses cannot slip past the failure count. Transaction-scoped:
 * released at commit or rollback. Take the keys in the same order everywhere to avoid deadlocks.
 */
export async function lockKeys(tx: Transaction, ...keys: string[]): Promise<void> {
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export interface FailureWindow {
  failures: number;
  /** Seconds until the oldest failure in the window expires. */
  retryAfter: number;
}

/** Counts the failures matching `where` within the window, from the database's own clock. */
export async function recentFailures(
  tx: Transaction,
  table: PgTable,
  at: AnyPgColumn,
  where: SQL | undefined,
): Promise<FailureWindow> {
  const since = sql`now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const [row] = await tx
    .select({
      failures: count(),
      retryAfter: sql<string | null>`ceil(extract(epoch from min(${at}) - ${since}))`,
    })
    .from(table)
    .where(and(where, gt(at, since)));
  return { failures: row?.failures ?? 0, retryAfter: Math.max(1, Number(row?.retryAfter ?? WINDOW_SECONDS)) };
}

export function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Terlalu banyak percobaan kata sandi yang salah. Coba lagi dalam ${retryAfter} detik.`,
    { retryAfter },
  );
}
