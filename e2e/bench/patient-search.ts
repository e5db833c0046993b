/**
 * The records desk's patient search (`GET /api/patients`) at a million patients, on PostgreSQL. The
 * patients live in the database `portal_bench_patients_1m` (BENCH_SEARCH_DATABASE) on BENCH_DATABASE_URL's
 * server, which is kept between runs: it is made, migrated and seeded up to PATIENT_BENCH_PATIENTS (1,000,000) in one
 * generate_series statement only when it has fewer (a few minutes, once). For every criterion and a
 * common, a rare and a no-match term it times the search's service function for one client (p50 and
 * p95 of 30 runs after a warm-up), checks that two calls answer the same rows in the same order, and
 * prints PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the common name's queries; the throughput table
 * (throughput.ts) holds them to their goal.
 */
import type { PatientSearchQuery } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import { searchPatients, searchQueries } from '../../server/src/modules/patients/service.ts';
import { keptBenchDatabase } from './postgres.js';
import { timeRuns } from './timing.js';

const patientCount = Number(process.env.PATIENT_BENCH_PATIENTS ?? 1_000_000);
const databaseName = process.env.BENCH_SEARCH_DATABASE ?? 'portal_bench_patients_1m';
const warmUp = 5;
const runs = 30;

/**
 * Patients up to `total` in one statement, numbered on from the ones there. Names are two or three
 * of the given names and family names common in Indonesia, drawn independently of each other (as
 * people's are): SITI and MUH(AMMAD) start tens of thousands of names, RAHAYU ends 25,000 (common
 * inside, never first), and one in 10,007 carries the rare TJOKROAMINOTO. Phones start 0812, 0813,
 * 0857, 0821 or 0852; NIKs (nine in ten patients) a province code; 40 % have a BPJS card number
 * (000…), 5 % a NIP that starts with their birth date.
 */
async function topUpPatients(db: Database, total: number): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from patients`);
  const from = row?.n ?? 0;
  if (from >= total) return 0;
  await db.execute(sql`
    with given as (select array['SITI', 'MUHAMMAD', 'NUR', 'AHMAD', 'DEWI', 'SRI', 'PUTRI', 'BUDI', 'AGUS',
                                'RIZKY', 'FITRI', 'ANDI', 'EKO', 'YULI', 'RATNA', 'HENDRA', 'WAHYU', 'INDAH',
                                'MUH.', 'IRWAN', 'LINA', 'DIAN', 'BAYU', 'RINA', 'ABDUL', 'FAJAR', 'NOVI',
                                'SYAHRUL', 'KARTIKA', 'YUSUF'] as names),
         family as (select array['AMINAH', 'RAHAYU', 'HIDAYAT', 'SAPUTRA', 'LESTARI', 'WAHYUNI', 'KURNIAWAN',
                                 'SETIAWAN', 'PRATAMA', 'HANDAYANI', 'SUSANTI', 'FAUZI', 'HASANUDDIN', 'NURHALIZA',
                                 'SIREGAR', 'NASUTION', 'DAENG', 'MANURUNG', 'WIJAYA', 'SANTOSO', 'RAHMAN',
                                 'HAMID', 'SYAMSUDDIN', 'PURNAMA', 'MAULANA', 'ANGGRAINI', 'PERMATASARI',
                                 'SUGIARTO', 'HARAHAP', 'LUBIS', 'FIRMANSYAH', 'RAMADHAN', 'KUSUMA',
                                 'SULISTYOWATI', 'HALIM', 'TANJUNG', 'SIMANJUNTAK', 'BASO', 'MUHLIS',
                                 'ISKANDAR'] as names),
         numbered as (select n, date '1940-01-01' + ((n * 7919) % 30000)::int as born
                      from generate_series(${from + 1}::bigint, ${total}::bigint) as n)
    insert into patients (mrn, name, sex, birth_date, nik, nip, phone, insurance_no, address)
    select lpad(n::text, greatest(6, length(n::text)), '0'),
           g.names[(1 + (n * 7) % 30)::int]
             || case when n % 3 = 0 then ' ' || g.names[(1 + (n * 13 + 5) % 30)::int] else '' end
             || ' ' || case when n % 10007 = 0 then 'TJOKROAMINOTO' else f.names[(1 + (n / 30 * 11) % 40)::int] end,
           case when n % 2 = 0 then 'P' else 'L' end,
           born,
           -- Times an odd number not divisible by 5 is a bijection modulo 10^12: unique as the NIK must be.
           case when n % 10 <> 0 then (array['3174', '3578', '7371', '3273', '1271', '5171', '6471', '3471'])[(1 + n % 8)::int]
                                      || lpad(((n * 48271) % 1000000000000)::text, 12, '0') end,
           case when n % 20 = 0 then to_char(born, 'YYYYMMDD') || lpad(((n * 37) % 10000000000)::text, 10, '0') end,
           case when n % 7 <> 0 then (array['0812', '0813', '0857', '0821', '0852'])[(1 + (n * 3) % 5)::int]
                                     || lpad(((n * 9973) % 100000000)::text, 8, '0') end,
           case when n % 5 < 2 then '000' || lpad(((n * 7817) % 10000000000)::text, 10, '0') end,
           'Jl. Merdeka No. ' || (1 + n % 200)
    from numbered cross join given g cross join family f`);
  return total - from;
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const timeSearch = (db: Database, query: PatientSearchQuery) =>
  timeRuns(() => searchPatients(db, query), { warmUp, runs });

async function explain(db: Database, query: PatientSearchQuery) {
  for (const [i, phase] of searchQueries(db, query).entries()) {
    const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${phase(201)}`);
    console.log(`  EXPLAIN ANALYZE, ${JSON.stringify(query)}, query ${i + 1}:`);
    for (const row of plan) console.log(`    ${row['QUERY PLAN']}`);
  }
}

export interface SearchCase {
  criterion: string;
  term: string;
  rows: number;
  truncated: boolean;
  deterministic: boolean;
  p50: number;
  p95: number;
}

/**
 * Seeds the kept database when it has too few patients, times every case for one client and answers
 * the database's URL (for a server to search it over HTTP) with the cases; null when PostgreSQL cannot
 * be reached.
 */
export async function measurePatientSearch(): Promise<{ url: string; cases: SearchCase[] } | null> {
  if (!Number.isInteger(patientCount) || patientCount < 1) {
    throw new Error(
      `PATIENT_BENCH_PATIENTS must be a whole number above 0, not ${process.env.PATIENT_BENCH_PATIENTS}`,
    );
  }
  const url = await keptBenchDatabase('patient search', databaseName);
  if (!url) return null;
  const handle = await openDatabase({ databaseUrl: url });
  const measured: SearchCase[] = [];
  try {
    const { db } = handle;
    await handle.migrate();
    const started = performance.now();
    const added = await topUpPatients(db, patientCount);
    // What autovacuum does on a server that runs it (this one may not): the search reads its ids from
    // the index alone only on pages the visibility map knows to be all visible. Quick when done before.
    await db.execute(sql`vacuum (analyze) patients`);
    console.log(
      `patient search on PostgreSQL (database ${databaseName}, kept): ${patientCount.toLocaleString('en')} patients, ` +
        (added
          ? `${added.toLocaleString('en')} seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`
          : 'already seeded'),
    );

    // A rare number: a part of one patient's, from the middle so that it is no prefix.
    const someone = (column: string) =>
      sql`(select ${sql.identifier(column)} from patients where id >= 424240 and ${sql.identifier(column)} is not null order by id limit 1)`;
    const [one] = await rows<{ nik: string; nip: string; phone: string; insurance_no: string }>(
      db,
      sql`select ${someone('nik')} as nik, ${someone('nip')} as nip, ${someone('phone')} as phone,
                 ${someone('insurance_no')} as insurance_no`,
    );
    const middle = (value: string | undefined) => value?.slice(4, 12) ?? '12345678';
    const cases: { criterion: string; term: string; query: PatientSearchQuery }[] = [
      ...[
        ['common', 'SITI'],
        ['common', 'muh'],
        ['inside', 'RAHAYU'],
        ['rare', 'tjokro'],
        ['none', 'XQZW'],
      ].map(([term, name]) => ({ criterion: 'name', term: `${term} ${name}`, query: { name } })),
      ...(
        [
          ['nik', '3174', middle(one?.nik), '31749999999999999'],
          ['nip', '1980', middle(one?.nip), '1980123499999999999'],
          ['phone', '0812', middle(one?.phone), '0899123456789'],
          ['insuranceNo', '0001', middle(one?.insurance_no), '99999999999999'],
        ] as const
      ).flatMap(([criterion, common, rare, none]) =>
        (
          [
            ['common', common],
            ['rare', rare],
            ['none', none],
          ] as const
        ).map(([term, value]) => ({ criterion, term: `${term} ${value}`, query: { [criterion]: value } })),
      ),
      { criterion: 'birthDate', term: '1980-05-17', query: { birthDate: '1980-05-17' } },
      { criterion: 'birthDate', term: 'none 1900-01-01', query: { birthDate: '1900-01-01' } },
      { criterion: 'mrn', term: '4242', query: { mrn: '4242' } },
      { criterion: 'mrn', term: 'none 99999999', query: { mrn: '99999999' } },
    ];
    for (const { criterion, term, query } of cases) {
      const first = await searchPatients(db, query);
      const second = await searchPatients(db, query);
      const deterministic = JSON.stringify(first) === JSON.stringify(second);
      const { p50, p95 } = await timeSearch(db, query);
      measured.push({
        criterion,
        term,
        rows: first.rows.length,
        truncated: first.truncated,
        deterministic,
        p50,
        p95,
      });
    }
    await explain(db, { name: 'SITI' });
    if (process.env.PATIENT_BENCH_EXPLAIN_ALL) {
      for (const { query } of cases) await explain(db, query);
    }
  } finally {
    await handle.close();
  }
  return { url, cases: measured };
}
