/**
 * The SIMRS link (linked mode) at hospital scale: the first full mirror of a MariaDB SIMRS into the
 * portal's PostgreSQL, against a raw copy of the same tables, then how long a change on the SIMRS takes
 * to reach the portal while the SIMRS is written to steadily.
 *
 * The SIMRS: `legacy sample` (the built CLI) writes an export of BENCH_SIMRS_PATIENTS patients
 * (1,000,000 by default, about three visits each); its patients, outpatient visits and the reference
 * lists they point to (patient groups, units, ranks, companies, clinics, doctors and their BPJS codes)
 * are loaded into a new MariaDB database `simrs_bench_<random>` on BENCH_MARIADB_URL with the SIMRS
 * loader (`LOAD DATA LOCAL INFILE`), and the link's change log is installed.
 *
 * 1. The mirror: `linkRound`, round after round until it has nothing more, into a new database
 *    `portal_bench_<random>` on BENCH_DATABASE_URL with the portal's migrations applied, in this process
 *    (whose resident memory is sampled meanwhile).
 * 2. The raw copy, in the same run: each of the same tables as `mysql --batch --quick` prints it (tab
 *    separated, escaped) piped into `psql`'s `\copy … from stdin` into a table of `text` columns in a
 *    second new database: the floor any copy of these tables from MariaDB into PostgreSQL stands on.
 * 3. The lag: the link's worker (`SimrsLinkWorker`, its default round size) runs with each poll interval
 *    of BENCH_SIMRS_POLL_MS (1000 and the server's default 5000) while BENCH_SIMRS_WRITES changes a
 *    second (new patients, renamed patients and new visits, in turn) are committed on the SIMRS for
 *    BENCH_SIMRS_LOAD_SECONDS; the portal's tables are looked at every 100 ms, and each change's lag is
 *    from the return of its commit to the first look that finds it. Goal: p99 within 60 s, none lost.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client.ts';
import { openSimrs, type SimrsClient } from '../../server/src/simrs/client.ts';
import { linkInstallStatements, linkRound, linkStatus, runStatements } from '../../server/src/simrs/link.ts';
import { loadSimrs } from '../../server/src/simrs/load.ts';
import { parseSimrsUrl } from '../../server/src/simrs/url.ts';
import { SimrsLinkWorker } from '../../server/src/simrs/worker.ts';
import { type BenchDatabase, createBenchDatabase } from './postgres.ts';
import { percentile } from './timing.ts';
import { leftOut } from './parts.ts';

// The hospital's dates are WIB, as the server runs them (main.ts sets TZ from the configuration).
process.env.TZ = 'Asia/Jakarta';

const sizeOf = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number above 0, not ${process.env[name]}`);
  return value;
};
const patients = sizeOf('BENCH_SIMRS_PATIENTS', 1_000_000);
const writesPerSecond = sizeOf('BENCH_SIMRS_WRITES', 10);
const loadSeconds = sizeOf('BENCH_SIMRS_LOAD_SECONDS', 60);
const pollIntervals = (process.env.BENCH_SIMRS_POLL_MS ?? '1000,5000').split(',').map(Number);
const mariadbUrl = process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
const goals = { maxLagSeconds: 60 };
/** How often the portal's tables are looked at for the changes written. */
const lookMs = 100;
/** How long, after the load, the changes still missing are waited for. */
const drainSeconds = 120;
const cli = fileURLToPath(new URL('../../server/dist/cli.js', import.meta.url));

/** The sample's files the SIMRS gets: patients, their visits and what these point to. */
const simrsFiles = [
  'master_golpas',
  'master_satuan',
  'master_pangkat',
  'master_perusahaan',
  'mapping_poli_bpjs',
  'master_dokter',
  'mapping_dokter_bpjs',
  'master_pasien',
  'bil_rj_xbjalan',
].map((table) => `${table}.csv`);

const number = (n: number) => Math.round(n).toLocaleString('en');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface Exit {
  code: number | null;
  stderr: string;
}

/** Runs `command` with its output passed through. */
function run(command: string, args: string[]): Promise<Exit> {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const found = (command: string) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(command, ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });

/** A new MariaDB database `simrs_bench_<random>` on BENCH_MARIADB_URL, with its URL and a way to drop it. */
async function createSimrsDatabase() {
  const database = `simrs_bench_${randomBytes(4).toString('hex')}`;
  const admin = openSimrs(mariadbUrl, { connectionLimit: 1 });
  try {
    await admin.run('CREATE DATABASE ??', [database]);
  } finally {
    await admin.close();
  }
  const url = new URL(mariadbUrl);
  url.pathname = `/${database}`;
  return {
    database,
    url: url.toString(),
    async drop() {
      const again = openSimrs(mariadbUrl, { connectionLimit: 1 });
      try {
        await again.run('DROP DATABASE IF EXISTS ??', [database]);
      } finally {
        await again.close();
      }
    },
  };
}

/** Writes the sample export and keeps the files the SIMRS gets. */
async function sampleFolder(root: string): Promise<string> {
  const folder = path.join(root, 'sample');
  const started = performance.now();
  const made = await run('node', [cli, 'legacy', 'sample', folder, '--patients', String(patients)]);
  if (made.code !== 0) throw new Error(`legacy sample exited with ${made.code}`);
  for (const file of readdirSync(folder))
    if (!simrsFiles.includes(file)) rmSync(path.join(folder, file), { force: true });
  console.log(`generation (legacy sample): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return folder;
}

/** Rows of each SIMRS table that holds any, by name. */
async function simrsCounts(simrs: SimrsClient): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const file of simrsFiles) {
    const table = file.slice(0, -'.csv'.length);
    const [row] = await simrs.rows<{ n: number | string }>('SELECT count(*) AS n FROM ??', [table]);
    if (Number(row?.n) > 0) counts.set(table, Number(row?.n));
  }
  return counts;
}

interface Mirror {
  seconds: number;
  /** Seconds of the rounds that read each table. */
  tableSeconds: Map<string, number>;
  rounds: number;
  rows: number;
  peakRss: number;
  /** The median round once the copy is current and the change log empty. */
  idleRoundMs: number;
}

/** The first full mirror, round after round as the worker runs it; fails on a count that does not add up. */
async function mirror(portalUrl: string, simrs: SimrsClient, counts: Map<string, number>): Promise<Mirror> {
  const portal = await openDatabase({ databaseUrl: portalUrl });
  try {
    await portal.migrate();
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 250);
    const tableSeconds = new Map<string, number>();
    const started = performance.now();
    let rounds = 0;
    try {
      let read = new Map<string, number>();
      for (let more = true; more; rounds++) {
        const round = performance.now();
        ({ more } = await linkRound(portal.db, simrs));
        const seconds = (performance.now() - round) / 1000;
        // The table the round read: the one whose count moved (the status is read outside the clock).
        const now = new Map(
          (await linkStatus(portal.db)).map((s) => [s.table, s.rowsMirrored + s.rowsRejected]),
        );
        const moved = [...now].find(([table, n]) => n !== (read.get(table) ?? -1))?.[0] ?? '(none)';
        tableSeconds.set(moved, (tableSeconds.get(moved) ?? 0) + seconds);
        read = now;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = [...tableSeconds.values()].reduce((sum, s) => sum + s, 0);
    const wall = (performance.now() - started) / 1000;
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) {
      const round = performance.now();
      await linkRound(portal.db, simrs);
      idle.push(performance.now() - round);
    }
    const status = await linkStatus(portal.db);
    console.log(
      `${'table'.padEnd(22)}${'SIMRS rows'.padStart(12)}${'mirrored'.padStart(12)}${'rejected'.padStart(10)}${'mirror s'.padStart(10)}`,
    );
    let rows = 0;
    for (const [table, count] of counts) {
      const state = status.find((s) => s.table === table);
      const mirrored = state?.rowsMirrored ?? 0;
      const rejected = state?.rowsRejected ?? 0;
      rows += count;
      console.log(
        `${table.padEnd(22)}${number(count).padStart(12)}${number(mirrored).padStart(12)}${number(rejected).padStart(10)}${(tableSeconds.get(table) ?? 0).toFixed(1).padStart(10)}`,
      );
      if (!state?.fullDone || mirrored + rejected !== count)
        throw new Error(`${table}: the mirror read ${mirrored + rejected} of ${count} rows`);
    }
    console.log(
      `rounds ${rounds}, ${seconds.toFixed(1)} s in rounds, ${wall.toFixed(1)} s with the status reads`,
    );
    return {
      seconds,
      tableSeconds,
      rounds,
      rows,
      peakRss,
      idleRoundMs: percentile(
        idle.sort((a, b) => a - b),
        0.5,
      ),
    };
  } finally {
    await portal.close();
  }
}

/** `mysql --batch` of one table piped into `psql`'s `\copy … from stdin`, timed from start to both ends. */
function rawCopyTable(simrsDatabase: string, table: string, rawUrl: string): Promise<number> {
  const target = parseSimrsUrl(mariadbUrl);
  const started = performance.now();
  const mysql = spawn(
    'mysql',
    [
      '--batch',
      '--quick',
      '--skip-column-names',
      '--default-character-set=utf8mb4',
      `--host=${target.host}`,
      `--port=${target.port}`,
      `--user=${target.user}`,
      simrsDatabase,
      '--execute',
      `SELECT * FROM \`${table}\``,
    ],
    { env: { ...process.env, MYSQL_PWD: target.password ?? '' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // mysql --batch escapes a tab, a line end and a backslash as COPY's text format does, and prints NULL.
  const psql = spawn(
    'psql',
    [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      rawUrl,
      '-c',
      `\\copy raw_${table} from stdin with (format text, null 'NULL')`,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  mysql.stdout.pipe(psql.stdin);
  const ended = (child: ReturnType<typeof spawn>, name: string) =>
    new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`)),
      );
    });
  return Promise.all([ended(mysql, 'mysql'), ended(psql, 'psql')]).then(
    () => (performance.now() - started) / 1000,
  );
}

/** The raw copy of every table the SIMRS holds rows in; answers seconds by table. */
async function rawCopy(
  simrs: SimrsClient,
  simrsDatabase: string,
  raw: BenchDatabase,
  counts: Map<string, number>,
) {
  const rawDb = new pg.Client({ connectionString: raw.url });
  await rawDb.connect();
  const seconds = new Map<string, number>();
  try {
    for (const table of counts.keys()) {
      const columns = await simrs.rows<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = database() AND table_name = ? ORDER BY ordinal_position`,
        [table],
      );
      await rawDb.query(
        `create table ${rawDb.escapeIdentifier(`raw_${table}`)} (${columns
          .map(({ name }) => `${rawDb.escapeIdentifier(name)} text`)
          .join(', ')})`,
      );
      seconds.set(table, await rawCopyTable(simrsDatabase, table, raw.url));
      const { rows } = await rawDb.query<{ n: number }>(
        `select count(*)::int as n from ${rawDb.escapeIdentifier(`raw_${table}`)}`,
      );
      if (rows[0]?.n !== counts.get(table))
        throw new Error(`raw copy of ${table}: ${rows[0]?.n} rows of ${counts.get(table)}`);
    }
  } finally {
    await rawDb.end();
  }
  return seconds;
}

/** The worker's logger: its errors shown, the rest not. */
const quietLog = {
  info() {},
  warn() {},
  error(fields: unknown, message?: string) {
    console.error(`simrs link: ${message ?? ''}`, fields);
  },
} as unknown as ConstructorParameters<typeof SimrsLinkWorker>[2];

interface Lag {
  written: number;
  seen: number;
  seconds: number[];
}

/**
 * One load: the worker polling every `pollMs` while changes are written to the SIMRS at a steady rate,
 * each looked for in the portal until found (or `drainSeconds` after the load ended).
 */
async function lagUnderLoad(
  portalUrl: string,
  simrsUrl: string,
  pollMs: number,
  phase: number,
): Promise<Lag> {
  const portal = await openDatabase({ databaseUrl: portalUrl });
  const linkSimrs = openSimrs(simrsUrl);
  const writer = openSimrs(simrsUrl, { connectionLimit: 8 });
  const look = new pg.Client({ connectionString: portalUrl });
  await look.connect();
  const worker = new SimrsLinkWorker(portal, linkSimrs, quietLog, { pollMs, electionRetryMs: 1000 });
  try {
    // What the changes point to: patients the portal has, a patient group, a doctor and the doctor's clinic.
    const { rows: mrns } = await look.query<{ mrn: string }>(
      `select mrn from patients where deleted_at is null order by random() limit $1`,
      [Math.ceil((writesPerSecond * loadSeconds) / 3) + 1],
    );
    const [group] = await writer.rows<{ kode: string; nama: string }>(
      `SELECT kode, nama FROM master_golpas WHERE sr_deleted = '' ORDER BY sr_recno LIMIT 1`,
    );
    const [doctor] = await writer.rows<{ kode: string; polikd: string }>(
      `SELECT d.kode, d.polikd FROM master_dokter d JOIN mapping_poli_bpjs p ON p.polikd = d.polikd
       WHERE d.sr_deleted = '' AND p.sr_deleted = '' ORDER BY d.sr_recno LIMIT 1`,
    );
    if (!group || !doctor || mrns.length === 0)
      throw new Error('the SIMRS has no patient group, doctor or patient');

    await worker.start();
    // The names the portal must show (by medical record number) and the visits it must have.
    const names = new Map<string, { name: string; committed: number }>();
    const visits = new Map<string, number>();
    const lags: number[] = [];
    let written = 0;
    const today = new Date().toLocaleDateString('sv-SE');
    const write = async (n: number) => {
      const key = `${phase}${String(n).padStart(6, '0')}`;
      const kind = n % 3;
      if (kind === 0) {
        const mrn = `LAG${key}`;
        const name = `PASIEN BARU ${key}`;
        await writer.run(
          'INSERT INTO master_pasien (kode, nama, kelamin, tglahir, golpaskd, golpaskt) VALUES (?, ?, ?, ?, ?, ?)',
          [mrn, name, 'L', '1980-01-01', group.kode, group.nama],
        );
        names.set(mrn, { name, committed: performance.now() });
      } else if (kind === 1) {
        const mrn = (mrns[Math.floor(n / 3) % mrns.length] as { mrn: string }).mrn;
        const name = `PASIEN UBAH ${key}`;
        await writer.run('UPDATE master_pasien SET nama = ? WHERE kode = ?', [name, mrn]);
        names.set(mrn, { name, committed: performance.now() });
      } else {
        const noreg = `RJLAG${key}`;
        const mrn = (mrns[Math.floor(n / 3) % mrns.length] as { mrn: string }).mrn;
        await writer.run(
          `INSERT INTO bil_rj_xbjalan (noreg, norekmed, tglmasuk, polikd, kddokter, jam, lunas)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [noreg, mrn, today, doctor.polikd, doctor.kode, '08:00:00', 'LUNAS'],
        );
        visits.set(noreg, performance.now());
      }
      written++;
    };

    const lookOnce = async () => {
      if (names.size > 0) {
        const { rows } = await look.query<{ mrn: string; name: string }>(
          'select mrn, name from patients where mrn = any($1)',
          [[...names.keys()]],
        );
        const now = performance.now();
        for (const row of rows) {
          const wanted = names.get(row.mrn);
          if (wanted && row.name.trim().toUpperCase() === wanted.name) {
            lags.push((now - wanted.committed) / 1000);
            names.delete(row.mrn);
          }
        }
      }
      if (visits.size > 0) {
        const { rows } = await look.query<{ no: string }>(
          'select registration_no as no from outpatient_visits where registration_no = any($1)',
          [[...visits.keys()]],
        );
        const now = performance.now();
        for (const row of rows) {
          const committed = visits.get(row.no);
          if (committed !== undefined) {
            lags.push((now - committed) / 1000);
            visits.delete(row.no);
          }
        }
      }
    };

    const started = performance.now();
    const total = writesPerSecond * loadSeconds;
    const pending: Promise<void>[] = [];
    let lookedAt = 0;
    for (let n = 0; n < total || names.size + visits.size > 0 || pending.length > 0;) {
      const now = performance.now();
      // Each change starts at its moment, whether or not the one before has ended.
      while (n < total && now - started >= (n * 1000) / writesPerSecond) {
        const promise: Promise<void> = write(n++).finally(() => pending.splice(pending.indexOf(promise), 1));
        pending.push(promise);
      }
      if (now - lookedAt >= lookMs) {
        lookedAt = now;
        await lookOnce();
      }
      if (n >= total && now - started > (loadSeconds + drainSeconds) * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(pending);
    return { written, seen: lags.length, seconds: lags.sort((a, b) => a - b) };
  } finally {
    await worker.stop();
    await look.end();
    await writer.close();
    await linkSimrs.close();
    await portal.close();
  }
}

async function main() {
  if (leftOut('simrs link', 'simrs-link')) return;
  if (!existsSync(cli)) {
    console.error('server/dist/cli.js is missing: run `npm run build` first (npm run bench does)');
    process.exitCode = 1;
    return;
  }
  for (const command of ['mysql', 'psql'])
    if (!(await found(command))) {
      console.log(`simrs link: SKIPPED, ${command} is not on PATH (the raw copy pipes mysql into psql)`);
      return;
    }
  const simrsDb = await createSimrsDatabase().catch((err: Error) => {
    console.log(`simrs link: SKIPPED, MariaDB at ${mariadbUrl} is unreachable (${err.message})`);
    return null;
  });
  if (!simrsDb) return;
  const root = mkdtempSync(path.join(tmpdir(), 'simrs-bench-'));
  const portal = await createBenchDatabase('simrs link');
  const raw = portal && (await createBenchDatabase('simrs link raw copy'));
  const simrs = openSimrs(simrsDb.url, { queryTimeoutMs: 600_000 });
  const problems: string[] = [];
  try {
    if (!portal || !raw) return;
    console.log(
      `SIMRS link: ${number(patients)} patients, MariaDB ${simrsDb.database} → PostgreSQL ${portal.name} (raw copy ${raw.name})`,
    );
    const folder = await sampleFolder(root);
    const loaded = await loadSimrs(simrs, folder);
    for (const file of loaded.files)
      console.log(`  loaded ${file.table}: ${number(file.loaded)} rows, ${file.seconds.toFixed(1)} s`);
    rmSync(folder, { recursive: true, force: true });
    await runStatements(simrs, await linkInstallStatements(simrs));
    const counts = await simrsCounts(simrs);

    console.log('\nfirst full mirror (linkRound until done)');
    const mirrored = await mirror(portal.url, simrs, counts);
    console.log('\nraw copy (mysql --batch | psql \\copy from stdin, text columns)');
    const rawSeconds = await rawCopy(simrs, simrsDb.database, raw, counts);
    const rawTotal = [...rawSeconds.values()].reduce((sum, s) => sum + s, 0);
    for (const [table, seconds] of rawSeconds) {
      const ratio = (mirrored.tableSeconds.get(table) ?? 0) / seconds;
      console.log(
        `  ${table.padEnd(22)}${seconds.toFixed(1).padStart(8)} s   mirror / raw ${ratio.toFixed(1)} ×`,
      );
    }
    console.log(
      `\nmirror: ${number(mirrored.rows)} rows in ${mirrored.seconds.toFixed(1)} s (${number(mirrored.rows / mirrored.seconds)} rows/s, ${mirrored.rounds} rounds), peak RSS of this process ${mb(mirrored.peakRss)}`,
    );
    console.log(`a round with nothing to do: ${mirrored.idleRoundMs.toFixed(0)} ms (median of 5)`);
    console.log(
      `raw copy: ${rawTotal.toFixed(1)} s (${number(mirrored.rows / rawTotal)} rows/s); mirror / raw copy = ${(mirrored.seconds / rawTotal).toFixed(1)} ×`,
    );

    for (const [phase, pollMs] of pollIntervals.entries()) {
      console.log(
        `\nlag: worker polling every ${pollMs} ms, ${writesPerSecond} changes/s on the SIMRS for ${loadSeconds} s`,
      );
      const lag = await lagUnderLoad(portal.url, simrsDb.url, pollMs, phase + 1);
      const p50 = percentile(lag.seconds, 0.5);
      const p99 = percentile(lag.seconds, 0.99);
      const max = lag.seconds.at(-1) ?? Number.NaN;
      const ok = lag.seen === lag.written && p99 <= goals.maxLagSeconds;
      console.log(
        `  ${lag.written} changes written, ${lag.seen} seen in the portal; lag p50 ${p50.toFixed(2)} s, p99 ${p99.toFixed(2)} s, max ${max.toFixed(2)} s`,
      );
      console.log(
        `${ok ? 'PASS' : 'MISS'} poll ${pollMs} ms: every change in the portal, p99 ${p99.toFixed(2)} s (goal ≤ ${goals.maxLagSeconds} s)`,
      );
      if (!ok) problems.push(`poll ${pollMs} ms: lag goal missed`);
    }
  } finally {
    await simrs.close();
    await simrsDb.drop();
    await raw?.drop();
    await portal?.drop();
    rmSync(root, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`simrs link: ${problems.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
