/**
 * Outpatient booking bursts (POST /api/registrations) against the built server on PostgreSQL, checked in
 * the database (every expected booking made, the quota never oversold, queue numbers 1..N without gaps or
 * duplicates), and their anchor: the bare conditional UPDATE a booking is built around, on the same
 * database at the same concurrency.
 */
import pg from 'pg';
import { CONNECTIONS, type LoadResult, loadHttp } from './load.ts';
import { drive } from './timing.ts';

/** Bookings per burst; the contract's largest quota through the admin API is 500 per payer. */
export const BURST = 1000;
/**
 * Bookings before the bursts, untimed, half of them JKN like the bursts': a server started a moment ago is
 * slower until its code is compiled and each of its database connections has prepared the statements of both
 * payers. After a warm-up of 50 UMUM bookings the first burst was the slowest, whichever it was (p99 190–350 ms
 * against 125–185 for the next one); after 400 mixed, and with the connections open before the clock starts
 * (loadHttp), it is like the others.
 */
const WARM_UP = 400;
/** The places of the contested session: the other BURST − CONTESTED requests must be refused. */
const CONTESTED = 100;

export type Burst = 'warmUp' | 'addresses' | 'kiosk' | 'contest';

export interface BookingBench {
  date: string;
  /** The doctor schedule each burst books. */
  schedules: Record<Burst, number>;
  /** The queue session the anchor updates: places enough for every attempt. */
  anchorSessionId: number;
}

/** A date two days after today in UTC: in the booking window in every time zone, never today. */
function bookingDate(): { date: string; weekday: number } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() || 7 };
}

/** A clinic with one doctor and one session on `weekday` per burst and for the anchor, and BURST patients. */
export async function seedBookings(db: pg.Client): Promise<BookingBench> {
  const { date, weekday } = bookingDate();
  const clinics = [
    { key: 'warmUp', quotaJkn: WARM_UP / 2, quotaNonJkn: WARM_UP / 2 },
    { key: 'addresses', quotaJkn: BURST / 2, quotaNonJkn: BURST / 2 },
    { key: 'kiosk', quotaJkn: BURST / 2, quotaNonJkn: BURST / 2 },
    { key: 'contest', quotaJkn: 0, quotaNonJkn: CONTESTED },
    { key: 'anchor', quotaJkn: 0, quotaNonJkn: 0 },
  ] as const;
  const schedules: Record<string, number> = {};
  for (const [i, c] of clinics.entries()) {
    const code = `BENCH${i}`;
    const { rows } = await db.query<{ id: number }>(
      `with clinic as (insert into clinics (code, name, queue_prefix) values ($1, $2, $3) returning id),
            doctor as (insert into doctors (name, clinic_id) select $4, id from clinic returning id, clinic_id)
       insert into doctor_schedules
         (clinic_id, doctor_id, weekday, start_time, end_time, quota_jkn, quota_non_jkn, minutes_per_patient)
       select clinic_id, id, $5, '08:00', '14:00', $6, $7, 1 from doctor returning id`,
      [
        code,
        `Poli Uji ${code}`,
        String.fromCharCode(65 + i),
        `dr. Uji ${code}`,
        weekday,
        c.quotaJkn,
        c.quotaNonJkn,
      ],
    );
    schedules[c.key] = rows[0]?.id as number;
  }
  const { rows: anchor } = await db.query<{ id: number }>(
    'insert into queue_sessions (schedule_id, date, quota_jkn, quota_non_jkn) values ($1, $2, 0, 1000000000) returning id',
    [schedules.anchor, date],
  );
  const numbers = Array.from({ length: BURST }, (_, i) => i + 1);
  await db.query(
    // With the mobile number the bookings prove who they are with.
    `insert into patients (mrn, nik, name, sex, birth_date, phone)
     select 'B' || lpad(n::text, 6, '0'), '3201' || lpad(n::text, 12, '0'), 'Pasien Uji ' || n,
            case when n % 2 = 0 then 'P' else 'L' end, date '1970-01-01' + n, '081234567890'
     from unnest($1::int[]) as n`,
    [numbers],
  );
  return { date, schedules: schedules as Record<Burst, number>, anchorSessionId: anchor[0]?.id as number };
}

/** The booking of patient `n` (1-based), as the web form sends it; JKN for even `n` when `mixed`. */
function bookingBody(n: number, scheduleId: number, date: string, mixed: boolean) {
  const jkn = mixed && n % 2 === 0;
  const birth = new Date(Date.UTC(1970, 0, 1 + n)).toISOString().slice(0, 10);
  return JSON.stringify({
    scheduleId,
    date,
    payer: jkn ? 'JKN' : 'UMUM',
    patient: { mrn: `B${String(n).padStart(6, '0')}`, birthDate: birth },
    phone: '081234567890',
    ...(jkn ? { bpjsCardNo: `0001${String(n).padStart(9, '0')}`, referralNo: `0301R001BENCH${n}` } : {}),
  });
}

/** Client `n`'s address as the proxy in front reports it (the server runs with TRUST_PROXY). */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export interface BurstResult extends LoadResult {
  /** Answers per status and error code (`201`, `409 QUOTA_FULL`…). */
  outcomes: Map<string, number>;
  /** What is wrong with the outcome, in the answers or the database; empty when right. */
  problems: string[];
}

/**
 * Patients 1..BURST (WARM_UP for the warm-up) book the burst's session, each from an address of their
 * own, or all from one kiosk; then the answers and the session in the database are checked.
 */
export async function bookingBurst(
  origin: string,
  db: pg.Client,
  bench: BookingBench,
  burst: Burst,
): Promise<BurstResult> {
  const scheduleId = bench.schedules[burst];
  const count = burst === 'warmUp' ? WARM_UP : BURST;
  const outcomes = new Map<string, number>();
  const seqs: number[] = [];
  const result = await loadHttp(
    origin,
    (n) => ({
      path: '/api/registrations',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': burst === 'kiosk' ? address(0) : address(n + 1),
      },
      body: bookingBody(n + 1, scheduleId, bench.date, burst !== 'contest'),
    }),
    {
      count,
      answer: (_n, status, body) => {
        const json = JSON.parse(body) as { queueSeq?: number; error?: { code: string } };
        const key = json.error ? `${status} ${json.error.code}` : String(status);
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (status === 201) seqs.push(json.queueSeq ?? 0);
      },
    },
  );
  const created = burst === 'contest' ? CONTESTED : count;
  const expected = new Map([['201', created]]);
  if (burst === 'contest') expected.set('409 QUOTA_FULL', count - created);
  const problems = await checkSession(db, scheduleId, bench.date, created);
  for (const [key, n] of expected) {
    if ((outcomes.get(key) ?? 0) !== n) problems.push(`${outcomes.get(key) ?? 0} × ${key}, expected ${n}`);
  }
  for (const [key, n] of outcomes) {
    if (!expected.has(key)) problems.push(`${n} × ${key}${key.startsWith('5') ? ' (server error)' : ''}`);
  }
  if (new Set(seqs).size !== seqs.length || seqs.some((s) => s < 1 || s > created))
    problems.push('the answers carry duplicate or out-of-range queue numbers');
  return { ...result, outcomes, problems };
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
  if (r && r.bookings > expected) problems.push(`oversold by ${r.bookings - expected}`);
  if (r && r.distinct !== r.bookings) problems.push(`${r.bookings - r.distinct} duplicate queue numbers`);
  if (r && r.bookings > 0 && (r.min !== 1 || r.max !== r.bookings))
    problems.push(`queue numbers ${r.min}..${r.max} for ${r.bookings} bookings (a gap)`);
  if (r && (r.used !== expected || r.lastSeq !== expected))
    problems.push(`session counters used ${r.used}, last ${r.lastSeq}`);
  return problems;
}

/**
 * What the database alone does: the conditional UPDATE that takes a place and a queue number, in its own
 * transaction, from a pool of CONNECTIONS, for `seconds`. Attempts per second.
 */
export async function anchor(url: string, bench: BookingBench, seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // end() answers before its connections are closed; the database's drop may cut them, which is no error.
  pool.on('error', () => {});
  const attempt = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `update queue_sessions set used_non_jkn = used_non_jkn + 1, last_seq = last_seq + 1
         where id = $1 and used_non_jkn < quota_non_jkn returning last_seq`,
        [bench.anchorSessionId],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
  };
  try {
    await drive(attempt, { concurrency: CONNECTIONS, seconds: 1 });
    return await drive(attempt, { concurrency: CONNECTIONS, seconds });
  } finally {
    await pool.end();
  }
}
