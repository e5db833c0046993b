/**
 * The legacy import at hospital scale, against the raw copy of the same files. `legacy sample` writes
 * an export folder of LEGACY_BENCH_PATIENTS patients (1,000,000 by default, with about three visits
 * each) and `import legacy --apply` takes it into a fresh database `portal_bench_<random>` on the
 * PostgreSQL server of BENCH_DATABASE_URL (dropped at the end), both with the built CLI. Then `psql`'s
 * `\copy` loads the same files into text staging tables (one `text` column per header column) in the
 * same database, and the rows the import wrote are written back by COPY into a copy of its database
 * whose tables were emptied: the database's own floor (`legacy-floor.ts`). Goals: the whole import at
 * most 5 × the raw copy, and the import process under 500 MB; it also fails when the import's counts
 * differ from the sample's expected.json. Skips PostgreSQL with a message when it cannot be reached.
 *
 * The embedded database (PGlite, `DATA_DIR` in a temporary folder) runs the same against its own raw
 * copy (`COPY … FROM '/dev/blob'`) and floor on LEGACY_BENCH_PGLITE_PATIENTS patients (100,000 by
 * default: the embedded database is single-threaded and serves smaller hospitals; 0 skips it). Goal: at
 * most 3 ×.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type Floor, measureFloor, pgliteFloor, postgresFloor } from './legacy-floor.js';
import { type BenchDatabase, createBenchDatabase } from './postgres.js';
import { leftOut } from './parts.js';

const sizeOf = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, not ${process.env[name]}`);
  return value;
};
const patients = sizeOf('LEGACY_BENCH_PATIENTS', 1_000_000);
const pglitePatients = sizeOf('LEGACY_BENCH_PGLITE_PATIENTS', 100_000);
const goals = { maxSeconds: 5 * 60, maxRssMb: 500, maxRatio: 5, maxPgliteRatio: 3 };
const cli = fileURLToPath(new URL('../../server/dist/cli.js', import.meta.url));
// GNU time reports the peak memory of the process it runs; without it the CLI's own last line does.
const gnuTime = '/usr/bin/time';

interface Expected {
  files: Record<string, { read: number; inserted: number; updated: number; rejected: number }>;
}

interface Run {
  seconds: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command`, its output passed through (unless `quiet`) and kept. */
function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<Run> {
  const started = performance.now();
  const child = spawn(command, args, { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!quiet) process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!quiet) process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ seconds: (performance.now() - started) / 1000, code, stdout, stderr }),
    );
  });
}

/** Runs the CLI with `args`; `measured` runs it under GNU time, whose report is kept, not shown. */
async function runCli(args: string[], env: NodeJS.ProcessEnv = process.env, measured = false): Promise<Run> {
  if (!measured || !existsSync(gnuTime)) return runCommand('node', [cli, ...args], env);
  const run = await runCommand(gnuTime, ['-v', 'node', cli, ...args], env, true);
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr.slice(0, run.stderr.indexOf('\tCommand being timed')));
  return run;
}

/** Peak memory of the import process in MB: from GNU time, else from the CLI's `Memori puncak` line. */
function peakMb(run: Run): number | undefined {
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  if (kb) return Number(kb) / 1024;
  const mb = /Memori puncak: ([\d.]+) MB/.exec(run.stdout)?.[1];
  return mb === undefined ? undefined : Number(mb.replaceAll('.', ''));
}

interface Counts {
  status: string;
  read: number;
  inserted: number;
  updated: number;
  rejected: number;
}

/**
 * Each file's counts as the CLI prints them once the file is done (numbers written the Indonesian
 * way, 1.000.000): `[3/23] master_pasien.csv: diimpor; dibaca 1.000, baru …, diperbarui …, tetap …,
 * ditolak …, bentrok …, 12 detik`. Conflicts count as rejected, as in expected.json.
 */
function reportedCounts(stdout: string) {
  const counts = new Map<string, Counts>();
  const n = (text: string) => Number(text.replaceAll('.', ''));
  const line =
    /^\[\d+\/\d+\] (\S+\.csv): ([^;\n]+); dibaca ([\d.]+), baru ([\d.]+), diperbarui ([\d.]+), tetap [\d.]+, ditolak ([\d.]+), bentrok ([\d.]+)/gm;
  for (const m of stdout.matchAll(line)) {
    counts.set(m[1] as string, {
      status: m[2] as string,
      read: n(m[3] as string),
      inserted: n(m[4] as string),
      updated: n(m[5] as string),
      rejected: n(m[6] as string) + n(m[7] as string),
    });
  }
  return counts;
}

interface ImportedFile {
  file: string;
  seconds: number;
  encoding: string;
  separator: string;
}

/** The import report's own figures: the run's seconds, and each file's seconds, encoding and separator. */
function importReport(reportFile: string): { seconds: number; files: ImportedFile[] } {
  const text = existsSync(reportFile) ? readFileSync(reportFile, 'utf-8') : '';
  const seconds = Number(/; lama ([\d.]+) detik/.exec(text)?.[1] ?? Number.NaN);
  const files = [
    ...text.matchAll(/^## (\S+\.csv)\n\n[^\n]*?pengodean (\S+), pemisah "(.+?)", ([\d.]+) detik\./gm),
  ].map((m) => ({
    file: m[1] as string,
    encoding: m[2] as string,
    separator: m[3] as string,
    seconds: Number(m[4]),
  }));
  return { seconds, files };
}

/** The first line of a file (its header), without a byte order mark or the line end. */
function headerOf(file: string): string {
  const bytes = readFileSync(file).subarray(0, 1 << 20);
  const end = bytes.indexOf(0x0a);
  return bytes
    .subarray(0, end < 0 ? bytes.length : end)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .replace(/\r$/, '');
}

/**
 * How the raw copy reads a file: one `text` column per header column; a file COPY refuses that way
 * (a row with more or fewer fields than the header, which the import rejects by itself) is copied
 * line by line into one `text` column instead, and said so.
 */
interface RawCopy {
  seconds: number;
  /** `columns`, or `lines` for a file COPY refuses by columns. */
  how: 'columns' | 'lines';
}

interface RawPlan {
  file: string;
  table: string;
  columns: number;
  /** The file's encoding as the import found it, by its PostgreSQL name. */
  encoding: 'UTF8' | 'WIN1252';
  /** The COPY options of each attempt, in order, without the encoding. */
  attempts: { how: RawCopy['how']; options: string }[];
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

function rawPlans(folder: string, files: ImportedFile[]): RawPlan[] {
  return files.map(({ file, encoding, separator }, i) => {
    const delimiter = separator;
    return {
      file,
      table: `raw_${i + 1}`,
      columns: headerOf(path.join(folder, file)).split(delimiter).length,
      encoding: encoding === 'windows-1252' ? 'WIN1252' : 'UTF8',
      attempts: [
        { how: 'columns', options: `format csv, header, delimiter ${quoteLiteral(delimiter)}` },
        // Control characters no export holds: every line is one field, quotes and all.
        { how: 'lines', options: `format csv, header, delimiter E'\\x02', quote E'\\x01'` },
      ],
    };
  });
}

const tableSql = (plan: RawPlan, how: RawCopy['how']) =>
  `create table raw_copy.${plan.table} (${
    how === 'lines'
      ? 'line text'
      : Array.from({ length: plan.columns }, (_, i) => `c${i + 1} text`).join(', ')
  })`;

/** The raw copy into PostgreSQL: `psql`'s `\copy` of each file, timed by psql itself (`\timing`). */
async function rawCopyPostgres(url: string, folder: string, plans: RawPlan[]): Promise<Map<string, RawCopy>> {
  const copies = new Map<string, RawCopy>();
  const psql = (...commands: string[]) =>
    runCommand(
      'psql',
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, ...commands.flatMap((c) => ['-c', c])],
      process.env,
      true,
    );
  await psql('drop schema if exists raw_copy cascade', 'create schema raw_copy');
  for (const plan of plans) {
    for (const attempt of plan.attempts) {
      await psql(`drop table if exists raw_copy.${plan.table}`, tableSql(plan, attempt.how));
      const copied = await psql(
        '\\timing on',
        `\\copy raw_copy.${plan.table} from ${quoteLiteral(path.join(folder, plan.file))} with (${attempt.options}, encoding '${plan.encoding}')`,
      );
      const ms = /Time: ([\d.]+) ms/.exec(copied.stdout)?.[1];
      if (copied.code === 0 && ms !== undefined) {
        copies.set(plan.file, { seconds: Number(ms) / 1000, how: attempt.how });
        break;
      }
    }
  }
  await psql('drop schema raw_copy cascade');
  return copies;
}

/**
 * The raw copy into an embedded database of its own: `COPY … FROM '/dev/blob'`, the file as the blob.
 * PGlite's COPY converts no encoding (asked to, it answers nothing and breaks the session), so a
 * windows-1252 file is handed over decoded, as the importer reads it.
 */
async function rawCopyPglite(
  dataDir: string,
  folder: string,
  plans: RawPlan[],
): Promise<Map<string, RawCopy>> {
  const copies = new Map<string, RawCopy>();
  const db = await PGlite.create({ dataDir });
  try {
    await db.exec('create schema raw_copy');
    for (const plan of plans) {
      const bytes = readFileSync(path.join(folder, plan.file));
      const blob = new Blob([
        plan.encoding === 'UTF8' ? bytes : new TextDecoder('windows-1252').decode(bytes),
      ]);
      for (const attempt of plan.attempts) {
        await db.exec(`drop table if exists raw_copy.${plan.table}; ${tableSql(plan, attempt.how)}`);
        const started = performance.now();
        const copied = await db
          .query(`copy raw_copy.${plan.table} from '/dev/blob' with (${attempt.options})`, [], { blob })
          .then(
            () => true,
            () => false,
          );
        if (copied) {
          copies.set(plan.file, { seconds: (performance.now() - started) / 1000, how: attempt.how });
          break;
        }
      }
    }
  } finally {
    await db.close();
  }
  return copies;
}

/** The floor on PostgreSQL: written back into a copy of the imported database, dropped afterwards. */
function floorPostgres(database: BenchDatabase, dir: string): Promise<Floor> {
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return postgresFloor(client);
  };
  return measureFloor(
    () => connect(database.url),
    async () => {
      const copy = await createBenchDatabase('legacy import floor', database.name);
      if (!copy) throw new Error('the floor database could not be made');
      const db = await connect(copy.url);
      return { ...db, close: () => db.close().finally(() => copy.drop()) };
    },
    dir,
  );
}

/** The floor on the embedded database: written back into a copy of its data folder. */
function floorPglite(dataDir: string, dir: string): Promise<Floor> {
  const copyDir = `${dataDir}-floor`;
  return measureFloor(
    async () => pgliteFloor(await PGlite.create({ dataDir, extensions: { pg_trgm } })),
    async () => {
      cpSync(dataDir, copyDir, { recursive: true });
      return pgliteFloor(await PGlite.create({ dataDir: copyDir, extensions: { pg_trgm } }));
    },
    dir,
  );
}

const psqlFound = async () =>
  (await runCommand('psql', ['--version'], process.env, true).catch(() => undefined))?.code === 0;

/** A sample export folder per size, written once for the run. */
const samples = new Map<number, { folder: string; expected: Expected; seconds: number }>();
async function sample(root: string, size: number) {
  const made = samples.get(size);
  if (made) return made;
  const folder = path.join(root, `sample-${size}`);
  const generated = await runCli(['legacy', 'sample', folder, '--patients', String(size)]);
  if (generated.code !== 0) throw new Error(`legacy sample exited with ${generated.code}`);
  const expected = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf-8')) as Expected;
  const result = { folder, expected, seconds: generated.seconds };
  samples.set(size, result);
  return result;
}

interface Variant {
  name: string;
  size: number;
  env: NodeJS.ProcessEnv;
  maxRatio: number;
  /** Goals of the PostgreSQL run only: the whole import's time and the process's memory. */
  hospitalGoals: boolean;
  rawCopy(folder: string, plans: RawPlan[]): Promise<Map<string, RawCopy>>;
  /** The database's own share of the import (`legacy-floor.ts`), its files in `dir`. */
  floor(dir: string): Promise<Floor>;
}

const seconds = (value: number) => value.toFixed(1).padStart(9);
const ratioText = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ×` : '-').padStart(9);

/** Imports the sample into the variant's database, copies it raw, prints both; returns the problems. */
async function runVariant(root: string, variant: Variant): Promise<string[]> {
  const problems: string[] = [];
  const { folder, expected, seconds: generatedSeconds } = await sample(root, variant.size);
  const reportFile = path.join(root, `laporan-${variant.name}.md`);
  const imported = await runCli(
    ['import', 'legacy', folder, '--apply', '--report', reportFile],
    variant.env,
    true,
  );
  if (imported.code !== 0) problems.push(`import legacy exited with ${imported.code}`);

  // The outcome first: every file read, taken and turned away as the sample says.
  const reported = reportedCounts(imported.stdout);
  for (const [file, want] of Object.entries(expected.files)) {
    const got = reported.get(file);
    if (!got) problems.push(`${file}: not in the import's output`);
    else if (
      got.status !== 'diimpor' ||
      got.read !== want.read ||
      got.rejected !== want.rejected ||
      got.inserted !== want.inserted ||
      got.updated !== want.updated
    )
      problems.push(
        `${file}: ${got.status}, read ${got.read}, new ${got.inserted}, updated ${got.updated}, rejected ${got.rejected}; ` +
          `expected read ${want.read}, new ${want.inserted}, updated ${want.updated}, rejected ${want.rejected}`,
      );
  }

  const report = importReport(reportFile);
  const raw = await variant.rawCopy(folder, rawPlans(folder, report.files));
  const rawTotal = [...raw.values()].reduce((sum, copy) => sum + copy.seconds, 0);
  const ratio = report.seconds / rawTotal;
  const peak = peakMb(imported);
  const floorDir = path.join(root, `floor-${variant.name}`);
  mkdirSync(floorDir);
  const floor = await variant.floor(floorDir);
  rmSync(floorDir, { recursive: true, force: true });

  console.log('');
  console.log(`${variant.name}: ${variant.size.toLocaleString('en')} patients`);
  console.log(`generation (legacy sample): ${generatedSeconds.toFixed(1)} s`);
  console.log(
    `import process (import legacy --apply, with start and migrations): ${imported.seconds.toFixed(1)} s`,
  );
  console.log(
    `${'file'.padEnd(36)}${'rows'.padStart(11)}${'import s'.padStart(9)}${'raw s'.padStart(9)}${'ratio'.padStart(9)}`,
  );
  for (const file of report.files) {
    const copy = raw.get(file.file);
    const rows = expected.files[file.file]?.read ?? 0;
    console.log(
      `${file.file.padEnd(36)}${rows.toLocaleString('en').padStart(11)}${seconds(file.seconds)}` +
        `${copy ? seconds(copy.seconds) : '        -'}${ratioText(copy && copy.seconds >= 0.1 ? file.seconds / copy.seconds : Number.NaN)}` +
        `${copy?.how === 'lines' ? '  (raw copy by lines: COPY refuses its ragged rows)' : ''}`,
    );
  }
  console.log(
    `${`total (${report.files.length} files)`.padEnd(47)}${seconds(report.seconds)}${seconds(rawTotal)}${ratioText(ratio)}`,
  );
  console.log(
    `the database's floor, the imported rows written back by COPY into the emptied tables (their indexes built after):`,
  );
  console.log(
    `  with their foreign keys and triggers ${floor.keys.toFixed(1)} s, ${ratioText(floor.keys / rawTotal).trim()} the raw copy; the import ${ratioText(report.seconds / floor.keys).trim()} this floor`,
  );
  console.log(
    floor.bare === undefined
      ? '  without them: not measured (session_replication_role wants a superuser)'
      : `  without them ${floor.bare.toFixed(1)} s, ${ratioText(floor.bare / rawTotal).trim()} the raw copy`,
  );
  console.log(
    `peak memory of the import process: ${peak === undefined ? 'unknown' : `${peak.toFixed(0)} MB`}`,
  );
  const missingRaw = report.files.filter((file) => !raw.has(file.file)).map((file) => file.file);
  if (missingRaw.length > 0) problems.push(`the raw copy refused ${missingRaw.join(', ')}`);
  const ratioOk = missingRaw.length === 0 && ratio <= variant.maxRatio;
  console.log(
    `${ratioOk ? 'PASS' : 'MISS'} whole import ${ratioText(ratio).trim()} its raw copy (goal ≤ ${variant.maxRatio} ×)`,
  );
  const goalsMet = [ratioOk];
  if (variant.hospitalGoals) {
    const timeOk = imported.seconds < goals.maxSeconds;
    const memoryOk = peak !== undefined && peak < goals.maxRssMb;
    console.log(
      `${timeOk ? 'PASS' : 'MISS'} whole import ${imported.seconds.toFixed(1)} s (goal < ${goals.maxSeconds} s)`,
    );
    console.log(
      `${memoryOk ? 'PASS' : 'MISS'} import process peak ${peak === undefined ? 'unknown' : `${peak.toFixed(0)} MB`} (goal < ${goals.maxRssMb} MB)`,
    );
    goalsMet.push(timeOk, memoryOk);
  }
  console.log(
    `${problems.length === 0 ? 'PASS' : 'FAIL'} counts of every file as in the sample's expected.json`,
  );
  for (const problem of problems) console.error(`     ${problem}`);
  if (goalsMet.includes(false)) problems.push(`${variant.name}: a goal was missed`);
  return problems;
}

async function main() {
  if (leftOut('legacy import', 'import')) return;
  if (!existsSync(cli)) {
    console.error('server/dist/cli.js is missing: run `npm run build` first (npm run bench does)');
    process.exitCode = 1;
    return;
  }
  if (patients < 1) {
    console.error(`LEGACY_BENCH_PATIENTS must be above 0, not ${process.env.LEGACY_BENCH_PATIENTS}`);
    process.exitCode = 1;
    return;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'legacy-bench-'));
  const problems: string[] = [];
  try {
    const database = await createBenchDatabase('legacy import');
    if (database) {
      try {
        const { rows } = await database.admin.query<{ version: string }>(
          `select current_setting('server_version') as version`,
        );
        console.log(
          `legacy import of ${patients.toLocaleString('en')} patients into PostgreSQL ${rows[0]?.version} (database ${database.name})`,
        );
        if (!(await psqlFound())) {
          console.log(
            'legacy import: SKIPPED on PostgreSQL, psql is not on PATH (the raw copy is its `\\copy`)',
          );
        } else {
          problems.push(
            ...(await runVariant(root, {
              name: 'PostgreSQL',
              size: patients,
              env: { ...process.env, DATABASE_URL: database.url },
              maxRatio: goals.maxRatio,
              hospitalGoals: true,
              rawCopy: (folder, plans) => rawCopyPostgres(database.url, folder, plans),
              floor: (dir) => floorPostgres(database, dir),
            })),
          );
        }
      } finally {
        await database.drop();
      }
    }
    if (pglitePatients > 0) {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(root, 'pglite-import') };
      delete env.DATABASE_URL;
      console.log(
        `\nlegacy import of ${pglitePatients.toLocaleString('en')} patients into PGlite (DATA_DIR ${env.DATA_DIR})`,
      );
      problems.push(
        ...(await runVariant(root, {
          name: 'PGlite',
          size: pglitePatients,
          env,
          maxRatio: goals.maxPgliteRatio,
          hospitalGoals: false,
          rawCopy: (folder, plans) => rawCopyPglite(path.join(root, 'pglite-raw'), folder, plans),
          floor: (dir) => floorPglite(path.join(env.DATA_DIR as string, 'pglite'), dir),
        })),
      );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error('legacy import: a goal missed or a wrong outcome');
    process.exitCode = 1;
  }
}

await main();
