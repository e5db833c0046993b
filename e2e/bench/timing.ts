/** The value at quantile `q` (0 to 1) of values sorted ascending. */
export const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/**
 * Times `run` one call after another: `warmUp` calls first, untimed, then `runs` timed ones. Answers the
 * median and the 95th percentile in milliseconds, and what the last call answered.
 */
export async function timeRuns<T>(
  run: () => Promise<T>,
  { warmUp, runs }: { warmUp: number; runs: number },
): Promise<{ p50: number; p95: number; last: T }> {
  for (let i = 0; i < warmUp; i++) await run();
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), last: last as T };
}
