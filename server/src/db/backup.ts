import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { and, count, desc, eq, getTableName, is, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Database, type DatabaseLocation, holdsAnything, lockDataDir, openDatabase } from './client.js';
import { rowsOf } from './rows.js';
import { fileStamp } from '../lib/dates.js';
import * as schema from './schema/index.js';
import { backupDrills, backups } from './schema/index.js';

// Backups made by the command line, of either database:
// - embedded: its folder as one gzipped tarball (PGlite's own dump), made and restored by a process that
//   holds the folder's lock, so that no server writes meanwhile. A running server holds the lock: the command
//   then says to stop it (DatabaseInUseError).
// - PostgreSQL: `pg_dump --format=custom` while the portal runs, of the snapshot in which the rows were counted.
// Beside each backup `<file>.json` records its rows per table, which a restore drill must find again; the
// database records each finished backup and drill, for the admins' system screen and the metrics.

export class BackupError extends Error {}

export type BackupKind = 'embedded' | 'postgres';

export interface BackupRecord {
  kind: BackupKind;
  /** Absolute path. */
  file: string;
  sizeBytes: number;
  tableCounts: Record<string, number>;
  startedAt: Date;
  finishedAt: Date;
}

/** Backups hold every patient and the password hashes: only the owner may read them. */
const PRIVATE = 0o600;

const declaredTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/**
 * The rows of every table of the portal, by table name: what a backup holds, and a restore must find. Only the
 * tables the database has: one that a newer portal has not migrated yet lacks the newest.
 */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const present = new Set(
    (
      await rowsOf<{ name: string }>(
        db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
      )
    ).map((row) => row.name),
  );
  // One after the other: the backup of PostgreSQL counts on the one connection that holds pg_dump's snapshot.
  const counts: [string, number][] = [];
  for (const table of declaredTables) {
    const name = getTableName(table);
    if (!present.has(name)) continue;
    const [row] = await db.select({ n: count() }).from(table);
    counts.push([name, row?.n ?? 0]);
  }
  return Object.fromEntries(counts.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Writes `file` through `write(partial)`, which writes `<file>.partial`: made private, flushed to disk, then
 * renamed, so that `file` is never half a file, also after a crash.
 */
async function writeAside(file: string, write: (partial: string) => Promise<void> | void): Promise<void> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    writeFileSync(partial, '', { mode: PRIVATE, flag: 'wx' });
    await write(partial);
    chmodSync(partial, PRIVATE);
    const fd = openSync(partial, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

const sidecar = (file: string) => `${file}.json`;

interface Sidecar {
  kind: BackupKind;
  tableCounts: Record<string, number>;
  startedAt: string;
  finishedAt: string;
}

/** `<file>.json` first, then the backup: a backup in place always has its counts beside it. */
async function finish(
  kind: BackupKind,
  file: string,
  tableCounts: Record<string, number>,
  startedAt: Date,
  write: (partial: string) => Promise<void> | void,
): Promise<BackupRecord> {
  let done: BackupRecord | undefined;
  await writeAside(file, async (partial) => {
    await write(partial);
    const finishedAt = new Date();
    const record: Sidecar = {
      kind,
      tableCounts,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
    };
    await writeAside(sidecar(file), (side) => writeFileSync(side, `${JSON.stringify(record, null, 2)}\n`));
    done = { kind, file, sizeBytes: statSync(partial).size, tableCounts, startedAt, finishedAt };
  });
  return done!;
}

async function recordBackup(db: Database, record: BackupRecord): Promise<void> {
  await db.insert(backups).values(record);
}

/**
 * Writes the embedded database in `dataDir` to `file`, then records it there: after the dump, so that a
 * backup never holds its own record (a database restored from it remembers the backups made before it).
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupRecord> {
  if (!existsSync(dataDir)) throw new BackupError(`Belum ada basis data tertanam di ${dataDir}.`);
  file = path.resolve(file);
  const startedAt = new Date();
  const database = await openDatabase({ dataDir });
  try {
    const counts = await tableCounts(database.db);
    const dump = await database.dumpDataDir?.('gzip');
    if (!dump) throw new BackupError('Basis data ini tidak dapat dicadangkan dengan perintah ini.');
    const record = await finish('embedded', file, counts, startedAt, async (partial) =>
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer())),
    );
    // A database older than this portal has no table for the record yet; its dump is made as it was.
    await database.migrate();
    await recordBackup(database.db, record);
    return record;
  } finally {
    await database.close();
  }
}

/** The password of a database URL goes to the child's environment, never onto its command line. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

interface Ran {
  stdout: string;
  stderr: string;
}

const missingProgram = (program: string) =>
  new BackupError(
    `${program} tidak ditemukan. Pasang klien PostgreSQL (Debian/Ubuntu: apt install postgresql-client; ` +
      `versi utamanya harus sama dengan server PostgreSQL atau lebih baru, mis. postgresql-client-16 dari ` +
      `apt.postgresql.org untuk server 16) dan pastikan ${program} ada di PATH.`,
  );

/** Runs a PostgreSQL program (an argument array, no shell); failing, its message ends the error. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? missingProgram(program) : err),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          new BackupError(
            `${program} gagal (${signal ?? `kode ${code}`}): ${stderr.trim() || 'tanpa pesan'}`,
          ),
        );
    });
  });
}

/** A PostgreSQL program that is there and not older than the server: it refuses a newer server's data. */
async function checkProgram(program: string, env: NodeJS.ProcessEnv, serverMajor: number): Promise<void> {
  const { stdout } = await run(program, ['--version'], env);
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
  if (!Number.isInteger(major)) throw new BackupError(`Versi ${program} tidak dikenali: ${stdout.trim()}`);
  if (major < serverMajor) {
    throw new BackupError(
      `${program} versi ${major} lebih lama dari server PostgreSQL ${serverMajor} dan tidak dapat dipakai untuknya. ` +
        `Pasang postgresql-client-${serverMajor} (Debian/Ubuntu; dari apt.postgresql.org bila tidak ada di ` +
        `distribusi) dan pastikan ${program} versi itu yang pertama di PATH.`,
    );
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: number }>(
    `select current_setting('server_version_num')::int / 10000 as v`,
  );
  return rows[0]!.v;
}

/**
 * Dumps the PostgreSQL database of `databaseUrl` to `file` (`pg_dump --format=custom`) while the portal runs,
 * then records it there. The rows are counted in the snapshot that pg_dump dumps, so they match the file
 * although the portal writes meanwhile.
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<BackupRecord> {
  file = path.resolve(file);
  const startedAt = new Date();
  const { url, env } = connection(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let record: BackupRecord;
  try {
    await checkProgram('pg_dump', env, await serverMajor(client));
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const counts = await tableCounts(drizzle(client, { schema }));
    record = await finish('postgres', file, counts, startedAt, async (partial) => {
      await run(
        'pg_dump',
        [
          '--format=custom',
          '--no-password',
          `--snapshot=${rows[0]!.snapshot}`,
          `--file=${partial}`,
          `--dbname=${url}`,
        ],
        env,
      );
    });
  } finally {
    await client.end();
  }
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    await recordBackup(database.db, record);
  } finally {
    await database.close();
  }
  return record;
}

/** Where a backup goes and what it is of. */
export type BackupSource = { databaseUrl: string } | { dataDir: string };

export function backup(source: BackupSource, file: string): Promise<BackupRecord> {
  return 'databaseUrl' in source
    ? backupPostgres(source.databaseUrl, file)
    : backupEmbedded(source.dataDir, file);
}

/** The portal's backups in a folder are named by kind and local time; rotation touches no other file. */
const BACKUP_NAME = /^portal-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.(tar\.gz|dump)$/;

const two = (n: number) => String(n).padStart(2, '0');

/** `portal-YYYYMMDD-HHMMSS.tar.gz` (embedded) or `.dump` (PostgreSQL), in the local time zone. */
export function backupName(kind: BackupKind, at: Date): string {
  return `portal-${fileStamp(at)}.${kind === 'embedded' ? 'tar.gz' : 'dump'}`;
}

interface Named {
  file: string;
  day: string;
  week: string;
}

/** ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday), e.g. `2026-W05`. */
function isoWeek(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const thursdayYear = date.getUTCFullYear();
  const week = Math.floor((date.getTime() - Date.UTC(thursdayYear, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${thursdayYear}-W${two(week)}`;
}

/** The portal's backups in `dir`, newest first (by the time in their names). */
export function backupsIn(dir: string): Named[] {
  if (!existsSync(dir)) return [];
  const named: (Named & { stamp: string })[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const match = BACKUP_NAME.exec(entry.name);
    if (!match || !entry.isFile()) continue;
    const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
    named.push({
      file: path.join(dir, entry.name),
      stamp: match.slice(1, 7).join(''),
      day: match.slice(1, 4).join('-'),
      week: isoWeek(year, month, day),
    });
  }
  return named
    .sort((a, b) => b.stamp.localeCompare(a.stamp) || b.file.localeCompare(a.file))
    .map(({ file, day, week }) => ({ file, day, week }));
}

/**
 * How many backups a folder keeps. A backup stays when any rule keeps it: the newest `keep`; the newest of
 * each of the `keepDays` most recent days that have a backup; the newest of each of the `keepWeeks` most
 * recent ISO weeks that have one. Days and weeks without a backup do not count, so a pause in the backups
 * never empties the folder. The newest backup always stays. No rule given: `keep` 14.
 */
export interface Retention {
  keep?: number;
  keepDays?: number;
  keepWeeks?: number;
}

export const DEFAULT_KEEP = 14;

/** Removes the backups `retention` does not keep (and their `.json`); returns the removed files. */
export function rotateBackups(dir: string, retention: Retention): string[] {
  const found = backupsIn(dir);
  const { keepDays = 0, keepWeeks = 0 } = retention;
  const keep = retention.keep ?? (keepDays || keepWeeks ? 1 : DEFAULT_KEEP);
  const kept = new Set(found.slice(0, Math.max(keep, 1)).map((b) => b.file));
  const newestOf = (period: 'day' | 'week', count: number) => {
    const seen = new Set<string>();
    for (const b of found) {
      if (seen.has(b[period])) continue;
      if (seen.size === count) break;
      seen.add(b[period]);
      kept.add(b.file);
    }
  };
  newestOf('day', keepDays);
  newestOf('week', keepWeeks);
  const removed = found.filter((b) => !kept.has(b.file)).map((b) => b.file);
  for (const file of removed) {
    rmSync(sidecar(file), { force: true });
    rmSync(file);
  }
  return removed;
}

/** A backup named by kind and time in `dir`, then the rotation of `dir`. */
export async function backupToFolder(
  source: BackupSource,
  dir: string,
  retention: Retention,
): Promise<{ record: BackupRecord; removed: string[] }> {
  dir = path.resolve(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupName('databaseUrl' in source ? 'postgres' : 'embedded', new Date()));
  if (existsSync(file)) throw new BackupError(`${file} sudah ada: tunggu sedetik, lalu ulangi.`);
  const record = await backup(source, file);
  return { record, removed: rotateBackups(dir, retention) };
}

/** The newest of the portal's backups in `dir`. */
export function newestBackup(dir: string): string {
  const newest = backupsIn(path.resolve(dir))[0];
  if (!newest) throw new BackupError(`Tidak ada berkas cadangan portal (portal-…) di ${path.resolve(dir)}.`);
  return newest.file;
}

export interface DrillTable {
  table: string;
  /** Rows when the backup was made; null: the table was not there. */
  recorded: number | null;
  /** Rows after the restore and the migrations; null: the table is not there. */
  restored: number | null;
}

export interface DrillResult {
  file: string;
  kind: BackupKind;
  ok: boolean;
  /** Empty when the drill did not get to compare. */
  tables: DrillTable[];
  /** Why the drill failed, when it did not get to compare. */
  error?: string;
  /** The scratch database (PostgreSQL) or folder (embedded), removed again. */
  scratch?: string;
  startedAt: Date;
  finishedAt: Date;
}

/** What a person can do about a file that is no backup, or a broken one. */
const OTHER_BACKUP =
  'Pilih cadangan lain, mis. yang sebelumnya di folder cadangan (uji dulu: npm run cli -- backup drill <berkas>).';

/** Says why a restore of `file` cannot start, and what to do. */
const badBackup = (file: string, why: string) =>
  new BackupError(`Berkas cadangan ${file} ${why}. ${OTHER_BACKUP}`);

/** What a file is by its first bytes: PostgreSQL's custom format starts with `PGDMP`, gzip with 1f 8b. */
function kindOf(file: string): BackupKind {
  const stat = statSync(file);
  if (!stat.isFile()) throw new BackupError(`${file} bukan berkas (folder?): sebutkan berkas cadangannya.`);
  if (stat.size === 0) {
    throw badBackup(file, 'kosong (0 byte): pencadangannya tidak selesai');
  }
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  throw new BackupError(
    `${file} bukan berkas cadangan portal (bukan .tar.gz PGlite ataupun pg_dump --format=custom). ${OTHER_BACKUP}`,
  );
}

function recordedCounts(file: string): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(sidecar(file), 'utf8')) as Sidecar).tableCounts;
  } catch {
    throw new BackupError(
      `Jumlah baris saat pencadangan tidak ada (${sidecar(file)} hilang atau rusak): tidak ada pembanding.`,
    );
  }
}

/** A table absent on one side and empty on the other (a table added by a later migration) is no difference. */
function compare(recorded: Record<string, number>, restored: Record<string, number>): DrillTable[] {
  const tables = [...new Set([...Object.keys(recorded), ...Object.keys(restored)])].sort();
  return tables.map((table) => ({
    table,
    recorded: recorded[table] ?? null,
    restored: restored[table] ?? null,
  }));
}

export const differs = (t: DrillTable) => (t.recorded ?? 0) !== (t.restored ?? 0);

/** Files every PostgreSQL data folder has, at the root of a PGlite dump. */
const DATABASE_FILES = ['PG_VERSION', 'global/pg_control'];
const BLOCK = 512;

/**
 * Walks the headers of a tar stream (each 512-byte header checked against its checksum, then its contents
 * skipped): what names it holds, and whether it ended where a tar ends (two zero blocks after the last
 * file's contents), which a file cut short does not.
 */
function tarWalker() {
  const names = new Set<string>();
  let header = Buffer.alloc(0);
  let skip = 0;
  let zeros = 0;
  let broken = false;
  const field = (h: Buffer, start: number, length: number) =>
    h
      .subarray(start, start + length)
      .toString('latin1')
      .replace(/\0.*$/s, '');
  const onHeader = (h: Buffer) => {
    if (zeros >= 2 || broken) return;
    if (h.every((b) => b === 0)) {
      zeros++;
      return;
    }
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
    const size = parseInt(field(h, 124, 12).trim() || 'x', 8);
    if (zeros > 0 || sum !== parseInt(field(h, 148, 8).trim() || 'x', 8) || !(size >= 0)) {
      broken = true;
      return;
    }
    const prefix = field(h, 345, 155);
    names.add(`${prefix ? `${prefix}/` : ''}${field(h, 0, 100)}`.replace(/^(\.?\/)+/, ''));
    skip = Math.ceil(size / BLOCK) * BLOCK;
  };
  return {
    write(chunk: Buffer) {
      let at = 0;
      while (at < chunk.length && !broken) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length - at);
          skip -= n;
          at += n;
          continue;
        }
        const take = chunk.subarray(at, at + BLOCK - header.length);
        header = Buffer.concat([header, take]);
        at += take.length;
        if (header.length === BLOCK) {
          onHeader(header);
          header = Buffer.alloc(0);
        }
      }
    },
    result: () => ({ names, broken, complete: !broken && zeros >= 2 }),
  };
}

/**
 * Reads a gzipped backup through (CRC and length included) and walks its tar: a restore must not start on a
 * file cut short, damaged, or holding something other than a database folder. PGlite, given a truncated
 * gzip, fails with an unhandled rejection of its own, which ends the process, and given a tar of anything
 * else "failed to initialize properly".
 */
async function checkArchive(file: string): Promise<void> {
  const tar = tarWalker();
  try {
    await pipeline(
      createReadStream(file),
      createGunzip(),
      new Writable({
        write: (chunk: Buffer, _enc, next) => {
          tar.write(chunk);
          next();
        },
      }),
    );
  } catch (err) {
    throw badBackup(file, `rusak atau terpotong (gzip: ${(err as Error).message})`);
  }
  const { names, broken, complete } = tar.result();
  if (broken && names.size === 0) throw badBackup(file, 'bukan arsip tar (isinya bukan cadangan portal)');
  if (!complete) throw badBackup(file, 'rusak atau terpotong (arsip tar di dalamnya tidak utuh)');
  const missing = DATABASE_FILES.filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw badBackup(
      file,
      `bukan cadangan basis data portal: arsipnya tidak berisi folder basis data (tidak ada ${missing.join(', ')})`,
    );
  }
}

/** A restored copy as the portal would start on it (migrated), and the rows of its tables. */
async function migratedCounts(location: DatabaseLocation): Promise<Record<string, number>> {
  const database = await openDatabase(location);
  try {
    await database.migrate();
    return await tableCounts(database.db);
  } finally {
    await database.close();
  }
}

async function restoreEmbeddedScratch(file: string, onScratch: (where: string) => void) {
  await checkArchive(file);
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-drill-'));
  onScratch(folder);
  try {
    return await migratedCounts({
      dataDir: path.join(folder, 'pglite'),
      copyOf: new Blob([readFileSync(file)]),
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const DRILL_PREFIX = 'portal_drill_';
/** A drill's database older than this was left by a drill that was killed: the next drill removes it. */
const LEFTOVER_MS = 24 * 60 * 60_000;

async function dropDatabase(admin: pg.Client, name: string) {
  await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
}

/** Drops the scratch databases that killed drills left (their names carry their UTC time). */
async function dropLeftovers(admin: pg.Client) {
  const { rows } = await admin.query<{ name: string }>(
    `select datname as name from pg_database where datname like 'portal\\_drill\\_%'`,
  );
  for (const { name } of rows) {
    const m = /^portal_drill_(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})_[0-9a-f]+$/.exec(name);
    if (!m) continue;
    const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
    if (Date.now() - Date.UTC(y!, mo! - 1, d, h, mi, s) > LEFTOVER_MS) await dropDatabase(admin, name);
  }
}

async function restorePostgresScratch(file: string, databaseUrl: string, onScratch: (where: string) => void) {
  const { env } = connection(databaseUrl);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await checkProgram('pg_restore', env, await serverMajor(admin));
    await dropLeftovers(admin);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
    const name = `${DRILL_PREFIX}${stamp}_${randomBytes(3).toString('hex')}`;
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    onScratch(name);
    try {
      const target = new URL(databaseUrl);
      target.pathname = `/${name}`;
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--no-password',
          `--dbname=${connection(target.toString()).url}`,
          file,
        ],
        env,
      );
      return await migratedCounts({ databaseUrl: target.toString() });
    } finally {
      await dropDatabase(admin, name);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Restores `file` into a scratch database (PostgreSQL: a new database on the server of `databaseUrl`;
 * embedded: a temporary folder), applies the migrations, counts the rows of every table and compares them
 * with those recorded beside the backup. The scratch database is removed in every case. A failure to restore
 * is a failed drill (`ok` false, `error`), not an exception.
 */
export async function drillBackup(
  file: string,
  { databaseUrl }: { databaseUrl?: string } = {},
): Promise<DrillResult> {
  file = path.resolve(file);
  if (!existsSync(file)) throw new BackupError(`Berkas cadangan ${file} tidak ada.`);
  const startedAt = new Date();
  const kind = kindOf(file);
  if (kind === 'postgres' && !databaseUrl) {
    throw new BackupError('Cadangan PostgreSQL diuji pada server PostgreSQL: isi DATABASE_URL.');
  }
  const recorded = recordedCounts(file);
  let scratch: string | undefined;
  const onScratch = (where: string) => (scratch = where);
  try {
    const restored =
      kind === 'postgres'
        ? await restorePostgresScratch(file, databaseUrl!, onScratch)
        : await restoreEmbeddedScratch(file, onScratch);
    const tables = compare(recorded, restored);
    return { file, kind, ok: !tables.some(differs), tables, scratch, startedAt, finishedAt: new Date() };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { file, kind, ok: false, tables: [], error, scratch, startedAt, finishedAt: new Date() };
  }
}

/** Records a drill, with the backup's row when this database made the backup. */
export async function recordDrill(db: Database, result: DrillResult): Promise<void> {
  const [made] = await db
    .select({ id: backups.id })
    .from(backups)
    .where(eq(backups.file, result.file))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  const differences = Object.fromEntries(
    result.tables
      .filter(differs)
      .map((t) => [t.table, { recorded: t.recorded ?? 0, restored: t.restored ?? 0 }]),
  );
  await db.insert(backupDrills).values({
    backupId: made?.id ?? null,
    file: result.file,
    ok: result.ok,
    differences: result.error ? null : differences,
    error: result.error ?? null,
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
  });
}

export interface LatestBackup {
  kind: BackupKind;
  file: string;
  sizeBytes: number;
  startedAt: Date;
  finishedAt: Date;
  /** The last drill of this backup that passed. */
  drilledAt: Date | null;
  /** The last drill of this backup, passed or failed. */
  lastDrill: { finishedAt: Date; ok: boolean } | null;
}

/** The last good backup (the newest finished one), for the admins' system screen and the metrics. */
export async function latestBackup(db: Database): Promise<LatestBackup | null> {
  const [row] = await db.select().from(backups).orderBy(desc(backups.finishedAt), desc(backups.id)).limit(1);
  if (!row) return null;
  const drills = (passed: boolean) =>
    db
      .select({ finishedAt: backupDrills.finishedAt, ok: backupDrills.ok })
      .from(backupDrills)
      .where(and(eq(backupDrills.backupId, row.id), passed ? eq(backupDrills.ok, true) : undefined))
      .orderBy(desc(backupDrills.finishedAt))
      .limit(1);
  const [[passed], [last]] = await Promise.all([drills(true), drills(false)]);
  return {
    kind: row.kind,
    file: row.file,
    sizeBytes: row.sizeBytes,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    drilledAt: passed?.finishedAt ?? null,
    lastDrill: last ?? null,
  };
}

export interface Restored {
  counts: Record<string, number>;
  /** Where the database that was replaced was moved to. */
  previous?: string;
}

/** A UTC time for the names of folders beside the database, e.g. `20261129T013000`. */
const stamp = () => new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);

/** The scratch folders of restores (`pglite.pemulihan-<time>`), each beside the database it is for. */
const SCRATCH = '.pemulihan-';

/** A restore that was killed leaves its scratch folder: no one else uses it, as the restore held the lock. */
function removeScratchLeftovers(dataDir: string) {
  const prefix = `${path.basename(dataDir)}${SCRATCH}`;
  for (const name of readdirSync(path.dirname(dataDir))) {
    if (name.startsWith(prefix))
      rmSync(path.join(path.dirname(dataDir), name), { recursive: true, force: true });
  }
}

/** The row counts that the backup's `.json` recorded, when it has one. */
const recordedIfAny = (file: string) => (existsSync(sidecar(file)) ? recordedCounts(file) : undefined);

/**
 * Restores a backup into `dataDir`. The whole backup is first restored beside it (`<dataDir>.pemulihan-<time>`),
 * opened, migrated, and its rows compared with those recorded in `<file>.json` when there is one; only then
 * are the folders swapped. The database in place (needs `replace`; an empty folder does not) is moved aside
 * (`<dataDir>.sebelum-pemulihan-<time>`), never deleted; on any failure it stays or is put back. The
 * folder's lock is held throughout, so a server cannot start on it meanwhile.
 */
export async function restoreEmbedded(
  file: string,
  dataDir: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<Restored> {
  file = path.resolve(file);
  dataDir = path.resolve(dataDir);
  if (!existsSync(file)) throw new BackupError(`Berkas cadangan ${file} tidak ada.`);
  if (kindOf(file) === 'postgres') {
    throw new BackupError(
      `${file} adalah cadangan PostgreSQL (pg_dump): pulihkan dengan pg_restore ke basis data baru ` +
        `(docs/operations.md, "Restoring").`,
    );
  }
  await checkArchive(file);
  const recorded = recordedIfAny(file);
  const occupied = holdsAnything(dataDir);
  if (occupied && !replace) {
    throw new BackupError(
      `Sudah ada basis data di ${dataDir}. Pakai --replace untuk menggantinya (yang lama disimpan di sampingnya).`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // A running server holds the lock: refused here, before anything is written.
  const unlock = lockDataDir(dataDir);
  try {
    removeScratchLeftovers(dataDir);
    const scratch = `${dataDir}${SCRATCH}${stamp()}`;
    const kept = occupied
      ? `Basis data yang ada di ${dataDir} tidak diubah.`
      : `Tidak ada yang ditulis ke ${dataDir}.`;
    let counts: Record<string, number>;
    try {
      counts = await migratedCounts({ dataDir: scratch, copyOf: new Blob([readFileSync(file)]) });
      const differences = recorded ? compare(recorded, counts).filter(differs) : [];
      if (differences.length > 0) {
        const listed = differences.map((t) => `${t.table} ${t.recorded ?? 0} → ${t.restored ?? 0}`);
        throw new Error(`jumlah baris tidak sama dengan catatan ${sidecar(file)}: ${listed.join(', ')}`);
      }
    } catch (err) {
      rmSync(scratch, { recursive: true, force: true });
      throw badBackup(file, `tidak dapat dipulihkan (${(err as Error).message}). ${kept}`);
    }
    let previous: string | undefined;
    if (occupied) {
      previous = `${dataDir}.sebelum-pemulihan-${stamp()}`;
      renameSync(dataDir, previous);
    } else {
      // An empty folder (made by hand, or by an older portal's failed restore) holds nothing to keep.
      rmSync(dataDir, { recursive: true, force: true });
    }
    try {
      renameSync(scratch, dataDir);
    } catch (err) {
      if (previous) renameSync(previous, dataDir);
      throw new BackupError(
        `Pemulihan gagal saat menukar folder (${(err as Error).message}). ${kept} ` +
          `Hasil pemulihan tertinggal di ${scratch}; dihapus pada pemulihan berikutnya.`,
      );
    }
    return { counts, ...(previous ? { previous } : {}) };
  } finally {
    unlock();
  }
}
