/**
 * The hospital-wide outpatient visit list (`GET /api/reports/visits`) at a million visits, on PostgreSQL: a
 * fresh database `portal_bench_<random>` on BENCH_DATABASE_URL's server (dropped at the end) gets the demo
 * data, 20,000 patients from the bulk seeder (with their visits of the last 18 months), more patients made
 * with generate_series up to VISIT_BENCH_PATIENTS (250,000), and visits up to VISIT_BENCH_VISITS (1,000,000)
 * over four years, in date order as a hospital records them. It then times the list's service function
 * (first page, total and counts per day of last month) for the whole hospital, one clinic and one patient
 * group, prints the median and p95 and PostgreSQL's EXPLAIN ANALYZE of both queries, and fails when the
 * median of any of the three is above 100 ms. Skips with a message when PostgreSQL
 * cannot be reached.
 */
import type { OutpatientReportQuery } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import { outpatientVisits, patients } from '../../server/src/db/schema/index.ts';
import { seedPatients } from '../../server/src/db/seed/bulk.ts';
import { seedDemo } from '../../server/src/db/seed/demo.ts';
import {
  outpatientCsv,
  outpatientQueries,
  outpatientReport,
} from '../../server/src/modules/reports/visits.ts';
import { createBenchDatabase } from './postgres.js';
import { timeRuns } from './timing.js';
import { leftOut } from './parts.js';

// The hospital's dates are WIB, as the server runs them (main.ts sets TZ from the configuration).
process.env.TZ = 'Asia/Jakarta';

const visits = Number(process.env.VISIT_BENCH_VISITS ?? 1_000_000);
const patientCount = Number(process.env.VISIT_BENCH_PATIENTS ?? 250_000);
// Realistic people (names, groups, units) from the bulk seeder; the rest plainer but as many as a hospital has.
const bulkPatients = 20_000;
const goal = { maxMedianMs: 100 };
const warmUp = 5;
const runs = 30;
const years = 4;

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in WIB, as YYYY-MM-DD (TZ is set above). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar month before this one: whole, and inside both the bulk seeder's and the generated visits. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { from: day(first), to: day(last) };
}

/** The rows of a table. */
async function rowCount(db: Database, table: PgTable): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from ${table}`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/** Patients up to `total`, one statement, in the bulk seeder's patient groups and shares. */
async function topUpPatients(db: Database, total: number) {
  const missing = total - (await rowCount(db, patients));
  if (missing <= 0) return 0;
  await db.execute(sql`
    insert into patients (mrn, name, sex, birth_date, patient_group_code, patient_group)
    select 'B' || lpad(n::text, 8, '0'), 'Pasien Uji ' || n, case when n % 2 = 0 then 'P' else 'L' end,
           date '1940-01-01' + (n * 7919) % 30000,
           case when n % 100 < 40 then 'BP01' when n % 100 < 52 then 'UM01' when n % 100 < 67 then 'AD01'
                when n % 100 < 73 then 'AD02' when n % 100 < 91 then 'AD03' else 'AD04' end,
           case when n % 100 < 40 then 'BPJS' when n % 100 < 52 then 'UMUM' when n % 100 < 67 then 'TNI AD'
                when n % 100 < 73 then 'PNS TNI AD' when n % 100 < 91 then 'Keluarga TNI AD' else 'Purnawirawan' end
    from generate_series(1, ${missing}::int) as n`);
  return missing;
}

/**
 * Visits up to `total`, one statement: spread evenly over `years` years up to today and inserted in date
 * order (a hospital records them day by day, so a month's rows lie together on disk), each with a random
 * existing patient and doctor (the doctor's clinic), 3 % cancelled (BATAL) and 0.3 % deleted.
 */
async function topUpVisits(db: Database, total: number) {
  const missing = total - (await rowCount(db, outpatientVisits));
  if (missing <= 0) return 0;
  const days = years * 365;
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) as k from patients),
         doctor_ids as (select array_agg(id order by id) as ids, array_agg(clinic_id order by id) as clinics from doctors),
         drawn as (
           select n, 1 + floor(random() * (select count(*) from numbered))::int as patient_k
           from generate_series(1, ${missing}::int) as n)
    insert into outpatient_visits (registration_no, patient_id, clinic_id, doctor_id, visit_date, diagnoses, cancelled, deleted_at)
    select 'RJB' || lpad(drawn.n::text, 8, '0'),
           numbered.id,
           d.clinics[pick.k], d.ids[pick.k],
           ${today()}::date - ${days}::int + floor((drawn.n - 1)::numeric * ${days} / ${missing})::int,
           array[(array['Hipertensi esensial (I10)', 'Diabetes melitus tipe 2 (E11)', 'Dispepsia (K30)',
                        'Infeksi saluran napas atas akut (J06.9)', 'Kontrol pasca operasi (Z09)'])[1 + drawn.n % 5]],
           random() < 0.03,
           case when random() < 0.003 then now() end
    from drawn
    join numbered on numbered.k = drawn.patient_k
    cross join doctor_ids d
    -- Refers to the row, so that each row draws its own doctor.
    cross join lateral (select 1 + floor(random() * cardinality(d.ids) + 0 * drawn.n)::int as k) pick
    order by drawn.n`);
  await db.execute(sql`analyze outpatient_visits, patients`);
  return missing;
}

async function timeList(db: Database, query: OutpatientReportQuery) {
  const { p50, p95, last } = await timeRuns(() => outpatientReport(db, query), { warmUp, runs });
  return { median: p50, p95, total: last.total };
}

async function explain(db: Database, query: OutpatientReportQuery) {
  const { page, perDay } = outpatientQueries(db, query);
  for (const [name, builder] of [
    ['first page', page],
    ['counts per day', perDay],
  ] as const) {
    const plan = (await db.execute(sql`explain (analyze, buffers) ${builder}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`  EXPLAIN ANALYZE, ${name}:`);
    for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

async function main() {
  if (leftOut('visit lists', 'visit-lists')) return;
  for (const [name, value] of [
    ['VISIT_BENCH_VISITS', visits],
    ['VISIT_BENCH_PATIENTS', patientCount],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      console.error(`${name} must be a whole number above 0, not ${process.env[name]}`);
      process.exitCode = 1;
      return;
    }
  }
  const database = await createBenchDatabase('visit lists');
  if (!database) return;
  const handle = await openDatabase({ databaseUrl: database.url });
  let missed = false;
  try {
    const { db } = handle;
    await handle.migrate();
    const started = performance.now();
    await seedDemo(db);
    const bulk = await seedPatients(db, { count: Math.min(bulkPatients, patientCount) });
    const plainPatients = await topUpPatients(db, patientCount);
    const generated = await topUpVisits(db, visits);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `visit lists on PostgreSQL (database ${database.name}): ${bulk.patients.toLocaleString('en')} bulk patients ` +
        `with ${bulk.visits.toLocaleString('en')} visits, ${plainPatients.toLocaleString('en')} generated patients ` +
        `and ${generated.toLocaleString('en')} generated visits over ${years} years; seeded in ${seconds} s`,
    );

    const month = lastMonth();
    const [clinic] = (
      (await db.execute(sql`
        select clinic_id as id, count(*)::int as n from outpatient_visits
        where visit_date between ${month.from} and ${month.to} group by clinic_id order by n desc limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const base = { ...month, page: 1, pageSize: 20 };
    const cases: { name: string; query: OutpatientReportQuery }[] = [
      { name: 'whole hospital', query: base },
      { name: 'busiest clinic', query: { ...base, clinicId: clinic?.id } },
      { name: 'patient group BPJS', query: { ...base, patientGroup: 'BP01' } },
    ];
    console.log(
      `month ${month.from}..${month.to}, first page of 20, total and counts per day; ${runs} runs each`,
    );
    for (const { name, query } of cases) {
      const r = await timeList(db, query);
      const ok = r.median <= goal.maxMedianMs;
      missed ||= !ok;
      console.log(
        `${ok ? 'PASS' : 'MISS'} ${name.padEnd(20)} ${r.total.toLocaleString('en').padStart(8)} visits  ` +
          `median ${r.median.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms (goal: median ≤ ${goal.maxMedianMs} ms)`,
      );
      await explain(db, query);
    }

    // Not a goal: how long the month's CSV takes to stream out (read batch by batch).
    const exportStarted = performance.now();
    let bytes = 0;
    for await (const chunk of outpatientCsv(db, month)) bytes += Buffer.byteLength(chunk);
    console.log(
      `export of the month as CSV: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - exportStarted) / 1000).toFixed(1)} s`,
    );
  } finally {
    await handle.close();
    await database.drop();
  }
  if (missed) {
    console.error('visit lists: a goal was missed');
    process.exitCode = 1;
  }
}

await main();
