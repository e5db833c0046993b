import { and, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client.js';
import { hotQuery } from '../db/prepared.js';
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

/** The window in SQL, on the database's own clock. */
const windowLength = sql`make_interval(secs => ${WINDOW_SECONDS})`;
/** When the window now began: what happened after it counts. */
export const windowBegan = sql`(now() - ${windowLength})`;
/** The seconds, in SQL, until what happened at `at` leaves the window. */
export const secondsUntilOut = (at: SQL | AnyPgColumn) =>
  sql<string | null>`ceil(extract(epoch from ${at} + ${windowLength} - now()))`;

/** Counts the failures matching `where` within the window, from the database's own clock. */
export async function recentFailures(
  tx: Transaction,
  table: PgTable,
  at: AnyPgColumn,
  where: SQL | undefined,
): Promise<FailureWindow> {
  const [row] = await tx
    .select({ failures: count(), retryAfter: secondsUntilOut(sql`min(${at})`) })
    .from(table)
    .where(and(where, gt(at, windowBegan)));
  return { failures: row?.failures ?? 0, retryAfter: Math.max(1, Number(row?.retryAfter ?? WINDOW_SECONDS)) };
}

/** A 429 that says why (`what`, a sentence) and in how many seconds to try again (`Retry-After`). */
export const refusal =
  (code: string, what: string) =>
  (retryAfter: number): AppError =>
    new AppError(429, code, `${what} Coba lagi dalam ${retryAfter} detik.`, { retryAfter });

export const tooManyAttempts = refusal(
  'TOO_MANY_ATTEMPTS',
  'Terlalu banyak percobaan kata sandi yang salah.',
);

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
 * one; all are checked by one statement before `act` starts. A write budget's unit is taken by that
 * statement, so concurrent writes of one client, also through other server processes, are counted one by
 * one without waiting for each other, and given back when `act` fails. A failure budget is only read then
 * (a client that succeeds writes nothing), and charged by one more statement when `act` fails with an
 * error `isFailure` recognises (a wrong birth date, an unknown booking code): a client's attempts are not
 * limited while they succeed, and a burst of failures is counted as its attempts end (those in flight may
 * pass a budget that one of them spends).
 */
export async function withinBudgets<T>(
  db: Database,
  budgets: readonly Budget[],
  act: () => Promise<T>,
  isFailure: (err: unknown) => boolean = () => true,
): Promise<T> {
  const { taken, spent } = await take(db, budgets);
  const first = budgets.find((budget) => spent.has(budget.key));
  if (first) {
    await giveBack(db, taken);
    throw first.refusal(await secondsLeft(db, first.key));
  }
  try {
    return await act();
  } catch (err) {
    await giveBack(db, taken);
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

export const tooManyRequests = refusal('TOO_MANY_REQUESTS', 'Terlalu banyak permintaan dari alamat Anda.');

const expired = sql`${writeBudgets.windowStart} <= ${windowBegan}`;

/** In the order of the keys: two statements lock the rows they share in the same order (no deadlock). */
const inKeyOrder = (budgets: readonly Budget[]) => [...budgets].sort((a, b) => a.key.localeCompare(b.key));

/** The placeholders of the `i`th write or failure budget's key and limit. */
const keyOf = (kind: 'w' | 'f', i: number) => sql.placeholder(`${kind}${i}`);
const limitOf = (kind: 'w' | 'f', i: number) => sql.placeholder(`${kind}${i}limit`);

/** `case key when … then … end`: the limit of each budget of `kind`, in SQL. */
const limits = (kind: 'w' | 'f', count: number) =>
  sql.join(
    [
      sql`case ${writeBudgets.key}`,
      ...Array.from(
        { length: count },
        (_, i) => sql`when ${keyOf(kind, i)}::text then ${limitOf(kind, i)}::int`,
      ),
      sql`end`,
    ],
    sql` `,
  );

/**
 * The statement of `take` for `writes` write budgets and `failures` failure budgets: a unit of each write
 * budget that has one left, and the failure budgets that are spent, read. The rows of the write units carry
 * the window they were taken from; those of the spent budgets none.
 */
function budgetsStatement(db: Database | Transaction, writes: number, failures: number) {
  const units = () =>
    db
      .insert(writeBudgets)
      .values(
        Array.from({ length: writes }, (_, i) => ({ key: keyOf('w', i), windowStart: sql`now()`, used: 1 })),
      )
      .onConflictDoUpdate({
        target: writeBudgets.key,
        set: {
          windowStart: sql`case when ${expired} then now() else ${writeBudgets.windowStart} end`,
          used: sql`case when ${expired} then 0 else ${writeBudgets.used} end + 1`,
        },
        // Each row is locked and read again as it is now: concurrent takers queue on it for this statement only.
        setWhere: sql`${expired} or ${writeBudgets.used} < ${limits('w', writes)}`,
      })
      .returning({
        key: writeBudgets.key,
        window: sql<string | null>`${writeBudgets.windowStart}::text`.as('window'),
      });
  const spentFailures = () =>
    db
      .select({ key: writeBudgets.key, window: sql<string | null>`null`.as('window') })
      .from(writeBudgets)
      .where(
        and(
          inArray(
            writeBudgets.key,
            Array.from({ length: failures }, (_, i) => keyOf('f', i)),
          ),
          sql`not ${expired}`,
          sql`${writeBudgets.used} >= ${limits('f', failures)}`,
        ),
      );
  if (writes === 0) return spentFailures();
  if (failures === 0) return units();
  const taken = db.$with('taken').as(units());
  // The union in FROM: a WITH that writes must stay at the top, and the query builder would put it inside
  // the union's parentheses.
  return db
    .with(taken)
    .select({ key: sql<string>`key`, window: sql<string | null>`"window"` })
    .from(sql`(select "key", "window" from ${taken} union all ${spentFailures()}) as budgets`);
}

/** The statements of `take`, by the numbers of budgets of each kind. */
const budgetsQueries = new Map<string, ReturnType<typeof budgetsQueryOf>>();

const budgetsQueryOf = (writes: number, failures: number) =>
  hotQuery(`take_budgets_${writes}_${failures}`, (db) => budgetsStatement(db, writes, failures));

/**
 * In one statement: a unit of each write budget that has one left (the units `taken`), and the failure
 * budgets that are spent, read; a write budget without a unit left is `spent` too.
 */
async function take(
  db: Database,
  budgets: readonly Budget[],
): Promise<{ taken: Taken[]; spent: Set<string> }> {
  const writes = inKeyOrder(budgets.filter((b) => b.counts === 'writes'));
  const failures = budgets.filter((b) => b.counts === 'failures');
  const shape = `${writes.length}_${failures.length}`;
  let query = budgetsQueries.get(shape);
  if (!query) budgetsQueries.set(shape, (query = budgetsQueryOf(writes.length, failures.length)));
  const values: Record<string, unknown> = {};
  for (const [kind, list] of [
    ['w', writes],
    ['f', failures],
  ] as const) {
    for (const [i, budget] of list.entries()) {
      values[`${kind}${i}`] = budget.key;
      values[`${kind}${i}limit`] = budget.limit;
    }
  }
  const rows = writes.length + failures.length === 0 ? [] : await query(db).execute(values);
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await db.delete(writeBudgets).where(sql`${writeBudgets.windowStart} < now() - interval '1 hour'`);
  }
  const taken = rows.flatMap((row) => (row.window === null ? [] : [{ key: row.key, window: row.window }]));
  const spent = new Set([
    ...writes.filter((b) => !taken.some((t) => t.key === b.key)).map((b) => b.key),
    ...rows.filter((row) => row.window === null).map((row) => row.key),
  ]);
  return { taken, spent };
}

/** Charges a failure to each budget, in the window of now (the first failure of a client makes its row). */
async function charge(db: Database, budgets: readonly Budget[]): Promise<void> {
  if (budgets.length === 0) return;
  await db
    .insert(writeBudgets)
    .values(inKeyOrder(budgets).map((b) => ({ key: b.key, windowStart: sql`now()`, used: 1 })))
    .onConflictDoUpdate({
      target: writeBudgets.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${writeBudgets.windowStart} end`,
        used: sql`case when ${expired} then 1 else ${writeBudgets.used} + 1 end`,
      },
    });
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
