import { and, count, eq, gt, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * A budget of a client per window of WINDOW_SECONDS: what it may do (`registration-write:<address>`: 120
 * bookings) or how often it may fail (`identity:<address>`: 10 wrong patient identities).
 */
export interface Budget {
  key: string;
  limit: number;
  /** What uses it up: the writes made, or the failed attempts (the errors that `isFailure` recognises). */
  counts: 'writes' | 'failures';
  /** The answer once it is spent, told the seconds until its window ends. */
  refusal: (retryAfter: number) => AppError;
}

export type WriteBudget = Pick<Budget, 'key' | 'limit'>;

/** Stale budgets are swept by the process that takes one, at most this often. */
const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/** A unit taken from a budget, in the window it was taken from (as text: a Date drops now()'s microseconds). */
interface Taken {
  key: string;
  window: string;
}

/**
 * Runs `act` when every budget has a unit left in its window, else refuses it with the refusal of the
 * first spent one. One atomic statement takes a unit from each before `act` starts, so concurrent attempts
 * of one client, also through other server processes, are counted one by one without waiting for each
 * other. Afterwards a write budget keeps its unit only when `act` succeeded, a failure budget only when
 * `act` failed with an error `isFailure` recognises (a wrong birth date, an unknown booking code); the
 * others are given back by one more statement.
 */
export async function withinBudgets<T>(
  db: Database,
  budgets: readonly Budget[],
  act: () => Promise<T>,
  isFailure: (err: unknown) => boolean = () => true,
): Promise<T> {
  const taken = await take(db, budgets);
  const spent = budgets.find((budget) => !taken.some((t) => t.key === budget.key));
  if (spent) {
    await giveBack(db, taken);
    throw spent.refusal(await secondsLeft(db, spent.key));
  }
  const kept = (counts: Budget['counts']) =>
    taken.filter((t) => budgets.some((budget) => budget.key === t.key && budget.counts === counts));
  let result: T;
  try {
    result = await act();
  } catch (err) {
    await giveBack(db, isFailure(err) ? kept('writes') : taken);
    throw err;
  }
  await giveBack(db, kept('failures'));
  return result;
}

/** Runs `write` under the budget of a client's writes: 429 "too many requests" once it is spent. */
export function limitWrites<T>(db: Database, budget: WriteBudget, write: () => Promise<T>): Promise<T> {
  return withinBudgets(db, [{ ...budget, counts: 'writes', refusal: tooManyRequests }], write);
}

export const tooManyRequests = (retryAfter: number) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    `Terlalu banyak permintaan dari alamat Anda. Coba lagi dalam ${retryAfter} detik.`,
    { retryAfter },
  );

/** A unit of each budget that has one left, in one statement; a spent budget is missing from the answer. */
async function take(db: Database, budgets: readonly Budget[]): Promise<Taken[]> {
  if (budgets.length === 0) return [];
  const window = sql`make_interval(secs => ${WINDOW_SECONDS})`;
  const expired = sql`${writeBudgets.windowStart} <= now() - ${window}`;
  const limit = sql.join(
    [sql`case ${writeBudgets.key}`, ...budgets.map((b) => sql`when ${b.key} then ${b.limit}::int`), sql`end`],
    sql` `,
  );
  const taken = await db
    .insert(writeBudgets)
    // In the order of the keys: two statements lock the rows they share in the same order (no deadlock).
    .values(
      [...budgets]
        .sort((a, b) => a.key.localeCompare(b.key))
        .map((b) => ({ key: b.key, windowStart: sql`now()`, used: 1 })),
    )
    .onConflictDoUpdate({
      target: writeBudgets.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${writeBudgets.windowStart} end`,
        used: sql`case when ${expired} then 1 else ${writeBudgets.used} + 1 end`,
      },
      // Each row is locked and read again as it is now: concurrent takers queue on it for this statement only.
      setWhere: sql`${expired} or ${writeBudgets.used} < ${limit}`,
    })
    .returning({ key: writeBudgets.key, window: sql<string>`${writeBudgets.windowStart}::text` });
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await db.delete(writeBudgets).where(sql`${writeBudgets.windowStart} < now() - interval '1 hour'`);
  }
  return taken;
}

/** Gives units back to the windows they were taken from (a window that ended since has nothing to return). */
async function giveBack(db: Database, taken: readonly Taken[]): Promise<void> {
  if (taken.length === 0) return;
  await db
    .update(writeBudgets)
    .set({ used: sql`${writeBudgets.used} - 1` })
    .where(
      and(
        or(
          ...taken.map((t) =>
            and(eq(writeBudgets.key, t.key), sql`${writeBudgets.windowStart} = ${t.window}::timestamptz`),
          ),
        ),
        gt(writeBudgets.used, 0),
      ),
    );
}

/** The seconds until a spent budget's window ends. */
async function secondsLeft(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({
      retryAfter: sql<string>`ceil(extract(epoch from ${writeBudgets.windowStart} + make_interval(secs => ${WINDOW_SECONDS}) - now()))`,
    })
    .from(writeBudgets)
    .where(eq(writeBudgets.key, key));
  return Math.max(1, Number(row?.retryAfter ?? 1));
}
