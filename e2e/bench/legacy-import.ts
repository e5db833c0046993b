/**
 * The legacy import at hospital scale: `legacy sample` writes an export folder of LEGACY_BENCH_PATIENTS
 * patients (1,000,000 by default, with about three visits each) and `import legacy --apply` takes it
 * into a fresh database `portal_bench_<random>` on the PostgreSQL server of BENCH_DATABASE_URL
 * (dropped at the end), both with the built CLI. Goals: the whole import in under 5 minutes and the
 * import process under 500 MB; it also fails when the import's counts differ from the sample's
 * expected.json. Skips with a message when PostgreSQL cannot be reached.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase } from './postgres.js';

const patients = Number(process.env.LEGACY_BENCH_PATIENTS ?? 1_000_000);
const goals = { maxSeconds: 5 * 60, maxRssMb: 500 };
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

/** Runs the CLI with `args`, its output passed through and kept. */
function runCli(args: string[], env: Record<string, string> = {}, measured = false): Promise<Run> {
  const [command, commandArgs] =
    measured && existsSync(gnuTime) ? [gnuTime, ['-v', 'node', cli, ...args]] : ['node', [cli, ...args]];
  const started = performance.now();
  const child = spawn(command, commandArgs, { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    // GNU time's report is read below, not shown.
    if (!measured) process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ seconds: (performance.now() - started) / 1000, code, stdout, stderr }),
    );
  });
}

/** Peak memory of the import process in MB: from GNU time, else from the CLI's `Memori puncak` line. */
function peakMb(run: Run): number | undefined {
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  if (kb) return Number(kb) / 1024;
  const mb = /Memori puncak: ([\d.]+) MB/.exec(run.stdout)?.[1];
  return mb === undefined ? undefined : Number(mb.replaceAll('.', ''));
}

/** Each file's counts as the CLI prints them (numbers written the Indonesian way: 1.000.000). */
function reportedCounts(stdout: string) {
  const counts = new Map<
    string,
    { status: string; read: number; inserted: number; updated: number; rejected: number }
  >();
  const n = (text: string) => Number(text.replaceAll('.', ''));
  const line =
    /^(\S+\.csv): (\S+); dibaca ([\d.]+), baru ([\d.]+), diperbarui ([\d.]+), tetap [\d.]+, ditolak ([\d.]+)/gm;
  for (const m of stdout.matchAll(line)) {
    counts.set(m[1] as string, {
      status: m[2] as string,
      read: n(m[3] as string),
      inserted: n(m[4] as string),
      updated: n(m[5] as string),
      rejected: n(m[6] as string),
    });
  }
  return counts;
}

/** The seconds the import report gives one file (`… 12.3 detik.` under its heading), if it says. */
function fileSeconds(folder: string, file: string): number | undefined {
  const report = path.join(folder, 'laporan-bench.md');
  if (!existsSync(report)) return undefined;
  const text = readFileSync(report, 'utf-8');
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const seconds = new RegExp(`## ${escaped}\\n\\n[^\\n]*?([\\d.]+) detik\\.`).exec(text)?.[1];
  return seconds === undefined ? undefined : Number(seconds);
}

async function main() {
  if (!existsSync(cli)) {
    console.error('server/dist/cli.js is missing: run `npm run build` first (npm run bench does)');
    process.exitCode = 1;
    return;
  }
  if (!Number.isInteger(patients) || patients < 1) {
    console.error(
      `LEGACY_BENCH_PATIENTS must be a whole number above 0, not ${process.env.LEGACY_BENCH_PATIENTS}`,
    );
    process.exitCode = 1;
    return;
  }
  const database = await createBenchDatabase('legacy import');
  if (!database) return;
  const { admin, name, url } = database;
  const folder = mkdtempSync(path.join(tmpdir(), 'legacy-bench-'));
  const problems: string[] = [];
  try {
    const { rows } = await admin.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    console.log(
      `legacy import of ${patients.toLocaleString('en')} patients into PostgreSQL ${rows[0]?.version} (database ${name})`,
    );

    const generated = await runCli(['legacy', 'sample', folder, '--patients', String(patients)]);
    if (generated.code !== 0) throw new Error(`legacy sample exited with ${generated.code}`);
    const expected = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf-8')) as Expected;

    const imported = await runCli(
      ['import', 'legacy', folder, '--apply', '--report', path.join(folder, 'laporan-bench.md')],
      { DATABASE_URL: url },
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

    const patientRows = expected.files['master_pasien.csv']?.read ?? 0;
    const visitRows = expected.files['bil_rj_xbjalan.csv']?.read ?? 0;
    const rate = (rows: number, file: string) => {
      const seconds = fileSeconds(folder, file);
      const own =
        seconds === undefined
          ? ''
          : `; ${(rows / seconds).toFixed(0)}/s over the file's own ${seconds.toFixed(1)} s`;
      return `${(rows / imported.seconds).toFixed(0)}/s over the whole import${own}`;
    };
    const peak = peakMb(imported);
    const timeOk = imported.seconds < goals.maxSeconds;
    const memoryOk = peak !== undefined && peak < goals.maxRssMb;
    console.log('');
    console.log(`generation (legacy sample): ${generated.seconds.toFixed(1)} s`);
    console.log(`import (import legacy --apply): ${imported.seconds.toFixed(1)} s`);
    console.log(
      `patients: ${patientRows.toLocaleString('en')} rows, ${rate(patientRows, 'master_pasien.csv')}`,
    );
    console.log(`visits: ${visitRows.toLocaleString('en')} rows, ${rate(visitRows, 'bil_rj_xbjalan.csv')}`);
    console.log(
      `peak memory of the import process: ${peak === undefined ? 'unknown' : `${peak.toFixed(0)} MB`}`,
    );
    console.log(
      `${timeOk ? 'PASS' : 'MISS'} whole import ${imported.seconds.toFixed(1)} s (goal < ${goals.maxSeconds} s)`,
    );
    console.log(
      `${memoryOk ? 'PASS' : 'MISS'} import process peak ${peak === undefined ? 'unknown' : `${peak.toFixed(0)} MB`} (goal < ${goals.maxRssMb} MB)`,
    );
    console.log(
      `${problems.length === 0 ? 'PASS' : 'FAIL'} counts of every file as in the sample's expected.json`,
    );
    for (const problem of problems) console.error(`     ${problem}`);
    if (!timeOk || !memoryOk) problems.push('a goal was missed');
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await database.drop();
  }
  if (problems.length > 0) {
    console.error('legacy import: a goal missed or a wrong outcome');
    process.exitCode = 1;
  }
}

await main();
