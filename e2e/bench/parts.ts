/**
 * What one `npm run bench` measures and where: `BENCH_ONLY` names the parts to run (all when unset), and
 * `BENCH_PORT_BASE` the first of the ports its servers listen on, so that two runs on one machine need not
 * collide.
 */

/** The parts of `npm run bench`: a benchmark each, the throughput table in three. */
export const benchParts = [
  'first-view',
  'reads',
  'search',
  'bookings',
  'import',
  'visit-lists',
  'simrs-link',
] as const;
export type BenchPart = (typeof benchParts)[number];

const asked = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter((part) => part !== '');
const unknown = asked.filter((part) => !(benchParts as readonly string[]).includes(part));
if (unknown.length > 0) {
  console.error(`BENCH_ONLY: unknown ${unknown.join(', ')}; the parts are ${benchParts.join(', ')}`);
  process.exit(2);
}

/** Whether `BENCH_ONLY` asks for this part (every part when it is unset). */
export const wanted = (part: BenchPart) => asked.length === 0 || asked.includes(part);

/** Says that a benchmark none of whose parts were asked for is left out, and whether it is. */
export function leftOut(bench: string, ...parts: BenchPart[]): boolean {
  if (parts.some(wanted)) return false;
  console.log(`${bench}: not run (BENCH_ONLY=${asked.join(',')})`);
  return true;
}

/** The `offset`-th port of this run: BENCH_PORT_BASE (3190) and up. */
export const benchPort = (offset: number) => Number(process.env.BENCH_PORT_BASE ?? 3190) + offset;
