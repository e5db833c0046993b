import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
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
      // `since` in parentheses: spliced in bare, `min(at) - now() - interval` counts the wrong way.
      retryAfter: sql<string | null>`ceil(extract(epoch from min(${at}) - (${since})))`,
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

/** A table that records one kind of write, with the writer's address and the time. */
export interface WriteLog {
  table: PgTable;
  address: AnyPgColumn;
  at: AnyPgColumn;
}

/**
 * Refuses a write (429) when `address` already made `limit` writes within the window, counted over
 * `logs`. Call it in the transaction that inserts the write: the lock on `key` holds until commit, so
 * concurrent writes from one address, also through another server process, are counted one by one.
 */
export async function limitWrites(
  tx: Transaction,
  input: { key: string; address: string; limit: number; logs: readonly WriteLog[] },
): Promise<void> {
  await lockKeys(tx, input.key);
  let writes = 0;
  let retryAfter = WINDOW_SECONDS;
  for (const log of input.logs) {
    const window = await recentFailures(tx, log.table, log.at, eq(log.address, input.address));
    writes += window.failures;
    // One write leaving the window makes room: the oldest of all of them.
    if (window.failures > 0) retryAfter = Math.min(retryAfter, window.retryAfter);
  }
  if (writes >= input.limit) {
    throw new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Terlalu banyak permintaan dari alamat Anda. Coba lagi dalam ${retryAfter} detik.`,
      { retryAfter },
    );
  }
}
