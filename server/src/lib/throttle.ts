import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client.js';
import { writeBudgets } from '../db/schema/index.js';
import { AppError } from '../errors.js';

/** Failed password checks allowed per window and account (user name), before 429. */
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

/** A kind of write and its client (`registration-write:<address>`), and the writes it may make a window. */
export interface WriteBudget {
  key: string;
  limit: number;
}

/** Stale budgets are swept by the process that takes one, at most this often. */
const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/**
 * Runs `write` when `budget` has a write left in its window of WINDOW_SECONDS, else refuses it (429 with
 * the seconds until the window ends). The write is taken from the budget by one atomic statement before
 * `write` starts, so concurrent writes of one client, also through other server processes, are counted one
 * by one without waiting for each other; it is given back when `write` fails (a full quota, a wrong
 * birth date), so only what was written counts.
 */
export async function limitWrites<T>(db: Database, budget: WriteBudget, write: () => Promise<T>): Promise<T> {
  const window = sql`make_interval(secs => ${WINDOW_SECONDS})`;
  const expired = sql`${writeBudgets.windowStart} <= now() - ${window}`;
  const [taken] = await db
    .insert(writeBudgets)
    .values({ key: budget.key, windowStart: sql`now()`, used: 1 })
    .onConflictDoUpdate({
      target: writeBudgets.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${writeBudgets.windowStart} end`,
        used: sql`case when ${expired} then 1 else ${writeBudgets.used} + 1 end`,
      },
      // The row is locked and read again as it is now: concurrent takers queue on it for this statement only.
      setWhere: sql`${expired} or ${writeBudgets.used} < ${budget.limit}`,
    })
    .returning({ window: sql<string>`${writeBudgets.windowStart}::text` });
  if (!taken) throw await tooManyWrites(db, budget.key);
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await db.delete(writeBudgets).where(sql`${writeBudgets.windowStart} < now() - interval '1 hour'`);
  }
  try {
    return await write();
  } catch (err) {
    await db
      .update(writeBudgets)
      .set({ used: sql`${writeBudgets.used} - 1` })
      .where(
        and(
          eq(writeBudgets.key, budget.key),
          // As text: a Date would lose the microseconds of now().
          sql`${writeBudgets.windowStart} = ${taken.window}::timestamptz`,
          gt(writeBudgets.used, 0),
        ),
      );
    throw err;
  }
}

async function tooManyWrites(db: Database, key: string): Promise<AppError> {
  const [row] = await db
    .select({
      retryAfter: sql<string>`ceil(extract(epoch from ${writeBudgets.windowStart} + make_interval(secs => ${WINDOW_SECONDS}) - now()))`,
    })
    .from(writeBudgets)
    .where(eq(writeBudgets.key, key));
  const retryAfter = Math.max(1, Number(row?.retryAfter ?? 1));
  return new AppError(
    429,
    'TOO_MANY_REQUESTS',
    `Terlalu banyak permintaan dari alamat Anda. Coba lagi dalam ${retryAfter} detik.`,
    { retryAfter },
  );
}
