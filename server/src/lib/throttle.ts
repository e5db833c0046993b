import { fill, TOO_MANY_REQUESTS, TOO_MANY_WRONG_PASSWORDS, TRY_AGAIN_IN } from '@portal/contract';
import { and, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client.js';
import { preparedStatement } from '../db/prepared.js';
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

/** The window in SQL, on the database's own clock. */
const windowLength = sql`make_interval(secs => ${WINDOW_SECONDS})`;
/** When the window now began: what happened after it counts. */
export const windowBegan = sql`(now() - ${windowLength})`;
/** The seconds, in SQL, until what happened at `at` leaves the window. */
export const secondsUntilOut = (at: SQL | AnyPgColumn) =>
  sql<string | null>`ceil(extract(epoch from ${at} + ${windowLength} - now()))`;

/**
 * With `limit` failures matching `where` within the window (on the database's own clock), the seconds
 * until fewer are left: until the `limit`-th latest leaves it, however many came before it. Null while
 * there are fewer.
 */
export async function failuresHoldBack(
  tx: Transaction,
  table: PgTable,
  at: AnyPgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ retryAfter: secondsUntilOut(at) })
    .from(table)
    .where(and(where, gt(at, windowBegan)))
    .orderBy(desc(at))
    .offset(limit - 1)
    .limit(1);
  return row ? Math.max(1, Number(row.retryAfter ?? WINDOW_SECONDS)) : null;
}

/**
 * A 429 that says why (`why`, a sentence of the contract's: TOO_MANY_…) and in how many seconds to try
 * again (`Retry-After`).
 */
export const refusal =
  (code: string, why: string) =>
  (retryAfter: number): AppError =>
    new AppError(429, code, fill(TRY_AGAIN_IN, { why, n: retryAfter }), { retryAfter });

export const tooManyAttempts = refusal('TOO_MANY_ATTEMPTS', TOO_MANY_WRONG_PASSWORDS);

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
 * Runs `act` when no budget is spent in its window, else refuses it with the refusal of the first spent
 * one; all are checked by one atomic statement before `act` starts. A write budget's unit is taken by that
 * statement, so concurrent writes of one client, also through other server processes, are counted one by
 * one without waiting for each other, and given back when `act` fails. A failure budget is only checked
 * then, and charged by one more statement when `act` fails with an error `isFailure` recognises (a wrong
 * birth date, an unknown booking code): a client's attempts are not limited while they succeed, and a burst
 * of failures is counted as its attempts end (those in flight may pass a budget that one of them spends).
 */
export async function withinBudgets<T>(
  db: Database,
  budgets: readonly Budget[],
  act: () => Promise<T>,
  isFailure: (err: unknown) => boolean = () => true,
): Promise<T> {
  const taken = await take(db, budgets);
  const writes = taken.filter((t) => budgets.some((b) => b.key === t.key && b.counts === 'writes'));
  const spent = budgets.find((budget) => !taken.some((t) => t.key === budget.key));
  if (spent) {
    await giveBack(db, writes);
    throw spent.refusal(await secondsLeft(db, spent.key));
  }
  try {
    return await act();
  } catch (err) {
    await giveBack(db, writes);
    if (isFailure(err))
      await charge(
        db,
        budgets.filter((b) => b.counts === 'failures'),
      );
    throw err;
  }
}

/** Runs `write` under the budget of a client's writes: 429 "too many requests" once it is spent. */
export function limitWrites<T>(db: Database, budget: WriteBudget, write: () => Promise<T>): Promise<T> {
  return withinBudgets(db, [{ ...budget, counts: 'writes', refusal: tooManyRequests }], write);
}

export const tooManyRequests = refusal('TOO_MANY_REQUESTS', TOO_MANY_REQUESTS);

const expired = sql`${writeBudgets.windowStart} <= ${windowBegan}`;

/**
 * The statement of `take` for `count` budgets, prepared once per count: the values of budget `i` (in the order
 * of the keys) are `key_i`, `unit_i` (what it takes: 1 of a write budget, 0 of a failure budget) and `limit_i`.
 * Each row is locked and read again as it is now: concurrent takers queue on it for this statement only.
 */
const takeStatement = preparedStatement(
  (count: number) => String(count),
  (count, db) => {
    const indexes = [...Array(count).keys()];
    const value = (name: string, i: number) => sql.placeholder(`${name}_${i}`);
    /** Per budget key, in SQL: `case key when … then …`. */
    const byKey = (name: string) =>
      sql.join(
        [
          sql`case ${writeBudgets.key}`,
          ...indexes.map((i) => sql`when ${value('key', i)} then ${value(name, i)}::int`),
          sql`end`,
        ],
        sql` `,
      );
    return db
      .insert(writeBudgets)
      .values(indexes.map((i) => ({ key: value('key', i), windowStart: sql`now()`, used: value('unit', i) })))
      .onConflictDoUpdate({
        target: writeBudgets.key,
        set: {
          windowStart: sql`case when ${expired} then now() else ${writeBudgets.windowStart} end`,
          used: sql`case when ${expired} then 0 else ${writeBudgets.used} end + ${byKey('unit')}`,
        },
        setWhere: sql`${expired} or ${writeBudgets.used} < ${byKey('limit')}`,
      })
      .returning({
        key: writeBudgets.key,
        window: sql<string>`${writeBudgets.windowStart}::text`.as('window'),
      })
      .getSQL();
  },
);

/**
 * In one statement: a unit of each write budget that has one left, and each failure budget that is not
 * spent, unchanged; a spent budget is missing from the answer.
 */
async function take(db: Database, budgets: readonly Budget[]): Promise<Taken[]> {
  if (budgets.length === 0) return [];
  // In the order of the keys: two statements lock the rows they share in the same order (no deadlock).
  const values = [...budgets]
    .sort((a, b) => a.key.localeCompare(b.key))
    .flatMap((b, i) => [
      [`key_${i}`, b.key],
      [`unit_${i}`, b.counts === 'writes' ? 1 : 0],
      [`limit_${i}`, b.limit],
    ]);
  const taken = await takeStatement<Taken>(db, budgets.length, Object.fromEntries(values));
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await db.delete(writeBudgets).where(sql`${writeBudgets.windowStart} < now() - interval '1 hour'`);
  }
  return taken;
}

/** Charges a failure to each budget, in the window of now. */
async function charge(db: Database, budgets: readonly Budget[]): Promise<void> {
  if (budgets.length === 0) return;
  await db
    .update(writeBudgets)
    .set({
      windowStart: sql`case when ${expired} then now() else ${writeBudgets.windowStart} end`,
      used: sql`case when ${expired} then 1 else ${writeBudgets.used} + 1 end`,
    })
    .where(
      inArray(
        writeBudgets.key,
        budgets.map((b) => b.key),
      ),
    );
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
    .select({ retryAfter: secondsUntilOut(writeBudgets.windowStart) })
    .from(writeBudgets)
    .where(eq(writeBudgets.key, key));
  return Math.max(1, Number(row?.retryAfter ?? 1));
}
