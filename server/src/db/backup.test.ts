import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient, createRoom, createStaffMember } from '../test/factories.js';
import { embedded, entry, serverDir } from '../test/process.js';
import {
  backupEmbedded,
  backupName,
  backupToFolder,
  drillBackup,
  latestBackup,
  recordDrill,
  restoreEmbedded,
  rotateBackups,
  tableCounts,
} from './backup.js';
import { DatabaseFolderError, openDatabase } from './client.js';
import { patients } from './schema/index.js';

// The embedded database's backup (`npm run cli -- backup`, `backup drill` and `restore`), and the rotation of
// a backup folder, which does not depend on the database.

let folder: string;
let dataDir: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  dataDir = path.join(folder, 'pglite');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  for (let i = 0; i < 3; i++) await createPatient(database.db, { name: `Pasien Cadangan ${i}` });
  await createRoom(database.db, { capacity: 4 });
  await createStaffMember(database.db);
  await database.close();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function rowsIn(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    return {
      counts: await tableCounts(database.db),
      patients: await database.db.select().from(patients).orderBy(asc(patients.id)),
    };
  } finally {
    await database.close();
  }
}

describe('a backup of the embedded database', () => {
  it('restores into a new folder with every row of every table', async () => {
    const before = await rowsIn(dataDir);
    const file = path.join(folder, 'cadangan.tar.gz');
    const { tableCounts: counts } = await backupEmbedded(dataDir, file);
    expect(counts).toEqual(before.counts);
    expect(counts.patients).toBe(3);

    const elsewhere = path.join(folder, 'pulih', 'pglite');
    const restored = await restoreEmbedded(file, elsewhere);
    expect(restored.counts).toEqual(before.counts);
    expect((await rowsIn(elsewhere)).patients).toEqual(before.patients);
  });

  it('replaces a database only when asked, and keeps the old one beside it', async () => {
    const file = path.join(folder, 'ganti.tar.gz');
    await backupEmbedded(dataDir, file);
    await expect(restoreEmbedded(file, dataDir)).rejects.toThrow(/Pakai --replace/);
    const { previous } = await restoreEmbedded(file, dataDir, { replace: true });
    expect(previous && existsSync(previous)).toBe(true);
    expect((await rowsIn(dataDir)).counts.patients).toBe(3);
  });

  it('refuses while a server holds the database, with the reason', async () => {
    // A live process named in the lock file, as a running server leaves it.
    const server = spawn('sleep', ['30']);
    writeFileSync(`${dataDir}.lock`, String(server.pid));
    try {
      const file = path.join(folder, 'saat-jalan.tar.gz');
      await expect(backupEmbedded(dataDir, file)).rejects.toThrow(/sedang dipakai proses .*Hentikan dulu/);
      expect(existsSync(file)).toBe(false);
      await expect(
        restoreEmbedded(path.join(folder, 'cadangan.tar.gz'), dataDir, { replace: true }),
      ).rejects.toThrow(/sedang dipakai/);
      expect(existsSync(dataDir)).toBe(true);
    } finally {
      server.kill();
      rmSync(`${dataDir}.lock`, { force: true });
    }
  });

  it('is readable by its owner only, and is recorded in the database after the dump', async () => {
    const file = path.join(folder, 'pribadi.tar.gz');
    const record = await backupEmbedded(dataDir, file);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}.json`)).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      expect(await latestBackup(database.db)).toEqual({
        kind: 'embedded',
        file,
        sizeBytes: statSync(file).size,
        startedAt: record.startedAt,
        finishedAt: record.finishedAt,
        drilledAt: null,
        lastDrill: null,
      });
      // The file holds the backups made before it, not its own row.
      expect((await tableCounts(database.db)).backups).toBe((record.tableCounts.backups ?? 0) + 1);
    } finally {
      await database.close();
    }
  });
});

const mode = (file: string) => statSync(file).mode & 0o777;

/** A gzipped tar of `files` (name → contents), made by tar(1) as another program would. */
function tarOf(file: string, files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-asing-'));
  try {
    for (const [name, contents] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), contents);
    }
    const made = spawnSync('tar', ['-czf', file, '-C', dir, '.']);
    if (made.status !== 0) throw new Error(made.stderr.toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a restore that fails', () => {
  let good: string;
  let before: Awaited<ReturnType<typeof rowsIn>>;
  const bad = (name: string) => path.join(folder, 'rusak', name);
  /** What lies beside the database: a restore that fails leaves nothing new there. */
  const beside = () =>
    readdirSync(folder)
      .filter((name) => name.startsWith('pglite.'))
      .sort();

  beforeAll(async () => {
    mkdirSync(path.join(folder, 'rusak'));
    good = path.join(folder, 'rusak', 'baik.tar.gz');
    await backupEmbedded(dataDir, good);
    before = await rowsIn(dataDir);
  });

  const cases: [string, () => string, RegExp][] = [
    [
      'a truncated backup',
      () => {
        const file = bad('terpotong.tar.gz');
        writeFileSync(file, readFileSync(good).subarray(0, Math.floor(statSync(good).size / 2)));
        return file;
      },
      /rusak atau terpotong \(gzip: unexpected end of file\)/,
    ],
    [
      'random bytes',
      () => {
        const file = bad('acak.tar.gz');
        writeFileSync(file, randomBytes(64 * 1024));
        return file;
      },
      /bukan berkas cadangan portal/,
    ],
    [
      'a gzip with a corrupt body',
      () => {
        const file = bad('gzip-rusak.tar.gz');
        const bytes = readFileSync(good);
        randomBytes(4096).copy(bytes, Math.floor(bytes.length / 3));
        writeFileSync(file, bytes);
        return file;
      },
      /rusak atau terpotong \(gzip: /,
    ],
    [
      'an empty file',
      () => {
        const file = bad('kosong.tar.gz');
        writeFileSync(file, '');
        return file;
      },
      /kosong \(0 byte\)/,
    ],
    [
      'a text file',
      () => {
        const file = bad('catatan.txt');
        writeFileSync(file, 'Daftar jaga minggu ini\n');
        return file;
      },
      /bukan berkas cadangan portal/,
    ],
    [
      'a tar of other files',
      () => {
        const file = bad('foto.tar.gz');
        tarOf(file, { 'foto/ronsen-1.txt': 'bukan basis data', 'catatan.txt': 'x' });
        return file;
      },
      /bukan cadangan basis data portal: .*tidak ada PG_VERSION, global\/pg_control/,
    ],
    [
      'a gzip of something that is no tar',
      () => {
        const file = bad('teks.tar.gz');
        writeFileSync(file, gzipSync('hanya teks, bukan arsip '.repeat(100)));
        return file;
      },
      /bukan arsip tar/,
    ],
  ];

  it.each(cases)(
    'refuses %s, saying why in Indonesian, with the database untouched',
    async (_, make, why) => {
      const file = make();
      const nearby = beside();
      const refused = restoreEmbedded(file, dataDir, { replace: true });
      await expect(refused).rejects.toThrow(why);
      await expect(refused).rejects.toThrow(/Pilih cadangan lain/);
      expect(beside()).toEqual(nearby);
      expect(await rowsIn(dataDir)).toEqual(before);
    },
  );

  it('keeps the database in place when a backup that looks whole cannot be opened', async () => {
    // Passes every check of the file: only opening it shows that it holds no database. Restored in place,
    // as restores did, it left the folder empty and the database moved aside without a word.
    const file = bad('palsu.tar.gz');
    tarOf(file, { PG_VERSION: '17\n', 'global/pg_control': 'bukan', 'base/1/1': 'x' });
    const nearby = beside();
    await expect(restoreEmbedded(file, dataDir, { replace: true })).rejects.toThrow(
      /tidak dapat dipulihkan \(.+\)\. Basis data yang ada di .*pglite tidak diubah\./,
    );
    expect(beside()).toEqual(nearby);
    expect(await rowsIn(dataDir)).toEqual(before);
  });

  it('keeps the database in place when the restored rows differ from those recorded beside the backup', async () => {
    const file = bad('beda.tar.gz');
    writeFileSync(file, readFileSync(good));
    const recorded = JSON.parse(readFileSync(`${good}.json`, 'utf8')) as {
      tableCounts: Record<string, number>;
    };
    recorded.tableCounts.patients = 7;
    writeFileSync(`${file}.json`, JSON.stringify(recorded));
    await expect(restoreEmbedded(file, dataDir, { replace: true })).rejects.toThrow(
      /jumlah baris tidak sama dengan catatan .*beda\.tar\.gz\.json: patients 7 → 3/,
    );
    expect(await rowsIn(dataDir)).toEqual(before);
  });

  it("never blocks the next restore into an empty folder, and clears a killed restore's scratch folder", async () => {
    const target = path.join(folder, 'baru', 'pglite');
    mkdirSync(target, { recursive: true });
    await expect(restoreEmbedded(bad('terpotong.tar.gz'), target)).rejects.toThrow(/terpotong/);
    await expect(restoreEmbedded(bad('palsu.tar.gz'), target)).rejects.toThrow(/tidak dapat dipulihkan/);
    expect(readdirSync(target)).toEqual([]);
    // What a restore killed halfway leaves beside the database.
    const killed = `${target}.pemulihan-20200101T000000`;
    mkdirSync(path.join(killed, 'base'), { recursive: true });
    writeFileSync(`${killed}.lock`, '999999999');

    const restored = await restoreEmbedded(good, target);
    expect(restored.previous).toBeUndefined();
    expect(restored.counts.patients).toBe(3);
    expect(readdirSync(path.dirname(target)).sort()).toEqual(['pglite']);
    expect((await rowsIn(target)).patients).toEqual(before.patients);
  });

  it('is what the server finds: a database folder that is there but empty is refused, a missing one is new', async () => {
    const empty = path.join(folder, 'kosong', 'pglite');
    mkdirSync(empty, { recursive: true });
    await expect(openDatabase({ dataDir: empty })).rejects.toThrow(DatabaseFolderError);
    await expect(openDatabase({ dataDir: empty })).rejects.toThrow(/ada tetapi tidak berisi basis data/);
    expect(readdirSync(empty)).toEqual([]);
    const missing = path.join(folder, 'belum-ada', 'pglite');
    await (await openDatabase({ dataDir: missing })).close();
    expect(existsSync(path.join(missing, 'PG_VERSION'))).toBe(true);
  });
});

describe('rotating a backup folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-rotasi-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Backups (with their `.json`) and other files, all empty: rotation goes by the names only. */
  const backupsNamed = (names: string[]) => {
    for (const name of names) {
      writeFileSync(path.join(dir, name), '');
      writeFileSync(path.join(dir, `${name}.json`), '');
    }
  };
  const left = () => readdirSync(dir).sort();

  it('keeps the newest N of the portal backups and never touches another file', () => {
    const names = [
      'portal-20260101-020000.tar.gz',
      'portal-20260102-020000.tar.gz',
      'portal-20260103-020000.dump',
      'portal-20260104-020000.tar.gz',
      'portal-20260105-020000.tar.gz',
    ];
    backupsNamed(names);
    const foreign = [
      'catatan.txt',
      'portal-terbaru.tar.gz',
      'portal-20251231-020000.tar.gz.partial',
      'basisdata-20250101-000000.dump',
      'portal-20250101-000000.tar.gz.bak',
      'portal-2025-01-01.tar.gz',
    ];
    for (const name of foreign) writeFileSync(path.join(dir, name), 'bukan milik rotasi');
    // A folder with a backup's name is not a backup either.
    mkdirSync(path.join(dir, 'portal-20240101-000000.tar.gz'));

    const removed = rotateBackups(dir, { keep: 3 });
    expect(removed.map((file) => path.basename(file))).toEqual([
      'portal-20260102-020000.tar.gz',
      'portal-20260101-020000.tar.gz',
    ]);
    expect(left()).toEqual(
      [
        ...foreign,
        'portal-20240101-000000.tar.gz',
        ...names.slice(2).flatMap((name) => [name, `${name}.json`]),
      ].sort(),
    );
  });

  it('keeps the newest of each of the last days and ISO weeks that have a backup', () => {
    const kept = [
      'portal-20260114-140000.dump', // Wednesday, week 2026-W03: the newest, its day and its week
      'portal-20260113-080000.dump', // day 2
      'portal-20260112-080000.dump', // day 3 (Monday of W03)
      'portal-20260111-200000.dump', // Sunday: the newest of week W02
      'portal-20260101-080000.dump', // Thursday: the newest of week 2026-W01
    ];
    const removed = [
      'portal-20260114-080000.dump', // not the newest of its day
      'portal-20260111-080000.dump',
      'portal-20260105-080000.dump',
      'portal-20251229-080000.dump', // Monday of 2026-W01 (ISO weeks cross the year)
      'portal-20251228-080000.dump', // 2025-W52: a fourth week
      'portal-20251221-080000.dump',
    ];
    backupsNamed([...kept, ...removed]);
    expect(rotateBackups(dir, { keepDays: 3, keepWeeks: 3 }).map((file) => path.basename(file))).toEqual(
      removed.sort().reverse(),
    );
    expect(left()).toEqual(kept.flatMap((name) => [name, `${name}.json`]).sort());
  });

  it('keeps the 14 newest when no rule is given, and never the newest less', () => {
    const names = Array.from(
      { length: 16 },
      (_, i) => `portal-202601${String(i + 1).padStart(2, '0')}-020000.dump`,
    );
    backupsNamed(names);
    expect(rotateBackups(dir, {})).toHaveLength(2);
    expect(rotateBackups(dir, { keepWeeks: 1 }).map((file) => path.basename(file))).not.toContain(
      names.at(-1),
    );
    expect(left()).toEqual([names.at(-1)!, `${names.at(-1)!}.json`]);
  });

  it('names backups by kind and local time', () => {
    const at = new Date('2026-03-04T22:05:09Z'); // 05:05:09 on 5 March in Jakarta
    expect(backupName('embedded', at)).toBe('portal-20260305-050509.tar.gz');
    expect(backupName('postgres', at)).toBe('portal-20260305-050509.dump');
  });
});

describe('a backup folder of the embedded database', () => {
  it('gets a backup named by its time, then loses its oldest backups beyond --keep', async () => {
    const dir = path.join(folder, 'harian');
    mkdirSync(dir);
    const old = [
      'portal-20200101-020000.tar.gz',
      'portal-20200102-020000.tar.gz',
      'portal-20200103-020000.tar.gz',
    ];
    for (const name of [...old, 'LIHAT-SAYA.txt']) writeFileSync(path.join(dir, name), '');
    const { record, removed } = await backupToFolder({ dataDir }, dir, { keep: 2 });
    expect(path.basename(record.file)).toMatch(/^portal-\d{8}-\d{6}\.tar\.gz$/);
    expect(mode(record.file)).toBe(0o600);
    expect(removed.map((file) => path.basename(file))).toEqual([old[1], old[0]]);
    expect(readdirSync(dir).sort()).toEqual(
      ['LIHAT-SAYA.txt', old[2]!, path.basename(record.file), `${path.basename(record.file)}.json`].sort(),
    );
  });
});

describe('the restore drill of an embedded backup', () => {
  let good: string;
  const drills = () => path.join(folder, 'uji');
  beforeAll(async () => {
    good = (await backupToFolder({ dataDir }, drills(), {})).record.file;
  });

  /** A copy of the good backup and its counts under another name, to spoil. */
  const copyOfGood = (name: string) => {
    const file = path.join(drills(), name);
    writeFileSync(file, readFileSync(good));
    writeFileSync(`${file}.json`, readFileSync(`${good}.json`));
    return file;
  };

  it('passes on a good backup, removes its scratch folder, and shows on the latest backup', async () => {
    const result = await drillBackup(good);
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.tables.find((t) => t.table === 'patients')).toEqual({
      table: 'patients',
      recorded: 3,
      restored: 3,
    });
    expect(result.scratch && existsSync(result.scratch)).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      await recordDrill(database.db, result);
      const latest = await latestBackup(database.db);
      expect(latest?.file).toBe(good);
      expect(latest?.drilledAt).toEqual(result.finishedAt);
      expect(latest?.lastDrill).toEqual({ finishedAt: result.finishedAt, ok: true });
    } finally {
      await database.close();
    }
  });

  it('fails on a truncated backup, saying why, and removes its scratch folder', async () => {
    const file = copyOfGood('portal-20200101-000000.tar.gz');
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const scratchFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('portal-drill-'));
    const before = scratchFolders();
    const result = await drillBackup(file);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/rusak atau terpotong/);
    expect(scratchFolders()).toEqual(before);
    // A restore refuses it before it moves the database in place aside.
    const aside = () => readdirSync(folder).filter((name) => name.includes('sebelum-pemulihan')).length;
    const movedAside = aside();
    await expect(restoreEmbedded(file, dataDir, { replace: true })).rejects.toThrow(/rusak atau terpotong/);
    expect(aside()).toBe(movedAside);
  });

  it('fails when a table holds other rows than when the backup was made', async () => {
    const file = copyOfGood('portal-20200102-000000.tar.gz');
    const recorded = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as {
      tableCounts: Record<string, number>;
    };
    recorded.tableCounts.patients = 4;
    writeFileSync(`${file}.json`, JSON.stringify(recorded));
    const result = await drillBackup(file);
    expect(result.ok).toBe(false);
    expect(result.error).toBeUndefined();
    expect(result.tables.filter((t) => t.recorded !== t.restored)).toEqual([
      { table: 'patients', recorded: 4, restored: 3 },
    ]);
  });

  it('refuses a file that is no backup, and a backup without its counts', async () => {
    const garbage = path.join(drills(), 'portal-20200103-000000.tar.gz');
    writeFileSync(garbage, 'bukan cadangan');
    await expect(drillBackup(garbage)).rejects.toThrow(/bukan berkas cadangan portal/);
    const file = copyOfGood('portal-20200104-000000.tar.gz');
    rmSync(`${file}.json`);
    await expect(drillBackup(file)).rejects.toThrow(/Jumlah baris saat pencadangan tidak ada/);
  });
});

describe('the backup commands', { timeout: 240_000 }, () => {
  const cliWith =
    (env: NodeJS.ProcessEnv) =>
    (...args: string[]) =>
      spawnSync(...entry('cli', args), {
        cwd: serverDir,
        env: { ...embedded(process.env), DATA_DIR: folder, ...env },
        encoding: 'utf8',
      });
  const cli = Object.assign(cliWith({}), { with: cliWith });

  it('back up to a folder, drill its newest backup, and exit 1 when that backup is corrupt', () => {
    const dir = path.join(folder, 'perintah');
    const made = cli('backup', '--dir', dir, '--keep', '2');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/Cadangan ditulis ke .*portal-\d{8}-\d{6}\.tar\.gz/);

    const drill = cli('backup', 'drill', '--dir', dir);
    expect(drill.status).toBe(0);
    expect(drill.stdout).toMatch(/patients +3 +3\n/);
    expect(drill.stdout).toMatch(/BERHASIL/);

    const [newest] = readdirSync(dir).filter((name) => name.endsWith('.tar.gz'));
    truncateSync(path.join(dir, newest!), 1000);
    const failed = cli('backup', 'drill', '--dir', dir);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/GAGAL/);

    expect(cli('backup', '--keep', '2').status).toBe(2);
  });

  it('writes a backup where the officer typed the command (`npm run cli` runs in the repository)', () => {
    const typedIn = path.join(folder, 'diketik-di-sini');
    mkdirSync(typedIn);
    const made = cli.with({ npm_lifecycle_event: 'cli', INIT_CWD: typedIn })(
      'backup',
      'sebelum-upgrade.tar.gz',
    );
    expect(made.stderr).toBe('');
    expect(readdirSync(typedIn)).toContain('sebelum-upgrade.tar.gz');
  });

  it('restore: exit 1 with the reason and the next step for a bad file, the database untouched', () => {
    const file = path.join(folder, 'perintah-rusak.tar.gz');
    writeFileSync(file, 'bukan cadangan');
    const failed = cli('restore', file, '--replace');
    expect(failed.status).toBe(1);
    expect(failed.stderr.trim()).toBe(
      `${file} bukan berkas cadangan portal (bukan .tar.gz PGlite ataupun pg_dump --format=custom). ` +
        'Pilih cadangan lain, mis. yang sebelumnya di folder cadangan (uji dulu: npm run cli -- backup drill <berkas>).',
    );
    const truncated = path.join(folder, 'perintah-terpotong.tar.gz');
    writeFileSync(truncated, readFileSync(path.join(folder, 'cadangan.tar.gz')).subarray(0, 100_000));
    const cut = cli('restore', truncated, '--replace');
    expect(cut.status).toBe(1);
    expect(cut.stderr).toMatch(/rusak atau terpotong .*Pilih cadangan lain/);
    expect(cut.stderr).not.toMatch(/Gagal:/);
    expect(cli('staff', 'list').stdout).toMatch(/1 petugas\./);
  });
});
