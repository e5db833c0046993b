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

export interface Drive {
  /** Operations that ended (whatever they answered). */
  done: number;
  seconds: number;
  perSecond: number;
  /** Milliseconds, ascending. */
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Runs `operation` in `concurrency` loops at once, each starting its next call when its last one ended:
 * for `seconds` (`operation` numbered 0, 1, 2… in the order of starting), or until `count` calls started.
 * The load shape of every throughput measurement here, HTTP or SQL.
 */
export async function drive(
  operation: (n: number) => Promise<void>,
  { concurrency, seconds, count }: { concurrency: number; seconds?: number; count?: number },
): Promise<Drive> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const until = seconds === undefined ? Number.POSITIVE_INFINITY : started + seconds * 1000;
  const more = () => (count === undefined || next < count) && performance.now() < until;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) {
        const start = performance.now();
        await operation(next++);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    done: latencies.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}
