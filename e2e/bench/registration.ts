/**
 * Bursts of outpatient bookings (POST /api/registrations) on the built server with PostgreSQL: a
 * fresh database on BENCH_DATABASE_URL's server, dropped at the end. Reports bookings per second and
 * latency, and checks the outcome in the database: every expected booking made, the quota never
 * oversold, queue numbers 1..N without gaps or duplicates. Fails on a wrong outcome, not on speed;
 * skips with a message when PostgreSQL cannot be reached.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { createBenchDatabase } from './postgres.js';
import { startServer } from './server.ts';

const port = 3196;
const requests = 1000;
const concurrency = 50;
// Bookings are throttled per client address (REGISTRATION_WRITE_LIMIT a minute, 120 by default: a
// kiosk books many); every request here comes from 127.0.0.1, so the limit is raised out of the way.
const writeLimit = 100_000;
const warmUp = 50;

interface Outcome {
  status: number;
  code: string | undefined;
  queueSeq: number | undefined;
  ms: number;
}

/** A date two days after today in UTC: in the booking window in every time zone, never today. */
function bookingDate(): { date: string; weekday: number } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() || 7 };
}

/** Three clinics, each with one doctor and one session on `weekday`, and `requests` patients. */
async function seed(db: pg.Client, weekday: number) {
  const schedules: Record<'warmUp' | 'burst' | 'contest', number> = { warmUp: 0, burst: 0, contest: 0 };
  const clinics = [
    { key: 'warmUp', code: 'BENCH0', prefix: 'W', quotaJkn: 0, quotaNonJkn: warmUp },
    // Contract maximum through the admin API is 500 per payer: 500 JKN + 500 non-JKN = 1,000 places.
    { key: 'burst', code: 'BENCH1', prefix: 'A', quotaJkn: requests / 2, quotaNonJkn: requests / 2 },
    { key: 'contest', code: 'BENCH2', prefix: 'B', quotaJkn: 0, quotaNonJkn: 100 },
  ] as const;
  for (const c of clinics) {
    const { rows: clinic } = await db.query<{ id: number }>(
      'insert into clinics (code, name, queue_prefix) values ($1, $2, $3) returning id',
      [c.code, `Poli Uji ${c.code}`, c.prefix],
    );
    const clinicId = clinic[0]?.id;
    const { rows: doctor } = await db.query<{ id: number }>(
      'insert into doctors (name, clinic_id) values ($1, $2) returning id',
      [`dr. Uji ${c.code}`, clinicId],
    );
    const { rows: schedule } = await db.query<{ id: number }>(
      `insert into doctor_schedules
         (clinic_id, doctor_id, weekday, start_time, end_time, quota_jkn, quota_non_jkn, minutes_per_patient)
       values ($1, $2, $3, '08:00', '14:00', $4, $5, 1) returning id`,
      [clinicId, doctor[0]?.id, weekday, c.quotaJkn, c.quotaNonJkn],
    );
    schedules[c.key] = schedule[0]?.id as number;
  }
  const numbers = Array.from({ length: requests }, (_, i) => i + 1);
  await db.query(
    `insert into patients (mrn, nik, name, sex, birth_date)
     select 'B' || lpad(n::text, 6, '0'), '3201' || lpad(n::text, 12, '0'), 'Pasien Uji ' || n,
            case when n % 2 = 0 then 'P' else 'L' end, date '1970-01-01' + n
     from unnest($1::int[]) as n`,
    [numbers],
  );
  return schedules;
}

/** The booking of patient `n` (1-based), as the web form sends it; JKN for even `n` when `mixed`. */
function bookingBody(n: number, scheduleId: number, date: string, mixed: boolean) {
  const jkn = mixed && n % 2 === 0;
  const birth = new Date(Date.UTC(1970, 0, 1 + n)).toISOString().slice(0, 10);
  return {
    scheduleId,
    date,
    payer: jkn ? 'JKN' : 'UMUM',
    patient: { mrn: `B${String(n).padStart(6, '0')}`, birthDate: birth },
    phone: '081234567890',
    ...(jkn ? { bpjsCardNo: `0001${String(n).padStart(9, '0')}`, referralNo: `0301R001BENCH${n}` } : {}),
  };
}

/** Patients 1..count book `scheduleId`, `concurrency` requests in flight at any time. */
async function burst(base: string, scheduleId: number, date: string, count: number, mixed: boolean) {
  const outcomes: Outcome[] = [];
  let next = 1;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next <= count) {
        const body = JSON.stringify(bookingBody(next++, scheduleId, date, mixed));
        const start = performance.now();
        try {
          const res = await fetch(`${base}/api/registrations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          const json = (await res.json()) as { queueSeq?: number; error?: { code: string } };
          outcomes.push({
            status: res.status,
            code: json.error?.code,
            queueSeq: json.queueSeq,
            ms: performance.now() - start,
          });
        } catch {
          outcomes.push({ status: 0, code: 'NETWORK', queueSeq: undefined, ms: performance.now() - start });
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const tally = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.code ? `${o.status} ${o.code}` : String(o.status);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  const created = outcomes.filter((o) => o.status === 201);
  return {
    seconds,
    created: created.length,
    perSecond: created.length / seconds,
    requestsPerSecond: outcomes.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    tally,
    seqs: created.map((o) => o.queueSeq ?? 0),
  };
}

/** What the database holds for the session of `scheduleId` on `date`; problems as text. */
async function checkSession(db: pg.Client, scheduleId: number, date: string, expected: number) {
  const { rows } = await db.query<{
    bookings: number;
    distinct: number;
    min: number | null;
    max: number | null;
    used: number | null;
    lastSeq: number | null;
  }>(
    `select count(r.id)::int as bookings, count(distinct r.queue_seq)::int as distinct,
            min(r.queue_seq) as min, max(r.queue_seq) as max,
            max(s.used_jkn + s.used_non_jkn) as used, max(s.last_seq) as "lastSeq"
     from queue_sessions s left join registrations r on r.session_id = s.id
     where s.schedule_id = $1 and s.date = $2`,
    [scheduleId, date],
  );
  const r = rows[0];
  const problems: string[] = [];
  if (!r || r.bookings !== expected) problems.push(`${r?.bookings ?? 0} bookings in the database`);
  if (r && r.distinct !== r.bookings) problems.push(`${r.bookings - r.distinct} duplicate queue numbers`);
  if (r && r.bookings > 0 && (r.min !== 1 || r.max !== r.bookings))
    problems.push(`queue numbers ${r.min}..${r.max} for ${r.bookings} bookings (a gap)`);
  if (r && (r.used !== expected || r.lastSeq !== expected))
    problems.push(`session counters used ${r.used}, last ${r.lastSeq}`);
  return problems;
}

function report(
  label: string,
  r: Awaited<ReturnType<typeof burst>>,
  expected: Record<string, number>,
  dbProblems: string[],
) {
  const problems = [...dbProblems];
  for (const [key, n] of Object.entries(expected)) {
    if ((r.tally.get(key) ?? 0) !== n) problems.push(`${r.tally.get(key) ?? 0} × ${key}, expected ${n}`);
  }
  for (const [key, n] of r.tally) {
    if (!(key in expected)) problems.push(`${n} × ${key}${key.startsWith('5') ? ' (server error)' : ''}`);
  }
  const seqs = new Set(r.seqs);
  if (seqs.size !== r.seqs.length || [...seqs].some((s) => s < 1 || s > r.created))
    problems.push('the answers carry duplicate or out-of-range queue numbers');
  const outcome = [...r.tally].map(([key, n]) => `${n} × ${key}`).join(', ');
  console.log(
    `${problems.length ? 'FAIL' : 'ok  '} ${label}: ${outcome} in ${r.seconds.toFixed(2)} s, ` +
      `${r.perSecond.toFixed(0)} bookings/s (${r.requestsPerSecond.toFixed(0)} req/s), ` +
      `p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms  p99 ${r.p99.toFixed(0)} ms`,
  );
  for (const p of problems) console.error(`     ${p}`);
  return problems.length === 0;
}

async function main() {
  if (!existsSync(new URL('../../server/dist/main.js', import.meta.url))) {
    console.error('server/dist/main.js is missing: run `npm run build` first (npm run bench does)');
    process.exitCode = 1;
    return;
  }
  const database = await createBenchDatabase('registration burst');
  if (!database) return;
  const { name, url } = database;
  const db = new pg.Client({ connectionString: url });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let ok = true;
  try {
    // The server migrates the new database at start.
    server = await startServer(port, {
      DATABASE_URL: url,
      REGISTRATION_WRITE_LIMIT: String(writeLimit),
    });
    await db.connect();
    const { date, weekday } = bookingDate();
    const schedules = await seed(db, weekday);
    const { rows } = await db.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    console.log(
      `outpatient bookings on PostgreSQL ${rows[0]?.version} (database ${name}), ${requests} requests, ` +
        `${concurrency} in flight, each for a different patient, all from 127.0.0.1`,
    );
    console.log(
      `REGISTRATION_WRITE_LIMIT=${writeLimit}: the kiosk limit (default 120 a minute) is per client address and ` +
        `would refuse most of a burst from one address; its per-address lock still serialises these bookings`,
    );

    const w = await burst(server.base, schedules.warmUp, date, warmUp, false);
    if (w.created !== warmUp) {
      console.error(`warm-up failed: ${[...w.tally].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
      ok = false;
      return;
    }

    const a = await burst(server.base, schedules.burst, date, requests, true);
    ok =
      report(
        `${requests} bookings, quota 500 JKN + 500 umum`,
        a,
        { '201': requests },
        await checkSession(db, schedules.burst, date, requests),
      ) && ok;

    const b = await burst(server.base, schedules.contest, date, requests, false);
    ok =
      report(
        `${requests} bookings for a quota of 100`,
        b,
        { '201': 100, '409 QUOTA_FULL': requests - 100 },
        await checkSession(db, schedules.contest, date, 100),
      ) && ok;
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    await database.drop();
  }
  if (!ok) {
    console.error('registration burst: a wrong outcome');
    process.exitCode = 1;
  }
}

await main();
