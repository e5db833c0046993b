/**
 * The portal's throughput against its goals, in one table: a bare Fastify route (the ceiling, measured
 * again before each read, each read's share taken of the median of all these runs), every public read on PostgreSQL with one server process and, all of
 * them mixed, with two, every public read on the embedded database, the patient search at a million
 * patients (one client per term, and `SITI` at CONNECTIONS), outpatient booking bursts from 1,000
 * client addresses and from one kiosk, and the bare conditional UPDATE a booking is built around (the
 * anchor), all at the same concurrency in the same run. The machine is shared and noisy, so goals are
 * ratios to the ceiling or the anchor measured here, never absolute rates from another run. Fails when
 * a goal is missed; needs PostgreSQL (BENCH_DATABASE_URL).
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client.ts';
import { staff } from '../../server/src/db/schema/index.ts';
import { seedDemo } from '../../server/src/db/seed/demo.ts';
import { createStaff } from '../../server/src/modules/staff/service.ts';
import { anchor, BURST, type BurstResult, bookingBurst, seedBookings } from './bookings.ts';
import { CONNECTIONS, type LoadResult, loadHttp } from './load.ts';
import { measurePatientSearch } from './patient-search.ts';
import { benchPort, leftOut, wanted } from './parts.ts';
import { createBenchDatabase } from './postgres.ts';
import { startBareRoute, startServer } from './server.ts';

const ports = {
  ceiling: benchPort(0),
  postgres: benchPort(1),
  embedded: benchPort(2),
  search: benchPort(3),
  twoWorkers: benchPort(4),
};
/** Rounds of the one-worker and two-worker servers taking turns. */
const workerRounds = 3;
const seconds = 3;
const warmUpSeconds = 1;
/**
 * A server just started compiles its code over its first seconds of load: the search answered 520 req/s over
 * its first three seconds and 850 from its tenth on (a quiet 2-core machine). A hospital's runs for days, so
 * the search is measured once warm.
 */
const searchWarmUpSeconds = 10;
const goals = {
  readShare: 0.5,
  readP99Ms: 15,
  embeddedReadShare: 0.35,
  twoWorkers: 1.5,
  searchP95Ms: 20,
  searchPerSecond: 500,
  bookingShare: 0.5,
  bookingP99Ms: 250,
  embeddedRssMb: 600,
};
const searchStaff = { username: 'bench.records', password: 'bench-records-password' };

interface Row {
  name: string;
  perSecond?: number;
  share?: number;
  p50?: number;
  tail?: number;
  /** The tail's quantile when not p99. */
  tailLabel?: string;
  goal: string;
  /** Why the row missed; empty when it met its goal. */
  problems: string[];
}

const table: Row[] = [];

/** The rows whose share is of the ceiling, with the least share each must reach: worked out at the end. */
const ofCeiling: { row: Row; least: number }[] = [];

/** Anything but 200 answers to a read. */
const failures = (r: LoadResult) =>
  [...r.statuses].filter(([status]) => status !== 200).map(([status, n]) => `${n} × ${status}`);

/** The public reads of a server with the demo data: every document the public pages and boards fetch. */
async function publicReads(base: string): Promise<string[]> {
  const first = async (path: string) =>
    ((await (await fetch(`${base}${path}`)).json()) as { id: number }[])[0]?.id;
  return [
    '/api/duty',
    '/api/beds',
    '/api/queue/board',
    '/api/clinics',
    `/api/public/registration-dates?clinicId=${await first('/api/clinics')}`,
    '/api/public/doctor-schedules',
    '/api/public/operating-schedule',
    '/api/ambulance-tariffs?q=kota',
    '/api/tariff-books',
    `/api/tariff-books/${await first('/api/tariff-books')}/items?q=konsultasi`,
  ];
}

const measure = (base: string, paths: string[]) =>
  loadHttp(base, (n) => ({ path: paths[n % paths.length] as string }), { seconds, warmUpSeconds });

/**
 * The bare route, measured again just before each read, and what it answered each time. Its median run is the
 * ceiling every read's share is taken of: one run slowed by other work on the machine moves the median little,
 * where a share of the run just before would swing with it.
 */
interface Ceiling {
  base: string;
  runs: LoadResult[];
}

/** Each read on its own, in turn with a run of the ceiling (the machine's load drifts over the table). */
async function readRows(base: string, backend: string, ceiling: Ceiling, share: number, p99Ms?: number) {
  for (const path of await publicReads(base)) {
    ceiling.runs.push(await measure(ceiling.base, ['/api/health']));
    const r = await measure(base, [path]);
    const problems = failures(r);
    if (p99Ms !== undefined && r.p99 > p99Ms) problems.push('p99 too long');
    const row: Row = {
      name: `${backend} \`GET ${path}\``,
      ...r,
      tail: r.p99,
      goal: `≥ ${share} of the ceiling${p99Ms === undefined ? '' : `, p99 ≤ ${p99Ms} ms`}`,
      problems,
    };
    table.push(row);
    ofCeiling.push({ row, least: share });
  }
}

/** Resident memory of a process in MB (VmRSS now, VmHWM its peak), from Linux's /proc. */
const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

/** The ceiling's row, first in the table: its median run, of which each read's share is taken. */
function ceilingRow({ runs }: Ceiling) {
  const median = [...runs].sort((x, y) => x.perSecond - y.perSecond)[Math.floor(runs.length / 2)];
  if (!median) return;
  for (const { row, least } of ofCeiling) {
    row.share = (row.perSecond ?? 0) / median.perSecond;
    if (row.share < least) row.problems.push('below its share');
  }
  table.unshift({
    name: `bare Fastify route (the ceiling), median of ${runs.length} runs, from ${Math.min(...runs.map((r) => r.perSecond)).toFixed(0)} to ${Math.max(...runs.map((r) => r.perSecond)).toFixed(0)} req/s`,
    ...median,
    share: 1,
    tail: median.p99,
    goal: '',
    problems: runs.flatMap(failures),
  });
}

/** Reads with one server process, all reads mixed with one and with two, bookings, the anchor. */
async function postgresRows(ceiling: Ceiling) {
  const database = await createBenchDatabase('throughput');
  if (!database) throw new Error('the throughput table needs PostgreSQL');
  const handle = await openDatabase({ databaseUrl: database.url });
  const db = new pg.Client({ connectionString: database.url });
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    await db.connect();
    const bench = await seedBookings(db);
    const { rows } = await db.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    console.log(`PostgreSQL ${rows[0]?.version}, database ${database.name} with the demo data`);
    // Addresses come from X-Forwarded-For; the kiosk's budget is raised out of the way of its burst.
    const env = { DATABASE_URL: database.url, TRUST_PROXY: 'true', REGISTRATION_WRITE_LIMIT: '100000' };

    const withServer = async <T>(
      workers: number,
      measure: (base: string) => Promise<T>,
      port = ports.postgres,
    ) => {
      const server = await startServer(port, { ...env, WORKERS: String(workers) });
      try {
        return await measure(server.base);
      } finally {
        await server.stop();
      }
    };

    if (wanted('reads'))
      await withServer(1, async (one) => {
        await readRows(one, 'PostgreSQL', ceiling, goals.readShare, goals.readP99Ms);
        // Both servers run at once and take turns, so that the other work on the machine weighs on both alike.
        await withServer(2, (two) => compareWorkers(one, two), ports.twoWorkers);
      });
    if (!wanted('bookings')) return;
    // The anchor runs before the bursts and after them, with no server running (so none receives the session's
    // change notifications, as a booking's own load has none): the machine's pace drifts over a run, and each
    // burst is compared with the mean of the two.
    const before = await anchor(database.url, bench, seconds);
    const bursts = await withServer(1, async (base) => {
      const warmUp = await bookingBurst(base, db, bench, 'warmUp');
      if (warmUp.problems.length) throw new Error(`booking warm-up failed: ${warmUp.problems.join('; ')}`);
      const results: [string, BurstResult][] = [];
      for (const [name, burst] of [
        [`${BURST} bookings from ${BURST} addresses`, 'addresses'],
        [`${BURST} bookings from one kiosk`, 'kiosk'],
        [`${BURST} bookings for 100 places`, 'contest'],
      ] as const) {
        results.push([name, await bookingBurst(base, db, bench, burst)]);
      }
      return results;
    });
    const after = await anchor(database.url, bench, seconds);
    const base = {
      perSecond: (before.perSecond + after.perSecond) / 2,
      p50: Math.max(before.p50, after.p50),
      p99: Math.max(before.p99, after.p99),
    };
    for (const [name, r] of bursts) {
      const contest = name.endsWith('places');
      const problems = [...r.problems];
      if (!contest && r.perSecond / base.perSecond < goals.bookingShare) problems.push('below its share');
      if (!contest && r.p99 > goals.bookingP99Ms) problems.push('p99 too long');
      table.push({
        name: `PostgreSQL \`POST /api/registrations\`, ${name}`,
        ...r,
        share: r.perSecond / base.perSecond,
        tail: r.p99,
        goal: contest
          ? '100 booked, the rest refused, 0 oversold, numbers 1..100'
          : `≥ ${goals.bookingShare} of the anchor, p99 ≤ ${goals.bookingP99Ms} ms, all booked, numbers 1..${BURST}`,
        problems,
      });
    }
    table.push({
      name: `PostgreSQL bare \`BEGIN; UPDATE queue_sessions … WHERE used < quota; COMMIT\` (the anchor), mean of ${before.perSecond.toFixed(0)} before the bursts and ${after.perSecond.toFixed(0)} after (p50 and p99: the longer of the two)`,
      ...base,
      share: 1,
      tail: base.p99,
      goal: '',
      problems: [],
    });
  } finally {
    await db.end().catch(() => {});
    await handle.close();
    await database.drop();
  }
}

/** All public reads mixed, on one server process and on two, as the median of their turns. */
async function compareWorkers(one: string, two: string) {
  const paths = await publicReads(one);
  const turns: { one: LoadResult; two: LoadResult }[] = [];
  for (let i = 0; i < workerRounds; i++) {
    turns.push({ one: await measure(one, paths), two: await measure(two, paths) });
  }
  turns.sort((a, b) => a.two.perSecond / a.one.perSecond - b.two.perSecond / b.one.perSecond);
  const median = turns[Math.floor(workerRounds / 2)] as (typeof turns)[number];
  const problems = turns.flatMap((t) => [...failures(t.one), ...failures(t.two)]);
  const share = median.two.perSecond / median.one.perSecond;
  if (share < goals.twoWorkers) problems.push('below its share');
  table.push({
    name: `PostgreSQL, all public reads mixed, 1 worker: ${median.one.perSecond.toFixed(0)} req/s; 2 workers (median of ${workerRounds} turns)`,
    ...median.two,
    share,
    tail: median.two.p99,
    goal: `≥ ${goals.twoWorkers} × 1 worker`,
    problems,
  });
}

async function embeddedRows(ceiling: Ceiling) {
  const server = await startServer(ports.embedded);
  try {
    await readRows(server.base, 'PGlite', ceiling, goals.embeddedReadShare);
    const rss = memoryMb(server.pid, 'VmRSS');
    console.log(
      `PGlite server memory after its reads: ${rss.toFixed(0)} MB (goal ≤ ${goals.embeddedRssMb} MB); ` +
        `peak since start, with the demo seed hashing passwords: ${memoryMb(server.pid, 'VmHWM').toFixed(0)} MB`,
    );
    if (rss > goals.embeddedRssMb)
      table.push({
        name: 'PGlite server memory',
        goal: `≤ ${goals.embeddedRssMb} MB`,
        problems: [`${rss.toFixed(0)} MB`],
      });
  } finally {
    await server.stop();
  }
}

/** The cookie of a records-desk session on `base`, made in the database at `url` when missing. */
async function recordsDesk(url: string, base: string): Promise<string> {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    const [found] = await handle.db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.username, searchStaff.username));
    if (!found)
      await createStaff(handle.db, {
        ...searchStaff,
        name: 'Rekam Medis Uji',
        phone: '081200000001',
        roles: ['records'],
      });
  } finally {
    await handle.close();
  }
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(searchStaff),
  });
  if (!res.ok) throw new Error(`records desk login: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function searchRows() {
  const search = await measurePatientSearch();
  if (!search) throw new Error('the throughput table needs PostgreSQL');
  for (const c of search.cases) {
    const problems = c.deterministic ? [] : ['not deterministic'];
    if (c.p95 > goals.searchP95Ms) problems.push('p95 too long');
    table.push({
      name: `search ${c.criterion} ${c.term} (${c.rows}${c.truncated ? '+' : ''} rows), 1 client`,
      p50: c.p50,
      tail: c.p95,
      tailLabel: 'p95',
      goal: `p95 ≤ ${goals.searchP95Ms} ms, the same rows twice`,
      problems,
    });
  }
  const server = await startServer(ports.search, { DATABASE_URL: search.url, WORKERS: '1' });
  try {
    const cookie = await recordsDesk(search.url, server.base);
    const siti = () => ({ path: '/api/patients?name=SITI', headers: { cookie } });
    const r = await loadHttp(server.base, siti, { seconds, warmUpSeconds: searchWarmUpSeconds });
    const problems = failures(r);
    if (r.perSecond < goals.searchPerSecond) problems.push('too slow');
    table.push({
      name: `search \`GET /api/patients?name=SITI\`, ${CONNECTIONS} connections, after ${searchWarmUpSeconds} s of it`,
      ...r,
      tail: r.p99,
      goal: `≥ ${goals.searchPerSecond} req/s`,
      problems,
    });
    const one = await loadHttp(server.base, siti, { seconds, connections: 1 });
    const oneProblems = failures(one);
    if (one.p95 > goals.searchP95Ms) oneProblems.push('p95 too long');
    table.push({
      name: 'search `GET /api/patients?name=SITI`, 1 client',
      ...one,
      tail: one.p95,
      tailLabel: 'p95',
      goal: `p95 ≤ ${goals.searchP95Ms} ms`,
      problems: oneProblems,
    });
  } finally {
    await server.stop();
  }
}

function print() {
  const ms = (v: number | undefined, label?: string) =>
    v === undefined ? '' : `${v.toFixed(1)}${label ? ` (${label})` : ''}`;
  console.log(
    `\n${CONNECTIONS} connections, ${warmUpSeconds} s warm-up then ${seconds} s per row unless said\n`,
  );
  console.log('| measurement | req/s | share | p50 ms | p99 ms | goal | |');
  console.log('|---|--:|--:|--:|--:|---|---|');
  for (const r of table) {
    console.log(
      `| ${r.name} | ${r.perSecond === undefined ? '' : r.perSecond.toFixed(0)} | ${r.share === undefined ? '' : r.share.toFixed(2)} ` +
        `| ${ms(r.p50)} | ${ms(r.tail, r.tailLabel)} | ${r.goal} | ${r.problems.length ? `MISS: ${r.problems.join(', ')}` : 'ok'} |`,
    );
  }
}

async function main() {
  if (leftOut('throughput', 'reads', 'search', 'bookings')) return;
  const bare = await startBareRoute(ports.ceiling);
  const ceiling: Ceiling = { base: bare.base, runs: [] };
  try {
    if (wanted('reads') || wanted('bookings')) await postgresRows(ceiling);
    if (wanted('reads')) await embeddedRows(ceiling);
    if (wanted('search')) await searchRows();
  } finally {
    await bare.stop();
    ceilingRow(ceiling);
    print();
  }
  if (table.some((r) => r.problems.length > 0)) {
    console.error('throughput: a goal was missed');
    process.exitCode = 1;
  }
}

await main();
