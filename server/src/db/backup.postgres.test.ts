import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase } from '../test/db.js';
import { createPatient, createStaffMember } from '../test/factories.js';
import { entry, serverDir } from '../test/process.js';
import {
  backupPostgres,
  backupToFolder,
  drillBackup,
  latestBackup,
  recordDrill,
  tableCounts,
} from './backup.js';
import { type DatabaseHandle, openDatabase } from './client.js';

// The backup of a PostgreSQL database with pg_dump (`npm run cli -- backup` with DATABASE_URL) and its restore
// drill into a scratch database on the same server.

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
let folder: string;
let url: string;
let drop: () => Promise<void>;
let database: DatabaseHandle;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'portal-pgdump-'));
  ({ url, drop } = await createPostgresDatabase(serverUrl));
  database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  for (let i = 0; i < 3; i++) await createPatient(database.db, { name: `Pasien Dump ${i}` });
  await createStaffMember(database.db);
});
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(folder, { recursive: true, force: true });
});
afterEach(() => vi.unstubAllEnvs());

const mode = (file: string) => statSync(file).mode & 0o777;

async function databasesNamed(like: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(
      'select datname as name from pg_database where datname like $1',
      [like],
    );
    return rows.map((row) => row.name);
  } finally {
    await admin.end();
  }
}

/** A folder holding only a stand-in `program` (a shell script), to put first on the PATH. */
function fakeProgram(program: string, script: string): string {
  const dir = mkdtempSync(path.join(folder, 'bin-'));
  writeFileSync(path.join(dir, program), `#!/bin/sh\n${script}\n`);
  chmodSync(path.join(dir, program), 0o755);
  return dir;
}

describe('a pg_dump backup', () => {
  let file: string;

  it('writes a private custom-format dump named by its time, and records it after the dump', async () => {
    const before = await tableCounts(database.db);
    const { record } = await backupToFolder({ databaseUrl: url }, path.join(folder, 'harian'), { keep: 2 });
    file = record.file;
    expect(path.basename(file)).toMatch(/^portal-\d{8}-\d{6}\.dump$/);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}.json`)).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(record.tableCounts).toEqual(before);
    expect(record.tableCounts.patients).toBe(3);

    expect(await latestBackup(database.db)).toEqual({
      kind: 'postgres',
      file,
      sizeBytes: statSync(file).size,
      startedAt: record.startedAt,
      finishedAt: record.finishedAt,
      drilledAt: null,
      lastDrill: null,
    });
  });

  it('passes its drill in a scratch database, which is dropped, and the drill shows on the latest backup', async () => {
    const result = await drillBackup(file, { databaseUrl: url });
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.tables.find((t) => t.table === 'patients')).toEqual({
      table: 'patients',
      recorded: 3,
      restored: 3,
    });
    expect(result.scratch).toMatch(/^portal_drill_\d{8}_\d{6}_[0-9a-f]{6}$/);
    expect(await databasesNamed(result.scratch!)).toEqual([]);

    await recordDrill(database.db, result);
    const latest = await latestBackup(database.db);
    expect(latest?.drilledAt).toEqual(result.finishedAt);
    expect(latest?.lastDrill).toEqual({ finishedAt: result.finishedAt, ok: true });
  });

  it('fails its drill when truncated, drops the scratch database all the same, and keeps the last good drill', async () => {
    const cut = path.join(folder, 'portal-20200101-000000.dump');
    writeFileSync(cut, readFileSync(file).subarray(0, Math.floor(statSync(file).size / 2)));
    writeFileSync(`${cut}.json`, readFileSync(`${file}.json`));
    const result = await drillBackup(cut, { databaseUrl: url });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/pg_restore gagal/);
    expect(result.scratch).toBeDefined();
    expect(await databasesNamed(result.scratch!)).toEqual([]);
    await recordDrill(database.db, result);
    // That file is no backup this database made: the latest backup's drill stands.
    expect((await latestBackup(database.db))?.lastDrill?.ok).toBe(true);
  });

  it('counts the rows of the snapshot it dumps, while the portal keeps writing', async () => {
    let writing = true;
    const writer = (async () => {
      let written = 0;
      while (writing) {
        await createPatient(database.db, { name: `Pasien Selama Dump ${written++}` });
      }
      return written;
    })();
    let record;
    try {
      record = await backupPostgres(url, path.join(folder, 'sambil-menulis.dump'));
    } finally {
      writing = false;
    }
    expect(await writer).toBeGreaterThan(0);
    const result = await drillBackup(record.file, { databaseUrl: url });
    expect(result.tables.filter((t) => t.recorded !== t.restored)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('removes the scratch databases of drills killed more than a day ago', async () => {
    const leftover = 'portal_drill_20200101_000000_abcdef';
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${leftover}`);
    await admin.end();
    expect((await drillBackup(file, { databaseUrl: url })).ok).toBe(true);
    expect(await databasesNamed(leftover)).toEqual([]);
  });

  it('says which package to install when pg_dump is missing, and writes nothing', async () => {
    vi.stubEnv('PATH', mkdtempSync(path.join(folder, 'leer-')));
    const target = path.join(folder, 'tanpa-pg-dump.dump');
    await expect(backupPostgres(url, target)).rejects.toThrow(/pg_dump tidak ditemukan.*postgresql-client/);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it('refuses a pg_dump older than the server, naming the client package to install', async () => {
    vi.stubEnv('PATH', fakeProgram('pg_dump', 'echo "pg_dump (PostgreSQL) 9.6.24"'));
    await expect(backupPostgres(url, path.join(folder, 'tua.dump'))).rejects.toThrow(
      /pg_dump versi 9 lebih lama dari server PostgreSQL 1\d.*postgresql-client-1\d/,
    );
  });

  it('gives pg_dump the password in its environment, never on its command line', async () => {
    const seen = path.join(folder, 'seen');
    vi.stubEnv(
      'PATH',
      fakeProgram(
        'pg_dump',
        `[ "$1" = --version ] && { echo "pg_dump (PostgreSQL) 99.0"; exit 0; }
echo "$@" > ${seen}.args; echo "$PGPASSWORD" > ${seen}.env; exit 3`,
      ),
    );
    const withPassword = new URL(url);
    withPassword.password = 'r4h@sia';
    await expect(backupPostgres(withPassword.toString(), path.join(folder, 'sandi.dump'))).rejects.toThrow(
      /pg_dump gagal \(kode 3\)/,
    );
    expect(readFileSync(`${seen}.env`, 'utf8').trim()).toBe('r4h@sia');
    const args = readFileSync(`${seen}.args`, 'utf8');
    expect(args).toContain('--format=custom');
    expect(args).not.toMatch(/r4h/);
    expect(existsSync(path.join(folder, 'sandi.dump'))).toBe(false);
  });
});

describe('the backup commands on PostgreSQL', { timeout: 240_000 }, () => {
  it('back up to a folder while the portal runs and drill the newest backup', () => {
    const cli = (...args: string[]) =>
      spawnSync(...entry('cli', args), {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
      });
    const dir = path.join(folder, 'perintah');
    const made = cli('backup', '--dir', dir, '--keep-days', '7', '--keep-weeks', '4');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/Cadangan ditulis ke .*portal-\d{8}-\d{6}\.dump/);
    const drill = cli('backup', 'drill', '--dir', dir);
    // More than the three of the start: patients were written during a backup above.
    expect(drill.stdout).toMatch(/^patients +(\d+) +\1$/m);
    expect(drill.stdout).toMatch(/BERHASIL/);
    expect(drill.status).toBe(0);
  });
});
