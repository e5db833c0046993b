/**
 * The row a one-row write answered with `.returning()`. No row is a bug unless `missing` tells what it
 * means, e.g. `() => notFound(…)` for an update of an id that does not exist.
 */
export function single<T>(
  rows: readonly T[],
  missing: () => Error = () => new Error('the write returned no row'),
): T {
  const [row] = rows;
  if (row === undefined) throw missing();
  return row;
}

/** The row type of a query builder function, such as one that starts a select for `.$dynamic()` use. */
export type RowOf<Query extends (...args: never[]) => { execute(): Promise<readonly unknown[]> }> = Awaited<
  ReturnType<ReturnType<Query>['execute']>
>[number];

/** The rows of a raw `db.execute(sql…)`: both drivers answer with `{ rows }`. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
